import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../shared/config/index.js';
import { utcDay } from '../../shared/domain/days-unpatched.js';
import { errorEnvelopeSchema } from '../../shared/domain/errors.js';
import { CORE_LIMIT, windowAt } from '../../shared/domain/limits.js';
import { accountRepository } from '../../shared/repositories/account-repository.js';
import { counterRepository } from '../../shared/repositories/counter-repository.js';
import { documentClient } from '../../shared/repositories/dynamo-client.js';
import { admitRequest, type Admission } from '../../shared/accounts/use-cases/admit-request.js';
import { createAccountWithKey } from '../../shared/accounts/use-cases/create-account-with-key.js';
import { dailyUsageSince } from '../../shared/accounts/use-cases/usage-history.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { MINUTE_MS, TestClock } from '../support/time.js';

/**
 * The folded admission: one conditional write to the account item checks the key and takes the
 * request's unit of the per-minute allowance (shared/repositories/account-repository.ts,
 * takeRequestUnit). What it must keep: a revoked key stops at once, the limit is exact under
 * concurrency, usage is counted once, and items written before it keep working.
 */
let stack: TestStack;
// Stopped early in a UTC minute: each test's requests share one window.
const clock = TestClock.atWindowStart(MINUTE_MS);
const record = makeRecord({ cve_id: 'CVE-2021-44228' });
const path = `/api/cve/${record.cve_id}`;
const ignoreUsageErrors = () => undefined;

beforeAll(async () => {
  stack = await startTestStack({ clock: clock.now, environment: { DYNAMODB_TIMEOUT_MS: '15000' } });
  await stack.seed([record]);
});
afterAll(() => stack.close());

function requestsByKey(usage: { keyId: string; requests: number }[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const u of usage) totals[u.keyId] = (totals[u.keyId] ?? 0) + u.requests;
  return totals;
}

describe('a lookup in an open window', () => {
  it("stops a key revoked mid-window at its next request, and the new key continues the account's window", async () => {
    const { account, key: first } = await createAccountWithKey('mid-window@example.com');
    for (let i = 1; i <= 5; i++) {
      const response = await stack.get(path, { key: first.apiKey });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(100 - i));
    }
    const second = await accountRepository.issueKey(account.account_id);
    const refused = await stack.get(path, { key: first.apiKey });
    expect(refused.status).toBe(401);
    expect(errorEnvelopeSchema.parse(await refused.json()).error.code).toBe('INVALID_API_KEY');
    const fresh = await stack.get(path, { key: second.apiKey });
    expect(fresh.status).toBe(200);
    // The allowance is the account's (issue 24): a new key does not refill the minute.
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('94');

    // Five requests of the first key, one of the second, the refused one nowhere (usage stays per key).
    const usage = await dailyUsageSince(account.account_id, utcDay(clock.now()));
    expect(requestsByKey(usage)).toEqual({ [first.keyId]: 5, [second.keyId]: 1 });
  });

  it('stops a key at once when its account starts being deleted mid-window', async () => {
    const { account, key } = await createAccountWithKey('deleted-mid-window@example.com');
    for (let i = 0; i < 3; i++) expect((await stack.get(path, { key: key.apiKey })).status).toBe(200);
    await accountRepository.markDeleting(account.account_id, Math.floor(clock.now() / 1000) + 86_400);
    const refused = await stack.get(path, { key: key.apiKey });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-ratelimit-remaining')).toBeNull();
  });

  it('keeps working for an account item and counters written before the allowance moved onto the account item', async () => {
    const { account, key } = await createAccountWithKey('before-the-move@example.com');
    // The old per-minute counter item, used up: no longer the gate, it only expires.
    const window = windowAt(clock.now(), CORE_LIMIT.windowSeconds);
    await documentClient().send(
      new PutCommand({
        TableName: tableName('COUNTERS_TABLE'),
        Item: { pk: account.account_id, sk: `core#${key.keyId}#${window.start}`, n: 100, expires_at: window.resetAt + 3600 },
      }),
    );
    const response = await stack.get(path, { key: key.apiKey });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('99');
  });
});

describe('admission across windows (the use case, driven by the clock it is given)', () => {
  const minute = (n: number) => Date.UTC(2030, 0, 1, 12, n, 5);

  it('counts every admitted request once in the usage record, and closes a window when the next one opens', async () => {
    const { account, key } = await createAccountWithKey('windows@example.com');
    const caller = { accountId: account.account_id, keyId: key.keyId };
    for (let i = 0; i < 3; i++) expect((await admitRequest(caller, minute(0), ignoreUsageErrors)).outcome).toBe('admitted');
    expect(await accountRepository.rateWindows(account.account_id)).toEqual([{ keyId: key.keyId, windowStart: minute(0) / 1000 - 5, used: 3 }]);
    expect(requestsByKey(await dailyUsageSince(account.account_id, utcDay(minute(0))))).toEqual({ [key.keyId]: 3 });

    for (let i = 0; i < 2; i++) expect((await admitRequest(caller, minute(1), ignoreUsageErrors)).outcome).toBe('admitted');
    // The first window is closed: its count is in the day's usage item, off the account item.
    expect(await accountRepository.rateWindows(account.account_id)).toEqual([{ keyId: key.keyId, windowStart: minute(1) / 1000 - 5, used: 2 }]);
    // The account's own window (the limit) of the first minute goes with it.
    const item = (await accountRepository.getAccount(account.account_id)) as unknown as Record<string, unknown>;
    expect(Object.keys(item).filter((name) => name.startsWith('rate#account#'))).toEqual([`rate#account#${minute(1) / 1000 - 5}`]);
    const stored = await counterRepository.usageSince(account.account_id, utcDay(minute(0)));
    expect(stored.map((u) => u.requests)).toEqual([4]);
    expect(requestsByKey(await dailyUsageSince(account.account_id, utcDay(minute(0))))).toEqual({ [key.keyId]: 5 });
  });

  it('never closes a later window: a request from a clock a little behind counts in its own window', async () => {
    const { account, key } = await createAccountWithKey('clock-behind@example.com');
    const caller = { accountId: account.account_id, keyId: key.keyId };
    await admitRequest(caller, minute(6), ignoreUsageErrors);
    await admitRequest(caller, minute(5), ignoreUsageErrors);
    const windows = await accountRepository.rateWindows(account.account_id);
    expect(windows.map((w) => w.windowStart).sort()).toEqual([minute(5) / 1000 - 5, minute(6) / 1000 - 5]);
    expect(requestsByKey(await dailyUsageSince(account.account_id, utcDay(minute(5))))).toEqual({ [key.keyId]: 2 });
  });

  it('admits exactly the limit of 150 concurrent requests in a window already open, then 429 until the next window', async () => {
    const { account, key } = await createAccountWithKey('concurrent@example.com');
    const caller = { accountId: account.account_id, keyId: key.keyId };
    for (let i = 0; i < 10; i++) await admitRequest(caller, minute(10), ignoreUsageErrors);
    const outcomes: Admission[] = await Promise.all(Array.from({ length: 150 }, () => admitRequest(caller, minute(10), ignoreUsageErrors)));
    expect(outcomes.filter((o) => o.outcome === 'admitted')).toHaveLength(90);
    expect(outcomes.filter((o) => o.outcome === 'limited')).toHaveLength(60);
    const remaining = outcomes.flatMap((o) => (o.outcome === 'admitted' ? [o.state.remaining] : [])).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 90 }, (_, i) => i));
    expect((await admitRequest(caller, minute(11), ignoreUsageErrors)).outcome).toBe('admitted');
    const usage = await dailyUsageSince(account.account_id, utcDay(minute(10)));
    // 101 admitted and 60 refused with 429: each a request of the day, the 60 also 429s.
    expect(requestsByKey(usage)).toEqual({ [key.keyId]: 161 });
    expect(usage.reduce((sum, u) => sum + u.rate_limited, 0)).toBe(60);
  });
});
