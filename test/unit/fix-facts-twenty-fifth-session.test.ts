/**
 * Fix facts of the twenty-fifth session, each beside a neighbour it must leave alone: Symantec's release updates,
 * maintenance packs and decimal hotfixes ("12.1 RU6 MP5", "6.0.5 HF 1.5": "12.1" had stood for the fix, a version NVD
 * lists as vulnerable), Citrix's decimal builds ("10.5 Build 56.15", read "Build 56"), a service pack before its patch
 * ("8.2 SP1 before Patch 32"), and a firmware named by its device's last word ("CBEH versions prior to …", Fatek).
 */
import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../shared/domain/cpe/version-compare.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const fixedOf = (text: string) => describedVersions(text).fixed.map((f) => `${f.version}${f.line === undefined ? '' : ` (${f.line})`}`);
const lastOf = (text: string) => describedVersions(text).lastAffected.map((l) => l.version);
const fixesOf = (r: ReturnType<typeof derivedFixture>) => r.facts!.fixed_in.map((f) => `${f.product.split(':')[1]} ${f.version}`).sort();

describe("Symantec's release updates and maintenance packs (CVE-2016-2211 and 40 more)", () => {
  it('reads "before 12.1 RU6 MP5" whole, for SEP and for SEP for Linux', () => {
    expect(fixedOf('Symantec Endpoint Protection (SEP) before 12.1 RU6 MP5; Symantec Endpoint Protection (SEP) for Linux before 12.1 RU6 MP5;')).toEqual([
      '12.1 RU6 MP5',
      '12.1 RU6 MP5',
    ]);
  });

  it('reads a whole release\'s update ("prior to 14 RU1 MP1 or 12.1 RU6 MP10"), a lettered pack and a newest affected one', () => {
    expect(fixedOf('Symantec Endpoint Protection prior to 14 RU1 MP1 or 12.1 RU6 MP10 may be susceptible')).toEqual(['14 RU1 MP1', '12.1 RU6 MP10']);
    expect(fixedOf('Small Business Edition, prior to 12.1 RU6 MP10c (12.1.7491.7002), may be')).toEqual(['12.1 RU6 MP10c']);
    expect(lastOf('SEP (Mac client) prior to and including 12.1 RU6 MP9 and prior to 14.2 RU1 may be')).toEqual(['12.1 RU6 MP9']);
  });

  it('reads decimal hotfixes whole ("6.0.5 HF 1.5", "7.5_3966008 VHF1.2", "6.0.6 before HF 1.6")', () => {
    expect(
      fixedOf(
        'Symantec Protection for SharePoint Servers (SPSS) 6.0.3 through 6.0.5 before 6.0.5 HF 1.5 and 6.0.6 before HF 1.6; Symantec Mail Security for Microsoft Exchange (SMSMSE) before 7.0_3966002 HF1.1 and 7.5.x before 7.5_3966008 VHF1.2;',
      ),
    ).toEqual(['6.0.5 HF 1.5', '6.0.6 HF 1.6 (6.0.6)', '7.0_3966002 HF1.1', '7.5_3966008 VHF1.2 (7.5)']);
  });

  it('leaves a bare release before a date or a count, and "before 5 and 6"', () => {
    expect(fixedOf('Foo before 5 March 2010 allows attackers')).toEqual([]);
    expect(fixedOf('Foo before 14 days allows attackers')).toEqual([]);
  });

  it("orders a release update as the release's third number, as NVD writes it both ways", () => {
    expect(compareVersions('12.1 RU6 MP5', '12.1.6 mp4')).toBeGreaterThan(0);
    expect(compareVersions('12.1 RU6 MP5', '12.1 ru6-mp5')).toBe(0);
    expect(compareVersions('14 RU1 MP1', '14.0 ru1mp1')).toBe(0);
    // 14.0 MP1 came before 14 RU1, which came before 14.0.2.
    expect(compareVersions('14 RU1', '14.0 mp1')).toBeGreaterThan(0);
    expect(compareVersions('14 RU1', '14.0.2')).toBeLessThan(0);
    // A version with no release update is compared as before.
    expect(compareVersions('2.0 update 1', '2.0.1')).toBeLessThan(0);
  });

  it('names 12.1 RU6 MP5 as the fix where NVD lists 12.1.6 mp4 as vulnerable, not "12.1"', () => {
    const record = derivedFixture(
      'Directory traversal vulnerability in Symantec Endpoint Protection Manager (SEPM) 12.1 before RU6 MP5 allows remote authenticated users to read arbitrary files.',
      [orNode({ criteria: 'cpe:2.3:a:symantec:endpoint_protection_manager:*:*:*:*:*:*:*:*', versionEndIncluding: '12.1.6:mp4' })],
    );
    expect(fixesOf(record)).toEqual(['endpoint_protection_manager 12.1 RU6 MP5']);
    expect(record.explanation!.fix).toContain('Update Symantec Endpoint Protection Manager');
    expect(record.explanation!.fix).not.toContain('does not confirm');
  });
});

describe('steps numbered by a decimal (Citrix, Trend Micro, Mercury)', () => {
  it('keeps "10.5 before Build 56.15" and "7.3 before build 7.3.0.1087" whole', () => {
    expect(fixedOf('Citrix NetScaler Gateway 10.1 before 10.1.132.8, 10.5 before Build 56.15, and 10.5.e before Build 56.1505.e allows')).toEqual([
      '10.1.132.8',
      '10.5 Build 56.15 (10.5)',
    ]);
    expect(fixedOf('Trend Micro OfficeScan 7.3 before build 7.3.0.1087 allows')).toEqual(['7.3 build 7.3.0.1087 (7.3)']);
  });

  it('keeps a service pack before its patch ("8.2 SP1 before Patch 32") on the 8.2 line, and lists no cut "8.2"', () => {
    expect(fixedOf('Mercury Quality Center 9.0 before Patch 12.1, and 8.2 SP1 before Patch 32, allows')).toEqual([
      '9.0 Patch 12.1 (9.0)',
      '8.2 SP1 Patch 32 (8.2)',
    ]);
  });

  it('reads no version out of a span of builds ("before 10.5 Build 53.9 through 55.8")', () => {
    expect(lastOf('Citrix NetScaler Gateway before 10.5 Build 53.9 through 55.8 and 10.5.e Build 53-9010.e allow')).toEqual([]);
    expect(lastOf('Foo 1.2 through 1.4 allows')).toEqual(['1.4']);
  });

  it('reads a line\'s step "10.0 through Build 78.6" whole', () => {
    expect(lastOf('firmware 9.x before 9.3 Build 68.5, 10.0 through Build 78.6, 10.1 before Build 130.13')).toEqual(['10.0 Build 78.6']);
  });
});

describe("a firmware named by its device's last word (Fatek's CBEH, CVE-2017-6023)", () => {
  const firmware = (model: string) => ({
    criteria: `cpe:2.3:o:fatek:ethernet_module_configuration_tool_${model}_firmware:*:*:*:*:*:*:*:*`,
    versionEndIncluding: '3.5',
  });

  it('places "CBEH versions prior to V3.6 Build 170215" on `…_cbeh_firmware`, each model its own', () => {
    const record = derivedFixture(
      'An issue was discovered in Fatek Automation PLC Ethernet Module. The affected Ether_cfg software configuration tool runs on the following Fatek PLCs: CBEH versions prior to V3.6 Build 170215, CBE versions prior to V3.6 Build 170215. A stack-based buffer overflow vulnerability has been identified.',
      [orNode(firmware('cbeh'), firmware('cbe'))],
    );
    expect(fixesOf(record)).toEqual([
      'ethernet_module_configuration_tool_cbe_firmware V3.6 Build 170215',
      'ethernet_module_configuration_tool_cbeh_firmware V3.6 Build 170215',
    ]);
  });

  it("gives a device's last word to the product named by it alone (Huawei's S5300 beside Quidway S5300)", () => {
    const huawei = (model: string) => ({ criteria: `cpe:2.3:o:huawei:${model}_firmware:*:*:*:*:*:*:*:*`, versionEndExcluding: 'v200r007c00' });
    const record = derivedFixture(
      'Huawei Quidway S5300 and S5300 routers with software before V200R007C00 make it easier for remote attackers to obtain passwords.',
      [orNode(huawei('quidway_s5300'), huawei('s5300'))],
    );
    expect(fixesOf(record)).toEqual(['quidway_s5300_firmware V200R007C00', 's5300_firmware V200R007C00']);
  });
});

describe('a version with its revision or build in brackets (the h51 blind set)', () => {
  it('keeps FreeBSD\'s "11.2-STABLE(r340854)" and Zoho\'s "13.6 (build 13640)" whole, and the fix listed after the first', () => {
    expect(fixedOf('In FreeBSD before 11.2-STABLE(r340854) and 11.2-RELEASE-p5, an integer overflow error can occur')).toEqual([
      '11.2-STABLE(r340854)',
      '11.2-RELEASE-p5',
    ]);
    expect(fixedOf('A remote code execution issue was discovered in Zoho ManageEngine Applications Manager before 13.6 (build 13640). The endpoint')).toEqual([
      '13.6 (build 13640)',
    ]);
  });

  it('leaves a bracket that names something else', () => {
    expect(fixedOf('Foo before 2.4 (released 2019) allows attackers')).toEqual(['2.4']);
    expect(fixedOf('FreeBSD 11.2-STABLE before r340854 allows')).toEqual(['r340854']);
  });
});

describe('a product NVD lists in every version beside others (CVE-2005-3669, the nineteenth reading)', () => {
  const record = (...criteria: string[]) =>
    derivedFixture(
      'Multiple unspecified vulnerabilities in the IKEv1 implementation in multiple Cisco products allow remote attackers to cause a denial of service via malformed IKE packets.',
      [orNode(...criteria.map((c) => ({ criteria: c })))],
    );
  const pix = 'cpe:2.3:a:cisco:pix_firewall_software:6.3.3:*:*:*:*:*:*:*';

  it('is not sent past a listed version, as the affected text says every version is affected', () => {
    const r = record('cpe:2.3:h:cisco:firewall_services_module:*:*:*:*:*:*:*:*', 'cpe:2.3:h:cisco:firewall_services_module:2.1_\\(0.208\\):*:*:*:*:*:*:*', pix);
    expect(r.explanation!.fix).toContain('NVD lists every version of Cisco Firewall Services Module as affected');
    expect(r.explanation!.fix).not.toContain('2.1_(0.208)');
    expect(r.explanation!.fix).toContain('update past it');
  });

  it('leaves a product listed only by its versions', () => {
    const r = record(
      'cpe:2.3:h:cisco:firewall_services_module:1.1.3:*:*:*:*:*:*:*',
      'cpe:2.3:h:cisco:firewall_services_module:2.1_\\(0.208\\):*:*:*:*:*:*:*',
      pix,
    );
    expect(r.explanation!.fix).toContain('NVD lists 2.1_(0.208) as the newest affected version of Cisco Firewall Services Module; update past it.');
  });
});

describe('a distribution named whole (the h52 blind set)', () => {
  it('gives "Linux 2.6.x before 2.6.9" to the kernel, not to Ubuntu Linux beside it', () => {
    const record = derivedFixture(
      'Multiple race conditions in the terminal layer in Linux 2.4.x, and 2.6.x before 2.6.9, allow local users to obtain portions of kernel data.',
      [orNode({ criteria: 'cpe:2.3:o:linux:linux_kernel:2.6.8:*:*:*:*:*:*:*' }, { criteria: 'cpe:2.3:o:canonical:ubuntu_linux:4.10:*:*:*:*:*:*:*' })],
    );
    expect(record.facts!.fixed_in.map((f) => `${f.product} ${f.version}`)).toEqual(['linux:linux_kernel 2.6.9']);
  });
});

describe('one pre-release stage however spelt (rdiffweb CVE-2022-3327, the twentieth reading)', () => {
  it('orders "2.5.0a6" above NVD\'s listed "2.5.0 alpha5", and "a5" level with "alpha5"', () => {
    expect(compareVersions('2.5.0a6', '2.5.0 alpha5')).toBeGreaterThan(0);
    expect(compareVersions('2.5.0a5', '2.5.0 alpha5')).toBe(0);
    expect(compareVersions('1.0b2', '1.0 beta1')).toBeGreaterThan(0);
  });

  it('leaves the stages in their order, and a final letter a release after its number', () => {
    expect(compareVersions('2.0 alpha9', '2.0b1')).toBeLessThan(0);
    expect(compareVersions('2.0rc1', '2.0')).toBeLessThan(0);
    expect(compareVersions('1.0.2a', '1.0.2')).toBeGreaterThan(0);
  });
});

describe('a spaced pre-release after a lettered build (D-Link CVE-2019-13563, the eighteenth reading)', () => {
  it('reads "before 3.02B05 BETA03" whole, not "3.02B05" (a dispute no source holds)', () => {
    expect(fixedOf('D-Link DIR-655 C devices before 3.02B05 BETA03 allow CSRF for the entire management console.')).toEqual(['3.02B05 BETA03']);
  });

  it('leaves a lettered build with no pre-release after it, and "1.1 Beta 2"', () => {
    expect(fixedOf('Foo devices before 3.02B05 allow CSRF.')).toEqual(['3.02B05']);
    expect(fixedOf('Foo before 1.1 Beta 2 allows CSRF.')).toEqual(['1.1 Beta 2']);
  });
});
