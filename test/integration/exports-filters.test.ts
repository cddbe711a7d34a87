import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportMeta, ExportRecord } from '../../shared/domain/cve.js';
import type { Log } from 'sarif';
import { exportTestCatalogue } from '../support/export-catalogue.js';
import { exportClient, type Format } from '../support/export-client.js';
import { expectedExport, queryString, type Filters } from '../support/export-expectations.js';
import { describeRecordedAnswersConformance } from '../support/answers-conformance.js';
import { startTestStack, type TestStack } from '../support/stack.js';

interface JsonExport {
  ok: true;
  data: { cves: ExportRecord[]; meta: ExportMeta };
}

const catalogue = exportTestCatalogue();
let stack: TestStack;
let client: ReturnType<typeof exportClient>;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.seed(catalogue);
  client = exportClient(stack);
});

afterAll(async () => {
  await stack?.close();
});

async function jsonExport(filters: Record<string, string | number | undefined>): Promise<JsonExport['data']> {
  const answer = await client.exportAs('json', queryString(filters), await stack.newKey());
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  return answer.json<JsonExport>().data;
}

async function expectExportMatches(filters: Filters, query: Record<string, string | number | undefined> = { ...filters }) {
  const expected = expectedExport(catalogue, filters);
  const data = await jsonExport(query);
  expect(data.meta.total).toBe(expected.total);
  expect(data.meta.exported).toBe(expected.ids.length);
  expect(data.cves.map((c) => c.cve_id)).toEqual(expected.ids);
  return data;
}

describe('export filters (JSON export over HTTP)', () => {
  it('the fixture catalogue exercises every filter with both matches and non-matches', () => {
    for (const f of [
      { severity: 'HIGH' },
      { risk_level: 'CRITICAL_GAP' },
      { patch_status: 'available' },
      { tag: 'nginx' },
      { min_score: 7.5 },
      { search: 'needleparser' },
    ]) {
      const { total } = expectedExport(catalogue, f);
      expect(total, JSON.stringify(f)).toBeGreaterThan(0);
      expect(total, JSON.stringify(f)).toBeLessThan(1000);
    }
  });

  it('without filters: the first 1000 rows in order, meta.total counts all matches before the cap', async () => {
    const data = await expectExportMatches({});
    expect(data.meta.total).toBeGreaterThan(1000);
    expect(data.meta.exported).toBe(1000);
    expect(data.meta.max_rows).toBe(1000);
    expect(Math.abs(Date.parse(data.meta.exported_at) - Date.now())).toBeLessThan(60_000);
    expect(data.cves.some((c) => c.cve_id === 'CVE-2024-99999')).toBe(false);
  });

  it.each<Filters>([
    { severity: 'CRITICAL' },
    { severity: 'HIGH' },
    { severity: 'LOW' },
    { risk_level: 'CRITICAL_GAP' },
    { risk_level: 'MEDIUM' },
    { patch_status: 'available' },
    { patch_status: 'not_available' },
    { patch_status: 'partial' },
    { patch_status: 'workaround_only' },
    { tag: 'nginx' },
    { min_score: 7.5 },
    { search: 'NeedleParser' },
  ])('filter alone: %o', async (filters) => {
    await expectExportMatches(filters);
  });

  it.each<Filters>([
    { severity: 'HIGH', patch_status: 'not_available' },
    { risk_level: 'HIGH', tag: 'vendor-a', min_score: 7.2 },
    { severity: 'CRITICAL', risk_level: 'CRITICAL_GAP', patch_status: 'available', tag: 'Product-X', min_score: 9.1, search: 'overflow' },
    { search: 'needleparser', tag: 'OpenSSL' },
  ])('filters combined with AND: %o', async (filters) => {
    const data = await expectExportMatches(filters);
    for (const cve of data.cves) {
      if (filters.severity) expect(cve.severity).toBe(filters.severity);
      if (filters.min_score !== undefined) expect(cve.cvss_score).toBeGreaterThanOrEqual(filters.min_score);
    }
  });

  it('enum values and tags are case-insensitive', async () => {
    const upper = await jsonExport({ severity: 'HIGH', risk_level: 'CRITICAL_GAP', patch_status: 'not_available', tag: 'vendor-a' });
    const mixed = await jsonExport({ severity: 'high', risk_level: 'Critical_Gap', patch_status: 'NOT_AVAILABLE', tag: 'VENDOR-A' });
    expect(mixed.cves.map((c) => c.cve_id)).toEqual(upper.cves.map((c) => c.cve_id));
    expect(mixed.meta.total).toBe(
      expectedExport(catalogue, { severity: 'HIGH', risk_level: 'CRITICAL_GAP', patch_status: 'not_available', tag: 'vendor-a' }).total,
    );
    expect(mixed.meta.total).toBeGreaterThan(0);
  });

  it('min_score is inclusive, accepts 0 and 10, and never matches unscored CVEs', async () => {
    const seven = await expectExportMatches({ min_score: 7 }, { min_score: '7.0' });
    const ids = seven.cves.map((c) => c.cve_id);
    expect(ids).toContain('CVE-2024-70000');
    expect(ids).not.toContain('CVE-2024-69000');
    const zero = await expectExportMatches({ min_score: 0 }, { min_score: '0' });
    expect(zero.cves.every((c) => c.cvss_score !== null)).toBe(true);
    expect(zero.meta.total).toBe(catalogue.filter((r) => !r.rejected && r.cvss_score !== null).length);
    const ten = await expectExportMatches({ min_score: 10 }, { min_score: '10' });
    expect(ten.cves.map((c) => c.cvss_score)).toEqual(ten.cves.map(() => 10));
    expect(ten.cves.map((c) => c.cve_id)).toContain('CVE-2024-10000');
  });

  it('search matches the CVE id case-insensitively, as a substring', async () => {
    const data = await expectExportMatches({ search: 'cve-2023-999' });
    expect(data.cves.map((c) => c.cve_id)).toEqual(['CVE-2023-9999']);
    await expectExportMatches({ search: '2021-10' });
  });

  it('search matches the description case-insensitively, and never across the id/description or record boundaries', async () => {
    const data = await expectExportMatches({ search: 'ZEBRA CROSSING' });
    expect(data.cves.map((c) => c.cve_id)).toEqual(['CVE-2021-5555']);
    expect((await jsonExport({ search: '5555zebra' })).meta.total).toBe(0);
    expect((await jsonExport({ search: 'tailhead' })).meta.total).toBe(0);
    expect((await jsonExport({ search: 'the tail head' })).meta.total).toBe(0);
  });

  it('rows are ordered by score (unscored last), then published date descending, then CVE id numerically', async () => {
    const data = await jsonExport({ search: 'a' });
    const cves = data.cves;
    expect(cves.length).toBe(1000);
    for (let i = 1; i < cves.length; i++) {
      const [a, b] = [cves[i - 1] as ExportRecord, cves[i] as ExportRecord];
      const as = a.cvss_score ?? -1;
      const bs = b.cvss_score ?? -1;
      expect(as).toBeGreaterThanOrEqual(bs);
      if (as === bs) expect(a.published_date >= b.published_date).toBe(true);
    }
    const ties = await jsonExport({ search: 'tie ' });
    expect(ties.cves.map((c) => c.cve_id)).toEqual(['CVE-2023-9999', 'CVE-2023-10001']);
    const unscored = await jsonExport({ tag: 'nginx' });
    expect(unscored.meta.total).toBeLessThan(1000);
    const firstNull = unscored.cves.findIndex((c) => c.cvss_score === null);
    expect(firstNull).toBeGreaterThan(0);
    expect(unscored.cves.slice(firstNull).every((c) => c.cvss_score === null)).toBe(true);
  });

  it('a rejected CVE is never exported', async () => {
    const data = await jsonExport({ search: 'CVE-2024-99999' });
    expect(data).toMatchObject({ cves: [], meta: { total: 0, exported: 0 } });
  });

  it.each<Format>(['csv', 'json', 'sarif'])('empty results are a valid, empty %s export', async (format) => {
    const answer = await client.exportAs(format, 'search=no-such-text-anywhere', await stack.newKey());
    expect(answer.status).toBe(200);
    if (format === 'csv')
      expect(answer.text).toBe(
        'cve_id,title,severity,cvss_score,published_date,patch_status,days_unpatched,risk_level,cvss_version,cvss_vector,epss_score,epss_percentile,risk_meaning\r\n',
      );
    if (format === 'json') expect(answer.json<JsonExport>().data).toMatchObject({ cves: [], meta: { total: 0, exported: 0, max_rows: 1000 } });
    if (format === 'sarif') {
      const run = answer.json<Log>().runs[0];
      expect(run?.results).toEqual([]);
      expect(run?.tool.driver.rules).toEqual([]);
      expect(run?.taxonomies?.[0]?.taxa).toEqual([]);
    }
  });

  it('the three formats return the same rows for the same query', async () => {
    const query = queryString({ severity: 'critical', tag: 'nginx' });
    const expected = expectedExport(catalogue, { severity: 'CRITICAL', tag: 'nginx' }).ids;
    const csv = await client.exportAs('csv', query, await stack.newKey());
    expect(
      csv.text
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[0]),
    ).toEqual(expected);
    const sarif = await client.exportAs('sarif', query, await stack.newKey());
    expect(sarif.json<Log>().runs[0]?.results?.map((r) => r.ruleId)).toEqual(expected);
  });
});

describe('export parameter errors', () => {
  const cases: [string, string, string[]][] = [
    ['an unknown parameter', 'colour=red', ['colour']],
    ['a repeated parameter', 'severity=HIGH&severity=LOW', ['severity']],
    ['a severity out of its domain', 'severity=UNKNOWN', ['severity']],
    ['an empty severity', 'severity=', ['severity']],
    ['a risk level out of its domain', 'risk_level=SEVERE', ['risk_level']],
    ['a patch status that is not one of the four', 'patch_status=patched', ['patch_status']],
    ['an empty tag', 'tag=', ['tag']],
    ['a min_score that is not a number', 'min_score=high', ['min_score']],
    ['a min_score above 10', 'min_score=10.1', ['min_score']],
    ['a negative min_score', 'min_score=-1', ['min_score']],
    ['a min_score in exponent form', 'min_score=1e1', ['min_score']],
    ['an empty search', 'search=', ['search']],
    ['a search over 200 characters', `search=${'a'.repeat(201)}`, ['search']],
    ['a search with a control character', 'search=a%00b', ['search']],
    ['several bad parameters at once', 'severity=nope&min_score=11&extra=1', ['severity', 'min_score', 'extra']],
  ];

  it.each(cases)('%s is a 400 INVALID_PARAMETER naming it, for every format', async (_name, query, bad) => {
    const key = await stack.newKey();
    for (const format of ['csv', 'json', 'sarif'] as const) {
      const answer = await client.exportAs(format, query, key);
      expect(answer.status).toBe(400);
      const body = answer.json<{ ok: boolean; error: { code: string; details: { parameter: string; message: string }[] } }>();
      expect(body.ok).toBe(false);
      expect(body.error.code).toBe('INVALID_PARAMETER');
      expect(body.error.details.map((d) => d.parameter).sort()).toEqual([...bad].sort());
      for (const detail of body.error.details) expect(detail.message.length).toBeGreaterThan(5);
    }
  });

  it('sarif_path is a parameter of the SARIF export only, and must be a relative repository path', async () => {
    const key = await stack.newKey();
    for (const format of ['csv', 'json'] as const) {
      const answer = await client.exportAs(format, 'sarif_path=package-lock.json', key);
      expect(answer.status).toBe(400);
      expect(answer.json<{ error: { details: { parameter: string }[] } }>().error.details[0]?.parameter).toBe('sarif_path');
    }
    for (const bad of ['../etc/passwd', '/abs/path', 'a/../b', 'https://x.example/a', 'dir/', '']) {
      const answer = await client.exportAs('sarif', queryString({ sarif_path: bad }), key);
      expect(answer.status, bad).toBe(400);
    }
  });

  it.each<Format>(['csv', 'json', 'sarif'])('%s export: 401 without a key and with a bad key', async (format) => {
    const missing = await client.get(`/api/cves/export.${format}`);
    expect(missing.status).toBe(401);
    expect(missing.json<{ error: { code: string } }>().error.code).toBe('MISSING_API_KEY');
    const malformed = await client.get(`/api/cves/export.${format}`, { key: 'not-a-key' });
    expect(malformed.status).toBe(401);
    expect(malformed.json<{ error: { code: string } }>().error.code).toBe('INVALID_API_KEY');
    const unknown = await client.get(`/api/cves/export.${format}`, { key: `pcve_${'A'.repeat(32)}AAAAAA` });
    expect(unknown.status).toBe(401);
    expect(unknown.json<{ error: { code: string } }>().error.code).toBe('INVALID_API_KEY');
  });
});

describeRecordedAnswersConformance(() => client, 50);
