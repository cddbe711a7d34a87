import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../shared/config/index.js';
import { errorEnvelopeSchema } from '../../shared/domain/errors.js';
import { documentClient } from '../../shared/repositories/dynamo-client.js';
import { makeRecords } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { MINUTE_MS, TestClock } from '../support/time.js';

let stack: TestStack;
const records = makeRecords(3);
// Stopped early in a UTC minute: every test's requests share one window however long they take.
const clock = TestClock.atWindowStart(MINUTE_MS);

async function catalogue() {
  const out = await documentClient().send(new ScanCommand({ TableName: tableName('CATALOGUE_TABLE'), ConsistentRead: true }));
  return (out.Items ?? []).sort((a, b) => String(a.pk).localeCompare(String(b.pk)));
}

beforeAll(async () => {
  stack = await startTestStack({ clock: clock.now });
  await stack.seed(records);
});
afterAll(() => stack.close());

describe('100 requests per key per UTC minute (product-decisions §3)', () => {
  it('counts down, then answers the 101st with 429 RATE_LIMITED, Retry-After and an unchanged catalogue', async () => {
    const key = await stack.newKey();
    const before = await catalogue();
    const path = (i: number) => `/api/cve/${records[i % records.length]?.cve_id}`;
    for (let i = 1; i <= 100; i++) {
      // Errors count too: every tenth request asks for a CVE the catalogue lacks.
      const response = await stack.get(i % 10 === 0 ? '/api/cve/CVE-1999-0001' : path(i), { key });
      expect(response.status).toBe(i % 10 === 0 ? 404 : 200);
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(100 - i));
      await response.arrayBuffer();
    }
    const limited = await stack.get(path(0), { key });
    expect(limited.status).toBe(429);
    expect(errorEnvelopeSchema.parse(await limited.json()).error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('100');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-resource')).toBe('core');
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    expect(reset % 60).toBe(0);
    expect(reset - Math.floor(clock.now() / 1000)).toBe(retryAfter);

    // Refused requests stay refused (they do not consume or reset anything) and the catalogue is as it was.
    const again = await stack.get(path(1), { key });
    expect(again.status).toBe(429);
    expect(await catalogue()).toEqual(before);

    // When Retry-After has passed, the next UTC minute's allowance is whole again.
    clock.advance(retryAfter * 1000);
    const next = await stack.get(path(2), { key });
    expect(next.status).toBe(200);
    expect(next.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(Number(next.headers.get('x-ratelimit-reset'))).toBe(reset + 60);
  });

  it('keeps keys apart: one key at its limit does not limit another', async () => {
    const first = await stack.newKey();
    const second = await stack.newKey();
    await Promise.all(Array.from({ length: 100 }, () => stack.get(`/api/cve/${records[0]?.cve_id}`, { key: first }).then((r) => r.arrayBuffer())));
    expect((await stack.get(`/api/cve/${records[0]?.cve_id}`, { key: first })).status).toBe(429);
    const other = await stack.get(`/api/cve/${records[0]?.cve_id}`, { key: second });
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('gives exactly 100 answers that are not 429 to 150 concurrent requests with one key', async () => {
    const key = await stack.newKey();
    const statuses = await Promise.all(
      Array.from({ length: 150 }, async (_, i) => {
        const response = await stack.get(`/api/cve/${records[i % records.length]?.cve_id}`, { key });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.filter((s) => s !== 429)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    expect(new Set(statuses.filter((s) => s !== 429))).toEqual(new Set([200]));
  });
});
