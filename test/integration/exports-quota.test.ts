import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_WIDE, windowAt } from '../../shared/domain/limits.js';
import { counterRepository } from '../../shared/repositories/counter-repository.js';
import { authorizeApiKey } from '../../shared/accounts/use-cases/authorize-api-key.js';
import { exportCves } from '../../shared/catalogue/use-cases/export-cves.js';
import { exportTestCatalogue } from '../support/export-catalogue.js';
import { exportClient, type Format } from '../support/export-client.js';
import { describeRecordedAnswersConformance } from '../support/answers-conformance.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { HOUR_MS, TestClock } from '../support/time.js';

let stack: TestStack;
let client: ReturnType<typeof exportClient>;
// Stopped early in a UTC hour: no test straddles the hour its quota counts in.
const clock = TestClock.atWindowStart(HOUR_MS);

beforeAll(async () => {
  stack = await startTestStack({ clock: clock.now });
  await stack.seed(exportTestCatalogue().slice(0, 200));
  client = exportClient(stack);
});

afterAll(async () => {
  await stack?.close();
});

const FORMATS: Format[] = ['csv', 'json', 'sarif'];

function nextHour(): number {
  return windowAt(clock.now(), 3600).resetAt;
}

describe('the export quota: 10 exports per account per UTC hour, shared by the three formats', () => {
  it('every export answer carries the export allowance headers, counting down', async () => {
    const key = await stack.newKey();
    for (let i = 1; i <= 10; i++) {
      const answer = await client.exportAs(FORMATS[i % 3] as Format, 'severity=high', key);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-resource')).toBe('exports');
      expect(answer.headers.get('x-ratelimit-limit')).toBe('10');
      expect(answer.headers.get('x-ratelimit-remaining')).toBe(String(10 - i));
      expect(answer.headers.get('x-ratelimit-reset')).toBe(String(nextHour()));
    }
  });

  it.each(FORMATS)('the 11th export in an hour is 429 EXPORT_LIMIT_EXCEEDED for %s, whatever formats used the 10', async (format) => {
    const key = await stack.newKey();
    for (let i = 0; i < 10; i++) expect((await client.exportAs(FORMATS[i % 3] as Format, '', key)).status).toBe(200);
    const answer = await client.exportAs(format, '', key);
    expect(answer.status).toBe(429);
    expect(answer.json<{ error: { code: string } }>().error.code).toBe('EXPORT_LIMIT_EXCEEDED');
    expect(answer.headers.get('x-ratelimit-resource')).toBe('exports');
    expect(answer.headers.get('x-ratelimit-limit')).toBe('10');
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(answer.headers.get('x-ratelimit-reset')).toBe(String(nextHour()));
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another key keeps its own allowance.
    expect((await client.exportAs(format, '', await stack.newKey())).status).toBe(200);
  });

  it('when Retry-After has passed, the next UTC hour gives a used-up key its 10 exports back', async () => {
    const key = await stack.newKey();
    for (let i = 0; i < 10; i++) expect((await client.exportAs('csv', '', key)).status).toBe(200);
    const refused = await client.exportAs('json', '', key);
    expect(refused.status).toBe(429);
    const resetBefore = nextHour();
    clock.advance(Number(refused.headers.get('retry-after')) * 1000);
    const next = await client.exportAs('json', '', key);
    expect(next.status).toBe(200);
    expect(next.headers.get('x-ratelimit-remaining')).toBe('9');
    expect(next.headers.get('x-ratelimit-reset')).toBe(String(resetBefore + 3600));
  });

  it('a 400 uses no unit of the quota, and its headers show the export allowance untouched', async () => {
    const key = await stack.newKey();
    for (let i = 0; i < 5; i++) {
      const bad = await client.exportAs('json', 'severity=extreme', key);
      expect(bad.status).toBe(400);
      expect(bad.headers.get('x-ratelimit-resource')).toBe('exports');
      expect(bad.headers.get('x-ratelimit-remaining')).toBe('10');
    }
    for (let i = 0; i < 10; i++) expect((await client.exportAs('csv', '', key)).status).toBe(200);
    const afterUse = await client.exportAs('sarif', 'colour=blue', key);
    expect(afterUse.status).toBe(400);
    expect(afterUse.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await client.exportAs('csv', '', key)).status).toBe(429);
  });

  it('a 401 uses no unit of the quota', async () => {
    const key = await stack.newKey();
    // The last character changed (never to itself, which would leave the key valid).
    const broken = `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`;
    for (let i = 0; i < 3; i++) expect((await client.get('/api/cves/export.json', { key: broken })).status).toBe(401);
    expect((await client.exportAs('json', '', key)).headers.get('x-ratelimit-remaining')).toBe('9');
  });

  it('30 concurrent exports with one key get exactly 10 answers of 200, the rest 429 EXPORT_LIMIT_EXCEEDED', async () => {
    const key = await stack.newKey();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => client.exportAs(FORMATS[i % 3] as Format, 'min_score=5', key)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(answer.json<{ error: { code: string } }>().error.code).toBe('EXPORT_LIMIT_EXCEEDED');
    }
    const remaining = answers.filter((a) => a.status === 200).map((a) => Number(a.headers.get('x-ratelimit-remaining')));
    expect(remaining.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('an export whose building fails gives its unit back', async () => {
    const key = await stack.newKey();
    const auth = await authorizeApiKey(key);
    if (auth.outcome !== 'allow') throw new Error('the new key should be allowed');
    const caller = { accountId: auth.accountId, keyId: auth.keyId };
    // The allowance is the account's (issue 24), counted under ACCOUNT_WIDE whichever key spends it.
    const counter = { accountId: caller.accountId, keyId: ACCOUNT_WIDE, resource: 'exports' as const, windowStart: windowAt(clock.now(), 3600).start };
    await expect(
      exportCves({
        format: 'json',
        caller,
        query: {},
        render: () => {
          throw new Error('rendering failed');
        },
      }),
    ).rejects.toThrow('rendering failed');
    expect(await counterRepository.used(counter)).toBe(0);
    await exportCves({ format: 'json', caller, query: {}, render: () => 'ok' });
    expect(await counterRepository.used(counter)).toBe(1);
  });
});

describeRecordedAnswersConformance(() => client, 40);
