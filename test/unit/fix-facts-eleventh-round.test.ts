/**
 * Fix facts and texts from the eleventh reading of twenty records and this session's leftovers. Each
 * rule on the phrase or data shape that showed it, through the real parsers and derivation, and on
 * the neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';
import { oracleCriticalPatchUpdate } from '../../shared/ingest/facts/oracle-cpu.js';

const lastOf = (r: ReturnType<typeof derivedFixture>) => r.facts!.last_affected.map((l) => `${l.product} ${l.version} ${l.source}`);

describe('a build named by its date: VulDB\'s "Netgear WN604 up to 20240710" (CVE-2024-6646, the tenth reading)', () => {
  const record = () =>
    derivedFixture(
      'A vulnerability was found in Netgear WN604 up to 20240710. It has been rated as problematic. Affected by this issue is some unknown functionality of the file /downloadFile.php of the component Web Interface.',
      [orNode({ criteria: 'cpe:2.3:o:netgear:wn604_firmware:20240710:*:*:*:*:*:*:*' })],
    );

  it('is every build up to that date, said as a date and not as a version number', () => {
    const r = record();
    expect(lastOf(r)).toEqual(['netgear:wn604_firmware 20240710 description']);
    expect(r.explanation!.affected).toContain('builds up to and including the one dated 20240710');
    expect(r.explanation!.fix).toContain('the build dated 20240710 as the newest affected version');
    expect(`${r.explanation!.affected} ${r.explanation!.fix}`).not.toContain('version 20240710');
  });

  it('leaves "2.3.1 up to 20070912" (that release\'s builds, CVE-2007-4913) to the version', () => {
    const r = derivedFixture(
      'ips_kernel/class_upload.php in Invision Power Board (IPB or IP.Board) 2.3.1 up to 20070912 allows remote attackers to upload arbitrary script files.',
      [orNode({ criteria: 'cpe:2.3:a:invision_power_services:invision_power_board:*:*:*:*:*:*:*:*', versionEndIncluding: '2.3.1' })],
    );
    expect(lastOf(r)).toEqual(['invision_power_services:invision_power_board 2.3.1 configuration']);
    expect(r.explanation!.fix).not.toContain('20070912');
  });
});

describe('JBoss\'s cumulative patches: "4.2 before 4.2.0.CP09 and 4.3 before 4.3.0.CP08" (CVE-2010-0738, the h44 blind set)', () => {
  const record = () =>
    derivedFixture(
      'The JMX-Console web application in JBossAs in Red Hat JBoss Enterprise Application Platform (aka JBoss EAP or JBEAP) 4.2 before 4.2.0.CP09 and 4.3 before 4.3.0.CP08 performs access control only for the GET and POST methods.',
      [
        orNode(
          { criteria: 'cpe:2.3:a:redhat:jboss_enterprise_application_platform:4.2.0:*:*:*:*:*:*:*' },
          { criteria: 'cpe:2.3:a:redhat:jboss_enterprise_application_platform:4.3.0:*:*:*:*:*:*:*' },
        ),
      ],
    );

  it("reads each line's patch release as its fix and names both", () => {
    const r = record();
    expect(r.facts!.fixed_in.map((f) => `${f.version} ${f.branch}`)).toEqual(['4.2.0.CP09 4.2', '4.3.0.CP08 4.3']);
    expect(r.explanation!.fix).toContain('4.2.0.CP09');
    expect(r.explanation!.fix).toContain('4.3.0.CP08');
  });
});

describe('Cisco\'s "Known Fixed Releases:" list (CVE-2017-3795, the eleventh reading)', () => {
  const record = (known: string) =>
    derivedFixture(
      `A vulnerability in Cisco WebEx Meetings Server could allow an authenticated, remote attacker to conduct arbitrary password changes against any non-administrative user. More Information: CSCuz03345. Known Affected Releases: 2.6.0. Known Fixed Releases: ${known}.`,
      [orNode({ criteria: 'cpe:2.3:a:cisco:webex_meetings_server:2.6.0:*:*:*:*:*:*:*' })],
      { references: [{ url: 'https://tools.cisco.com/security/center/content/CiscoSecurityAdvisory/cisco-sa-20170215-wms', tags: ['Vendor Advisory'] }] },
    );

  it('names the releases Cisco lists, not "a fix without a version number"', () => {
    const fix = record('2.7.1.12').explanation!.fix;
    expect(fix).toContain("Cisco's bug report lists 2.7.1.12 as a known fixed release");
    expect(fix).not.toContain('without a version number');
  });

  it('names a release per train without "or later", and counts a long list', () => {
    const fix = record('5.3(5g)1, 6.2(2.32)').explanation!.fix;
    expect(fix).toContain('these known fixed releases: 5.3(5g)1 and 6.2(2.32)');
    expect(fix).not.toMatch(/6\.2\(2\.32\) or later/);
    expect(record('1.1 1.2 1.3 1.4 1.5 1.6 1.7').explanation!.fix).toContain('7 known fixed releases, among them 1.1, 1.2');
  });
});

describe("Samsung's security release in a record that lists no product (CVE-2021-25458, the tenth reading)", () => {
  it('is named as the fix, not "names no version"', () => {
    const fix = derivedFixture(
      'NULL pointer dereference vulnerability in ION driver prior to SMR Sep-2021 Release 1 allows attackers to cause memory corruption.',
    ).explanation!.fix;
    expect(fix).toBe("Samsung's security release SMR Sep-2021 Release 1 fixes it: install it, or a later one, on the device.");
  });
});

describe('a version that fixed it only in part: Wordfence\'s "partially fixed in version 1.3.5" (CVE-2024-9061, the eleventh reading)', () => {
  it('is no fix, and the text says so instead of "names no version"', () => {
    const r = derivedFixture(
      'The WP Popup Builder plugin for WordPress is vulnerable to arbitrary shortcode execution in all versions up to, and including, 1.3.5. NOTE: This vulnerability was partially fixed in version 1.3.5 with a nonce check.',
    );
    expect(r.facts!.fixed_in).toEqual([]);
    expect(r.explanation!.fix).toContain('The description says version 1.3.5 fixed it only in part');
    expect(r.explanation!.fix).not.toContain('names no version');
  });

  it('names the full fix where the text gives one, and no product "Fully" (CVE-2025-2314)', () => {
    const fix = derivedFixture('The issue was partially patched in version 3.13.6 of the plugin, and fully patched in 3.13.7.').explanation!.fix;
    expect(fix).toContain('3.13.7');
    expect(fix).not.toContain('only in part');
    expect(fix).not.toMatch(/\bFully\b/);
  });
});

describe("Oracle's Critical Patch Update pages before 2019 (CVE-2015-4821, the eleventh reading)", () => {
  it('are read at their technetwork addresses too', () => {
    expect(oracleCriticalPatchUpdate(['http://www.oracle.com/technetwork/topics/security/cpuoct2015-2367953.html'], ['oracle'])).toBe('October 2015');
    expect(oracleCriticalPatchUpdate(['http://www.oracle.com/technetwork/security-advisory/cpujul2017-3236622.html'], ['oracle'])).toBe('July 2017');
  });

  it('leaves other technetwork pages alone', () => {
    expect(oracleCriticalPatchUpdate(['http://www.oracle.com/technetwork/topics/security/alerts-086861.html'], ['oracle'])).toBeUndefined();
  });
});

describe('a described newest version that orders two ways: Loudblog\'s "0.5 and earlier" beside NVD\'s 0.44 (CVE-2006-3832, the ninth reading)', () => {
  const record = (described: string, listed: string) =>
    derivedFixture(
      `SQL injection vulnerability in index.php in Loudblog ${described} and earlier allows remote attackers to execute arbitrary SQL commands via the id parameter.`,
      [orNode({ criteria: `cpe:2.3:a:gerrit_van_aaken:loudblog:${listed}:*:*:*:*:*:*:*` })],
    );

  it('sends the reader past both, as 0.5 is the higher read as a decimal and 0.44 as a release number', () => {
    expect(record('0.5', '0.44').explanation!.fix).toContain('NVD lists 0.44 too: update to a release later than both.');
  });

  it('still sends the reader past the listed version where both readings agree', () => {
    expect(record('0.4', '0.44').explanation!.fix).toContain('update past 0.44');
  });
});

describe('a service pack written as a third number: eDirectory\'s "8.8 before SP3" beside NVD\'s 8.8.2 (CVE-2008-5091, the ninth reading)', () => {
  const record = (listed: string) =>
    derivedFixture('Buffer overflow in the LDAP Service in Novell eDirectory 8.8 before SP3 allows attackers to cause a denial of service.', [
      orNode({ criteria: `cpe:2.3:a:novell:edirectory:${listed}:*:*:*:*:*:*:*` }),
    ]);

  it('takes 8.8.2 as 8.8 SP2, below the fix', () => {
    expect(record('8.8.2').explanation!.fix).not.toContain('no fixed version stated above it');
  });

  it('still names a listed 8.8.4 as above it', () => {
    expect(record('8.8.4').explanation!.fix).toContain('no fixed version stated above it');
  });
});

describe('a product NVD lists in every version beside listed ones (Quake 3 Engine, CVE-2006-3324, the final reading)', () => {
  const record = (criteria: string[]) =>
    derivedFixture(
      'The Automatic Downloading option in the id3 Quake 3 Engine allows remote attackers to overwrite arbitrary files in the quake3 directory via a long string of filenames.',
      [orNode(...criteria.map((c) => ({ criteria: c })))],
    );

  it('is not sent past its newest listed version, which the affected text calls one of all', () => {
    const r = record(['cpe:2.3:a:id_software:quake_3_engine:*:*:*:*:*:*:*:*', 'cpe:2.3:a:id_software:quake_3_engine:1.32c:*:*:*:*:*:*:*']);
    expect(r.explanation!.affected).toContain('all versions');
    expect(r.explanation!.fix).toContain('NVD lists every version of');
    expect(r.explanation!.fix).not.toContain('update past');
  });

  it('still sends the reader past the newest listed version where no entry names every version', () => {
    expect(record(['cpe:2.3:a:id_software:quake_3_engine:1.32c:*:*:*:*:*:*:*']).explanation!.fix).toContain('update past it');
  });
});
