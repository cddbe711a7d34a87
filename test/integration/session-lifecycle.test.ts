import { afterAll, beforeAll, expect, test } from 'vitest';
import { sessionHash } from '../../shared/auth/session-secret.js';
import { config } from '../../shared/config/index.js';
import { accountRepository } from '../../shared/repositories/account-repository.js';
import { findSession } from '../../shared/accounts/use-cases/sessions.js';
import { freshSubject, startAuthStack } from '../support/auth-stack.js';
import { TestBrowser } from '../support/browser.js';
import { makeRecord } from '../support/records.js';
import type { TestStack } from '../support/stack.js';
import { itemsMentioning, scanTable } from '../support/tables.js';

let stack: TestStack;
const record = makeRecord();

beforeAll(async () => {
  stack = await startAuthStack();
  await stack.seed([record]);
});
afterAll(async () => stack.close());

async function accountIdOf(browser: TestBrowser): Promise<string> {
  return (await (await browser.account('/account/export')).json()).account.account_id;
}

test('a session past its idle or absolute expiry is refused and removed, whatever TTL has not yet done', async () => {
  const browser = new TestBrowser(stack.baseUrl);
  await browser.signIn('github', freshSubject('github'));
  const cookie = browser.cookieHeader();
  const { SESSION_IDLE_SECONDS, SESSION_ABSOLUTE_SECONDS } = config();
  expect(SESSION_IDLE_SECONDS).toBeLessThan(SESSION_ABSOLUTE_SECONDS);
  expect(await findSession(cookie, { nowMs: Date.now() + (SESSION_IDLE_SECONDS - 60) * 1000 })).toBeDefined();
  // Each use slides the idle expiry, never past the absolute one.
  expect(await findSession(cookie, { nowMs: Date.now() + (SESSION_ABSOLUTE_SECONDS + 1) * 1000 })).toBeUndefined();
  expect((await browser.request('/account/me')).status).toBe(401);
  const pk = `SESSION#${sessionHash(browser.cookies.get('__Host-plaincve_session') ?? '')}`;
  expect((await scanTable('ACCOUNTS_TABLE')).filter((i) => i.pk === pk)).toEqual([]);
});

test('an idle session ends after the idle lifetime', async () => {
  const browser = new TestBrowser(stack.baseUrl);
  await browser.signIn('google', freshSubject('google'));
  const { SESSION_IDLE_SECONDS } = config();
  expect(await findSession(browser.cookieHeader(), { nowMs: Date.now() + (SESSION_IDLE_SECONDS + 5) * 1000 })).toBeUndefined();
  expect((await browser.request('/account/me')).status).toBe(401);
});

test('an interrupted deletion is already safe, and the same session’s retry finishes it', async () => {
  const subject = freshSubject('microsoft');
  const browser = new TestBrowser(stack.baseUrl);
  await browser.signIn('microsoft', subject);
  const key = (await browser.me()).issued_key ?? '';
  const accountId = await accountIdOf(browser);
  const csrf = ((await browser.me()) as unknown as { csrf_token: string }).csrf_token;

  // The first two steps of deletion, then a "crash".
  await accountRepository.markDeleting(accountId, Math.floor(Date.now() / 1000) + 3600);
  const marked = await accountRepository.getAccount(accountId);
  if (marked) await accountRepository.deleteKeys(marked);

  expect((await stack.get(`/api/cve/${record.cve_id}`, { key })).status).toBe(401);
  expect((await browser.request('/account/me')).status).toBe(401);
  const again = new TestBrowser(stack.baseUrl);
  expect((await again.signIn('microsoft', subject)).status).toBe(400); // no sign-in into a deleting account
  const otherCalls = await browser.request('/account/key', {
    method: 'POST',
    headers: { Origin: new URL(stack.baseUrl).origin, 'X-CSRF-Token': csrf },
    body: '{}',
  });
  expect(otherCalls.status).toBe(401);

  const retry = await browser.request('/account/delete', {
    method: 'POST',
    headers: { Origin: new URL(stack.baseUrl).origin, 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' },
    body: JSON.stringify({ confirmation: 'DELETE' }),
  });
  expect(retry.status).toBe(200);
  expect(await itemsMentioning(accountId)).toEqual([]);
  // The identity is free again: signing in with it opens a new, empty account.
  const fresh = new TestBrowser(stack.baseUrl);
  expect((await fresh.signIn('microsoft', subject)).status).toBe(302);
  expect(await accountIdOf(fresh)).not.toBe(accountId);
});

test('sign-in creates the account even when an earlier sign-in stopped after the identity item', async () => {
  const { identityRepository } = await import('../../shared/repositories/identity-repository.js');
  const subject = freshSubject('google');
  const orphanAccountId = accountRepository.newAccountId();
  await identityRepository.claim({ account_id: orphanAccountId, provider: 'google', subject, email: 'x@example.com', linked_at: new Date().toISOString() });
  const browser = new TestBrowser(stack.baseUrl);
  expect((await browser.signIn('google', subject)).status).toBe(302);
  expect(await accountIdOf(browser)).toBe(orphanAccountId);
  expect((await browser.me()).providers).toHaveLength(1);
});

test('a key issued while the account is being deleted is taken back: no key outlives its account', async () => {
  const browser = new TestBrowser(stack.baseUrl);
  await browser.signIn('github', freshSubject('github'));
  const accountId = await accountIdOf(browser);
  await accountRepository.markDeleting(accountId, Math.floor(Date.now() / 1000) + 3600);
  const keysBefore = (await accountRepository.itemsByKind(accountId)).key.length;
  await expect(accountRepository.issueKey(accountId)).rejects.toThrow();
  expect((await accountRepository.itemsByKind(accountId)).key.length).toBe(keysBefore);
});
