/**
 * Fix facts and text, ninth round of issue 23's readings (the eighth reading's records that
 * stayed wrong): each rule on the phrase that showed it, through the real parser and derivation,
 * and on the neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { derivedFixture } from '../support/nvd-fixtures.js';

interface Match {
  criteria: string;
  versionEndExcluding?: string;
}
const or = (...cpeMatch: Match[]) => ({ nodes: [{ operator: 'OR', negate: false, cpeMatch: cpeMatch.map((m) => ({ vulnerable: true, ...m })) }] });
const cpe = (vendorProduct: string, version = '*') => `cpe:2.3:a:${vendorProduct}:${version}:*:*:*:*:*:*:*`;
const lastOf = (r: ReturnType<typeof derivedFixture>) => r.facts!.last_affected.map((l) => l.version).sort();

describe('a described range with a start holds the versions a configuration lists inside it', () => {
  // CVE-2002-0541's words and configuration.
  const tsm = (range: string) =>
    derivedFixture(
      `Buffer overflow in Tivoli Storage Manager TSM (1) Server or Storage Agents ${range}, and (2) the TSM Client Acceptor Service 4.2 and 5.1, allows remote attackers to cause a denial of service (crash) and possibly execute arbitrary code via a long HTTP GET request to port 1580 or port 1581.`,
      [or({ criteria: cpe('ibm:tivoli_storage_manager', '4.2') }, { criteria: cpe('ibm:tivoli_storage_manager', '4.2.1') })],
    );

  it('"3.1 through 5.1" beside a listed 4.2.1 is one range: its newest affected version is 5.1, no second release line', () => {
    const r = tsm('3.1 through 5.1');
    expect(lastOf(r)).toEqual(['5.1']);
    expect(r.explanation!.fix).not.toContain('4.2.1');
    expect(r.explanation!.fix).not.toContain('release line');
  });

  it('a listed version below the written start stays a line of its own ("4.3 through 5.1" beside 4.2.1)', () => {
    expect(lastOf(tsm('4.3 through 5.1'))).toEqual(['4.2.1', '5.1']);
  });
});

describe("a whole release line written as 'version 9 prior to 9.2.8'", () => {
  it("names the 9.x line, and the older releases' fix as theirs (Concrete CMS)", () => {
    const r = derivedFixture('Concrete CMS version 9 prior to 9.2.8 and previous versions prior to 8.5.16 are vulnerable to Stored XSS in the Search Field.', [
      or({ criteria: cpe('concretecms:concrete_cms'), versionEndExcluding: '8.5.16' }),
    ]);
    expect(r.facts!.fixed_in.map((f) => [f.version, f.branch])).toEqual(expect.arrayContaining([['9.2.8', '9']]));
    expect(r.explanation!.fix).toContain('9.2.8 for the 9.x line');
    expect(r.explanation!.fix).not.toContain('9.2.x');
  });

  it('leaves "version 9.2.8" alone: a version, not a line', () => {
    const r = derivedFixture('Concrete CMS before version 9.2.8 is vulnerable to Stored XSS in the Search Field.');
    expect(r.facts!.fixed_in.map((f) => [f.version, f.branch])).toEqual([['9.2.8', null]]);
  });
});
