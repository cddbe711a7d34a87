import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey, keyIdOf } from '../../shared/domain/api-key.js';
import { accountRepository } from '../../shared/repositories/account-repository.js';
import { createAccountWithKey } from '../../shared/accounts/use-cases/create-account-with-key.js';
import { captureOutput } from '../support/capture-output.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { MINUTE_MS, TestClock } from '../support/time.js';

const dataPath = mkdtempSync(join(tmpdir(), 'plaincve-logs-'));
let stack: TestStack;
// Stopped early in a UTC minute: the 100 concurrent requests share a minute with the 8 before them.
const clock = TestClock.atWindowStart(MINUTE_MS);

beforeAll(async () => {
  // The loudest logging a deployment could switch on: the event must still never be logged.
  stack = await startTestStack({ dataPath, clock: clock.now, environment: { POWERTOOLS_LOG_LEVEL: 'DEBUG', POWERTOOLS_LOGGER_LOG_EVENT: 'true' } });
  await stack.seed([makeRecord({ cve_id: 'CVE-2021-44228' })]);
});
afterAll(async () => {
  await stack.close();
  rmSync(dataPath, { recursive: true, force: true });
});

describe('logs (product-decisions §2: the API key never appears in a log line)', () => {
  it('carry neither the key nor its random part through successes, errors, denials, limits and outages', async () => {
    const { account, key: issued } = await createAccountWithKey('logs@example.com');
    const key = issued.apiKey;
    const unknown = generateApiKey();
    const malformed = `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`;
    let revoked = '';

    const output = await captureOutput(async () => {
      const send = async (path: string, apiKey?: string) => (await stack.get(path, apiKey ? { key: apiKey } : {})).status;
      expect(await send('/api/cve/CVE-2021-44228', key)).toBe(200);
      expect(await send('/api/cve/cve-2021-44228%20', key)).toBe(200);
      expect(await send('/api/cve/CVE-1999-0001', key)).toBe(404);
      expect(await send(`/api/cve/${encodeURIComponent(key)}`, key)).toBe(400);
      expect(await send('/api/cve/CVE-2021-44228', unknown)).toBe(401);
      expect(await send('/api/cve/CVE-2021-44228', malformed)).toBe(401);
      expect(await send('/api/cve/CVE-2021-44228')).toBe(401);
      expect(await send(`/nowhere/${key}`, key)).toBe(404);
      const statuses = await Promise.all(Array.from({ length: 100 }, () => send('/api/cve/CVE-2021-44228', key)));
      expect(statuses).toContain(429);

      // The minute is the account's, so a rotated key continues it (issue 24): the next minute's.
      clock.advance(MINUTE_MS);
      const rotated = await accountRepository.issueKey(account.account_id);
      revoked = key;
      expect(await send('/api/cve/CVE-2021-44228', revoked)).toBe(401);

      await stack.stopDatabase();
      expect(await send('/health')).toBe(503);
      expect(await send('/api/cve/CVE-2021-44228', rotated.apiKey)).toBe(503);
      await stack.startDatabase();
      expect(await send('/api/cve/CVE-2021-44228', rotated.apiKey)).toBe(200);
      expect(await send('/health')).toBe(200);
    });

    // The capture saw the service's structured logs (so the search below is not vacuous)...
    expect(output).toContain('"message":"api key denied"');
    expect(output).toContain('"message":"dependency failed"');
    // ...and nowhere the key, the junk keys or the random part of the key.
    for (const secret of [key, key.slice(5, 37), unknown, unknown.slice(5, 37), malformed, revoked]) {
      expect(output).not.toContain(secret);
    }
    // The non-secret handle is what identifies a key (it is derived from the hash).
    expect(keyIdOf(hashApiKey(key))).toMatch(/^key_[0-9a-f]{12}$/);
  });
});
