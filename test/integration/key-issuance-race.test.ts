import { afterAll, beforeAll, expect, test } from 'vitest';
import { openForSession, sessionHash } from '../../shared/auth/session-secret.js';
import { hashApiKey, keyIdOf } from '../../shared/domain/api-key.js';
import { sessionRepository } from '../../shared/repositories/session-repository.js';
import { freshSubject, startAuthStack } from '../support/auth-stack.js';
import { TestBrowser } from '../support/browser.js';
import { makeRecord } from '../support/records.js';
import type { TestStack } from '../support/stack.js';

let stack: TestStack;
const record = makeRecord();

beforeAll(async () => {
  // The race needs hundreds of rotations on one account: far more than the hourly limit (5).
  stack = await startAuthStack({ KEY_ROTATIONS_PER_HOUR: '1000' });
  await stack.seed([record]);
});
afterAll(async () => stack.close());

const ROUNDS = 20;
const ROTATIONS = 10;
const SIGN_INS = 5;

/** The key a signed-in browser's session issued, opened as the server opens it (it may be stale). */
async function keyOfSession(browser: TestBrowser, accountId: string): Promise<string> {
  const sessionId = browser.cookies.get('__Host-plaincve_session') ?? '';
  const sealed = (await sessionRepository.get(sessionHash(sessionId)))?.issued_key;
  const key = sealed && openForSession(sessionId, sealed, `${accountId}:${sealed.key_id}`);
  if (!key) throw new Error('the session holds no key');
  return key;
}

async function isValid(key: string): Promise<boolean> {
  const status = (await stack.get(`/api/cve/${record.cve_id}`, { key })).status;
  expect([200, 401]).toContain(status);
  return status === 200;
}

test(`${ROTATIONS} concurrent rotations and ${SIGN_INS} concurrent sign-ins leave exactly one valid key, the dashboard's (${ROUNDS} rounds)`, async () => {
  const subject = freshSubject('github');
  const dashboard = new TestBrowser(stack.baseUrl);
  expect((await dashboard.signIn('github', subject)).status).toBe(302);
  const accountId = (await (await dashboard.account('/account/export')).json()).account.account_id as string;
  let previous = await keyOfSession(dashboard, accountId);

  for (let round = 0; round < ROUNDS; round++) {
    const { csrf_token: csrf } = (await dashboard.me()) as unknown as { csrf_token: string };
    const rotations = Array.from({ length: ROTATIONS }, async () => {
      const response = await dashboard.request('/account/key', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: new URL(stack.baseUrl).origin, 'X-CSRF-Token': csrf },
        body: '{}',
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { api_key: string } }).data.api_key;
    });
    const signIns = Array.from({ length: SIGN_INS }, async () => {
      const browser = new TestBrowser(stack.baseUrl);
      expect((await browser.signIn('github', subject)).status).toBe(302);
      return keyOfSession(browser, accountId);
    });
    const issued = await Promise.all([...rotations, ...signIns]);
    expect(new Set(issued).size).toBe(ROTATIONS + SIGN_INS);

    const all = [previous, ...issued];
    const valid = [];
    for (const key of all) if (await isValid(key)) valid.push(key);
    expect(valid, `round ${round}`).toHaveLength(1);
    const [current = ''] = valid;
    expect(issued).toContain(current);
    const shown = ((await dashboard.me()) as unknown as { key: { key_id: string } }).key;
    expect(shown.key_id).toBe(keyIdOf(hashApiKey(current)));
    previous = current;
  }
  // 20 rounds of 15 sign-in flows and rotations plus 16 key checks: minutes on a loaded machine.
}, 300_000);
