/**
 * Fix facts and text of the twenty-fourth session, each beside a neighbour it must leave alone: Aruba's newest affected
 * versions per written line ("6.10.x: 6.10.6 and below; 6.9.x: 6.9.11 and below", which had dropped every fix but the
 * highest line's), versions whose hyphenated tail is their own ("6.4.4.8-4.2.4.20 and below"), SUSE's "15 SP 3" release, and a line with no fix said once.
 */
import { describe, expect, it } from 'vitest';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const fixesOf = (r: ReturnType<typeof derivedFixture>) =>
  r.facts!.fixed_in.map((f) => `${f.product.split(':')[1]} ${f.version}${f.branch === null ? '' : ` (${f.branch})`}`).sort();
const range = (product: string, start: string | undefined, end: string) => ({
  criteria: `cpe:2.3:a:${product}:*:*:*:*:*:*:*:*`,
  ...(start === undefined ? {} : { versionStartIncluding: start }),
  versionEndExcluding: end,
});
const lastOf = (text: string) => describedVersions(text).lastAffected.map((l) => `${l.version}${l.line === undefined ? '' : ` (${l.line})`}`);

describe('Aruba\'s "version(s): 6.10.x: 6.10.6 and below; 6.9.x: 6.9.11 and below" (ClearPass CVE-2022-37877 and 12 more)', () => {
  const description =
    'A vulnerability in the ClearPass Policy Manager web-based management interface could allow a remote attacker to conduct a stored cross-site scripting attack in Aruba ClearPass Policy Manager version(s): 6.10.x: 6.10.6 and below; 6.9.x: 6.9.11 and below. Aruba has released upgrades for Aruba ClearPass Policy Manager that address this security vulnerability.';

  it('reads each newest affected version on its written line', () => {
    expect(lastOf(description)).toEqual(['6.10.6 (6.10)', '6.9.11 (6.9)']);
  });

  it("keeps each line's fix: 6.10.6 says nothing of the 6.9 line's 6.9.12", () => {
    const record = derivedFixture(description, [
      orNode(range('arubanetworks:clearpass_policy_manager', '6.9.0', '6.9.12'), range('arubanetworks:clearpass_policy_manager', '6.10.0', '6.10.7')),
    ]);
    expect(fixesOf(record)).toEqual(['clearpass_policy_manager 6.10.7 (6.10)', 'clearpass_policy_manager 6.9.12 (6.9)']);
    expect(record.explanation!.fix).toContain('6.9.12');
  });

  it('leaves an unlined "6.10.6 and below", which holds every older line', () => {
    expect(lastOf('in Aruba ClearPass Policy Manager 6.10.6 and below.')).toEqual(['6.10.6']);
    const record = derivedFixture(
      'A vulnerability in Aruba ClearPass Policy Manager 6.10.6 and below allows remote attackers to obtain sensitive information.',
      [orNode(range('arubanetworks:clearpass_policy_manager', '6.9.0', '6.9.12'), range('arubanetworks:clearpass_policy_manager', '6.10.0', '6.10.7'))],
    );
    expect(fixesOf(record)).toEqual(['clearpass_policy_manager 6.10.7 (6.10)']);
  });
});

describe('a version whose tail is its own before "and below" / "and prior"', () => {
  it('keeps Aruba\'s "6.4.4.8-4.2.4.20" and a package\'s "2.4.2-170.21.3.1" whole (not "4.2.4.20", "170.21.3.1")', () => {
    expect(lastOf('Aruba InstantOS 6.4.x: 6.4.4.8-4.2.4.20 and below; Aruba InstantOS 6.5.x: 6.5.4.23 and below;')).toEqual([
      '6.4.4.8-4.2.4.20 (6.4)',
      '6.5.4.23 (6.5)',
    ]);
    expect(lastOf('This issue affects: SUSE Linux Enterprise Server 11 inn version 2.4.2-170.21.3.1 and prior versions.')).toEqual(['2.4.2-170.21.3.1']);
  });

  it('leaves a plain "5.1.36 and prior" and a range "15.0.0-15.0.1" elsewhere', () => {
    expect(lastOf('Foo 5.1.36 and prior allows attackers to read files.')).toEqual(['5.1.36']);
    expect(describedVersions('F5 BIG-IP 15.0.0-15.0.1 is affected.').lastAffected).toEqual([]);
  });
});

describe('SUSE\'s "Server 15 SP 3 salt versions prior to 3002.2-3" (CVE-2021-25315)', () => {
  it('names release 15 SP 3, not "3"', () => {
    const record = derivedFixture(
      'A vulnerability in SUSE Linux Enterprise Server 15 SP 3 allows local attackers to execute arbitrary code via salt. This issue affects: SUSE SUSE Linux Enterprise Server 15 SP 3 salt versions prior to 3002.2-3.',
      [orNode(range('saltstack:salt', undefined, '3002.2-3'))],
    );
    expect(fixesOf(record)).toEqual(['salt 3002.2-3 (15 SP 3)']);
  });

  it('leaves "SUSE OpenStack Cloud 7 crowbar-core versions prior to …", release 7', () => {
    const record = derivedFixture(
      'A vulnerability in crowbar allows remote attackers to read files. This issue affects: SUSE OpenStack Cloud 7 crowbar-core versions prior to 4.0+git.1578392992.2ff6f4bc-9.63.1.',
      [orNode(range('suse:openstack_cloud_crowbar', undefined, '4.0+git.1578392992.2ff6f4bc-9.63.1'))],
    );
    expect(fixesOf(record)).toEqual(['openstack_cloud_crowbar 4.0+git.1578392992.2ff6f4bc-9.63.1 (7)']);
  });
});

describe("a line with no fix whose newest affected version two sources give (Aruba's 6.4 line, CVE-2021-25144)", () => {
  it('is said once, by the higher version', () => {
    const record = derivedFixture(
      'A remote buffer overflow vulnerability was discovered in some Aruba Instant Access Point (IAP) products in version(s): Aruba Instant 6.4.x: 6.4.4.8-4.2.4.17 and below; Aruba Instant 6.5.x: 6.5.4.16 and below. Aruba has released patches for Aruba Instant that address this security vulnerability.',
      [
        orNode(
          { criteria: 'cpe:2.3:a:arubanetworks:instant:*:*:*:*:*:*:*:*', versionStartIncluding: '6.4.0.0', versionEndIncluding: '6.4.4.8-4.2.4.18' },
          range('arubanetworks:instant', '6.5.0.0', '6.5.4.17'),
        ),
      ],
    );
    expect(record.explanation!.fix.match(/No fixed version is stated/g)).toHaveLength(1);
    expect(record.explanation!.fix).toContain('6.4.4.8-4.2.4.18 as its newest affected version');
    expect(record.explanation!.fix).not.toMatch(/\b4\.2\.4\.17\b(?!-)/);
  });
});

describe('a product named again between "before" and its versions (PostgreSQL CVE-2025-1094, h50)', () => {
  const fixesRead = (text: string) => describedVersions(text).fixed.map((f) => f.version);

  it('reads the versions after the name the record has named before', () => {
    expect(
      fixesRead(
        'Improper neutralization of quoting syntax in PostgreSQL libpq functions allows SQL injection. Versions before PostgreSQL 17.3, 16.7, 15.11, 14.16, and 13.19 are affected.',
      ),
    ).toEqual(['17.3', '16.7', '15.11', '14.16', '13.19']);
    expect(fixesRead('Mozilla Firefox before Firefox 2.0.0.13, and SeaMonkey before 1.1.9, can automatically send client certificates.')).toEqual([
      '2.0.0.13',
      '1.1.9',
    ]);
  });

  it('leaves a name not named before, an acronym, a platform, a step word, "are unaffected" and a past default', () => {
    expect(fixesRead('Foo allows attackers to read files before Bar 2.0 is installed.')).toEqual([]);
    expect(fixesRead('ISC BIND is affected. Versions prior to BIND 9.9.0 have not been evaluated for vulnerability.')).toEqual([]);
    expect(fixesRead('Apache Cordova on Android logs data. When using platforms prior to Android 4.1 (Jelly Bean), the log data is not sandboxed.')).toEqual(
      [],
    );
    expect(fixesRead('Juniper Junos OS 16.1 is affected. Releases prior to Junos OS 15.1 are unaffected by this vulnerability.')).toEqual([]);
    expect(fixesRead('Samba creates the directory with other permissions, because this was the default before Samba 4.8.')).toEqual([]);
    expect(fixesRead('Micro Focus ArcSight Logger affects versions prior to Logger 6.7.1 HotFix 6.7.1.8262.0.')).toEqual([]);
  });

  it('names the product and its fixes where the record lists none', () => {
    const record = derivedFixture(
      'Improper neutralization of quoting syntax in PostgreSQL libpq functions PQescapeLiteral() allows a database input provider to achieve SQL injection. Versions before PostgreSQL 17.3, 16.7, 15.11, 14.16, and 13.19 are affected.',
    );
    expect(record.facts!.products.map((p) => p.product)).toEqual(['postgresql:postgresql']);
    expect(fixesOf(record)).toEqual([
      'postgresql 13.19 (13)',
      'postgresql 14.16 (14)',
      'postgresql 15.11 (15)',
      'postgresql 16.7 (16)',
      'postgresql 17.3 (17)',
    ]);
    expect(record.explanation!.fix).toContain('16.7 for the 16.x line');
  });
});

describe('a plugin named with its kind before "before version" (Zoom CVE-2025-0148, h50)', () => {
  it('is the product, its kind no part of the key', () => {
    const record = derivedFixture(
      'Missing password field masking in the Zoom Jenkins Marketplace plugin before version 1.6 may allow an unauthenticated user to conduct a disclosure of information via adjacent network access.',
    );
    expect(record.facts!.products).toEqual([{ product: 'zoom:jenkins_marketplace', name: 'Zoom Jenkins Marketplace plugin', primary: true }]);
    expect(fixesOf(record)).toEqual(['jenkins_marketplace 1.6']);
  });
});

describe("PostgreSQL's two-number fixes beside NVD's ranges per major and a listed 17.0 (CVE-2024-10977)", () => {
  const description =
    'Client use of server error message in PostgreSQL allows a server not trusted under current SSL or GSS settings to furnish arbitrary non-NUL bytes to the libpq application. Versions before PostgreSQL 17.1, 16.5, 15.9, 14.14, 13.17, and 12.21 are affected.';
  const configuration = [
    orNode(
      range('postgresql:postgresql', '16.0', '16.5'),
      range('postgresql:postgresql', '15.0', '15.9'),
      range('postgresql:postgresql', '14.0', '14.14'),
      range('postgresql:postgresql', '13.0', '13.17'),
      range('postgresql:postgresql', '12.0', '12.21'),
      { criteria: 'cpe:2.3:a:postgresql:postgresql:17.0:-:*:*:*:*:*:*' },
    ),
  ];

  it('puts 17.1 on the 17 line, so the listed 17.0 has its fix', () => {
    const record = derivedFixture(description, configuration);
    expect(fixesOf(record)).toContain('postgresql 17.1 (17)');
    expect(record.explanation!.fix).toContain('17.1 for the 17.x line');
    expect(record.explanation!.fix).not.toContain('No fixed version is stated');
  });
});
