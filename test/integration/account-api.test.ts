import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProviderId } from '../../shared/auth/providers.js';
import { seedLinkedElsewhere } from '../../shared/local/identity-providers.js';
import { freshSubject, startAuthStack } from '../support/auth-stack.js';
import { TestBrowser } from '../support/browser.js';
import { makeRecord } from '../support/records.js';
import { itemsMentioning, scanTable } from '../support/tables.js';
import type { TestStack } from '../support/stack.js';

let stack: TestStack;
const record = makeRecord();

beforeAll(async () => {
  stack = await startAuthStack();
  await stack.seed([record]);
});
afterAll(async () => stack.close());

async function signedIn(provider: ProviderId, subject: string = freshSubject(provider)) {
  const browser = new TestBrowser(stack.baseUrl);
  expect((await browser.signIn(provider, subject)).status).toBe(302);
  return browser;
}

/** Links `subject` at `provider` to the browser's account; returns the callback's Location. */
async function link(browser: TestBrowser, provider: ProviderId, subject: string): Promise<string> {
  const response = await browser.signIn(provider, subject);
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
}

async function exported(browser: TestBrowser) {
  const response = await browser.account('/account/export');
  expect(response.status).toBe(200);
  return (await response.json()) as {
    account: { account_id: string; email: string };
    identities: { provider: string; subject: string }[];
    api_keys: Record<string, unknown>[];
    sessions: Record<string, unknown>[];
    usage_counters: { resource: string; count: number }[];
  };
}

describe('origin, CSRF and session checks', () => {
  test('a cross-origin POST gets 403 and changes nothing', async () => {
    const browser = await signedIn('github');
    const before = await browser.me();
    const response = await browser.account('/account/email', { email: 'evil@example.net' }, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('FORBIDDEN');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await browser.me()).email).toBe(before.email);
    const rotate = await browser.account('/account/key', {}, { Origin: 'null' });
    expect(rotate.status).toBe(403);
    expect((await browser.me()).issued_key).toBe(before.issued_key);
  });

  test('a POST without Origin or without the CSRF token gets 403', async () => {
    const browser = await signedIn('github');
    const noOrigin = await browser.request('/account/key', { method: 'POST', headers: { 'X-CSRF-Token': 'x' }, body: '{}' });
    expect(noOrigin.status).toBe(403);
    const noToken = await browser.account('/account/key', {}, { 'X-CSRF-Token': '' });
    expect(noToken.status).toBe(403);
    const wrongToken = await browser.account('/account/key', {}, { 'X-CSRF-Token': 'A'.repeat(43) });
    expect(wrongToken.status).toBe(403);
  });

  test('without a session every call is 401 UNAUTHENTICATED, with no-store', async () => {
    const anonymous = new TestBrowser(stack.baseUrl);
    const me = await anonymous.request('/account/me');
    expect(me.status).toBe(401);
    expect((await me.json()).error.code).toBe('UNAUTHENTICATED');
    expect(me.headers.get('cache-control')).toBe('no-store');
    const forged = await anonymous.request('/account/me', { headers: { Cookie: `__Host-plaincve_session=${'a'.repeat(43)}` } });
    expect(forged.status).toBe(401);
    expect((await anonymous.account('/account/key')).status).toBe(401);
  });

  test('/account/me answers with no-store and only the caller’s data', async () => {
    const browser = await signedIn('google');
    const response = await browser.request('/account/me');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  test('a malformed body is a 400 in the envelope and changes nothing', async () => {
    const browser = await signedIn('github');
    const response = await browser.account('/account/email', { email: 'not an address' });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.details[0].parameter).toBe('email');
    const notJson = await browser.account('/account/email', undefined, {});
    expect(notJson.status).toBe(400);
  });
});

describe('one account cannot read or change another’s data', () => {
  test('unlinking another account’s identity is refused and leaves it in place', async () => {
    const victim = await signedIn('microsoft');
    const victimGithub = freshSubject('github');
    expect(await link(victim, 'github', victimGithub)).toBe('/dashboard?notice=linked&provider=github');
    expect((await victim.me()).providers).toHaveLength(2);
    const attacker = await signedIn('microsoft');
    await link(attacker, 'google', freshSubject('google'));
    const response = await attacker.account('/account/unlink', { provider: 'github', subject: victimGithub });
    expect(response.status).toBe(404);
    expect((await victim.me()).providers).toHaveLength(2);
    expect(JSON.stringify(await exported(attacker))).not.toContain(victimGithub);
  });

  test('each session sees its own account and e-mail', async () => {
    const aSubject = freshSubject('github');
    const bSubject = freshSubject('google');
    const a = await signedIn('github', aSubject);
    const b = await signedIn('google', bSubject);
    expect((await a.me()).email).toBe(`${aSubject}@example.com`);
    expect((await b.me()).email).toBe(`${bSubject.slice(2)}@example.com`);
    expect((await exported(a)).account.account_id).not.toBe((await exported(b)).account.account_id);
  });
});

describe('linking and unlinking', () => {
  test('a second provider links to the signed-in account, and signing in with it opens that account', async () => {
    const browser = await signedIn('microsoft');
    const account = (await exported(browser)).account.account_id;
    const github = freshSubject('github');
    expect(await link(browser, 'github', github)).toBe('/dashboard?notice=linked&provider=github');
    expect((await browser.me()).providers.map((p) => p.provider).sort()).toEqual(['github', 'microsoft']);
    const again = await signedIn('github', github);
    expect((await exported(again)).account.account_id).toBe(account);
  });

  test('an identity already linked to another account is refused with a clear notice; nothing changes', async () => {
    const taken = freshSubject('google');
    const owner = await signedIn('google', taken);
    const ownerAccount = (await exported(owner)).account.account_id;
    const other = await signedIn('microsoft');
    const before = await other.me();
    expect(await link(other, 'google', taken)).toBe('/dashboard?notice=link-refused&provider=google');
    expect((await other.me()).providers).toEqual(before.providers);
    const ownerAgain = await signedIn('google', taken);
    expect((await exported(ownerAgain)).account.account_id).toBe(ownerAccount);
  });

  test('npm start’s seeded "linked elsewhere" test user is refused when linked from another account (seeding is idempotent)', async () => {
    await seedLinkedElsewhere();
    await seedLinkedElsewhere();
    const browser = await signedIn('github');
    expect(await link(browser, 'google', 'google-mallory-0003')).toBe('/dashboard?notice=link-refused&provider=google');
    expect((await browser.me()).providers).toHaveLength(1);
  });

  test('the only provider cannot be unlinked (409); with two, unlink works and the identity then opens a new account', async () => {
    const github = freshSubject('github');
    const browser = await signedIn('github', github);
    const accountId = (await exported(browser)).account.account_id;
    const only = await browser.account('/account/unlink', { provider: 'github', subject: github });
    expect(only.status).toBe(409);
    expect((await only.json()).error.code).toBe('CONFLICT');
    expect((await browser.me()).providers).toHaveLength(1);

    const google = freshSubject('google');
    await link(browser, 'google', google);
    expect((await browser.account('/account/unlink', { provider: 'google', subject: google })).status).toBe(200);
    expect((await browser.me()).providers.map((p) => p.subject)).toEqual([github]);
    const unlinked = await signedIn('google', google);
    expect((await exported(unlinked)).account.account_id).not.toBe(accountId);
  });
});

describe('e-mail, key rotation, export, sign-out and deletion', () => {
  test('updating the e-mail', async () => {
    const browser = await signedIn('github');
    const response = await browser.account('/account/email', { email: ' New.Address@Example.com ' });
    expect(response.status).toBe(400); // surrounding spaces are not an address
    expect((await browser.account('/account/email', { email: 'New.Address@Example.com' })).status).toBe(200);
    expect((await browser.me()).email).toBe('new.address@example.com');
  });

  test('rotate key: the old key gets 401, the new one works and is shown to this session', async () => {
    const browser = await signedIn('microsoft');
    const oldKey = (await browser.me()).issued_key ?? '';
    const response = await browser.account('/account/key');
    expect(response.status).toBe(200);
    const newKey = (await response.json()).data.api_key as string;
    expect((await browser.me()).issued_key).toBe(newKey);
    expect((await stack.get(`/api/cve/${record.cve_id}`, { key: oldKey })).status).toBe(401);
    expect((await stack.get(`/api/cve/${record.cve_id}`, { key: newKey })).status).toBe(200);
    const usage = (await browser.me()).usage as { minute: { used: number } };
    expect(usage.minute.used).toBe(1);
  });

  test('the export holds the account, identities, key prefixes, sessions and counters, never a hash', async () => {
    const github = freshSubject('github');
    const browser = await signedIn('github', github);
    const key = (await browser.me()).issued_key ?? '';
    await stack.get(`/api/cve/${record.cve_id}`, { key });
    const response = await browser.account('/account/export');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="plaincve-account-export.json"/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const data = await response.json();
    expect(data.identities).toContainEqual(expect.objectContaining({ provider: 'github', subject: github }));
    expect(data.api_keys[0]).toEqual(expect.objectContaining({ prefix: key.slice(0, 9) }));
    expect(data.sessions.some((s: { this_session: boolean }) => s.this_session)).toBe(true);
    expect(data.usage_counters).toContainEqual(expect.objectContaining({ resource: 'core', count: 1 }));
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/[0-9a-f]{64}/); // no SHA-256 of a key or session
    expect(text).not.toContain(key);
    expect(text).not.toContain('csrf');
    expect(JSON.stringify(await browser.me())).not.toMatch(/[0-9a-f]{64}/);
  });

  test('sign-out deletes the server session', async () => {
    const browser = await signedIn('google');
    const cookie = browser.cookieHeader();
    expect((await browser.account('/account/sign-out')).status).toBe(200);
    const again = await fetch(`${stack.baseUrl}/account/me`, { headers: { Cookie: cookie } });
    expect(again.status).toBe(401);
  });

  test('delete needs the typed confirmation, then removes every item of the account and the key stops working', async () => {
    const microsoft = freshSubject('microsoft');
    const browser = await signedIn('microsoft', microsoft);
    await link(browser, 'github', freshSubject('github'));
    const other = await signedIn('microsoft', microsoft); // a second session of the same account
    const key = (await other.me()).issued_key ?? '';
    expect((await stack.get(`/api/cve/${record.cve_id}`, { key })).status).toBe(200);
    const accountId = (await exported(browser)).account.account_id;
    expect((await itemsMentioning(accountId)).length).toBeGreaterThan(3);

    const unconfirmed = await browser.account('/account/delete', { confirmation: 'delete' });
    expect(unconfirmed.status).toBe(400);
    expect((await stack.get(`/api/cve/${record.cve_id}`, { key })).status).toBe(200);

    const deleted = await browser.account('/account/delete', { confirmation: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.getSetCookie().some((c) => /^__Host-plaincve_session=;.*Max-Age=0/.test(c))).toBe(true);
    expect((await stack.get(`/api/cve/${record.cve_id}`, { key })).status).toBe(401);
    expect(await itemsMentioning(accountId)).toEqual([]);
    expect((await other.request('/account/me')).status).toBe(401);
    const counters = await scanTable('COUNTERS_TABLE');
    expect(counters.filter((c) => c.pk === accountId)).toEqual([]);
  });
});
