import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PROVIDER_IDS } from '../../shared/auth/providers.js';
import { localSideRoutes } from '../../shared/local/side-routes.js';
import { TestBrowser } from '../support/browser.js';
import { makeRecord } from '../support/records.js';
import { scanTable } from '../support/tables.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack;
const record = makeRecord();

beforeAll(async () => {
  stack = await startTestStack({ sideRoutes: localSideRoutes() });
  await stack.seed([record]);
});
afterAll(async () => stack.close());

const SUBJECTS = { github: '1002', google: 'google-dave-0002', microsoft: 'ms-erin-0002' } as const;

describe('sign-in through the local stand-ins', () => {
  test.each(PROVIDER_IDS)('%s: the callback issues a working key and a session, then redirects to the dashboard', async (provider) => {
    const browser = new TestBrowser(stack.baseUrl);
    const callback = await browser.signIn(provider, SUBJECTS[provider]);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/dashboard');
    const me = await browser.me();
    expect(me.providers).toEqual([expect.objectContaining({ provider, subject: SUBJECTS[provider] })]);
    expect(me.issued_key).toMatch(/^pcve_[0-9A-Za-z]{38}$/);
    const lookup = await stack.get(`/api/cve/${record.cve_id}`, { key: me.issued_key ?? '' });
    expect(lookup.status).toBe(200);
  });

  test('Google and Microsoft use PKCE S256; GitHub uses state only', async () => {
    const browser = new TestBrowser(stack.baseUrl);
    const google = await browser.startSignIn('google');
    expect(google.searchParams.get('code_challenge_method')).toBe('S256');
    expect(google.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const microsoft = await browser.startSignIn('microsoft');
    expect(microsoft.searchParams.get('code_challenge_method')).toBe('S256');
    const github = await browser.startSignIn('github');
    expect(github.searchParams.get('code_challenge')).toBeNull();
    expect(github.searchParams.get('state')).toBeTruthy();
    expect(github.searchParams.get('redirect_uri')).toBe(`${stack.baseUrl}/auth/github/callback`);
  });

  test('the session and flow cookies are __Host- prefixed, HttpOnly, Secure, SameSite=Lax, Path=/', async () => {
    const browser = new TestBrowser(stack.baseUrl);
    await browser.signIn('github', '1003');
    const session = browser.setCookies.find((c) => c.startsWith('__Host-plaincve_session=') && !/Max-Age=0/.test(c));
    const flow = browser.setCookies.find((c) => c.startsWith('__Host-plaincve_oauth=') && !/Max-Age=0/.test(c));
    for (const cookie of [session, flow]) {
      expect(cookie).toBeDefined();
      const attributes = (cookie ?? '').split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=lax', 'path=/']));
      expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
    }
    expect(session).toMatch(/^__Host-plaincve_session=[A-Za-z0-9_-]{43};/);
    expect(flow).toMatch(/Max-Age=600/);
  });

  test('signing in again issues a new key: the old one gets 401, the new one works, the old session no longer shows a key', async () => {
    const first = new TestBrowser(stack.baseUrl);
    await first.signIn('microsoft', 'ms-frank-0003');
    const oldKey = (await first.me()).issued_key ?? '';
    const second = new TestBrowser(stack.baseUrl);
    await second.signIn('microsoft', 'ms-frank-0003');
    const newKey = (await second.me()).issued_key ?? '';
    expect(newKey).not.toBe(oldKey);
    expect((await stack.get(`/api/cve/${record.cve_id}`, { key: oldKey })).status).toBe(401);
    expect((await stack.get(`/api/cve/${record.cve_id}`, { key: newKey })).status).toBe(200);
    expect((await first.me()).issued_key).toBeNull();
    // Same account both times: found by identity.
    const firstExport = await (await first.account('/account/export')).json();
    const secondExport = await (await second.account('/account/export')).json();
    expect(firstExport.account.account_id).toBe(secondExport.account.account_id);
  });

  test('the session id and the key are stored only as hashes (the key sealed under the session id)', async () => {
    const browser = new TestBrowser(stack.baseUrl);
    await browser.signIn('google', 'google-alice-0001');
    const key = (await browser.me()).issued_key ?? '';
    const sessionId = browser.cookies.get('__Host-plaincve_session') ?? '';
    const dump = JSON.stringify(await scanTable('ACCOUNTS_TABLE'));
    expect(key).not.toBe('');
    expect(dump).not.toContain(key);
    expect(dump).not.toContain(sessionId);
  });
});

describe('a failed callback: one generic page, no session', () => {
  async function expectGenericFailure(response: Response, browser: TestBrowser) {
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain('Sign-in did not complete');
    expect(response.headers.getSetCookie().some((c) => c.startsWith('__Host-plaincve_session=') && !/Max-Age=0/.test(c))).toBe(false);
    expect(browser.cookies.has('__Host-plaincve_session')).toBe(false);
    return body;
  }

  test('missing state', async () => {
    const browser = new TestBrowser(stack.baseUrl);
    const callback = await browser.chooseUser(await browser.startSignIn('github'), '1001');
    callback.searchParams.delete('state');
    await expectGenericFailure(await browser.request(callback.href), browser);
  });

  test('wrong state', async () => {
    const browser = new TestBrowser(stack.baseUrl);
    const callback = await browser.chooseUser(await browser.startSignIn('google'), 'google-alice-0001');
    callback.searchParams.set('state', 'not-the-state-we-sent');
    const missing = await expectGenericFailure(await browser.request(callback.href), browser);
    // Same page whatever the cause.
    const other = new TestBrowser(stack.baseUrl);
    const noCookie = await other.chooseUser(await new TestBrowser(stack.baseUrl).startSignIn('google'), 'google-alice-0001');
    expect(await expectGenericFailure(await other.request(noCookie.href), other)).toBe(missing);
  });

  test('replayed state (same callback and cookie, after a success) fails', async () => {
    const browser = new TestBrowser(stack.baseUrl);
    const callback = await browser.chooseUser(await browser.startSignIn('github'), '1001');
    const flowCookie = browser.cookieHeader();
    expect((await browser.request(callback.href)).status).toBe(302);
    const attacker = new TestBrowser(stack.baseUrl);
    const replay = await attacker.request(callback.href, { headers: { Cookie: flowCookie } });
    await expectGenericFailure(replay, attacker);
  });

  test('a state from another provider, an unknown provider and a provider error all fail', async () => {
    const browser = new TestBrowser(stack.baseUrl);
    const callback = await browser.chooseUser(await browser.startSignIn('github'), '1001');
    const crossed = new URL(callback.href.replace('/auth/github/', '/auth/google/'));
    await expectGenericFailure(await browser.request(crossed.href), browser);
    await expectGenericFailure(await browser.request('/auth/myspace/callback?code=x&state=y'), browser);
    const cancelled = new TestBrowser(stack.baseUrl);
    const authorize = await cancelled.startSignIn('microsoft');
    const denied = await cancelled.chooseUser(authorize, 'nobody');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    await expectGenericFailure(await cancelled.request(denied.href), cancelled);
  });

  test('a returnTo outside the origin (or outside the dashboard) is refused: sign-in lands on /dashboard', async () => {
    for (const returnTo of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/auth/github',
      '/dashboard/../account/me',
    ]) {
      const browser = new TestBrowser(stack.baseUrl);
      const response = await browser.signIn('github', '1001', returnTo);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/dashboard');
    }
    const good = new TestBrowser(stack.baseUrl);
    expect((await good.signIn('github', '1001', '/dashboard#privacy')).headers.get('location')).toBe('/dashboard#privacy');
  });

  test('the stand-in refuses a redirect_uri that is not the registered callback', async () => {
    const browser = new TestBrowser(stack.baseUrl);
    const authorize = await browser.startSignIn('github');
    authorize.searchParams.set('redirect_uri', 'https://evil.example/auth/github/callback');
    const response = await browser.request(authorize.href);
    expect(response.status).toBe(400);
  });

  // Last: it stops the in-memory database under the stack.
  test('a failing database gives the same page with 503 and Retry-After, and no session', async () => {
    const browser = new TestBrowser(stack.baseUrl);
    const callback = await browser.chooseUser(await browser.startSignIn('github'), '1001');
    await stack.stopDatabase();
    try {
      const response = await browser.request(callback.href);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await response.text()).toContain('Sign-in did not complete');
      expect(browser.cookies.has('__Host-plaincve_session')).toBe(false);
    } finally {
      await stack.startDatabase();
    }
  });
});
