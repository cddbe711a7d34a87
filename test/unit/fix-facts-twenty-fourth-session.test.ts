/**
 * Fix facts and text of the twenty-fourth session, each beside a neighbour it must leave alone: Aruba's newest affected
 * versions per written line ("6.10.x: 6.10.6 and below; 6.9.x: 6.9.11 and below", which had dropped every fix but the
 * highest line's), versions whose hyphenated or openSUSE tail is their own ("6.4.4.8-4.2.4.20 and below",
 * "3.0.28-lp151.1.1 and prior"), SUSE's "15 SP 3" release, and a line with no fix said once.
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

  it('keeps openSUSE Leap\'s "3.0.28-lp151.1.1" whole (not "151.1.1"), in a fix too', () => {
    expect(lastOf('openSUSE Leap 15.1 privoxy version 3.0.28-lp151.1.1 and prior versions.')).toEqual(['3.0.28-lp151.1.1']);
    expect(describedVersions('openSUSE Leap 15.1 apt-cacher-ng versions prior to 3.1-lp151.3.3.1.').fixed.map((f) => f.version)).toEqual(['3.1-lp151.3.3.1']);
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
