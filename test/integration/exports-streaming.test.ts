import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import type { Log } from 'sarif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportMeta, ExportRecord } from '../../shared/domain/cve.js';
import { MAX_LAMBDA_RESPONSE_BYTES } from '../../shared/local/gateway-server.js';
import { EXTREME_REFERENCES, EXTREME_TAG, nvdExtremeRecord } from '../support/export-fixtures.js';
import { sarifSchemaErrors } from '../support/sarif-validation.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/**
 * Exports stream their answers, so 1000 records at NVD's extremes (434 references each, the
 * longest texts) export completely: about 86 MB of JSON, 17 MB even compressed, far past the
 * 6 MB a buffered Lambda answer may have (which the local gateway still enforces for buffered
 * functions).
 */

type Format = 'csv' | 'json' | 'sarif';
type Coding = 'identity' | 'gzip' | 'br';

const records = Array.from({ length: 1000 }, (_, i) => nvdExtremeRecord(i));
// All score 9.8 and share a publication date, so the export order is the CVE number.
const expectedIds = records.map((r) => r.cve_id);

let stack: TestStack;

beforeAll(async () => {
  // The in-process dynalite reads these 85 MB of records far slower than DynamoDB does,
  // sharing the CPU with the handler and the other suites: the default per-attempt timeout
  // (1.5 s) would turn its slowness into 503s. This suite is about the answer, not the database.
  stack = await startTestStack();
  await stack.seed(records);
}, 300_000);

afterAll(async () => {
  await stack?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire (compressed when Content-Encoding says so). */
  wire: Buffer;
}

/** A plain HTTP GET that keeps the bytes as sent, so the test decodes them itself. */
function rawGet(path: string, key: string, acceptEncoding: Coding): Promise<RawAnswer> {
  const url = new URL(path, stack.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'X-API-Key': key, 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, wire: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(answer: RawAnswer): string {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.wire).toString('utf8');
  if (coding === 'gzip') return gunzipSync(answer.wire).toString('utf8');
  expect(coding).toBeUndefined();
  return answer.wire.toString('utf8');
}

/** Parses an export and checks it against the seeded records, row for row. */
function checkExport(format: Format, text: string): void {
  if (format === 'json') {
    const { data } = JSON.parse(text) as { data: { cves: ExportRecord[]; meta: ExportMeta } };
    expect(data.meta).toMatchObject({ total: 1000, exported: 1000 });
    expect(data.cves.map((c) => c.cve_id)).toEqual(expectedIds);
    data.cves.forEach((cve, i) => {
      const record = records[i];
      expect(cve.description).toBe(record?.description);
      expect(cve.explanation?.references).toHaveLength(EXTREME_REFERENCES);
      expect(cve.explanation?.references).toEqual(record?.explanation?.references);
    });
  } else if (format === 'sarif') {
    const log = JSON.parse(text) as Log;
    const run = log.runs[0];
    expect(run?.results?.map((r) => r.ruleId)).toEqual(expectedIds);
    expect(run?.tool.driver.rules?.map((r) => r.id)).toEqual(expectedIds);
    run?.tool.driver.rules?.forEach((rule, i) => expect(rule.shortDescription?.text).toBe(records[i]?.title));
    expect(sarifSchemaErrors(log)).toEqual([]);
  } else {
    const rows = parse(text, { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
    expect(rows.map((r) => r.cve_id)).toEqual(expectedIds);
    rows.forEach((row, i) => expect(row.title).toBe(records[i]?.title));
  }
}

describe('streamed exports of 1000 records at NVD extremes', () => {
  it.each<[Format, Coding]>([
    ['json', 'identity'],
    ['json', 'gzip'],
    ['json', 'br'],
    ['sarif', 'identity'],
    ['sarif', 'gzip'],
    ['sarif', 'br'],
    ['csv', 'identity'],
    ['csv', 'gzip'],
    ['csv', 'br'],
  ])(
    '%s with Accept-Encoding %s: all 1000 rows arrive whole and parse back to the records',
    async (format, coding) => {
      const answer = await rawGet(`/api/cves/export.${format}?tag=${EXTREME_TAG}`, await stack.newKey(), coding);
      expect(answer.status, answer.wire.subarray(0, 300).toString()).toBe(200);
      expect(answer.headers['content-encoding']).toBe(coding === 'identity' ? undefined : coding);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['x-ratelimit-resource']).toBe('exports');
      expect(answer.headers['x-ratelimit-remaining']).toBe('9');
      const text = decode(answer);
      checkExport(format, text);
      if (format === 'json') {
        // Past what a buffered answer could carry, even compressed: only streaming delivers it.
        expect(answer.wire.length).toBeGreaterThan(MAX_LAMBDA_RESPONSE_BYTES);
      }
    },
    120_000,
  );
});
