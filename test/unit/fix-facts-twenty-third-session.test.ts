/**
 * Fix facts and text of the twenty-third session, each beside a neighbour it must leave alone: lines as written
 * (OpenSSL's "1.0.1 before 1.0.1q and 1.0.2 before 1.0.2e" and its ranges "1.0.2 to before 1.0.2k" are the 1.0.1 and
 * 1.0.2 lines, not "1.0.x" for each), two fixes never said for one line, a service pack's patch read whole (InduSoft's
 * "7.1 before SP2 Patch 4", CVE-2014-0780), a product family named by its first word (Polycom's "ViewStation before
 * 7.2.4", CVE-2002-0626), and Windows' half-year releases in order (20H2 after 2004, CVE-2021-1672).
 */
import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../shared/domain/cpe/version-compare.js';
import type { VersionFact } from '../../shared/domain/facts.js';
import { fixFactSentences } from '../../shared/ingest/explainer/fix.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { factFaults } from '../support/fix-checks.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const fixesOf = (r: ReturnType<typeof derivedFixture>) =>
  r.facts!.fixed_in.map((f) => `${f.product.split(':')[1]} ${f.version}${f.branch === null ? '' : ` (${f.branch})`}`);
const release = (product: string, version: string) => ({ criteria: `cpe:2.3:a:${product}:${version}:*:*:*:*:*:*:*` });
const range = (product: string, start: string | undefined, end: string) => ({
  criteria: `cpe:2.3:a:${product}:*:*:*:*:*:*:*:*`,
  ...(start === undefined ? {} : { versionStartIncluding: start }),
  versionEndExcluding: end,
});

describe('OpenSSL\'s lines as written: "0.9.8zh, 1.0.0 before 1.0.0t, 1.0.1 before 1.0.1q, and 1.0.2 before 1.0.2e" (CVE-2015-3195)', () => {
  const description =
    'The ASN1_TFLG_COMBINE implementation in crypto/asn1/tasn_dec.c in OpenSSL before 0.9.8zh, 1.0.0 before 1.0.0t, 1.0.1 before 1.0.1q, and 1.0.2 before 1.0.2e mishandles errors, which allows remote attackers to obtain sensitive information from process memory.';
  const ranges = orNode(
    range('openssl:openssl', undefined, '0.9.8zh'),
    range('openssl:openssl', '1.0.0', '1.0.0t'),
    range('openssl:openssl', '1.0.1', '1.0.1q'),
    range('openssl:openssl', '1.0.2', '1.0.2e'),
  );

  it('gives each letter release the line its range and the description write, and says it so', () => {
    const r = derivedFixture(description, [ranges]);
    expect(fixesOf(r)).toEqual(expect.arrayContaining(['openssl 1.0.0t (1.0.0)', 'openssl 1.0.1q (1.0.1)', 'openssl 1.0.2e (1.0.2)']));
    expect(r.explanation!.fix).toContain('1.0.2e for the 1.0.2 line, 1.0.1q for the 1.0.1 line, 1.0.0t for the 1.0.0 line and 0.9.8zh for the 0.9.x line');
    expect(r.explanation!.fix).not.toContain('for the 1.0.x line');
  });

  it('leaves a range whose end is no letter release of its start on the line the two share', () => {
    const r = derivedFixture('A flaw in Acme Server allows remote attackers to cause a denial of service.', [
      orNode(range('acme:server', '2.4.0', '2.4.10'), range('acme:server', '2.2.0', '2.2.31')),
    ]);
    expect(fixesOf(r)).toEqual(expect.arrayContaining(['server 2.4.10 (2.4)', 'server 2.2.31 (2.2)']));
  });
});

describe('OpenSSL\'s "before 1.0.1t and 1.0.2 before 1.0.2h" beside listed releases of both lines (CVE-2016-2105)', () => {
  const listed = orNode(release('openssl:openssl', '1.0.1s'), release('openssl:openssl', '1.0.2'), release('openssl:openssl', '1.0.2g'));
  const description =
    'Integer overflow in the EVP_EncodeUpdate function in OpenSSL before 1.0.1t and 1.0.2 before 1.0.2h allows remote attackers to cause a denial of service.';

  it("gives 1.0.2h its written line, and 1.0.1t every older release's, since 1.0.2g lies on the written line below 1.0.2h", () => {
    const r = derivedFixture(description, [listed]);
    expect(fixesOf(r)).toEqual(expect.arrayContaining(['openssl 1.0.2h (1.0.2)', 'openssl 1.0.1t']));
    expect(r.explanation!.fix).toContain('1.0.2h for the 1.0.2 line and 1.0.1t for older releases');
  });

  it('still lines a fix below an affected version that no written line holds', () => {
    const r = derivedFixture('Integer overflow in OpenSSL before 1.0.1t and 1.0.2h allows remote attackers to cause a denial of service.', [listed]);
    expect(r.explanation!.fix).not.toContain('1.0.1t for older releases');
  });
});

describe('two fixes said for one line', () => {
  const fix = (version: string, branch: string | null, platform: string | null = null): VersionFact => ({
    product: 'acme:app',
    version,
    branch,
    platform,
    source: 'description',
  });
  const said = (fixed_in: VersionFact[]) =>
    fixFactSentences(
      { fixed_in, last_affected: [], fix_stated: true, advisoryHosts: [], patchLinks: false, steps: { optIn: false, replaceKeys: false } },
      () => 'Acme App',
    ).join(' ');

  it('says each for the deeper line its numbers name (Geeklog\'s "1.3.11 before 1.3.11sr5, 1.3.9 before 1.3.9sr5", CVE-2006-1069)', () => {
    const text = said([fix('1.4.0sr2', '1.4'), fix('1.3.11sr5', '1.3'), fix('1.3.9sr5', '1.3')]);
    expect(text).toContain('1.4.0sr2 for the 1.4.x line, 1.3.11sr5 for the 1.3.11 line and 1.3.9sr5 for the 1.3.9 line');
  });

  it("says Cisco's releases for the lines their numbers name (NX-OS 8.3(1) and 8.2(3), CVE-2019-1770)", () => {
    expect(said([fix('8.3(1)', '8'), fix('8.2(3)', '8'), fix('7.3(3)d1(1)', '7')])).toContain('8.3(1) for the 8.3.x line, 8.2(3) for the 8.2.x line');
  });

  it('joins one line\'s alternatives with "or" where their numbers are the same (Juniper\'s 14.2R8 and 14.2R7-S4)', () => {
    const text = said([fix('15.1R5-S2', '15.1'), fix('14.2R8', '14.2'), fix('14.2R7-S4', '14.2')]);
    expect(text).toContain('15.1R5-S2 for the 15.1.x line and 14.2R8 or 14.2R7-S4 for the 14.2.x line');
  });

  it('leaves fixes of one line on different platforms, and a version no deeper line can tell apart from itself, as they were', () => {
    expect(said([fix('11.6.602.171', '11', 'windows'), fix('11.2.202.273', '11', 'linux'), fix('10.3.183.67', '10.3')])).toContain(
      '11.6.602.171 for the 11.x line on Windows, 11.2.202.273 for the 11.x line on Linux',
    );
    expect(said([fix('2.0.1.153', '2.0'), fix('2.0.1.135', '2.0'), fix('1.1.4.179', '1.1')])).toContain(
      '2.0.1.153 for the 2.0.x line, 2.0.1.135 for the 2.0.x line',
    );
  });
});

describe('a service pack\'s patch after "before" (InduSoft Web Studio "7.1 before SP2 Patch 4", CVE-2014-0780)', () => {
  it('reads the whole step, so the listed 7.1 sp2 does not contradict it', () => {
    expect(
      describedVersions('NTWebServer in InduSoft Web Studio 7.1 before SP2 Patch 4 allows remote attackers to read files.').fixed.map((f) => f.version),
    ).toEqual(['7.1 SP2 Patch 4']);
    const r = derivedFixture('Directory traversal in NTWebServer in InduSoft Web Studio 7.1 before SP2 Patch 4 allows remote attackers to read files.', [
      orNode(release('indusoft:web_studio', '7.1'), { criteria: 'cpe:2.3:a:indusoft:web_studio:7.1:sp2:*:*:*:*:*:*' }),
    ]);
    expect(fixesOf(r)).toEqual(['web_studio 7.1 SP2 Patch 4 (7.1)']);
  });

  it('still reads one step alone ("ColdFusion 10 before Update 18")', () => {
    expect(describedVersions('ColdFusion 10 before Update 18 allows attackers to read files.').fixed.map((f) => f.version)).toEqual(['10 Update 18']);
  });
});

describe('a product family named by the first word of its tokens (Polycom "ViewStation before 7.2.4", CVE-2002-0626)', () => {
  const models = (...tokens: string[]) => orNode(...tokens.map((t) => release(`polycom:${t}`, '7.2')));
  const description = 'Polycom ViewStation before 7.2.4 has a default null password for the administrator account.';

  it('gives the fix to every member where the family is all the record lists', () => {
    const r = derivedFixture(description, [models('viewstation_128', 'viewstation_512', 'viewstation_dcp')]);
    expect(fixesOf(r).sort()).toEqual(['viewstation_128 7.2.4', 'viewstation_512 7.2.4', 'viewstation_dcp 7.2.4']);
  });

  it('gives none where the record lists another product, or where two products are no family', () => {
    expect(fixesOf(derivedFixture(description, [models('viewstation_128', 'viewstation_512', 'viewstation_dcp', 'mgc_25')]))).toEqual([]);
    expect(fixesOf(derivedFixture(description, [models('viewstation_128', 'viewstation_512')]))).toEqual([]);
  });
});

describe("Windows' half-year releases (CVE-2021-1672)", () => {
  it('orders 20H2 after 2004 and before 21H1', () => {
    expect(['20H2', '2004', '1909', '21H1'].sort(compareVersions)).toEqual(['1909', '2004', '20H2', '21H1']);
  });

  it('leaves a half-year name beside a dotted version to the plain comparison', () => {
    expect(compareVersions('20H2', '2.0')).toBeGreaterThan(0);
    expect(compareVersions('2.1', '20H2')).toBeLessThan(0);
  });
});

describe("the real-data check's reading of a fix on a written three-number line (BIND's 9.9.7-P3, CVE-2015-5986)", () => {
  const bind = (update: string, end: string) => ({ vulnerable: true, criteria: `cpe:2.3:a:isc:bind:*:${update}:*:*:*:*:*:*`, versionEndIncluding: end });
  const raw = { configurations: [{ nodes: [{ cpeMatch: [bind('p2', '9.9.7'), bind('p3', '9.10.2')] }] }] };
  const record = (version: string, branch: string) => {
    const derived = derivedFixture('A flaw in ISC BIND 9.9.7 before 9.9.7-P3 and 9.10.x before 9.10.2-P4 allows remote attackers to crash named.');
    return {
      ...derived,
      explanation: { ...derived.explanation!, fix: version },
      facts: { ...derived.facts!, fixed_in: [{ product: 'isc:bind', version, branch, platform: null, source: 'description' as const }] },
    };
  };

  it("holds 9.9.7-P3 outside the 9.10 line's span, whose own line ends below it", () => {
    expect(factFaults(record('9.9.7-P3', '9.9.7'), raw)).toEqual([]);
  });

  it('still counts a fix inside the span of its own line', () => {
    expect(factFaults(record('9.10.2-P2', '9.10'), raw)).toHaveLength(1);
  });
});
