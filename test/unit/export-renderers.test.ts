import type { Readable } from 'node:stream';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysUnpatched } from '../../shared/domain/days-unpatched.js';
import { encodeBody, negotiateCoding } from '../../shared/http/compression.js';
import { neutraliseFormula, renderCsv } from '../../shared/render/csv.js';
import { MAX_DESCRIPTION_LENGTH, MAX_TAGS, clip, renderSarif, sarifLevel } from '../../shared/render/sarif.js';
import { FIXTURE_VECTOR, fixtureRecord, largestRecord } from '../support/export-fixtures.js';
import { multitoolGhErrors, sarifSchemaErrors } from '../support/sarif-validation.js';

describe('days_unpatched', () => {
  it('counts whole days to the patch date when patched, else to the export day', () => {
    expect(
      daysUnpatched(
        { published_date: '2024-01-01', patch: { status: 'available', patch_date: '2024-03-01', patch_urls: [], days_unpatched: 0 } },
        '2025-01-01',
      ),
    ).toBe(60);
    expect(daysUnpatched({ published_date: '2024-01-01', patch: { status: 'not_available', patch_urls: [], days_unpatched: 999 } }, '2024-01-11')).toBe(10);
    expect(
      daysUnpatched({ published_date: '2024-01-01', patch: { status: 'partial', patch_date: '2024-01-02', patch_urls: [], days_unpatched: 0 } }, '2024-02-01'),
    ).toBe(31);
    expect(daysUnpatched({ published_date: '2024-02-28' }, '2024-03-01')).toBe(2);
    expect(
      daysUnpatched(
        { published_date: '2024-05-01', patch: { status: 'available', patch_date: '2024-04-01', patch_urls: [], days_unpatched: 0 } },
        '2024-06-01',
      ),
    ).toBe(0);
  });
});

describe('CSV', () => {
  it.each(['=1+1', '+1', '-1', '@A1', '\tx', '\rx'])('prefixes %j with a quote', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });
  it.each(['1+1', 'a=b', ' =x', "'", ''])('leaves %j alone', (cell) => {
    expect(neutraliseFormula(cell)).toBe(cell);
  });
  it('writes numbers plainly and unknowns as empty cells', () => {
    const epss = { score: 0.0123, percentile: 0.456, date: '2025-08-25' };
    const csv = renderCsv(
      [fixtureRecord({ id: 'CVE-2024-0001', score: 7, epss }), fixtureRecord({ id: 'CVE-2024-0002', score: null, patch: null, risk: null })],
      '2024-02-01',
    );
    expect(csv.split('\r\n')[0]).toBe(
      'cve_id,title,severity,cvss_score,published_date,patch_status,days_unpatched,risk_level,cvss_version,cvss_vector,epss_score,epss_percentile,risk_meaning',
    );
    expect(csv.split('\r\n')[1]).toBe(
      `CVE-2024-0001,Example flaw CVE-2024-0001,HIGH,7,2024-01-15,not_available,17,LOW,3.1,${FIXTURE_VECTOR},0.0123,0.456,LOW: no exploit is in the tracked exploit lists and no detection rule is known`,
    );
    expect(csv.split('\r\n')[2]).toBe('CVE-2024-0002,Example flaw CVE-2024-0002,UNKNOWN,,2024-01-15,,,,,,,,');
  });
});

describe('SARIF', () => {
  it.each([
    [3.9, 'note'],
    [4.0, 'warning'],
    [6.9, 'warning'],
    [7.0, 'error'],
    [10, 'error'],
    [0, 'note'],
    [null, 'warning'],
  ] as const)('score %s is level %s', (score, level) => {
    expect(sarifLevel(score)).toBe(level);
  });

  it('clips at a character boundary within the limit', () => {
    expect(clip('abc', 3)).toBe('abc');
    expect(clip('abcd', 3)).toBe('ab…');
    expect([...clip('😀'.repeat(2000), MAX_DESCRIPTION_LENGTH)]).toHaveLength(MAX_DESCRIPTION_LENGTH);
  });

  it('keeps every rule within GitHub limits and the schema, whatever the record (property)', async () => {
    const logs: ReturnType<typeof renderSarif>[] = [];
    fc.assert(
      fc.property(
        fc.record({
          title: fc.string({ maxLength: 1500 }),
          description: fc.string({ maxLength: 3000 }),
          summary: fc.string({ maxLength: 2000 }),
          cwes: fc.array(
            fc.integer({ min: 1, max: 1400 }).map((n) => `CWE-${n}`),
            { maxLength: 12 },
          ),
          score: fc.option(
            fc.integer({ min: 0, max: 100 }).map((s) => s / 10),
            { nil: null },
          ),
        }),
        ({ title, description, summary, cwes, score }) => {
          const base = fixtureRecord({ id: 'CVE-2024-0001', score, title, description, cwes: [...new Set(cwes)] });
          const record = { ...base, title, explanation: base.explanation ? { ...base.explanation, summary } : undefined };
          const log = renderSarif([record as typeof base], {
            baseUrl: 'https://x.example',
            toolVersion: '1',
            productName: 'PlainCVE',
            sarifPath: 'a.json',
            filters: {},
          });
          const rule = log.runs[0]?.tool.driver.rules?.[0];
          expect(rule?.shortDescription?.text.trim()).not.toBe('');
          expect(rule?.fullDescription?.text.trim()).not.toBe('');
          expect([...(rule?.shortDescription?.text ?? '')].length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
          expect([...(rule?.fullDescription?.text ?? '')].length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
          expect((rule?.properties?.tags ?? []).length).toBeLessThanOrEqual(MAX_TAGS);
          expect(rule?.properties?.tags?.slice(0, 2)).toEqual(['security', 'CVE']);
          expect(log.runs[0]?.taxonomies?.[0]?.taxa?.map((t) => t.id)).toEqual([...new Set(cwes)].map((c) => c.slice(4)).sort((a, b) => Number(a) - Number(b)));
          expect(sarifSchemaErrors(log)).toEqual([]);
          logs.push(log);
        },
      ),
      { numRuns: 60 },
    );
    expect(await multitoolGhErrors(logs)).toEqual([]);
  }, 180_000);
});

async function bytesOf(body: string | Readable): Promise<Buffer> {
  if (typeof body === 'string') return Buffer.from(body);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('answer compression', () => {
  it('negotiates br or gzip from Accept-Encoding with q-values', () => {
    expect(negotiateCoding(undefined)).toBe('identity');
    expect(negotiateCoding('gzip')).toBe('gzip');
    expect(negotiateCoding('gzip, deflate, br')).toBe('br');
    expect(negotiateCoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateCoding('identity')).toBe('identity');
    expect(negotiateCoding('*')).toBe('br');
    expect(negotiateCoding('*;q=0, gzip;q=0')).toBe('identity');
  });

  it('compresses as a stream with Content-Encoding, which decodes back to the same body', async () => {
    const body = JSON.stringify(Array.from({ length: 50 }, (_, i) => largestRecord(i)));
    const br = encodeBody(body, 'br');
    expect(br.headers).toEqual({ 'Content-Encoding': 'br', Vary: 'Accept-Encoding' });
    expect(typeof br.body).not.toBe('string');
    expect(brotliDecompressSync(await bytesOf(br.body)).toString()).toBe(body);
    const gz = encodeBody(body, 'gzip');
    expect(gz.headers['Content-Encoding']).toBe('gzip');
    expect(gunzipSync(await bytesOf(gz.body)).toString()).toBe(body);
    expect(encodeBody('small', 'gzip')).toEqual({ body: 'small', headers: { Vary: 'Accept-Encoding' } });
  });

  it('sends the body as it is when the client accepts neither coding, whatever its size', () => {
    // Streamed answers have no size limit, so nothing forces a coding the client did not ask for.
    const body = 'x'.repeat(8 * 1024 * 1024);
    expect(encodeBody(body, 'identity')).toEqual({ body, headers: { Vary: 'Accept-Encoding' } });
    expect(encodeBody(body, undefined)).toEqual({ body, headers: { Vary: 'Accept-Encoding' } });
  });
});
