import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NVD_MAX_WINDOW_DAYS, nvdChanges, startCursor, type NvdCursor, type NvdFetchOptions } from '../../shared/ingest/fetch/nvd-api.js';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { tableName } from '../../shared/config/index.js';
import { startLocalDynamo, type LocalDynamo } from '../../shared/local/dynalite-server.js';
import { localTableEnvironment } from '../../shared/local/local-tables.js';
import { documentClient, resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { ingestRepository } from '../../shared/repositories/ingest-repository.js';
import { ingestCatalogue, NVD_CURSOR } from '../../shared/ingest/use-cases/ingest-catalogue.js';
import { inventedCves, startNvdStandIn, type NvdStandIn } from '../support/nvd-stand-in.js';

const SINCE = new Date('2024-01-01T00:00:00Z');
const UNTIL = new Date('2024-11-01T00:00:00Z'); // 305 days: three windows
const CVES = inventedCves(90, SINCE); // one every 3 days → 90 CVEs over 270 days
const DAY = 86_400_000;

let nvd: NvdStandIn;
const sleeps: number[] = [];
const options = (over: Partial<NvdFetchOptions> = {}): NvdFetchOptions => ({
  baseUrl: nvd.url,
  resultsPerPage: 7,
  pacingMs: 1,
  backoffMs: 100,
  maxRetries: 3,
  sleep: async (ms) => {
    sleeps.push(ms);
  },
  ...over,
});

async function collect(cursor: NvdCursor, opts: NvdFetchOptions) {
  const ids: string[] = [];
  let last = cursor;
  for await (const page of nvdChanges(cursor, opts)) {
    ids.push(...page.cves.map((c) => (c as { id: string }).id));
    last = page.cursor;
  }
  return { ids, last };
}

beforeEach(async () => {
  sleeps.length = 0;
  nvd = await startNvdStandIn(CVES);
});
afterEach(async () => nvd.close());

describe('NVD API fetcher against a local stand-in', () => {
  it('reads every CVE once, in windows of at most 120 days, page by page, with the API key header', async () => {
    const { ids, last } = await collect(startCursor(SINCE, UNTIL), options({ apiKey: 'test-key-123' }));
    expect(ids).toEqual(CVES.map((c) => c.id));
    expect(last).toMatchObject({ complete: true, until: UNTIL.toISOString() });
    const windows = new Set(nvd.requests.map((r) => `${r.start}|${r.end}`));
    expect(windows.size).toBe(3);
    for (const r of nvd.requests) {
      expect(Date.parse(r.end) - Date.parse(r.start)).toBeLessThanOrEqual(NVD_MAX_WINDOW_DAYS * DAY);
      expect(r.apiKey).toBe('test-key-123');
    }
    expect(nvd.requests.every((r) => r.status === 200)).toBe(true);
    expect(nvd.requests.filter((r) => r.startIndex > 0).length).toBeGreaterThan(0);
    // Polite: a pause before every request but the first.
    expect(sleeps.filter((ms) => ms === 1)).toHaveLength(nvd.requests.length - 1);
  });

  it('retries a 503 and a 403 rate-limit answer with growing backoff, then carries on', async () => {
    nvd.failNext(503, 403, 403);
    const { ids } = await collect(startCursor(SINCE, UNTIL), options());
    expect(ids).toEqual(CVES.map((c) => c.id));
    expect(nvd.requests.slice(0, 4).map((r) => r.status)).toEqual([503, 403, 403, 200]);
    expect(sleeps.filter((ms) => ms >= 100)).toEqual([100, 200, 400]);
  });

  it('gives up after its retries with a clear error', async () => {
    nvd.outage(429);
    await expect(collect(startCursor(SINCE, UNTIL), options())).rejects.toThrow(/NVD still answered 429 after 3 retries/);
    expect(nvd.requests).toHaveLength(4);
  });

  it('does not retry a 404 (a malformed request)', async () => {
    const bad = { ...startCursor(SINCE, UNTIL), windowEnd: new Date(SINCE.getTime() + 200 * DAY).toISOString() };
    await expect(collect(bad, options())).rejects.toThrow(/NVD answered 404/);
    expect(nvd.requests).toHaveLength(1);
  });
});

describe('NVD ingest resumes from its stored cursor', () => {
  let dynamo: LocalDynamo;
  beforeAll(async () => {
    dynamo = await startLocalDynamo();
    applyFunctionEnvironment({ ...localTableEnvironment(), DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'local' });
    resetDocumentClient();
  });
  afterAll(async () => {
    resetDocumentClient();
    await dynamo.close();
  });

  it('an interrupted run restarted from the cursor loses nothing and writes nothing twice', async () => {
    const now = new Date('2024-11-01T00:00:00Z');
    const written: string[] = [];
    const store = {
      states: ingestRepository.states,
      putMany: async (records: Parameters<typeof ingestRepository.putMany>[0]) => {
        written.push(...records.map((r) => r.cve_id));
        await ingestRepository.putMany(records);
      },
    };
    // Page 5 of the first run meets an outage longer than the retries: the run fails half-way.
    let pages = 0;
    const failingFetch: typeof fetch = async (input, init) => {
      if (++pages === 5) nvd.outage(503);
      return fetch(input, init);
    };
    await expect(
      ingestCatalogue({ nvdApi: { fetch: options({ fetch: failingFetch }), since: SINCE, until: UNTIL }, now, store, dryRun: false }),
    ).rejects.toThrow(/503/);
    const cursor = await ingestRepository.getCursor<{ startIndex: number; complete: boolean }>(NVD_CURSOR);
    expect(cursor?.complete).toBe(false);
    const before = written.length;
    expect(before).toBe(28); // four pages of 7 were written and their cursor stored

    nvd.outage(undefined);
    const requestsBefore = nvd.requests.length;
    const summary = await ingestCatalogue({ nvdApi: { fetch: options(), until: UNTIL }, now, store });
    // The restart asked for the failed page first, not for the pages already written.
    expect(nvd.requests[requestsBefore]).toMatchObject({ startIndex: cursor!.startIndex, status: 200 });
    expect(summary.written).toBe(CVES.length - before);
    expect([...written].sort()).toEqual(CVES.map((c) => c.id).sort());

    const scan = await documentClient().send(
      new ScanCommand({ TableName: tableName('CATALOGUE_TABLE'), FilterExpression: 'begins_with(pk, :c)', ExpressionAttributeValues: { ':c': 'CVE-' } }),
    );
    expect((scan.Items ?? []).map((i) => i.pk).sort()).toEqual(CVES.map((c) => c.id).sort());
    expect(await ingestRepository.getCursor(NVD_CURSOR)).toMatchObject({ complete: true, until: UNTIL.toISOString() });

    // A later run starts where the last one ended and finds nothing new.
    const again = await ingestCatalogue({ nvdApi: { fetch: options(), until: new Date(UNTIL.getTime() + DAY) }, now, store });
    expect(again.written).toBe(0);
  });
});
