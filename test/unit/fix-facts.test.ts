/**
 * §9's fix facts and the fix text written from them, through the real parsers and derivation:
 * NVD records built here (description, configurations, references) go through `parseNvdCve`
 * and `deriveRecord`, so every rule is checked where the ingest applies it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VersionFact } from '../../shared/domain/facts.js';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { readFixFacts } from '../../shared/ingest/facts/fixes.js';
import { readFixSteps } from '../../shared/ingest/facts/fix-steps.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';
import { nvdFixture } from '../support/nvd-fixtures.js';
import { compareVersions } from '../../shared/domain/cpe/version-compare.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { fixFactSentences } from '../../shared/ingest/explainer/fix.js';
import { isDisputedFix } from '../../shared/domain/disputed-fixes.js';

const NOW = new Date('2026-01-01T00:00:00Z');

interface Match {
  vulnerable?: boolean;
  criteria: string;
  versionStartIncluding?: string;
  versionEndExcluding?: string;
  versionEndIncluding?: string;
}

const or = (...cpeMatch: Match[]) => ({ nodes: [{ operator: 'OR', negate: false, cpeMatch: cpeMatch.map((m) => ({ vulnerable: true, ...m })) }] });
const and = (products: Match[], platforms: Match[]) => ({
  operator: 'AND',
  nodes: [
    { operator: 'OR', negate: false, cpeMatch: products.map((m) => ({ vulnerable: true, ...m })) },
    { operator: 'OR', negate: false, cpeMatch: platforms.map((m) => ({ vulnerable: false, ...m })) },
  ],
});
const cpe = (vendorProduct: string, version = '*', update = '*') => `cpe:2.3:a:${vendorProduct}:${version}:${update}:*:*:*:*:*:*`;
const os = (vendorProduct: string) => `cpe:2.3:o:${vendorProduct}:-:*:*:*:*:*:*:*`;

const nvd = nvdFixture;

function recordOf(description: string, configurations: object[] = [], references: { url: string; tags: string[] }[] = []) {
  const record = nvd(description, configurations, references);
  return deriveRecord({ id: record.id, nvd: record, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, NOW)!;
}

const factsOf = (...args: Parameters<typeof recordOf>) => recordOf(...args).facts!;
const fixed = (entries: readonly VersionFact[]) => entries.map((e) => [e.product, e.version, e.branch, e.platform, e.source]);

describe('a fix sentence names no product of its verbs', () => {
  it('"This issue has been patched in version X" with no product listed: no product "has been"', () => {
    const facts = factsOf('Acme Chat Client lets a crafted link grant camera access. This issue has been patched in version 25.04.2.');
    expect(facts.fixed_in.map((f) => f.product)).not.toContain('has:been');
    expect(facts.fixed_in.every((f) => !/\b(?:has|been)\b/.test(f.product))).toBe(true);
  });
});

describe('the description grammar, phrase by phrase', () => {
  const versions = (text: string) => describedVersions(text).fixed.map((f) => (f.line ? `${f.line}|${f.version}` : f.version));
  it.each([
    ['Acme Widget before 1.2.3 allows XSS.', ['1.2.3']],
    ['SUSE OpenStack Cloud 7 crowbar-core versions prior to 4.0+git.1578392992.fabfd186c-9.63.1, crowbar-.', ['4.0+git.1578392992.fabfd186c-9.63.1']],
    ['Acme Tool before 2.1+dfsg-1. A flaw.', ['2.1+dfsg-1']],
    ['PrestaShop before 1.1 Beta 2 (aka 1.1.0.1) allows XSS.', ['1.1 Beta 2']],
    ['Actiontec GT784WN modems with firmware before NCS01-1.0.13 allow CSRF.', ['NCS01-1.0.13']],
    ['Cisco Secure Access Control System before 5.4(0.46.2) and 5.5 before 5.5(0.46) allow it.', ['5.4(0.46.2)', '5.5(0.46)']],
    ['Anne-AL00 Huawei phones with versions earlier than 8.0.0.151(C00) have an information leak.', ['8.0.0.151(C00)']],
    ['This vulnerability affects Thunderbird < 52.6, Firefox ESR < 52.6, and Firefox < 58.', ['52.6', '52.6', '58']],
    ['Sun Solaris 8 through 10, and OpenSolaris before snv_93, allows it.', ['snv_93']],
    [
      'Huawei RH2288 V3 with software before V100R003C00SPC603, CH121 V3 with software before V100R001C00SPC161 allow it.',
      ['V100R003C00SPC603', 'V100R001C00SPC161'],
    ],
    ['Acme Player before 6. A second sentence.', ['6']],
    ['A buffer of length < 256 bytes overflows.', []],
    ['Acme Widget before 1.2 beta allows XSS.', ['1.2']],
    ['Acme Widget 1.2.x before 1.2.9 and 1.3.x before 1.3.4 allows XSS.', ['1.2|1.2.9', '1.3|1.3.4']],
    ['Acme Server before 6.0 SP1 allows it.', ['6.0 SP1']],
    ['The Linux kernel before 2.6.39-rc1 allows it.', ['2.6.39-rc1']],
    ['Cisco IOS before 3.1(21) allows it.', ['3.1(21)']],
    ['Cisco ASA 5500 devices 7.2 before 7.2(4)2 and 8.0 before 8.0(3)14 allow it.', ['7.2(4)2', '8.0(3)14']],
    ['Cisco IOS 12.4 before 12.4(24)T1 allows it.', ['12.4(24)T1']],
    ['Cisco routers running IOS before 12.2(17b)SXA, before 12.2(17d)SXB allow it.', ['12.2(17b)SXA', '12.2(17d)SXB']],
    ['Acme Tool before build 7845 allows it.', ['build 7845']],
    ['The Views module 6.x-1.x before 6.x-1.5 for Drupal allows XSS.', ['6.x-1|6.x-1.5']],
    ['IBM DB2 9.7 before FP3 allows it.', ['9.7|9.7 FP3']],
    ['Acme Suite 2008 before SP2 allows it.', ['2008|2008 SP2']],
    ['Acme Player before 6 allows it.', ['6']],
    ['Acme Wiki before r478 allows XSS.', ['r478']],
    ['Adobe ColdFusion 10 before Update 18 and 11 before Update 7 allows XSS.', ['10|10 Update 18', '11|11 Update 7']],
    ['EMC NetWorker 9.0 before build 407 allows it.', ['9.0|9.0 build 407']],
    ['Cloud Foundry cf-release versions prior to v285 log it.', ['v285']],
    ['Android 5.x before 5.1.1 LMY48M lets it.', ['5|5.1.1 LMY48M']],
    ['UAA 4.5.x versions prior to 4.5.5 log it.', ['4.5|4.5.5']],
    ['NetApp Clustered Data ONTAP before 8.3.2P8 and 9.0 before P2 allow it.', ['8.3.2P8', '9.0|9.0 P2']],
    ['Hitachi Groupmax Collaboration Portal before 07-20-/D, and Cosminexus before 08-00-02, allow XSS.', ['07-20-/D', '08-00-02']],
    ['Acme Widget before 2006-07-20 allows XSS.', []],
    ['In all Kubernetes versions prior to v1.10.11, v1.11.5, and v1.12.3, incorrect handling lets it.', ['v1.10.11', 'v1.11.5', 'v1.12.3']],
    ['IBM JRS 6.0 before 6.0.0-Rational-CLM-ifix005 allows it.', ['6.0.0-Rational-CLM-ifix005']],
    ['uTorrent before 1.8beta build 10524 allows it.', ['1.8beta build 10524']],
    ['Junos OS 18.3 versions prior to 18.3R1-S3, 18.4 versions prior to 18.4R2.', ['18.3|18.3R1-S3', '18.4|18.4R2']],
    [
      'Acme Mod users prior to versions 1.21.1-1.0.17, 1.21.4-1.0.9-254 and 1.20.1-1.0.13 are affected.',
      ['1.21.1-1.0.17', '1.21.4-1.0.9-254', '1.20.1-1.0.13'],
    ],
    ['libgssapi before 0.6-13.7 allows it.', ['0.6-13.7']],
    ['IBM WebSphere Portal 8.0.x before 8.0.0.1 CF20 and 8.5.x before 8.5.0.0 CF09 allows XSS.', ['8.0|8.0.0.1 CF20', '8.5|8.5.0.0 CF09']],
    ['IBM Acme Server 7.5 before 7.5.0.5 IF1 allows it.', ['7.5.0.5 IF1']],
    ['Ruby on Rails 4.2.x before 4.2.5.1, and 5.x before 5.0.0.beta1.1 does not use it.', ['4.2|4.2.5.1', '5|5.0.0.beta1.1']],
    ['MediaWiki before 1.19.24, 1.2x before 1.23.9, and 1.24.x before 1.24.2 allows it.', ['1.19.24', '1.20-1.23|1.23.9', '1.24|1.24.2']],
    ['Acme Wiki 1.2x before 1.20.4 allows it.', ['1.20|1.20.4']],
    ['Acme Tool before 3.0 if 64-bit builds are used allows it.', ['3.0']],
    ['On Acme 15.0.0-15.0.1 and 14.0.0-14.1.2 it crashes; fixed in 15.1.0.', ['15.1.0']],
    ['IBM Acme Manager 3.0 before 3.0.1.6 iFix7 Interim Fix 1 and 6.0 before 6.0.1 iFix4 allows XSS.', ['3.0.1.6 iFix7 Interim Fix 1', '6.0.1 iFix4']],
  ])('%s', (text, expected) => {
    expect(versions(text)).toEqual(expected);
  });

  it('reads a bare number after "before" as a version only when it is no count or date', () => {
    expect(versions('Tokens expire before 5 days pass in Acme.')).toEqual([]);
    expect(versions('Acme before 12 allows it.')).toEqual(['12']);
  });
});

describe('fixed_in', () => {
  it('"X before 1.2.3" is a fix of the product the description names, from the description', () => {
    const facts = factsOf('Cross-site scripting in Acme Widget before 1.2.3 allows remote attackers to inject script.', [
      or({ criteria: cpe('acme:widget'), versionEndExcluding: '1.2.3' }),
    ]);
    expect(fixed(facts.fixed_in)).toEqual([['acme:widget', '1.2.3', null, null, 'description']]);
    expect(facts.fix_stated).toBe(true);
  });

  it('"1.2.x before 1.2.9 and 1.3.x before 1.3.4": two entries, each with its line', () => {
    const facts = factsOf('Acme Widget 1.2.x before 1.2.9 and 1.3.x before 1.3.4 allows XSS.', [
      or(
        { criteria: cpe('acme:widget'), versionStartIncluding: '1.2.0', versionEndExcluding: '1.2.9' },
        { criteria: cpe('acme:widget'), versionStartIncluding: '1.3.0', versionEndExcluding: '1.3.4' },
      ),
    ]);
    expect(fixed(facts.fixed_in)).toEqual([
      ['acme:widget', '1.2.9', '1.2', null, 'description'],
      ['acme:widget', '1.3.4', '1.3', null, 'description'],
    ]);
  });

  it('"before 5.0.1 on Android": the platform the description names; "A before X and B before Y on Windows" holds for both', () => {
    expect(
      fixed(factsOf('Acme Browser before 5.0.1 on Android allows spoofing.', [or({ criteria: cpe('acme:browser'), versionEndExcluding: '5.0.1' })]).fixed_in),
    ).toEqual([['acme:browser', '5.0.1', null, 'android', 'description']]);
    const facts = factsOf('ANGLE, as used in Mozilla Firefox before 41.0 and Firefox ESR 38.x before 38.3 on Windows, mishandles shader access.', [
      and([{ criteria: cpe('mozilla:firefox'), versionEndIncluding: '40.0.3' }], [{ criteria: os('microsoft:windows') }]),
    ]);
    expect(fixed(facts.fixed_in)).toEqual([
      ['mozilla:firefox', '41.0', null, 'windows', 'description'],
      // An edition the description names beside the listed product is a product of its own.
      ['mozilla:firefox_esr', '38.3', '38', 'windows', 'description'],
    ]);
    // A line's dot between two chained statements is no full stop: the platform holds for both.
    const chained = factsOf(
      'Use-after-free in Adobe Flash Player before 18.0.0.324 and 19.x and 20.x before 20.0.0.267 on Windows and OS X and before 11.2.202.559 on Linux allows attackers to run code.',
      [or({ criteria: cpe('adobe:flash_player'), versionEndIncluding: '18.0.0.268' })],
    );
    expect(chained.fixed_in.map((f) => `${f.version} ${f.platform}`)).toEqual([
      '18.0.0.324 windows',
      '18.0.0.324 os x',
      '20.0.0.267 windows',
      '20.0.0.267 os x',
      '11.2.202.559 linux',
    ]);
  });

  it('a package\'s version is no distribution\'s: "fcheck before 2.7.59" in a record that lists only Debian gives Debian no fix', () => {
    const facts = factsOf('A cron job in fcheck before 2.7.59 allows local users to overwrite arbitrary files via a symlink attack.', [
      or({ criteria: 'cpe:2.3:o:debian:debian_linux:3.1:*:*:*:*:*:*:*' }, { criteria: 'cpe:2.3:o:debian:debian_linux:3.1:r1:*:*:*:*:*:*' }),
    ]);
    expect(facts.fixed_in).toEqual([]);
    expect(fixed(facts.last_affected)).toEqual([['debian:debian_linux', '3.1 r1', null, null, 'configuration']]);
    // Named, a distribution's own release is its fix.
    const named = factsOf('The installer in Debian Linux before 3.1 allows local users to read files.', [
      or({ criteria: 'cpe:2.3:o:debian:debian_linux:*:*:*:*:*:*:*:*', versionEndExcluding: '3.1' }),
    ]);
    expect(named.fixed_in.map((f) => f.version)).toEqual(['3.1']);
  });

  it('a name two listed products share names neither: "uCosminexus Collaboration Portal" gets no Groupmax fix', () => {
    const facts = factsOf(
      'XSS in Hitachi Groupmax Collaboration Portal before 07-20-/D, and uCosminexus Collaboration Portal before 06-20-/C, allow remote attackers to inject script.',
      [
        or(
          { criteria: cpe('hitachi:groupmax_collaboration_portal'), versionEndIncluding: '07_10_b' },
          { criteria: cpe('hitachi:cosminexus_collaboration_portal'), versionEndIncluding: '06_10_b' },
        ),
      ],
    );
    expect(fixed(facts.fixed_in)).toEqual([['hitachi:groupmax_collaboration_portal', '07-20-/D', null, null, 'description']]);
  });

  it('a cpeMatch versionEndExcluding is a fix from the configuration, with the platform of its AND node', () => {
    const facts = factsOf('A flaw in Acme Reader allows attackers to run code.', [
      and([{ criteria: cpe('acme:reader'), versionEndExcluding: '18.0.0.203' }], [{ criteria: os('microsoft:windows') }]),
      and([{ criteria: cpe('acme:reader'), versionEndExcluding: '11.2.202.481' }], [{ criteria: os('linux:linux_kernel') }]),
    ]);
    expect(fixed(facts.fixed_in)).toEqual([
      ['acme:reader', '18.0.0.203', null, 'windows', 'configuration'],
      ['acme:reader', '11.2.202.481', null, 'linux', 'configuration'],
    ]);
  });

  it('a fix is never carried to another platform: a Linux fix below a Windows range stays, and no Windows fix is given to Linux', () => {
    const facts = factsOf('Acme Reader before 18.0.0.203 on Windows and before 11.2.202.481 on Linux allows attackers to run code.', [
      and([{ criteria: cpe('acme:reader'), versionEndIncluding: '18.0.0.194' }], [{ criteria: os('microsoft:windows') }]),
      and([{ criteria: cpe('acme:reader'), versionEndIncluding: '11.2.202.468' }], [{ criteria: os('linux:linux_kernel') }]),
    ]);
    expect(fixed(facts.fixed_in)).toEqual([
      ['acme:reader', '18.0.0.203', '18.0', 'windows', 'description'],
      ['acme:reader', '11.2.202.481', '11.2', 'linux', 'description'],
    ]);
  });

  it('a fix is never carried to another product: each product keeps its own version', () => {
    const facts = factsOf('GUI overlay vulnerability in Mozilla Firefox before 2.0.0.13 and SeaMonkey before 1.1.9 allows spoofing.', [
      or({ criteria: cpe('mozilla:firefox', '2.0.0.12') }, { criteria: cpe('mozilla:seamonkey', '1.1.8') }),
    ]);
    expect(fixed(facts.fixed_in)).toEqual([
      ['mozilla:firefox', '2.0.0.13', null, null, 'description'],
      ['mozilla:seamonkey', '1.1.9', null, null, 'description'],
    ]);
  });

  it('only a release track (ESR, LTS) after a name is a product of its own: "Vivvo CMS" is Vivvo, and its fix makes the record patched', () => {
    const record = recordOf('SQL injection in Vivvo CMS before 4.0.4 allows remote attackers to execute arbitrary SQL commands.', [
      or({ criteria: cpe('spoonlabs:vivvo', '4.0.3') }, { criteria: cpe('spoonlabs:vivvo', '4.0.2') }),
    ]);
    expect(fixed(record.facts!.fixed_in)).toEqual([['spoonlabs:vivvo', '4.0.4', null, null, 'description']]);
    expect(record.patch?.status).toBe('available');
    const esr = recordOf('Mozilla Firefox ESR 38.x before 38.8 allows attackers to run code.', [or({ criteria: cpe('mozilla:firefox', '38.7.1') })]);
    expect(esr.facts!.fixed_in.map((f) => f.product)).toEqual(['mozilla:firefox_esr']);
    expect(esr.patch?.status).toBe('available');
  });

  it('a version the description calls affected is no fix of any product, whichever product the statement names', () => {
    const facts = factsOf('The K2 component through 2.10.1 uses class.upload.php through 1.0.3 which allows code execution.', [
      or({ criteria: cpe('verot_project:verot'), versionEndExcluding: '1.0.3' }, { criteria: cpe('getk2:k2'), versionEndIncluding: '2.10.1' }),
    ]);
    expect(facts.fixed_in).toEqual([]);
  });

  it('a version the record lists inside a vulnerable range of that product is never a fix', () => {
    const inside = factsOf('phpMyBackupPro before 2.5 allows remote authenticated users to execute PHP code.', [
      or({ criteria: cpe('phpmybackuppro:phpmybackuppro'), versionEndExcluding: '2.6' }),
    ]);
    expect(fixed(inside.fixed_in)).toEqual([['phpmybackuppro:phpmybackuppro', '2.6', null, null, 'configuration']]);
    // A range through 2.5 beside one that holds 2.5 inside it: the record calls 2.5 affected outright.
    const overlapping = factsOf('phpMyBackupPro before 2.5 allows remote authenticated users to execute PHP code.', [
      or(
        { criteria: cpe('phpmybackuppro:phpmybackuppro'), versionEndIncluding: '2.5' },
        { criteria: cpe('phpmybackuppro:phpmybackuppro'), versionStartIncluding: '2.4', versionEndIncluding: '2.7' },
      ),
    ]);
    expect(overlapping.fixed_in).toEqual([]);
    // "through X" in the description makes a configuration's "before X" no fix either.
    expect(factsOf('FreeBSD through 10.1 allows it.', [or({ criteria: cpe('freebsd:freebsd'), versionEndExcluding: '10.1' })]).fixed_in).toEqual([]);
  });

  it("names each source's spelling of a disputed fix: the description's 58, the configuration's 58.0 (CVE-2018-5089, h40)", () => {
    const record = recordOf('Memory safety bugs were reported in Firefox 57. This vulnerability affects Firefox < 58.', [
      or({ criteria: cpe('mozilla:firefox'), versionEndIncluding: '58.0' }),
    ]);
    expect(record.explanation!.fix).toContain("The description gives 58 as fixed, but NVD's configuration lists 58.0 as affected");
  });

  it("the description's fix at the configuration's boundary is kept both ways, and the text names it as disputed, never as one to move to", () => {
    const record = recordOf('phpMyBackupPro before 2.5 allows remote authenticated users to execute PHP code.', [
      or({ criteria: cpe('phpmybackuppro:phpmybackuppro'), versionEndIncluding: '2.5' }),
    ]);
    expect(fixed(record.facts!.fixed_in)).toEqual([['phpmybackuppro:phpmybackuppro', '2.5', null, null, 'description']]);
    expect(fixed(record.facts!.last_affected)).toEqual([['phpmybackuppro:phpmybackuppro', '2.5', null, null, 'configuration']]);
    expect(record.explanation!.fix).toMatch(/^NVD lists 2\.5 as the newest affected version of PhpMyBackupPro; update past it\./i);
    expect(record.explanation!.fix).toContain("The description gives 2.5 as fixed, but NVD's configuration lists 2.5 as affected");
    expect(record.explanation!.fix).not.toMatch(/Update \S+ to (?:version )?2\.5/);
    // The patch status counts fixes to move to: a disputed one is none.
    expect(record.patch?.status).not.toBe('available');
    expect(JSON.parse(record.provenance.fix_versions ?? '[]')).toEqual([]);
    // Listed one by one: "45.7.x versions prior to 45.7" beside a configuration that lists 45.7 itself.
    const listed = factsOf('In Acme Release 45.7.x versions prior to 45.7 and 52.7.x versions prior to 52.7, the SessionID is logged.', [
      or({ criteria: cpe('acme:release', '45.7') }, { criteria: cpe('acme:release', '52.7') }),
    ]);
    expect(fixed(listed.fixed_in).map(([, version, , , source]) => `${version}|${source}`)).toEqual(['45.7|description', '52.7|description']);
    expect(listed.last_affected.map((l) => `${l.version}|${l.source}`).sort()).toEqual(['45.7|configuration', '52.7|configuration']);
  });

  it("SUSE's package fixes: each for the release of the product named before the package, whose name names no product", () => {
    const facts = factsOf(
      'A flaw in crowbar of SUSE OpenStack Cloud 7, SUSE OpenStack Cloud Crowbar 8 allows root users on any crowbar managed node to become root on any other node. This issue affects: SUSE OpenStack Cloud 7 crowbar-core versions prior to 4.0+git.1578392992.fabfd186c-9.63.1, crowbar-. SUSE OpenStack Cloud Crowbar 8 crowbar-core versions prior to 5.0+git.1582968668.1a55c77c5-3.35.4, crowbar-.',
      [or({ criteria: cpe('suse:openstack_cloud', '7.0') }, { criteria: cpe('suse:openstack_cloud_crowbar', '8.0') })],
    );
    expect(fixed(facts.fixed_in)).toEqual([
      ['suse:openstack_cloud', '4.0+git.1578392992.fabfd186c-9.63.1', '7', null, 'description'],
      ['suse:openstack_cloud_crowbar', '5.0+git.1582968668.1a55c77c5-3.35.4', '8', null, 'description'],
    ]);
    expect(facts.attack.privileges).toBe('admin');
  });

  it('"Cisco PIX and Adaptive Security Appliance (ASA) 5500 devices 7.2 before 7.2(4)2": both products get the fix', () => {
    const facts = factsOf(
      'Cisco PIX and Adaptive Security Appliance (ASA) 5500 devices 7.2 before 7.2(4)2 and 8.0 before 8.0(3)14 do not properly process IPSec client authentication.',
      [
        or(
          { criteria: 'cpe:2.3:h:cisco:adaptive_security_appliance_5500:7.2:*:*:*:*:*:*:*' },
          { criteria: 'cpe:2.3:h:cisco:adaptive_security_appliance_5500:8.0:*:*:*:*:*:*:*' },
          { criteria: 'cpe:2.3:h:cisco:pix:7.2:*:*:*:*:*:*:*' },
          { criteria: 'cpe:2.3:h:cisco:pix:8.0:*:*:*:*:*:*:*' },
        ),
      ],
    );
    expect(facts.fixed_in.map((f) => `${f.product} ${f.version}`).sort()).toEqual([
      'cisco:adaptive_security_appliance_5500 7.2(4)2',
      'cisco:adaptive_security_appliance_5500 8.0(3)14',
      'cisco:pix 7.2(4)2',
      'cisco:pix 8.0(3)14',
    ]);
  });

  it('a version read from a list after a fix, or a boundary below the newest affected version, is no disputed fix but a contradicted one', () => {
    // "11.x before 11.2.1 and 11.3.0": the listed 11.3.0 is an affected release (CVE-2015-8021's F5 modules).
    const fromList = factsOf('Acme Gateway 11.x before 11.2.1 and 11.3.0 allows remote authenticated users to upload files.', [
      or({ criteria: cpe('acme:gateway', '11.0.0') }, { criteria: cpe('acme:gateway', '11.2.0') }, { criteria: cpe('acme:gateway', '11.3.0') }),
    ]);
    expect(fromList.fixed_in.map((f) => f.version)).toEqual(['11.2.1']);
    // 2.5 ends a range, but the configuration lists 2.6 as affected too.
    const below = factsOf('Acme Widget before 2.5 allows XSS.', [
      or({ criteria: cpe('acme:widget'), versionEndIncluding: '2.5' }, { criteria: cpe('acme:widget', '2.6') }),
    ]);
    expect(below.fixed_in).toEqual([]);
  });

  it('where the description states a higher fix of the same line than the configuration, the description wins', () => {
    const facts = factsOf('Apple QuickTime before 7.4 allows remote attackers to execute arbitrary code.', [
      or({ criteria: cpe('apple:quicktime'), versionEndExcluding: '7.3.1' }),
    ]);
    expect(fixed(facts.fixed_in)).toEqual([['apple:quicktime', '7.4', null, null, 'description']]);
  });

  it('a line the description separates is not contradicted by an open-start range of another line (CVE-2015-8052)', () => {
    const facts = factsOf('XSS in Adobe ColdFusion 10 before Update 18 and 11 before Update 7 allows remote attackers to inject script.', [
      or(
        { criteria: cpe('adobe:coldfusion', '*', 'update17'), versionEndIncluding: '10.0' },
        { criteria: cpe('adobe:coldfusion', '*', 'update6'), versionEndIncluding: '11.0' },
      ),
    ]);
    expect(facts.fixed_in.map((f) => f.version)).toEqual(['10 Update 18', '11 Update 7']);
  });

  it('a range whose CPE has an update but no version ends at that update of its bound ("11.0 update6"), never at the bare version', () => {
    const record = nvd('XSS in Adobe ColdFusion 10 before Update 18 and 11 before Update 7 allows remote attackers to inject script.', [
      or(
        { criteria: cpe('adobe:coldfusion', '*', 'update17'), versionEndIncluding: '10.0' },
        { criteria: cpe('adobe:coldfusion', '*', 'update6'), versionEndIncluding: '11.0' },
        { criteria: cpe('netapp:ontap', '*', 'p8'), versionEndExcluding: '8.3.2' },
        { criteria: cpe('acme:tool', '2.0', 'sp1') },
      ),
    ]);
    expect(record.products.flatMap((p) => p.ranges)).toEqual([
      { endIncluding: '10.0 update17' },
      { endIncluding: '11.0 update6' },
      { endExcluding: '8.3.2 p8' },
      { exact: '2.0 sp1' },
    ]);
    expect(record.products.find((p) => p.product === 'ontap')?.fixedVersions).toEqual(['8.3.2 p8']);
    const facts = factsOf(record.description, [
      or(
        { criteria: cpe('adobe:coldfusion', '*', 'update17'), versionEndIncluding: '10.0' },
        { criteria: cpe('adobe:coldfusion', '*', 'update6'), versionEndIncluding: '11.0' },
      ),
    ]);
    expect(fixed(facts.last_affected)).toEqual([
      ['adobe:coldfusion', '10.0 update17', null, null, 'configuration'],
      ['adobe:coldfusion', '11.0 update6', null, null, 'configuration'],
    ]);
    // "11 Update 6" is the configuration's newest affected version itself: the description's fix is disputed, kept beside it.
    const stale = factsOf('XSS in Adobe ColdFusion 11 before Update 6 allows remote attackers to inject script.', [
      or({ criteria: cpe('adobe:coldfusion', '*', 'update6'), versionEndIncluding: '11.0' }),
    ]);
    expect(stale.fixed_in.map((f) => `${f.version}|${f.source}`)).toEqual(['11 Update 6|description']);
    expect(stale.fixed_in.every((f) => isDisputedFix(f, stale.last_affected))).toBe(true);
  });

  it("aliases of one product (the same vendor under the same title) are one product: one's fix is checked against the other's versions", () => {
    const record = nvd('Ruby on Rails before 4.2.5.1 allows XSS.', [
      or({ criteria: cpe('rubyonrails:rails'), versionEndExcluding: '4.2.5.1' }, { criteria: cpe('rubyonrails:ruby_on_rails', '4.2.6') }),
    ]);
    const products = record.products.map((p) => ({ ...p, title: 'Ruby on Rails' }));
    const facts = readFixFacts({
      sources: { id: record.id, nvd: { ...record, products }, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() },
      description: record.description,
      products,
      rejected: false,
    });
    // 4.2.5.1 would be "or later" for rails alone; ruby_on_rails lists 4.2.6, so it is no later fix there.
    expect(new Set(facts.fixed_in.map((f) => f.product))).toEqual(new Set(['rubyonrails:rails']));
    expect(facts.last_affected.map((l) => [l.product, l.version])).toEqual([['rubyonrails:rails', '4.2.6']]);
  });

  it('CVE 5 affected entries (lessThan, unaffected) are fixes from cve5 when NVD has no configuration', () => {
    const cve5 = parseCve5Record({
      dataType: 'CVE_RECORD',
      cveMetadata: { cveId: 'CVE-2099-0500', state: 'PUBLISHED', datePublished: '2024-01-01T00:00:00Z' },
      containers: {
        cna: {
          providerMetadata: { shortName: 'acme' },
          descriptions: [{ lang: 'en', value: 'A flaw in Widget lets attackers read files.' }],
          affected: [
            { vendor: 'Acme Corp', product: 'Widget Server', versions: [{ version: '2.0', lessThan: '2.4.1', status: 'affected', versionType: 'semver' }] },
          ],
        },
      },
    })!;
    const record = deriveRecord({ id: cve5.id, cve5, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, NOW)!;
    expect(fixed(record.facts!.fixed_in)).toEqual([['acme_corp:widget_server', '2.4.1', '2', null, 'cve5']]);
  });

  it("beside NVD's configuration, a CVE 5 fix that NVD's ranges lack is a stated fix from cve5; one that contradicts NVD or is in another numbering is not", () => {
    const cnaOf = (id: string, product: string, versions: object[]) =>
      parseCve5Record({
        dataType: 'CVE_RECORD',
        cveMetadata: { cveId: id, state: 'PUBLISHED', datePublished: '2024-01-01T00:00:00Z' },
        containers: {
          cna: { providerMetadata: { shortName: 'acme' }, descriptions: [{ lang: 'en', value: 'A flaw.' }], affected: [{ vendor: 'Acme', product, versions }] },
        },
      })!;
    const both = (description: string, configuration: object, cve5: ReturnType<typeof cnaOf>) => {
      const record = nvd(description, [configuration]);
      return deriveRecord({ id: record.id, nvd: record, cve5, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, NOW)!.facts!;
    };
    // NVD: through 2.0.35; the CNA: before 2.0.36.
    const added = both(
      'XSS in the Acme Product Vendors plugin in versions up to, and including, 2.0.35.',
      or({ criteria: cpe('acme:product_vendors'), versionEndIncluding: '2.0.35' }),
      cnaOf('CVE-2099-0501', 'Product Vendors', [{ version: '*', lessThan: '2.0.36', status: 'affected', versionType: 'semver' }]),
    );
    expect(fixed(added.fixed_in)).toEqual([['acme:product_vendors', '2.0.36', null, null, 'cve5']]);
    // The CNA's range holds the fix NVD and the description state (3.1): the CNA's later fix is not taken.
    const against = both(
      'A flaw in Acme Remote Server (All versions < V3.1) lets attackers in.',
      or({ criteria: cpe('acme:remote_server'), versionEndExcluding: '3.1' }),
      cnaOf('CVE-2099-0502', 'Remote Server', [{ version: '0', lessThan: 'V3.2 SP1', status: 'affected', versionType: 'custom' }]),
    );
    expect(fixed(against.fixed_in).map(([, version, , , source]) => `${version} ${source}`)).toEqual(['V3.1 description']);
    // A build number where NVD lists editions ("r2") cannot be checked against NVD: not taken.
    const builds = both(
      'Acme Server Elevation of Privilege Vulnerability.',
      or({ criteria: cpe('acme:server', 'r2') }),
      cnaOf('CVE-2099-0503', 'Server', [{ version: '6.2.0', lessThan: '6.2.9200.23372', status: 'affected', versionType: 'custom' }]),
    );
    expect(builds.fixed_in).toEqual([]);
    // A fix NVD's own range calls vulnerable is never taken from the CNA.
    const inside = both(
      'Acme Tool through 4.0 allows it.',
      or({ criteria: cpe('acme:tool'), versionEndIncluding: '4.0' }),
      cnaOf('CVE-2099-0504', 'Tool', [{ version: '3.9', status: 'unaffected' }]),
    );
    expect(inside.fixed_in).toEqual([]);
  });

  it('property: no fixed version lies inside a vulnerable range of its product on its platform', () => {
    const version = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })).map((v) => v.join('.'));
    fc.assert(
      fc.property(fc.array(fc.tuple(version, version, fc.boolean()), { minLength: 1, maxLength: 4 }), version, (bounds, described) => {
        const matches = bounds.map(([a, b, excluding]): Match & { versionStartIncluding: string } => {
          const [low, high] = compareVersions(a, b) <= 0 ? [a, b] : [b, a];
          return { criteria: cpe('acme:widget'), versionStartIncluding: low, ...(excluding ? { versionEndExcluding: high } : { versionEndIncluding: high }) };
        });
        const record = nvd(`Acme Widget before ${described} allows XSS.`, [or(...matches)]);
        const facts = readFixFacts({
          sources: { id: record.id, nvd: record, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() },
          description: record.description,
          products: record.products,
          rejected: false,
        });
        for (const fix of facts.fixed_in) {
          for (const m of matches) {
            const inside =
              compareVersions(fix.version, m.versionStartIncluding) >= 0 &&
              (m.versionEndExcluding ? compareVersions(fix.version, m.versionEndExcluding) < 0 : compareVersions(fix.version, m.versionEndIncluding!) <= 0);
            const sameLine =
              fix.branch === null ||
              [m.versionStartIncluding, m.versionEndExcluding ?? m.versionEndIncluding!].some((v) => v.split('.')[0] === fix.branch!.split('.')[0]);
            // The description's fix at an inclusive end is kept as disputed, paired with that end as the newest affected.
            const atBoundary =
              fix.source === 'description' &&
              m.versionEndIncluding !== undefined &&
              compareVersions(fix.version, m.versionEndIncluding) === 0 &&
              facts.last_affected.some((l) => l.source === 'configuration' && compareVersions(l.version, fix.version) === 0);
            if (inside && sameLine && !atBoundary) return false;
          }
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });
});

describe("Oracle's lists of supported versions", () => {
  const last = (text: string) => describedVersions(text).lastAffected.map((l) => (l.line ? `${l.line}|${l.version}` : l.version));
  it.each([
    [
      'Vulnerability in the Java VM component of Oracle Database Server. Supported versions that are affected are 11.2.0.4, 12.1.0.2, 12.2.0.1 and 18c. Easily exploitable.',
      ['11.2|11.2.0.4', '12.1|12.1.0.2', '12.2|12.2.0.1', '18c|18c'],
    ],
    [
      'Vulnerability in Oracle E-Business Suite. Supported versions that are affected are 12.1.3, 12.2.3, 12.2.4, 12.2.5, 12.2.6 and 12.2.7. Easily exploitable.',
      ['12.1|12.1.3', '12.2|12.2.7'],
    ],
    ['Vulnerability in Oracle Fusion. Supported versions that are affected are 2.2.2, 2.3 and 2.4. Easily exploitable.', ['2.2|2.2.2', '2.3|2.3', '2.4|2.4']],
    [
      'Unspecified vulnerability in the Siebel Core component in Oracle Siebel CRM 8.1.1 and 8.2.2 allows remote attackers to affect integrity.',
      ['8.1|8.1.1', '8.2|8.2.2'],
    ],
    [
      'Vulnerability in Oracle MySQL. Supported versions that are affected are 5.7.23 and prior and 8.0.12 and prior. Easily exploitable.',
      ['5.7.23', '8.0.12'],
    ],
    ['Vulnerability in Oracle MySQL. Supported versions that are affected are 5.7.20. Easily exploitable.', []],
    // Not Oracle's list: one product's versions one by one say nothing of lines.
    ['Acme Widget 1.0, 1.1 and 1.2 allows remote attackers to run code.', []],
  ])('%s', (text, expected) => expect(last(text)).toEqual(expected));

  it('"Prior to 5.1.36 and Prior to 5.2.10" states two fixes, not 5.1.36 as affected', () => {
    const read = describedVersions(
      'Vulnerability in Oracle VM VirtualBox. Supported versions that are affected are Prior to 5.1.36 and Prior to 5.2.10. Easily exploitable.',
    );
    expect(read.fixed.map((f) => f.version)).toEqual(['5.1.36', '5.2.10']);
    expect(read.lastAffected).toEqual([]);
  });

  it('the newest affected version of each line, and "update past" the one of the reader\'s line', () => {
    const record = recordOf(
      'Vulnerability in the Java VM component of Oracle Database Server. Supported versions that are affected are 11.2.0.4, 12.1.0.2, 12.2.0.1 and 18c.',
      [or(...['11.2.0.4', '12.1.0.2', '12.2.0.1', '18c'].map((v) => ({ criteria: cpe('oracle:database_server', v) })))],
      [{ url: 'https://www.oracle.com/security-alerts/cpuoct2018.html', tags: ['Patch', 'Vendor Advisory'] }],
    );
    expect(fixed(record.facts!.last_affected).map(([, version, branch]) => `${branch}|${version}`)).toEqual([
      '11.2|11.2.0.4',
      '12.1|12.1.0.2',
      '12.2|12.2.0.1',
      '18c|18c',
    ]);
    expect(record.facts!.fix_stated).toBe(true);
    expect(record.explanation!.fix).toContain(
      'NVD lists 18c for the 18c line, 12.2.0.1 for the 12.2.x line, 12.1.0.2 for the 12.1.x line and 11.2.0.4 for the 11.2.x line as the newest affected versions of Oracle Database Server; update past the one for your release line.',
    );
  });
});

describe('last_affected', () => {
  it('the description\'s newest affected version covers a configuration\'s at or below it on any platform ("3.0.5 and earlier" beside 3.0.4 and 3.0.5 for Joomla!)', () => {
    const facts = factsOf(
      'PHP remote file inclusion in the Security Images component 3.0.5 and earlier for Joomla! allows remote attackers to execute arbitrary code.',
      [
        and(
          [{ criteria: cpe('waltercedric:com_securityimages', '3.0.5') }, { criteria: cpe('waltercedric:com_securityimages'), versionEndIncluding: '3.0.4' }],
          [{ criteria: 'cpe:2.3:a:joomla:joomla\\!:-:*:*:*:*:*:*:*' }],
        ),
      ],
    );
    expect(fixed(facts.last_affected)).toEqual([['waltercedric:com_securityimages', '3.0.5', null, null, 'description']]);
  });

  it('"X and earlier", "through X", versionEndIncluding, and the highest version listed one by one', () => {
    expect(fixed(factsOf('Acme Widget 1.5.3 and earlier allows XSS.', [or({ criteria: cpe('acme:widget', '1.5.2') })]).last_affected)).toEqual([
      ['acme:widget', '1.5.3', null, null, 'description'],
    ]);
    expect(factsOf('Moodle through 2.6.11 allows XSS.').last_affected.map((l) => l.version)).toEqual(['2.6.11']);
    expect(fixed(factsOf('A flaw in Acme Widget.', [or({ criteria: cpe('acme:widget'), versionEndIncluding: '3.0' })]).last_affected)).toEqual([
      ['acme:widget', '3.0', null, null, 'configuration'],
    ]);
    expect(
      factsOf('A flaw in Acme Widget.', [
        or({ criteria: cpe('acme:widget', '1.9') }, { criteria: cpe('acme:widget', '1.10') }, { criteria: cpe('acme:widget', '1.2') }),
      ]).last_affected.map((l) => l.version),
    ).toEqual(['1.10']);
  });
});

describe('fix_stated', () => {
  it('a Patch or the vendor\'s Vendor Advisory reference, or "fixed in"/"update"/"patch" in the description', () => {
    expect(factsOf('A flaw in Acme Widget.', [], [{ url: 'https://acme.example/patch/1', tags: ['Patch'] }]).fix_stated).toBe(true);
    expect(factsOf('A flaw in Acme Widget.', [], [{ url: 'https://acme.example/advisory/1', tags: ['Vendor Advisory'] }]).fix_stated).toBe(true);
    expect(factsOf('A flaw in Acme Widget; the vendor released a patch.').fix_stated).toBe(true);
    expect(factsOf('A flaw in Acme Widget 1.0 and earlier.').fix_stated).toBe(false);
  });

  it('a third party\'s page that NVD tagged "Vendor Advisory" (Secunia, 2008) states no fix', () => {
    expect(factsOf('A flaw in Acme Widget 1.0 and earlier.', [], [{ url: 'http://secunia.com/advisories/30211', tags: ['Vendor Advisory'] }]).fix_stated).toBe(
      false,
    );
  });
});

describe('the fix text from the facts', () => {
  it('names each fixed version per product, line and platform', () => {
    const fix = recordOf(
      'Adobe Reader before 18.0.0.203 on Windows and before 11.2.202.481 on Linux, and Adobe AIR before 18.0.0.180 allow attackers to run code.',
      [
        and([{ criteria: cpe('adobe:reader'), versionEndIncluding: '18.0.0.194' }], [{ criteria: os('microsoft:windows') }]),
        and([{ criteria: cpe('adobe:reader'), versionEndIncluding: '11.2.202.468' }], [{ criteria: os('linux:linux_kernel') }]),
        or({ criteria: cpe('adobe:air'), versionEndIncluding: '18.0.0.144' }),
      ],
    ).explanation!.fix;
    expect(fix).toContain('18.0.0.203 for the 18.0.x line on Windows');
    expect(fix).toContain('11.2.202.481 for the 11.2.x line on Linux');
    expect(fix).toContain('Update Adobe Air to version 18.0.0.180 or later');
  });

  it('with no fixed version: "NVD lists X as the newest affected version; update past it", never a version at or below it', () => {
    const record = recordOf('Acme Widget 2.45.0 and earlier allows code execution via a crafted file.', [
      or({ criteria: cpe('acme:widget'), versionEndIncluding: '2.45.0' }),
    ]);
    expect(record.explanation!.fix).toContain('NVD lists 2.45.0 as the newest affected version of Acme Widget; update past it.');
    expect(record.explanation!.fix).not.toMatch(/Update .* to version/);
  });

  it('a fix the description states but the configuration lists as affected is no version to move to, and the text says the record disagrees with itself', () => {
    const record = recordOf('phpMyBackupPro before 2.5 allows remote authenticated users to execute arbitrary PHP code.', [
      or({ criteria: cpe('phpmybackuppro:phpmybackuppro'), versionEndIncluding: '2.5' }),
    ]);
    expect(record.facts!.fixed_in.map((f) => `${f.version}|${f.source}`)).toEqual(['2.5|description']);
    expect(record.explanation!.fix).toContain(
      "NVD lists 2.5 as the newest affected version of phpMyBackupPro; update past it. The description gives 2.5 as fixed, but NVD's configuration lists 2.5 as affected: check the vendor's release notes before relying on it.",
    );
    // A described version another product keeps as its fix disputes nothing.
    const other = recordOf('Acme Widget before 2.5 and Acme Gadget 2.5 allow XSS.', [
      or({ criteria: cpe('acme:widget'), versionEndExcluding: '2.5' }, { criteria: cpe('acme:gadget', '2.5') }),
    ]);
    expect(other.explanation!.fix).not.toContain('The description gives');
  });

  it('speaks first of the product the description names, even where only products that ship it have a fixed version', () => {
    const record = recordOf(
      'GNU Bash through 4.3 processes trailing strings after function definitions, which allows remote attackers to execute arbitrary code.',
      [
        or({ criteria: cpe('gnu:bash'), versionEndIncluding: '4.3' }),
        ...['one', 'two', 'three', 'four'].map((name) => or({ criteria: cpe(`acme:appliance_${name}`), versionEndExcluding: '2.0' })),
      ],
    );
    expect(record.explanation!.fix).toMatch(
      /^NVD lists 4\.3 as the newest affected version of GNU Bash; update past it\. Update Acme Appliance One to version 2\.0 or later\./,
    );
  });

  it('a distribution listed beside the upstream product is "also shipped in", never a version to update to or past', () => {
    const distro = (vendorProduct: string, version: string) => ({ criteria: `cpe:2.3:o:${vendorProduct}:${version}:*:*:*:*:*:*:*` });
    const record = recordOf('In Apache SpamAssassin before 3.4.3, nefarious CF files can be configured to run system commands.', [
      or({ criteria: cpe('apache:spamassassin'), versionEndExcluding: '3.4.3' }),
      or(
        distro('debian:debian_linux', '8.0'),
        distro('debian:debian_linux', '9.0'),
        distro('debian:debian_linux', '10.0'),
        distro('canonical:ubuntu_linux', '18.04'),
      ),
    ]);
    // The facts keep what the record lists; the text never offers a release as a version to move past.
    expect(fixed(record.facts!.last_affected)).toEqual([
      ['debian:debian_linux', '10.0', null, null, 'configuration'],
      ['canonical:ubuntu_linux', '18.04', null, null, 'configuration'],
    ]);
    expect(fixed(record.facts!.fixed_in)).toEqual([['apache:spamassassin', '3.4.3', null, null, 'description']]);
    const { affected, fix } = record.explanation!;
    expect(affected).toContain(
      "Also shipped in Debian Linux (10.0, 9.0 and 8.0) and Canonical Ubuntu Linux (18.04): check each distribution's security advisory for its fixed package.",
    );
    expect(affected).not.toMatch(/you use [^.]*Debian/);
    expect(fix).toContain("Debian Linux and Canonical Ubuntu Linux also ship it: there, install the distribution's own security update for the package");
    expect(fix).not.toMatch(/10\.0|18\.04/);
    // A record of distributions alone (their own packaging) keeps their releases.
    const own = recordOf('The Debian postinst script of the foo package allows local users to gain privileges.', [or(distro('debian:debian_linux', '9.0'))]);
    expect(fixed(own.facts!.last_affected)).toEqual([['debian:debian_linux', '9.0', null, null, 'configuration']]);
  });

  it('a fix stated without a version points at the vendor advisory and never says no fix is listed', () => {
    const record = recordOf(
      'Unspecified vulnerability in Oracle Siebel CRM 8.1.1 and 8.2.2 allows remote attackers to affect integrity.',
      [or({ criteria: cpe('oracle:siebel_crm', '8.2.2') })],
      [{ url: 'https://www.oracle.com/security-alerts/cpujan2015.html', tags: ['Vendor Advisory'] }],
    );
    expect(record.facts!.fix_stated).toBe(true);
    // Oracle's advisory is its Critical Patch Update, named as such (`shared/ingest/facts/oracle-cpu.ts`).
    expect(record.explanation!.fix).toContain("Apply Oracle's January 2015 Critical Patch Update");
    expect(record.explanation!.fix).not.toMatch(/no fix(ed version)?( or patch)? is listed/i);
  });

  it('an opt-in fix (CVE-2013-3900) is switched on in the text and is a workaround, not "available"', () => {
    const description =
      'The WinVerifyTrust function handles signatures badly. This behavior remains available as an opt-in feature via reg key setting; however, the reg key must be set. Clarifications about how to configure the EnableCertPaddingCheck registry value follow.';
    expect(readFixSteps(description)).toEqual({ optIn: true, setting: 'EnableCertPaddingCheck', replaceKeys: false });
    const record = recordOf(
      description,
      [or({ criteria: 'cpe:2.3:o:microsoft:windows_10:-:*:*:*:*:*:*:*' })],
      [{ url: 'https://msrc.microsoft.com/update-guide/vulnerability/CVE-2013-3900', tags: ['Patch', 'Vendor Advisory'] }],
    );
    expect(record.patch?.status).toBe('workaround_only');
    expect(record.explanation!.fix).toContain('set the EnableCertPaddingCheck value');
  });

  it('an opt-in fix in a record that lists no product, with the fixed version in its description, is partial (a version to install, then a setting)', () => {
    const record = recordOf(
      'Acme Shop is an open source e-commerce platform. Prior to 6.6.10.3 or 6.5.8.17, the default settings let anyone sign others up. This behavior remains available as an opt-in feature via a setting; however, the setting must be enabled.',
    );
    expect(record.facts!.fixed_in.map((f) => f.version)).toEqual(['6.6.10.3', '6.5.8.17']);
    expect(readFixSteps(record.description).optIn).toBe(true);
    expect(record.patch?.status).toBe('partial');
  });

  it('a leak of process memory that holds private keys (Heartbleed) says to replace keys and certificates after updating', () => {
    const record = recordOf(
      'The TLS implementation in OpenSSL 1.0.1 before 1.0.1g does not properly handle Heartbeat Extension packets, which allows remote attackers to obtain sensitive information from process memory via crafted packets that trigger a buffer over-read, as demonstrated by reading private keys, aka the Heartbleed bug.',
      [or({ criteria: cpe('openssl:openssl'), versionStartIncluding: '1.0.1', versionEndExcluding: '1.0.1g' })],
    );
    expect(record.explanation!.fix).toContain('Update OpenSSL to version 1.0.1g or later');
    expect(record.explanation!.fix).toContain('replace the private keys and certificates');
    expect(record.patch?.status).toBe('available');
  });
});

describe('the fix text names versions and platforms as people write them', () => {
  const fact = (version: string, platform: string | null): VersionFact => ({ product: 'gnu:bash', version, branch: null, platform, source: 'configuration' });
  const text = (last: VersionFact[]) =>
    fixFactSentences(
      { fixed_in: [], last_affected: last, fix_stated: false, advisoryHosts: [], patchLinks: false, steps: { optIn: false, replaceKeys: false } },
      () => 'GNU Bash',
    ).join(' ');

  it('a one-letter CPE update is part of the release ("2.05 a" is 2.05a, CVE-1999-0491); the facts keep the record\'s form', () => {
    expect(text([fact('2.05 a', null), fact('2.04', null)])).toBe(
      'NVD lists 2.05a and 2.04 as the newest affected versions of GNU Bash; update past the one for your release line.',
    );
    expect(text([fact('1.0.1 update 27', null)])).toBe('NVD lists 1.0.1 update 27 as the newest affected version of GNU Bash; update past it.');
    // CVE-2004-1371: a version that is a CPE token of words is not shown as one; other underscores stay.
    expect(text([fact('9i_application_server', null)])).toBe('NVD lists 9i application server as the newest affected version of GNU Bash; update past it.');
    expect(text([fact('1.2_08', null)])).toBe('NVD lists 1.2_08 as the newest affected version of GNU Bash; update past it.');
    // SAP's kernel component and release (CVE-2021-27628) are two words; "el9_4" stays one.
    expect(text([fact('krnl64uc_8.04', null)])).toBe('NVD lists krnl64uc 8.04 as the newest affected version of GNU Bash; update past it.');
    expect(text([fact('el9_4', null)])).toBe('NVD lists el9_4 as the newest affected version of GNU Bash; update past it.');
  });

  it('names a platform people know, never a CPE token of the device the product runs on ("dir-859 a3")', () => {
    expect(text([fact('1.06', 'dir-859 a3')])).toBe('NVD lists 1.06 as the newest affected version of GNU Bash; update past it.');
    expect(text([fact('5.0', 'android'), fact('4.0', 'windows')])).toBe(
      'NVD lists 5.0 on Android and 4.0 on Windows as the newest affected versions of GNU Bash; update past the one for your release line.',
    );
  });
});

describe('fix rules mended against a second, blind reading (h27-fixes)', () => {
  it('fixes of one product on one line that differ by platform get no line, and no platform is said to lack its fix', () => {
    const record = recordOf(
      'Adobe AIR before 18.0.0.144 on Windows and before 18.0.0.143 on OS X and Android allows remote attackers to bypass the Same Origin Policy.',
      [and([{ criteria: cpe('adobe:air'), versionEndIncluding: '17.0.0.172' }], [{ criteria: os('microsoft:windows') }, { criteria: os('apple:mac_os_x') }])],
    );
    expect(fixed(record.facts!.fixed_in)).toEqual([
      ['adobe:air', '18.0.0.144', null, 'windows', 'description'],
      ['adobe:air', '18.0.0.143', null, 'os x', 'description'],
      ['adobe:air', '18.0.0.143', null, 'android', 'description'],
    ]);
    expect(record.explanation!.fix).not.toMatch(/No fixed version is stated/);
  });

  it('a version listed one by one below a range end of its line is not a newest affected version ("6 update 9" beside "through 6 update 10")', () => {
    const facts = factsOf('Apple CUPS allows remote attackers to bypass intended policy.', [
      or({ criteria: cpe('apple:cups'), versionEndIncluding: '1.3.7' }, { criteria: cpe('apple:cups', '1.3.6') }, { criteria: cpe('apple:cups', '1.2.0') }),
    ]);
    expect(facts.last_affected.map((l) => l.version)).toEqual(['1.3.7']);
    const jre = factsOf('Sun JRE allows untrusted applications to connect to other hosts.', [
      or({ criteria: cpe('sun:jre', '*', 'update_10'), versionEndIncluding: '6' }, { criteria: cpe('sun:jre', '6', 'update_9') }),
    ]);
    expect(jre.last_affected.map((l) => l.version)).not.toContain('6 update 9');
  });

  it('"update" inside a path or as a release step states no fix; the word on its own does', () => {
    expect(factsOf('Codezips Online Shopping Portal 1.0 allows unrestricted upload via /update-image1.php.').fix_stated).toBe(false);
    expect(factsOf('Sun JRE 6 Update 10 and earlier allows remote attackers to bypass restrictions.').fix_stated).toBe(false);
    expect(factsOf('Acme Widget 2.0 allows XSS. Users should apply the update.').fix_stated).toBe(true);
  });

  it('software NVD lists with no version ("-") keeps the description\'s fix; a hardware device does not', () => {
    const facts = factsOf(
      'Untrusted search path vulnerability in HIBUN Confidential File Decryption program prior to 10.50.0.5 allows an attacker to gain privileges.',
      [or({ criteria: cpe('hitachi-solutions:confidential_file_decryption', '-') })],
    );
    expect(fixed(facts.fixed_in)).toEqual([['hitachi-solutions:confidential_file_decryption', '10.50.0.5', null, null, 'description']]);
    const device = factsOf('Acme Router devices before 2.1 allow remote attackers to reboot them.', [
      or({ criteria: 'cpe:2.3:h:acme:router:-:*:*:*:*:*:*:*' }),
    ]);
    expect(device.fixed_in).toEqual([]);
    // Beside a product with versions, an unversioned one's fix could not be checked against the record: not said.
    const mixed = factsOf('Acme Viewer prior to 2.0 and Acme Server 3.1 allow XSS.', [
      or({ criteria: cpe('acme:viewer', '-') }, { criteria: cpe('acme:server', '3.1') }),
    ]);
    expect(mixed.fixed_in.map((f) => f.product)).not.toContain('acme:viewer');
  });

  it('Citrix\'s rolling patch is a step of its release: "10.8 before RP2 and 10.7 before RP3"', () => {
    const text = 'There are Open Redirect Vulnerabilities in Citrix XenMobile Server 10.8 before RP2 and 10.7 before RP3.';
    expect(describedVersions(text).fixed.map((f) => `${f.line}|${f.version}`)).toEqual(['10.8|10.8 RP2', '10.7|10.7 RP3']);
    const facts = factsOf(text, [
      or({ criteria: cpe('citrix:xenmobile_server', '10.8') }, { criteria: cpe('citrix:xenmobile_server', '10.8', 'rp1') }),
      or({ criteria: cpe('citrix:xenmobile_server', '10.7', 'rp2') }, { criteria: cpe('citrix:xenmobile_server', '10.7') }),
    ]);
    expect(fixed(facts.fixed_in)).toEqual([
      ['citrix:xenmobile_server', '10.8 RP2', '10.8', null, 'description'],
      ['citrix:xenmobile_server', '10.7 RP3', '10.7', null, 'description'],
    ]);
  });

  it.each([
    'In Android before 2018-04-05 or earlier security patch level on Qualcomm Snapdragon Mobile SD 400, userspace-provided pointer arguments are not validated.',
    'In Android before security patch level 2018-04-05 on Qualcomm Snapdragon Mobile SD 400, userspace-provided pointer arguments are not validated.',
  ])('an Android security patch level fixes the chips listed with no version: %s', (description) => {
    const record = recordOf(description, [and([{ criteria: os('qualcomm:sd_400_firmware') }], [{ criteria: 'cpe:2.3:h:qualcomm:sd_400:-:*:*:*:*:*:*:*' }])]);
    expect(fixed(record.facts!.fixed_in)).toEqual([['google:android', '2018-04-05', null, null, 'description']]);
    expect(record.explanation!.fix).toContain('Update Google Android to security patch level 2018-04-05 or later');
    expect(record.patch?.status).toBe('available');
  });

  it('an Android patch level is not said beside a product with versions the record lists (it could not be checked against them)', () => {
    const facts = factsOf('In Android before 2018-04-05 or earlier security patch level on Acme Modem, pointers are not validated.', [
      or({ criteria: cpe('acme:modem', '3.1') }),
    ]);
    expect(facts.fixed_in.map((f) => f.product)).not.toContain('google:android');
  });

  it('a described fix of the one product NVD lists in every version is named, with the disagreement said', () => {
    const record = recordOf('Cross-site scripting (XSS) vulnerability in wp-admin/wp-blogs.php in Wordpress MU (WPMU) before 2.6 allows XSS.', [
      or({ criteria: cpe('wordpress:wordpress_mu') }, { criteria: cpe('wordpress:wordpress_mu', '1.3.1') }),
    ]);
    expect(record.facts!.fixed_in).toEqual([]);
    expect(record.explanation!.fix).toContain("The description gives 2.6 as fixed, but NVD's configuration lists every version of");
    expect(record.explanation!.fix).not.toMatch(/a fix or update is available/);
  });
});

describe('a record with no configuration names its product in Patchstack\'s template ("This issue affects X: from n/a through Y")', () => {
  it('"from n/a through Y": the product as written, its vendor, Y as the newest affected version and no fix', () => {
    const record = recordOf(
      'Cross-Site Request Forgery (CSRF) vulnerability in Stylemix Pearl allows Cross Site Request Forgery. This issue affects Pearl: from n/a through 1.3.9.',
    );
    const facts = record.facts!;
    expect(facts.products.map((p) => [p.product, p.name])).toEqual([['stylemix:pearl', 'Stylemix Pearl']]);
    expect(fixed(facts.last_affected)).toEqual([['stylemix:pearl', '1.3.9', null, null, 'description']]);
    expect(facts.fixed_in).toEqual([]);
    expect(record.explanation!.affected).toContain('Stylemix Pearl (versions up to and including 1.3.9)');
    expect(record.explanation!.fix).toBe('NVD lists 1.3.9 as the newest affected version of Stylemix Pearl; update past it.');
  });

  it('a vendor written as a user name ("afzal_du") is left out of the name people see', () => {
    const record = recordOf(
      "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting') vulnerability in acme_du Reactive Calculator allows Stored XSS. This issue affects Reactive Calculator: from n/a through 1.1.",
    );
    expect(record.facts!.products.map((p) => p.name)).toEqual(['Reactive Calculator']);
    for (const text of [record.title, record.explanation!.summary, record.explanation!.affected, record.explanation!.fix])
      expect(text).not.toContain('acme_du');
  });

  it('a product written as its slug ("wp_amaps") is shown with spaces', () => {
    const record = recordOf('Cross-site Scripting vulnerability in Rccoder wp_amaps allows Stored XSS. This issue affects wp_amaps: from n/a through 1.7.');
    expect(record.facts!.products.map((p) => p.name)).toEqual(['Rccoder wp amaps']);
    expect(record.explanation!.fix).toBe('NVD lists 1.7 as the newest affected version of Rccoder wp amaps; update past it.');
  });

  it('"before Y" (and "before <Y") is a fix of that product', () => {
    const facts = factsOf(
      'Out-of-bounds Write vulnerability in radareorg radare2 allows heap-based buffer overflow.This issue affects radare2: before <5.9.9.',
    );
    expect(fixed(facts.fixed_in)).toEqual([['radareorg:radare2', '5.9.9', null, null, 'description']]);
  });

  it('"up to and including Y" after a start, and a second product after a semicolon, are read as written', () => {
    const facts = factsOf(
      'Improper Input Validation vulnerability in WatchGuard Fireware OS allows XSS.This issue affects Fireware OS: from 12.0 up to and including 12.11.',
    );
    expect(facts.last_affected.map((l) => [l.product, l.version])).toEqual([['watchguard:fireware_os', '12.11']]);
  });

  it('no version, or a sentence that names no product ("affects some unknown processing"), gives no product', () => {
    expect(
      factsOf('A flaw in Acme Shop. This issue affects some unknown processing of the file /admin/edit.php. The manipulation leads to XSS.').products,
    ).toEqual([]);
    expect(factsOf('XSS vulnerability in Acme Gallery allows Stored XSS.This issue affects Gallery: from n/a through n/a.').products).toEqual([]);
  });
});

describe('editions are not versions to move past (Word 2004, Windows Server 2012 R2)', () => {
  const bulletin = { url: 'https://docs.microsoft.com/en-us/security-updates/securitybulletins/2006/ms06-060', tags: [] };

  it('a year edition is named as affected with the vendor\'s update for it, never "update past 2004"; an untagged bulletin states the fix', () => {
    const record = recordOf(
      'Unspecified vulnerability in Microsoft Word 2004 for Mac allows remote user-assisted attackers to execute arbitrary code.',
      [or({ criteria: cpe('microsoft:word', '2004') })],
      [bulletin],
    );
    const fix = record.explanation!.fix;
    expect(fix).not.toMatch(/update past/);
    expect(fix).toContain("NVD lists Microsoft Word 2004 as affected: install the vendor's security update for that edition");
    expect(fix).toContain("Microsoft's security bulletin MS06-060 has the update");
    expect(record.facts!.fix_stated).toBe(true);
    expect(record.patch?.status).toBe('available');
  });

  it('Windows\' edition tokens ("r2", "r2 sp1") are no newest affected version; a cumulative update still is', () => {
    const facts = factsOf('The kernel in Microsoft Windows Server 2012 Gold and R2 allows local users to bypass permissions.', [
      or(
        { criteria: 'cpe:2.3:o:microsoft:windows_server_2012:-:*:*:*:*:*:*:*' },
        { criteria: 'cpe:2.3:o:microsoft:windows_server_2012:r2:*:*:*:*:*:*:*' },
        { criteria: 'cpe:2.3:o:microsoft:windows_server_2008:r2:sp1:*:*:*:*:*:*' },
      ),
    ]);
    expect(facts.last_affected).toEqual([]);
    const exchange = recordOf('Microsoft Exchange Server 2016 allows XSS.', [
      or({ criteria: cpe('microsoft:exchange_server', '2016', 'cumulative_update_9') }),
    ]);
    expect(exchange.explanation!.fix).toContain('NVD lists 2016 cumulative update 9 as the newest affected version of');
  });
});

describe('one fix for a span of release lines ("19.x and 20.x before 20.0.0.228")', () => {
  it('reads the span as one line and gives the fix to every line of it', () => {
    const read = (text: string) => describedVersions(text).fixed.map((f) => `${f.line ?? ''}|${f.version}`);
    expect(read('Adobe Flash Player before 18.0.0.268 and 19.x and 20.x before 20.0.0.228 on Windows allows it.')).toEqual(['|18.0.0.268', '19-20|20.0.0.228']);
    expect(read('Adobe Flash Player 14.x through 18.x before 18.0.0.160 allows it.')).toEqual(['14-18|18.0.0.160']);
    // A span of dotted lines keeps the line the version is on.
    expect(read('Acme 1.19.x and 1.20.x before 1.20.3 allows it.')).toEqual(['1.20|1.20.3']);
  });

  it('the text names the span, and no line of it is said to lack a fix', () => {
    const record = recordOf(
      'Use-after-free in Adobe Flash Player before 18.0.0.268 and 19.x and 20.x before 20.0.0.228 allows attackers to execute arbitrary code.',
      [
        or(
          { criteria: cpe('adobe:flash_player'), versionEndIncluding: '18.0.0.261' },
          { criteria: cpe('adobe:flash_player', '19.0.0.245') },
          { criteria: cpe('adobe:flash_player', '20.0.0.204') },
        ),
      ],
    );
    expect(fixed(record.facts!.fixed_in)).toEqual([
      ['adobe:flash_player', '18.0.0.268', '18.0', null, 'description'],
      ['adobe:flash_player', '20.0.0.228', '19-20', null, 'description'],
    ]);
    expect(record.explanation!.fix).toContain('20.0.0.228 for the 19.x to 20.x lines');
    expect(record.explanation!.fix).not.toMatch(/No fixed version is stated/);
  });
});

describe('a record that lists distributions only', () => {
  it('names the release as affected and sends users to the distribution\'s update, never "update past 21.10"', () => {
    const fix = recordOf("apport's read_file() follows symbolic links, which could expose private data to local users.", [
      or({ criteria: 'cpe:2.3:o:canonical:ubuntu_linux:21.10:*:*:*:*:*:*:*' }, { criteria: 'cpe:2.3:o:canonical:ubuntu_linux:20.04:*:*:*:lts:*:*:*' }),
    ]).explanation!.fix;
    expect(fix).not.toMatch(/update past/);
    expect(fix).toContain("21.10 as affected: install the distribution's security update for the affected package");
  });

  it('the CVE 5 "ubuntu:ubuntu" beside an upstream product is a distribution too', () => {
    const fix = recordOf('Xen 3.3.x through 4.5.x does not restrict access to PCI command registers.', [
      or({ criteria: cpe('xen:xen'), versionEndIncluding: '4.5' }),
      or({ criteria: 'cpe:2.3:o:ubuntu:ubuntu:12.04:*:*:*:*:*:*:*' }),
    ]).explanation!.fix;
    expect(fix).not.toMatch(/12\.04/);
    expect(fix).toContain('also ships it');
  });
});

describe('a record that lists no product: the product the description is about', () => {
  const description =
    'Element X Android is a Matrix Android Client provided by element.io. Prior to version 25.04.2, a crafted hyperlink on a webpage, or a locally installed malicious app, can force Element X up to version 25.04.1 to load a webpage. This issue has been patched in version 25.04.2.';

  it('gets the fix its sentences state, by the name the description gives it (CVE-2025-27599)', () => {
    const record = recordOf(description);
    expect(fixed(record.facts!.fixed_in)).toEqual([['element:x_android', '25.04.2', null, null, 'description']]);
    expect(fixed(record.facts!.last_affected)).toEqual([['element:x_android', '25.04.1', null, null, 'description']]);
    expect(record.explanation!.fix).toBe('Update Element X Android to version 25.04.2 or later (the fixed version comes from the description).');
    expect(record.explanation!.affected).toContain('Element X Android (versions before 25.04.2, as the description states)');
  });

  it('a lower-case word before a capitalised name is not part of it ("can force Element X")', () => {
    const facts = factsOf('A crafted link can force Acme Viewer up to version 3.1 to load a page.');
    expect(facts.last_affected.map((l) => l.product)).toEqual(['acme:viewer']);
  });
});

describe("Oracle's affected versions listed line by line", () => {
  it('"Java SE: 7u231, 8u221, 11.0.4 and 13": the newest listed version of each line, not 13 for all', () => {
    const record = recordOf(
      'Vulnerability in the Java SE product of Oracle Java SE (component: Networking). Supported versions that are affected are Java SE: 7u231, 8u221, 11.0.4 and 13. Difficult to exploit vulnerability allows unauthenticated attacker to compromise Java SE.',
      [
        or(
          { criteria: cpe('oracle:jdk', '1.7.0', 'update_231') },
          { criteria: cpe('oracle:jdk', '1.8.0', 'update_221') },
          { criteria: cpe('oracle:jdk', '11.0.4') },
          { criteria: cpe('oracle:jdk', '13.0.0') },
        ),
      ],
    );
    expect(record.facts!.last_affected.map((l) => [l.version, l.branch])).toEqual([
      ['1.7.0 update 231', '1.7'],
      ['1.8.0 update 221', '1.8'],
      ['11.0.4', '11.0'],
      ['13.0.0', '13.0'],
    ]);
    expect(record.explanation!.fix).toContain('update past the one for your release line');
  });
});

describe('a record that names no listed product but states its fix', () => {
  it('GitHub\'s "Dpanel is a Docker visualization panel system …": the product it is about gets the fix', () => {
    const record = recordOf(
      'Dpanel is a Docker visualization panel system which provides complete Docker management functions. The Dpanel service contains a hardcoded JWT secret. This issue is patched in version 1.6.1.',
    );
    expect(fixed(record.facts!.fixed_in)).toEqual([['dpanel:dpanel', '1.6.1', null, null, 'description']]);
    expect(record.explanation!.fix).toBe('Update Dpanel to version 1.6.1 or later (the fixed version comes from the description).');
  });

  it('no product to give it to: the text still names the version the description states', () => {
    const fix = recordOf(
      'An improper input validation vulnerability was discovered in the NTP server configuration field of the Network-M2 card. The vulnerability has been resolved in the version 3.0.4.',
    ).explanation!.fix;
    expect(fix).toBe('The description says version 3.0.4 fixes it: update to 3.0.4 or later.');
  });
});
