import { describe, expect, it } from 'vitest';
import { catalogueRecordSchema } from '../../shared/domain/cve.js';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { derivePatch, patchStatusFrom, wholeDaysBetween } from '../../shared/ingest/derive/patch.js';
import { deriveTitle } from '../../shared/ingest/derive/title.js';
import { deriveFixAdvice } from '../../shared/ingest/derive/fix-advice.js';
import { deriveScore } from '../../shared/ingest/derive/score.js';
import { deriveReferences } from '../../shared/ingest/derive/references.js';
import { deriveTags } from '../../shared/ingest/derive/tags.js';
import type { AffectedProduct } from '../../shared/domain/nvd-record.js';
import { assembleFixtures } from '../support/ingest-fixtures.js';

const NOW = new Date('2025-03-01T12:00:00Z');

async function recordOf(id: string) {
  const a = await assembleFixtures();
  return deriveRecord(a.sourcesFor(id), NOW)!;
}

const product = (over: Partial<AffectedProduct> = {}): AffectedProduct => ({
  vendor: 'v',
  product: 'p',
  ranges: [],
  openEnded: false,
  fixedVersions: [],
  ...over,
});

describe('score and severity', () => {
  it("NVD Primary v3.1 wins over the CNA's, with provenance, version and vector", async () => {
    const r = await recordOf('CVE-2023-40001');
    expect([r.cvss_score, r.severity, r.cvss_version]).toEqual([9.8, 'CRITICAL', '3.1']);
    expect(r.cvss_vector).toMatch(/^CVSS:3\.1\//);
    expect(r.provenance.cvss_score).toBe('NVD (nvd@nist.gov, Primary) CVSS v3.1');
  });

  it("falls back to the CNA's v3.1 as NVD republishes it, then CVE 5 CNA, then CISA-ADP", async () => {
    expect((await recordOf('CVE-2024-12002')).provenance.cvss_score).toBe('NVD (cna@tinysoft.example, Secondary) CVSS v3.1');
    const cna = await recordOf('CVE-2024-50007');
    expect([cna.cvss_score, cna.provenance.cvss_score]).toEqual([6.4, 'CVE 5 CNA Wordfence CVSS v3.1']);
    const adp = await recordOf('CVE-2023-60008');
    expect([adp.cvss_score, adp.severity, adp.provenance.cvss_score]).toEqual([7.5, 'HIGH', 'CVE 5 CISA-ADP CVSS v3.1']);
  });

  it('scores a record NVD rated only under v2 or v3.0, saying which version', async () => {
    const v2 = await recordOf('CVE-2004-0444');
    expect([v2.cvss_score, v2.severity, v2.cvss_version, v2.cvss_vector]).toEqual([5, 'MEDIUM', '2.0', 'AV:N/AC:L/Au:N/C:N/I:N/A:P']);
    const v30 = await recordOf('CVE-2017-9006');
    expect([v30.cvss_score, v30.severity, v30.cvss_version]).toEqual([9.8, 'CRITICAL', '3.0']);
    expect(deriveScore({})).toMatchObject({ cvss_score: null, severity: 'UNKNOWN', cvss_version: null, cvss_vector: null });
  });
});

describe('dates, CWE, rejection, title', () => {
  it('published date is the UTC day; CWE ids and names from NVD, else CVE 5', async () => {
    const r = await recordOf('CVE-2023-40001');
    expect(r.published_date).toBe('2023-09-01');
    expect(r.cwe_ids).toEqual(['CWE-89', 'CWE-20']);
    expect(r.cwe_names).toEqual({
      'CWE-89': "Improper Neutralization of Special Elements used in an SQL Command ('SQL Injection')",
      'CWE-20': 'Improper Input Validation',
    });
    expect((await recordOf('CVE-2023-60008')).cwe_ids).toEqual(['CWE-522']);
    expect((await recordOf('CVE-2004-0444')).cwe_ids).toEqual([]);
  });

  it('rejected records are kept and marked; a never-published CVE 5 record is dated by its update', async () => {
    const nvd = await recordOf('CVE-2019-30003');
    expect(nvd.rejected).toBe(true);
    const cve5 = await recordOf('CVE-2022-70009');
    expect([cve5.rejected, cve5.published_date]).toEqual([true, '2022-03-01']);
  });

  it('title: KEV name, else CNA title, else the bug, part and product from the facts, else the first sentence', async () => {
    expect((await recordOf('CVE-2023-40001')).title).toBe('Acme Widget Server SQL Injection Vulnerability');
    expect((await recordOf('CVE-2024-50007')).title).toMatch(/^Photo Frame Gallery <= 1.3.2/);
    expect((await recordOf('CVE-2024-12002')).title).toBe('Unsafe default permissions in TinySoft Notes lets local users read sensitive data');
    // A sentence past the limit ends at the last clause that fits, not mid-phrase ("cause a denial of…").
    expect((await recordOf('CVE-2004-0444')).title).toBe('Multiple buffer overflows in the mail gateway of an unnamed appliance');
  });

  it('title from the description: a sentence introducing the product is skipped (CVE-2025-27415, "Nuxt is an open-source web development framework")', () => {
    const sources = () =>
      ({ id: 'CVE-2025-27415', kev: undefined, nvd: undefined, cve5: undefined, cweCatalogue: new Map() }) as unknown as Parameters<typeof deriveTitle>[0];
    const context = (description: string) => ({ rejected: false, cweIds: [], products: [], description });
    const nuxt = 'Nuxt is an open-source web development framework for Vue.js. Prior to 3.16.0, a crafted request can poison the CDN cache.';
    expect(deriveTitle(sources(), context(nuxt)).value).toBe('Prior to 3.16.0, a crafted request can poison the CDN cache');
    // A first sentence that is itself about the flaw stays, and a lone introduction is still a title.
    const flaw = 'Foo is a SQL injection vulnerability in Bar. It was fixed in 2.0.';
    expect(deriveTitle(sources(), context(flaw)).value).toBe('Foo is a SQL injection vulnerability in Bar');
    const lone = 'Widget is a web server.';
    expect(deriveTitle(sources(), context(lone)).value).toBe('Widget is a web server');
  });

  it('every derived record satisfies the catalogue schema', async () => {
    const a = await assembleFixtures();
    for (const id of a.recordIds()) expect(() => catalogueRecordSchema.parse(deriveRecord(a.sourcesFor(id), NOW))).not.toThrow();
  });
});

describe('exploit intelligence', () => {
  it('KEV (catalogue or NVD copy) makes weaponized and lifts to CRITICAL_GAP when not detectable', async () => {
    const netgear = await recordOf('CVE-2021-45005');
    expect(netgear.in_kev).toBe(true);
    expect(netgear.exploit_intel).toEqual({
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['Sigma'],
      exploit_sources: ['CISA KEV', 'Metasploit'],
      // FIRST's daily file, dated by its header's score_date.
      epss: { score: 0.94412, percentile: 0.9995, date: '2025-08-25' },
    });
    const acme = await recordOf('CVE-2023-40001');
    expect(acme.exploit_intel?.exploit_sources).toEqual(['CISA KEV', 'Exploit-DB']);
    expect(acme.exploit_intel?.detection_sources).toEqual(['Nuclei', 'Suricata ET Open', 'OSV']);
    const router = await recordOf('CVE-2017-9006'); // KEV via CSV, scored under v3.0, detectable by a disabled ET rule
    expect(router.exploit_intel).toMatchObject({ weaponized: true, detectable: true, risk_level: 'HIGH' });
  });

  it('a dedicated GitHub PoC makes weaponized; unscored and not in KEV stays HIGH', async () => {
    const r = await recordOf('CVE-2024-50007');
    expect(r.exploit_intel).toMatchObject({ weaponized: true, exploit_sources: ['GitHub PoC'], detectable: true, risk_level: 'HIGH' });
    const none = await recordOf('CVE-2004-0444');
    expect(none.exploit_intel).toMatchObject({ weaponized: false, detectable: false, risk_level: 'LOW' });
  });
});

describe('patch status', () => {
  it('a Patch reference makes it available, dated to publication, with its URLs', async () => {
    const r = await recordOf('CVE-2023-40001');
    expect(r.patch).toEqual({
      status: 'available',
      patch_date: '2023-09-01',
      patch_urls: ['https://acme.example/security/ACME-2023-07', 'https://github.com/acme/widget-server/commit/0f3c9a1'],
      days_unpatched: 0,
    });
  });

  it('fixed versions alone make it available; open-ended products alongside make it partial', () => {
    expect(patchStatusFrom({ rejected: false, patchUrls: [], mitigation: false, products: [product({ fixedVersions: ['2.0'] })] })).toBe('available');
    expect(
      patchStatusFrom({
        rejected: false,
        patchUrls: [],
        mitigation: false,
        products: [product({ fixedVersions: ['2.0'] }), product({ product: 'q', openEnded: true })],
      }),
    ).toBe('partial');
    expect(patchStatusFrom({ rejected: false, patchUrls: [], mitigation: true, products: [] })).toBe('workaround_only');
    expect(patchStatusFrom({ rejected: false, patchUrls: [], mitigation: false, products: [product({ openEnded: true })] })).toBe('not_available');
    expect(patchStatusFrom({ rejected: true, patchUrls: ['https://x.example/p'], mitigation: false, products: [] })).toBe('not_available');
  });

  it("counts only fixes the fix advice accepts: a description's fixed version counts, a refused range end does not", () => {
    const base = { rejected: false, patchUrls: [], mitigation: false };
    // NVD lists 1.12.0 to 1.12.8 one by one; only the description says 1.12.9 fixes it.
    const wireshark = product({ vendor: 'wireshark', product: 'wireshark', ranges: ['1.12.0', '1.12.8'].map((v) => ({ exact: v })), fixedVersions: [] });
    const describing = deriveFixAdvice([wireshark], 'Wireshark 1.12.x before 1.12.9 mishandles packets.');
    expect(describing.named).toEqual([{ vendor: 'wireshark', product: 'wireshark', versions: ['1.12.9'] }]);
    expect(patchStatusFrom({ ...base, products: [wireshark], fixAdvice: describing })).toBe('available');
    expect(patchStatusFrom({ ...base, products: [wireshark] })).toBe('not_available');
    // "before 5.0" while "5.0 build4" is listed as vulnerable: 5.0 is no fix, and no fix is claimed.
    const fortress = product({ ranges: [{ endExcluding: '5.0' }, { exact: '5.0 build4' }], fixedVersions: ['5.0'] });
    expect(deriveFixAdvice([fortress], '').named).toEqual([]);
    expect(patchStatusFrom({ ...base, products: [fortress] })).toBe('not_available');
  });

  it('a mitigation reference alone is workaround_only; days unpatched run to now', async () => {
    const r = await recordOf('CVE-2017-9006');
    expect(r.patch).toEqual({ status: 'workaround_only', patch_urls: [], days_unpatched: wholeDaysBetween('2017-06-01', NOW) });
  });

  it("keeps a patch date once set, and dates a fix first seen later by the source's modification day", () => {
    const context = {
      rejected: false,
      products: [product({ fixedVersions: ['2.0'] })],
      publishedDate: '2024-01-10',
      sourceModified: '2024-03-05T10:00:00.000Z',
      now: NOW,
    };
    expect(derivePatch({}, context).patch.patch_date).toBe('2024-01-10');
    expect(derivePatch({}, { ...context, previous: { status: 'not_available' } }).patch).toMatchObject({ patch_date: '2024-03-05', days_unpatched: 55 });
    expect(derivePatch({}, { ...context, previous: { status: 'available', patch_date: '2024-02-01' } }).patch.patch_date).toBe('2024-02-01');
  });

  it('never gives negative days', () => {
    expect(wholeDaysBetween('2030-01-01', NOW)).toBe(0);
  });
});

describe('tags and references', () => {
  it('tags vendor, product and technology in CPE spelling', () => {
    expect(deriveTags([product({ vendor: 'Acme Corp', product: 'Widget Server', part: 'a', targetSoftware: 'wordpress' })])).toEqual([
      { tag: 'acme_corp', tag_type: 'vendor' },
      { tag: 'widget_server', tag_type: 'product' },
      { tag: 'application', tag_type: 'technology' },
      { tag: 'wordpress', tag_type: 'technology' },
    ]);
  });

  it('references: patch first, broken links dropped, ref_type from tags, NVD page last', async () => {
    const a = await assembleFixtures();
    const refs = deriveReferences(a.sourcesFor('CVE-2023-40001'));
    expect(refs.map((r) => [r.ref_type, r.url])).toEqual([
      ['patch', 'https://acme.example/security/ACME-2023-07'],
      ['patch', 'https://github.com/acme/widget-server/commit/0f3c9a1'],
      ['nvd', 'https://nvd.nist.gov/vuln/detail/CVE-2023-40001'],
    ]);
    expect(refs[0]?.title).toBe('Patch (acme.example)');
  });
});
