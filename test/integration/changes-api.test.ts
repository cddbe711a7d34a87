import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/config/index.js';
import { bucketOf, encodeCursor, positionBefore } from '../../shared/domain/change-log.js';
import { documentClient } from '../../shared/repositories/dynamo-client.js';
import { exportRecordSchema } from '../../shared/domain/cve.js';
import { changeRepository, type NewChange } from '../../shared/repositories/change-repository.js';
import { toExportRecord } from '../../shared/render/export-record.js';
import { createOpenApiChecker, createResponseRecorder } from '../support/openapi-conformance.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';

// A long settle window: changes made "now" stay out of reach for the whole test.
const SETTLE_MS = 120_000;
let stack: TestStack;
let key: string;
const recorder = createResponseRecorder();

beforeAll(async () => {
  stack = await startTestStack({ environment: { CHANGE_SETTLE_MS: String(SETTLE_MS) } });
  key = await stack.newKey();
});
afterAll(async () => {
  await stack?.close();
});

/** A change item written directly, with an id of the given time (and, as an item stored long ago might, a record). */
async function putRawChange(at: number, cveId: string, record?: unknown): Promise<string> {
  const id = `${positionBefore(at).slice(0, 10)}${'0'.repeat(15)}1`;
  await documentClient().send(
    new PutCommand({
      TableName: tableName('CHANGES_TABLE'),
      Item: {
        pk: bucketOf(id),
        sk: id,
        cve_id: cveId,
        changed_at: new Date(at).toISOString(),
        kind: 'updated',
        fields: ['epss'],
        ...(record ? { record: JSON.stringify(record) } : {}),
        expires_at: Math.ceil(Date.now() / 1000) + 86_400,
      },
    }),
  );
  return id;
}

interface Page {
  changes: { change_id: string; cve_id: string; changed_at: string; kind: string; fields: string[]; record?: unknown }[];
  next_cursor: string;
  has_more: boolean;
}

async function get(path: string, apiKey: string = key) {
  const response = await stack.get(path, apiKey ? { key: apiKey } : {});
  const { text } = await recorder.record('GET', `${stack.baseUrl}${path}`, response);
  return { response, body: JSON.parse(text) as { ok: boolean; data: Page; error: { code: string; details?: { parameter: string }[] } } };
}

describe('GET /api/changes (product-decisions §7)', () => {
  it('needs an API key', async () => {
    const { response, body } = await get('/api/changes', '');
    expect(response.status).toBe(401);
    expect(body.error.code).toBe('MISSING_API_KEY');
  });

  it('an empty log answers no changes, a cursor and has_more false; the answer counts against the minute', async () => {
    const { response, body } = await get('/api/changes');
    expect(response.status).toBe(200);
    expect(body.data).toEqual({ changes: [], next_cursor: expect.any(String), has_more: false });
    expect(response.headers.get('x-ratelimit-resource')).toBe('core');
    const remaining = Number(response.headers.get('x-ratelimit-remaining'));
    const again = await get(`/api/changes?since=${body.data.next_cursor}`);
    expect(again.response.status).toBe(200);
    const sameWindow = again.response.headers.get('x-ratelimit-reset') === response.headers.get('x-ratelimit-reset');
    // One unit each (unless the minute turned between the two calls).
    expect(Number(again.response.headers.get('x-ratelimit-remaining'))).toBe(sameWindow ? remaining - 1 : 99);
  });

  it('pages through settled changes in order with records as the JSON export shows them; unsettled ones wait', async () => {
    const settledAt = Date.now() - SETTLE_MS - 60_000;
    const records = Array.from({ length: 5 }, (_, i) => makeRecord({ cve_id: `CVE-2024-${20000 + i}` }));
    const changes: NewChange[] = records.map((r, i) => ({
      cve_id: r.cve_id,
      kind: i === 4 ? 'rejected' : 'added',
      fields: i === 4 ? [] : ['cvss_score', 'severity'],
      ...(i === 4 ? {} : { record: toExportRecord(r, '2024-06-01') }),
    }));
    let t = settledAt;
    const ids = await changeRepository.append(changes, () => t++);
    // One change made now: inside the settle window, so no reader may see it yet.
    const [recent] = await changeRepository.append([{ cve_id: 'CVE-2024-29999', kind: 'updated', fields: ['epss'] }]);

    const seen: Page['changes'] = [];
    let path = '/api/changes?limit=2';
    for (;;) {
      const { response, body } = await get(path);
      expect(response.status).toBe(200);
      seen.push(...body.data.changes);
      if (!body.data.has_more) {
        // Caught up: the cursor stops before the unsettled change, so a later call still gets it.
        expect(body.data.changes.length).toBeLessThanOrEqual(2);
        const later = await get(`/api/changes?since=${body.data.next_cursor}`);
        expect(later.body.data.changes).toEqual([]);
        break;
      }
      expect(body.data.changes).toHaveLength(2);
      path = `/api/changes?limit=2&since=${body.data.next_cursor}`;
    }
    expect(seen.map((c) => c.change_id)).toEqual([...ids].sort());
    expect(seen.map((c) => c.change_id)).not.toContain(recent);
    expect(seen.map((c) => c.cve_id)).toEqual(records.map((r) => r.cve_id));
    const rejected = seen.at(-1)!;
    expect(rejected.kind).toBe('rejected');
    expect(rejected.record).toBeUndefined();
    for (const change of seen.slice(0, 4)) {
      expect(change.kind).toBe('added');
      const record = exportRecordSchema.parse(change.record);
      const original = records.find((r) => r.cve_id === change.cve_id)!;
      // As today's JSON export shows it: days_unpatched counts to today, not to the change day.
      expect(record).toEqual(toExportRecord(original, new Date().toISOString().slice(0, 10)));
      expect(Date.parse(change.changed_at)).toBeGreaterThanOrEqual(settledAt);
    }
  });

  it("a live writer's mark holds readers back: a change written late below it is not skipped", async () => {
    // Writer A is live and has promised nothing below t; a reader catches up to that mark.
    const t = Date.now() - SETTLE_MS - 30_000;
    await changeRepository.putWriterMark({ writer: 'writer-a', low: positionBefore(t), lease_until: Date.now() + 60_000 });
    const caughtUp = (await get('/api/changes?limit=1000')).body.data;
    expect(caughtUp.has_more).toBe(false);
    // Writer B writes a change at t+10: above A's mark, so nobody reads it yet. (Ids are made by
    // hand: this process's id factory never goes back in time, and the race needs two writers.)
    const later = await putRawChange(t + 10, 'CVE-2024-30001');
    const held = await get(`/api/changes?since=${caughtUp.next_cursor}`);
    expect(held.body.data.changes).toEqual([]);
    expect(held.body.data.has_more).toBe(false);
    // A's change lands now, with an id it took before B's (the race a plain cursor loses).
    const earlier = await putRawChange(t + 5, 'CVE-2024-30002');
    await changeRepository.deleteWriterMark('writer-a');
    const after = await get(`/api/changes?since=${held.body.data.next_cursor}`);
    expect(after.body.data.changes.map((c) => c.change_id)).toEqual([earlier, later]);
  });

  it('names each bad parameter: limit outside 1..1000, unknown or repeated parameters, a cursor it did not issue or one older than 90 days', async () => {
    const expired = encodeCursor(positionBefore(Date.now() - 91 * 86_400_000));
    const cases: [string, string[]][] = [
      ['/api/changes?limit=0', ['limit']],
      ['/api/changes?limit=1001', ['limit']],
      ['/api/changes?limit=ten', ['limit']],
      ['/api/changes?limit=1&limit=2', ['limit']],
      ['/api/changes?from=x', ['from']],
      ['/api/changes?since=not-a-cursor', ['since']],
      [`/api/changes?since=${expired}`, ['since']],
      [`/api/changes?since=${encodeCursor(positionBefore(Date.now() + 86_400_000))}`, ['since']],
      ['/api/changes?since=&limit=5', ['since']],
    ];
    for (const [path, parameters] of cases) {
      const { response, body } = await get(path);
      expect(response.status, path).toBe(400);
      expect(body.error.code, path).toBe('INVALID_PARAMETER');
      expect(
        body.error.details?.map((d) => d.parameter),
        path,
      ).toEqual(parameters);
    }
    const ok = await get('/api/changes?limit=1000');
    expect(ok.response.status).toBe(200);
  });

  it('a record stored before the answers said the risk level in words is answered with risk_meaning', async () => {
    const t = Date.now() - SETTLE_MS - 90_000;
    const exploited = makeRecord({
      cve_id: 'CVE-2024-31000',
      exploit_intel: { risk_level: 'CRITICAL_GAP', detectable: false, weaponized: true, detection_sources: [], exploit_sources: ['exploit-db'] },
    });
    const { risk_meaning: _written, ...storedIntel } = toExportRecord(exploited, '2024-06-01').exploit_intel!;
    const id = await putRawChange(t, exploited.cve_id, { ...toExportRecord(exploited, '2024-06-01'), exploit_intel: storedIntel });
    const { response, body } = await get(`/api/changes?since=${encodeCursor(positionBefore(t))}&limit=1000`);
    expect(response.status).toBe(200);
    const change = body.data.changes.find((c) => c.change_id === id);
    expect(exportRecordSchema.parse(change?.record).exploit_intel).toEqual({
      ...storedIntel,
      risk_meaning: 'CRITICAL GAP: a public exploit exists, no detection rule is known, and the flaw is severe (CVSS 7.0 or more) or known to be exploited',
    });
  });

  it('every answer is the one the OpenAPI document describes', async () => {
    const document = (await (await stack.get('/openapi.json')).json()) as Record<string, unknown>;
    const check = createOpenApiChecker(document);
    const answers = recorder.all();
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 400, 401]));
    expect(answers.flatMap((a) => check(a))).toEqual([]);
  });
});
