/**
 * Fix facts and text, ninth round of issue 23's readings (the eighth reading's records that
 * stayed wrong): each rule on the phrase that showed it, through the real parser and derivation,
 * and on the neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { derivedFixture } from '../support/nvd-fixtures.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';

interface Match {
  criteria: string;
  versionEndExcluding?: string;
  versionEndIncluding?: string;
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

describe('the ninth reading (seed 141131)', () => {
  it("reads a lettered service pack as a line's fix (eDirectory's '8.7.3 before SP10a')", () => {
    const read = describedVersions(
      'Buffer overflow in the LDAP Service in Novell eDirectory 8.7.3 before SP10a and 8.8 before SP3 allows attackers to cause a denial of service.',
    );
    expect(read.fixed.map((f) => [f.version, f.line])).toEqual([
      ['8.7.3 SP10a', '8.7.3'],
      ['8.8 SP3', '8.8'],
    ]);
  });

  it("never names a Windows edition ('64-bit', 'itanium') as a newest affected version", () => {
    const os = (version: string, update = '*') => `cpe:2.3:o:microsoft:windows_2003_server:${version}:${update}:*:*:*:*:*:*`;
    const r = derivedFixture(
      'The server driver (srv.sys) in Microsoft Windows Server 2003 allows remote attackers to cause a denial of service (system crash) via an SMB message.',
      [or({ criteria: os('64-bit') }, { criteria: os('itanium') }, { criteria: os('sp1') })],
    );
    expect(r.facts!.last_affected.map((l) => l.version)).toEqual([]);
    expect(r.explanation!.fix).not.toMatch(/64-bit|itanium/);
  });
});

describe("a described range's listed versions, the description's own ends kept", () => {
  it('keeps a newest affected version the description names itself (VERITAS, CVE-2005-0772)', () => {
    const r = derivedFixture(
      'VERITAS Backup Exec 9.0 through 10.0 for Windows Servers, and 9.0.4019 through 9.1.307 for Netware, allows remote attackers to cause a denial of service via a crafted packet.',
      [or({ criteria: cpe('veritas:backup_exec'), versionEndIncluding: '10.0' }, { criteria: cpe('veritas:backup_exec'), versionEndIncluding: '9.1.307' })],
    );
    expect(r.facts!.last_affected.map((l) => l.version)).toContain('9.1.307');
  });
});

describe("Samsung's security release in a record that lists no product", () => {
  it('states a fix: never "no fixed version or patch is listed" (CVE-2021-25458)', () => {
    const r = derivedFixture(
      'NULL pointer dereference vulnerability in ION driver prior to SMR Sep-2021 Release 1 allows attackers to cause memory corruption.',
    );
    expect(r.facts!.fix_stated).toBe(true);
    expect(r.explanation!.fix).not.toContain('No fixed version or patch is listed');
    expect(derivedFixture('NULL pointer dereference vulnerability in ION driver allows attackers to cause memory corruption.').facts!.fix_stated).toBe(false);
  });
});
