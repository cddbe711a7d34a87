/**
 * Fix facts and text, fifth round of issue 23's readings (the h36 and h37 blind sets): fixes
 * carried across lines. Each rule on the phrase or configuration shape that showed it, through
 * the real parser and derivation, and on the neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { derivedFixture, FIXTURE_NOW, nvdFixture, orNode } from '../support/nvd-fixtures.js';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { onOtherTrains, versionTrain } from '../../shared/domain/cpe/version-train.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { compareVersions } from '../../shared/domain/cpe/version-compare.js';

const cpe = (vendorProduct: string, version = '*', update = '*', part = 'a') => `cpe:2.3:${part}:${vendorProduct}:${version}:${update}:*:*:*:*:*:*`;
const fixesOf = (r: ReturnType<typeof derivedFixture>, product: string) =>
  r.facts!.fixed_in.filter((f) => f.product === product).map((f) => ({ version: f.version, branch: f.branch }));

describe('"Fixed in 1.32.2, 1.31.2, 1.30.2 and 1.27.6" naming no product, where NVD lists a distribution beside it', () => {
  const mediawiki = (start: string, end: string) => ({ criteria: cpe('mediawiki:mediawiki'), versionStartIncluding: start, versionEndExcluding: end });
  const upstream = orNode(mediawiki('1.23.0', '1.27.6'), mediawiki('1.30.0', '1.30.2'), mediawiki('1.31.0', '1.31.2'), mediawiki('1.32.0', '1.32.2'));
  const debian = orNode({ criteria: cpe('debian:debian_linux', '9.0', '*', 'o') });
  const description =
    'Wikimedia MediaWiki 1.23.0 through 1.32.1 has an information leak. Privileged API responses may be cached publicly. Fixed in 1.32.2, 1.31.2, 1.30.2 and 1.27.6.';

  it('gives each listed version to its own line of the upstream product, not the newest to every reader', () => {
    const r = derivedFixture(description, [upstream, debian]);
    expect(fixesOf(r, 'mediawiki:mediawiki')).toEqual([
      { version: '1.32.2', branch: '1.32' },
      { version: '1.31.2', branch: '1.31' },
      { version: '1.30.2', branch: '1.30' },
      { version: '1.27.6', branch: '1.27' },
    ]);
    expect(fixesOf(r, 'debian:debian_linux')).toEqual([]);
    const fix = r.explanation!.fix;
    for (const line of ['1.32.2 for the 1.32.x line', '1.31.2 for the 1.31.x line', '1.30.2 for the 1.30.x line', '1.27.6 for the 1.27.x line'])
      expect(fix).toContain(line);
    expect(fix).not.toMatch(/Update MediaWiki to version 1\.32\.2 or later/);
  });

  it('still gives nothing to either of two upstream products when the statement names neither', () => {
    const other = orNode({ criteria: cpe('acme:widget'), versionEndExcluding: '2.0' });
    const r = derivedFixture('An information leak exists in several wiki engines. Fixed in 1.32.2.', [upstream, other]);
    expect(r.facts!.fixed_in.filter((f) => f.source === 'description')).toEqual([]);
  });
});

describe("Intel's named trains: 'versions before SPS_E5_04.04.04.023.0, SPS_E5_04.04.03.228.0 or SPS_SoC-A_05.00.03.098.0'", () => {
  const sps = (end: string) => ({ criteria: cpe('intel:server_platform_services'), versionEndExcluding: end });
  const description =
    'Improper input validation in the Intel(R) SPS versions before SPS_E5_04.04.04.023.0, SPS_E5_04.04.03.228.0 or SPS_SoC-A_05.00.03.098.0 may allow a privileged user to potentially enable denial of service via local access.';

  it('reads the train a version names, and only of versions written so', () => {
    expect(versionTrain('SPS_E5_04.04.04.023.0')).toBe('sps_e5');
    expect(versionTrain('sps_soc-a_05.00.03.098.0')).toBe('sps_soc-a');
    expect(versionTrain('2.6.39-rc1')).toBeUndefined();
    expect(versionTrain('1.2.3')).toBeUndefined();
    expect(onOtherTrains('sps_e5_04.04.04.023.0', 'sps_soc-a_05.00.03.098.0')).toBe(true);
    expect(onOtherTrains('sps_e5_04.04.04.023.0', 'sps_e5_04.04.03.228.0')).toBe(false);
    expect(onOtherTrains('sps_e5_04.04.04.023.0', '4.4.4')).toBe(false);
  });

  it("keeps each train's fix, tells no E5 user to take the SoC-A release, and drops an E5 fix NVD's open E5 range holds", () => {
    const r = derivedFixture(description, [
      orNode(sps('sps_e5_04.04.04.023.0')),
      orNode(sps('sps_e5_04.04.03.228.0')),
      orNode(sps('sps_soc-a_05.00.03.098.0')),
    ]);
    // As the description writes them, not in the CPE's lower case. 04.04.03.228.0 lies in NVD's
    // range "before 04.04.04.023.0" (no start): a version the record lists as vulnerable is no fix.
    const versions = fixesOf(r, 'intel:server_platform_services').map((f) => f.version);
    expect(versions).toEqual(expect.arrayContaining(['SPS_E5_04.04.04.023.0', 'SPS_SoC-A_05.00.03.098.0']));
    expect(versions).not.toContain('SPS_E5_04.04.03.228.0');
    const fix = r.explanation!.fix;
    expect(fix).toContain('SPS_E5_04.04.04.023.0');
    expect(fix).not.toMatch(/to SPS_SoC-A_05\.00\.03\.098\.0 or later/i);
  });

  it('still drops a range end that an open range of its own train holds, when the description does not name it as a fix', () => {
    const r = derivedFixture(
      'Improper input validation in the Intel(R) SPS versions before SPS_E5_04.04.04.023.0 may allow a privileged user to cause a denial of service.',
      [orNode(sps('sps_e5_04.04.04.023.0')), orNode(sps('sps_e5_04.04.03.228.0'))],
    );
    expect(fixesOf(r, 'intel:server_platform_services').map((f) => f.version)).toEqual(['SPS_E5_04.04.04.023.0']);
  });
});

describe('versions as the description writes them, never one that reads as an older release', () => {
  it('reads "1.6.x and earlier" as the whole 1.6 line, and tells the reader to leave that line, not to pass 1.6.0', () => {
    expect(describedVersions('Google TensorFlow 1.6.x and earlier is affected by: Null Pointer Dereference.').lastAffected.map((l) => l.version)).toEqual([
      '1.6.x',
    ]);
    const r = derivedFixture('Google TensorFlow 1.6.x and earlier is affected by: Null Pointer Dereference.', [
      orNode({ criteria: cpe('google:tensorflow'), versionEndIncluding: '1.6.0' }),
    ]);
    expect(r.facts!.last_affected.map((l) => l.version)).toEqual(['1.6.x']);
    expect(r.explanation!.fix).toContain('update to a release after the 1.6.x line');
    expect(r.explanation!.fix).not.toMatch(/update past 1\.6\.0|1\.6\.0 as the newest/);
  });

  it('leaves "1.6.4 and earlier" a version', () => {
    expect(describedVersions('Acme Widget 1.6.4 and earlier allows remote attackers to read files.').lastAffected.map((l) => l.version)).toEqual(['1.6.4']);
  });

  it('keeps the ".x" of a fixed line ("before 8.1.7.x"), and reads "before 8.1.7." at a sentence end as 8.1.7', () => {
    expect(describedVersions('Silver Peak EdgeConnect SD-WAN before 8.1.7.x allows remote attackers to cause an outage.').fixed.map((f) => f.version)).toEqual([
      '8.1.7.x',
    ]);
    expect(describedVersions('Acme Widget before 8.1.7. X users are affected.').fixed.map((f) => f.version)).toEqual(['8.1.7']);
  });

  it("keeps the configuration's newest affected version: a longer spelling in the description may be the fix ('1.0.2 before 1.0.2a')", () => {
    const openssl = derivedFixture(
      'The ssl3_get_client_key_exchange function in OpenSSL 1.0.2 before 1.0.2a allows remote attackers to cause a denial of service.',
      [orNode({ criteria: cpe('openssl:openssl', '1.0.2') })],
    );
    expect(openssl.facts!.last_affected.map((l) => l.version)).toEqual(['1.0.2']);
    expect(openssl.explanation!.fix).not.toMatch(/1\.0\.2a (?:of OpenSSL )?as (?:the newest )?affected/);
  });

  it('leaves a listed version alone that the description writes the same, or only as part of a longer number', () => {
    const same = derivedFixture('Integer overflow in Acme Widget 4.2 allows attackers to crash it; 4.21 is not affected.', [
      orNode({ criteria: cpe('acme:widget', '4.2') }),
    ]);
    expect(same.facts!.last_affected.map((l) => l.version)).toEqual(['4.2']);
  });

  it('says a fix exists without claiming the description says so, where only a Patch-tagged link states it', () => {
    const nvd = nvdFixture(
      'Unknown vulnerability in Acme Widget 2.1 allows remote attackers to gain privileges.',
      [orNode({ criteria: cpe('acme:widget', '2.1') })],
      [{ url: 'ftp://patches.acme.example/security/20030402-01-P', tags: ['Patch'] }],
    );
    const r = deriveRecord({ id: nvd.id, nvd, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, FIXTURE_NOW)!;
    expect(r.facts!.fix_stated).toBe(true);
    expect(r.explanation!.fix).toContain('The record says a fix or update exists but names no version');
    expect(r.explanation!.fix).not.toContain('The description says');
  });
});

describe("GitLab's 'An issue has been discovered in GitLab CE/EE affecting all versions from 17.9 before 17.9.6, and 17.10 before 17.10.4'", () => {
  it('gives each line its fix on GitLab in a record that lists no product', () => {
    const r = derivedFixture(
      'An issue has been discovered in GitLab CE/EE affecting all versions from 17.9 before 17.9.6, and 17.10 before 17.10.4. The runtime profiling data of a specific service was accessible to unauthenticated users.',
    );
    expect(fixesOf(r, 'gitlab:gitlab')).toEqual([
      { version: '17.9.6', branch: '17.9' },
      { version: '17.10.4', branch: '17.10' },
    ]);
    expect(r.explanation!.fix).toMatch(/17\.9\.6 for the 17\.9\.x line/);
  });

  it('reads another GitLab product of the same template as no GitLab CE/EE fix', () => {
    const r = derivedFixture('An issue has been discovered in GitLab Runner affecting all versions before 17.2.1. Tokens could leak.');
    expect(fixesOf(r, 'gitlab:gitlab')).toEqual([]);
  });
});

describe("Huawei's phone builds: 'software Versions before NEM-AL10C00B130, Versions before NEM-UL10C17B160'", () => {
  const firmware = (model: string) => ({
    operator: 'AND',
    nodes: [
      { operator: 'OR', negate: false, cpeMatch: [{ vulnerable: true, criteria: cpe(`huawei:${model}_firmware`, '-', '*', 'o') }] },
      { operator: 'OR', negate: false, cpeMatch: [{ vulnerable: false, criteria: cpe(`huawei:${model}`, '-', '*', 'h') }] },
    ],
  });
  const description =
    'Touch Panel (TP) driver in Huawei NEM phones with software Versions before NEM-AL10C00B130, Versions before NEM-UL10C17B160, Versions before NEM-TL00C01B160 allows attackers to get root privilege or crash the system, related to a buffer overflow.';

  it('reads each build as a fixed version, as written', () => {
    expect(describedVersions(description).fixed.map((f) => f.version)).toEqual(['NEM-AL10C00B130', 'NEM-UL10C17B160', 'NEM-TL00C01B160']);
  });

  it("gives each build to its own model's firmware where NVD lists it, never to another model, and names it in the text", () => {
    const r = derivedFixture(description, [firmware('nem-al10'), firmware('nem-l51')]);
    expect(r.facts!.fixed_in.map((f) => [f.product, f.version])).toEqual([['huawei:nem-al10_firmware', 'NEM-AL10C00B130']]);
    expect(fixesOf(r, 'huawei:nem-l51_firmware')).toEqual([]);
    expect(r.explanation!.fix).toContain('NEM-AL10C00B130');
    expect(r.explanation!.fix).not.toContain('without a version number');
  });

  it("gives a build to the product NVD lists the model's builds under (a phone's marketing name), and none to a model NVD does not list", () => {
    const r = derivedFixture('Huawei P9 phones with software versions before EVA-AL10C00B352 and before VNS-L21C185B131 allow attackers to crash the system.', [
      orNode({ criteria: cpe('huawei:p9_firmware', 'eva-al10c00b351', '*', 'o') }),
    ]);
    expect(r.facts!.fixed_in.map((f) => [f.product, f.version])).toEqual([['huawei:p9_firmware', 'EVA-AL10C00B352']]);
    expect(r.facts!.fixed_in.some((f) => f.product.includes('vns-l21'))).toBe(false);
  });

  it("leaves Huawei's VRP releases ('V100R003C00SPC603') to the product the text names", () => {
    const r = derivedFixture('Huawei AR3200 routers with software before V200R005C20SPC200 allow remote attackers to cause a denial of service.', [
      orNode({ criteria: cpe('huawei:ar3200_firmware', 'v200r005c10', '*', 'o') }),
    ]);
    expect(r.facts!.fixed_in.map((f) => [f.product, f.version])).toEqual([['huawei:ar3200_firmware', 'V200R005C20SPC200']]);
  });
});

describe("Salt's ranges that start a line again: 'before 2015.8.10' beside '2015.8.11 to before 2015.8.13'", () => {
  const salt = (start: string | undefined, end: string) => ({
    criteria: cpe('saltstack:salt'),
    ...(start === undefined ? {} : { versionStartIncluding: start }),
    versionEndExcluding: end,
  });

  it("keeps the line's last range end as its fix, not a single safe release inside it", () => {
    const r = derivedFixture('An issue was discovered in SaltStack Salt before 3002.5. Crafted web requests can result in command injection.', [
      orNode(salt(undefined, '2015.8.10'), salt('2015.8.11', '2015.8.13'), salt('2019.2.0', '2019.2.5'), salt('2019.2.6', '2019.2.8'), salt('3002', '3002.5')),
    ]);
    const versions = fixesOf(r, 'saltstack:salt').map((f) => f.version);
    expect(versions).toEqual(expect.arrayContaining(['2015.8.13', '2019.2.8', '3002.5']));
    expect(versions).not.toContain('2015.8.10');
    expect(versions).not.toContain('2019.2.5');
    expect(r.explanation!.fix).not.toContain('2019.2.5');
  });

  it("leaves a range end alone where the later range stays on a deeper line of its own (IBM's 8.1.1.0 to 8.1.1.2 beside 8.1.2.0 to 8.1.2.1)", () => {
    const ibm = (start: string, end: string) => ({ criteria: cpe('ibm:spectrum_virtualize'), versionStartIncluding: start, versionEndExcluding: end });
    const r = derivedFixture('IBM Spectrum Virtualize products (7.8, 7.8.1, 8.1, and 8.1.1) use weaker than expected cryptographic algorithms.', [
      orNode(ibm('7.8.0.0', '7.8.1.6'), ibm('8.1.1.0', '8.1.1.2'), ibm('8.1.2.0', '8.1.2.1')),
    ]);
    expect(fixesOf(r, 'ibm:spectrum_virtualize').map((f) => f.version)).toEqual(expect.arrayContaining(['7.8.1.6', '8.1.1.2', '8.1.2.1']));
  });

  it('leaves a range end alone where the later range runs on into another line', () => {
    const r = derivedFixture('An issue was discovered in SaltStack Salt before 3002.5. Crafted web requests can result in command injection.', [
      orNode(salt('2016.3.7', '2016.3.8'), salt('2016.3.9', '2016.11.3'), salt('2016.11.4', '2016.11.5'), salt('3002', '3002.5')),
    ]);
    const versions = fixesOf(r, 'saltstack:salt').map((f) => f.version);
    expect(versions).toEqual(expect.arrayContaining(['2016.3.8', '2016.11.5']));
    // That range's own end is reopened on the 2016.11 line it ends on.
    expect(versions).not.toContain('2016.11.3');
  });
});

describe("Rockwell's 'MicroLogix 1100 devices before B FRN 15.000 and 1400 devices before B FRN 15.003'", () => {
  const firmware = (model: string, last: string) => ({
    criteria: cpe(`rockwellautomation:micrologix_${model}_firmware`, '*', '*', 'o'),
    versionEndIncluding: last,
  });
  const description =
    'Allen-Bradley MicroLogix 1100 devices before B FRN 15.000 and 1400 devices before B FRN 15.003 allow remote authenticated users to insert the content of an arbitrary file into a FRAME element.';

  it('reads the firmware revisions as written and orders them by their number', () => {
    expect(describedVersions(description).fixed.map((f) => f.version)).toEqual(['B FRN 15.000', 'B FRN 15.003']);
    expect(compareVersions('B FRN 15.003', '15.002')).toBeGreaterThan(0);
    expect(compareVersions('B FRN 15.000', '15.001')).toBeLessThan(0);
  });

  it('gives each model its own fix, the second one named by its number alone', () => {
    const r = derivedFixture(description, [orNode(firmware('1100', '14.000'), firmware('1400', '15.002'))]);
    expect(r.facts!.fixed_in.map((f) => [f.product, f.version])).toEqual([
      ['rockwellautomation:micrologix_1100_firmware', 'B FRN 15.000'],
      ['rockwellautomation:micrologix_1400_firmware', 'B FRN 15.003'],
    ]);
    expect(r.explanation!.fix).toMatch(/1400 Firmware to B FRN 15\.003 or later/);
    expect(r.explanation!.fix).not.toMatch(/update past 14\.000/);
  });

  it('still carries an unnamed item of a list to the previous product where no sibling model is named', () => {
    const r = derivedFixture('Acme Widget 2.x before 2.4.1 and 3.x before 3.0.2 allow remote attackers to read files.', [
      orNode({ criteria: cpe('acme:widget'), versionEndExcluding: '3.0.2' }, { criteria: cpe('acme:widget_1400'), versionEndExcluding: '1.0' }),
    ]);
    expect(fixesOf(r, 'acme:widget').map((f) => f.version)).toEqual(expect.arrayContaining(['2.4.1', '3.0.2']));
  });
});

describe("Cisco's 'PIX 500 and ASA 5500 Series Security Appliances 6.x before 6.3(5.115), 7.0 before 7.0(5.2)'", () => {
  const listed = (product: string, part: string) => ['6.3', '7.0', '7.2'].map((v) => ({ criteria: cpe(`cisco:${product}`, v, '*', part) }));
  const description =
    'Cisco PIX 500 and ASA 5500 Series Security Appliances 6.x before 6.3(5.115), 7.0 before 7.0(5.2), when the "inspect sip" option is enabled, allows remote attackers to cause a denial of service.';

  it("gives both appliances the fixes: 'PIX' names pix_firewall_software, and its model number is no version between the names", () => {
    const r = derivedFixture(description, [orNode(...listed('asa_5500', 'h'), ...listed('pix_firewall_software', 'o'))]);
    for (const product of ['cisco:asa_5500', 'cisco:pix_firewall_software'])
      expect(fixesOf(r, product).map((f) => f.version)).toEqual(expect.arrayContaining(['6.3(5.115)', '7.0(5.2)']));
    expect(r.explanation!.fix).not.toMatch(/7\.2 as the newest affected version of Cisco PIX Firewall Software; update past it/);
  });

  it('still ends the list at a model number where the nearer name ends in none', () => {
    const r = derivedFixture('Cisco PIX 500 and ASA Appliances before 7.0(5.2) allow remote attackers to cause a denial of service.', [
      orNode(...listed('asa', 'h'), ...listed('pix_firewall_software', 'o')),
    ]);
    expect(fixesOf(r, 'cisco:pix_firewall_software')).toEqual([]);
  });
});
