import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPORT_LIMIT } from '../../shared/domain/limits.js';
import { PAGE_CSP } from '../../shared/render/html.js';
import { freshSubject, startAuthStack } from '../support/auth-stack.js';
import { TestBrowser } from '../support/browser.js';
import { makeRecord } from '../support/records.js';
import type { TestStack } from '../support/stack.js';

let stack: TestStack;
const loud = makeRecord({ cve_id: 'CVE-2099-8000001', cvss_score: 9.1, severity: 'CRITICAL', tags: [{ tag: 'widgetd', tag_type: 'product' }] });
const quiet = makeRecord({
  cve_id: 'CVE-2099-8000002',
  cvss_score: 4.0,
  severity: 'MEDIUM',
  description: 'The widgetd admin console leaks session tokens in logs.',
  tags: [{ tag: 'widgetd', tag_type: 'product' }],
});
const other = makeRecord({ cve_id: 'CVE-2099-8000003', description: 'A heap overflow in the Gizmo image parser.', tags: [] });

beforeAll(async () => {
  stack = await startAuthStack();
  await stack.seed([loud, quiet, other]);
});
afterAll(async () => stack.close());

const noRedirect = (path: string) => fetch(`${stack.baseUrl}${path}`, { redirect: 'manual' });

describe('GET /search (public, keyless, cacheable)', () => {
  test('a CVE id, in any case and with spaces, redirects to its public page', async () => {
    const response = await noRedirect(`/search?q=${encodeURIComponent('  cve-2099-8000001 ')}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/cve/CVE-2099-8000001');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=3600');
  });

  test('a product (tag) lists its CVEs, most severe first, as links to their pages', async () => {
    const response = await noRedirect('/search?q=WidgetD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=3600');
    const html = await response.text();
    const links = [...html.matchAll(/<li><a href="(\/cve\/[^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual(['/cve/CVE-2099-8000001', '/cve/CVE-2099-8000002']);
    expect(html).toContain('2 matching CVEs');
  });

  test('a keyword finds CVEs by their description', async () => {
    const html = await (await noRedirect('/search?q=heap%20overflow')).text();
    expect([...html.matchAll(/<li><a href="(\/cve\/[^"]+)"/g)].map((m) => m[1])).toEqual(['/cve/CVE-2099-8000003']);
  });

  test('the query is escaped wherever the page shows it', async () => {
    const html = await (await noRedirect(`/search?q=${encodeURIComponent('<img src=x onerror=alert(1)>')}`)).text();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('No CVE in the catalogue matches');
  });

  test('no query is a prompt; a query over 100 characters is a 400 page', async () => {
    const empty = await noRedirect('/search');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('Search CVEs');
    const long = await noRedirect(`/search?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.headers.get('cache-control')).toBe('no-store');
    expect(await long.text()).toContain('at most 100 characters');
  });
});

describe('the static site', () => {
  test.each([
    ['/', 'CVEs explained in plain English'],
    ['/docs/api', 'API reference'],
    ['/dashboard', 'Sign in to PlainCVE'],
  ])('%s is served from its page with the dashboard CSP', async (path, text) => {
    const response = await noRedirect(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await response.text()).toContain(text);
  });

  test('the favicon exists, so no page load logs a 404 for it', async () => {
    const response = await noRedirect('/favicon.ico');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
  });
});

describe('usage history (GET /account/usage)', () => {
  test('counts requests, 429s and exports per key and day; signed out is 401; /account/session never is', async () => {
    const anonymous = new TestBrowser(stack.baseUrl);
    expect((await anonymous.request('/account/usage')).status).toBe(401);
    const session = await anonymous.request('/account/session');
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({ ok: true, data: { signed_in: false, account: null } });

    const browser = new TestBrowser(stack.baseUrl);
    expect((await browser.signIn('github', freshSubject('github'))).status).toBe(302);
    const key = (await browser.me()).issued_key ?? '';
    expect((await stack.get(`/api/cve/${loud.cve_id}`, { key })).status).toBe(200);
    for (let i = 0; i < EXPORT_LIMIT.limit + 1; i++) await stack.get('/api/cves/export.csv?tag=widgetd', { key });

    const response = await browser.request('/account/usage');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { data } = (await response.json()) as {
      data: { days: { date: string; requests: number; rate_limited: number; exports: number }[]; keys: { key_id: string }[] };
    };
    expect(data.days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(data.days.at(-1)).toEqual({ date: today, requests: 1 + EXPORT_LIMIT.limit + 1, rate_limited: 1, exports: EXPORT_LIMIT.limit });
    expect(data.days.slice(0, -1).every((d) => d.requests === 0)).toBe(true);
    const me = (await browser.me()) as { key?: { key_id: string } };
    expect(data.keys.map((k) => k.key_id)).toEqual([me.key?.key_id]);

    const signedIn = (await (await browser.request('/account/session')).json()) as { data: { signed_in: boolean; account: { email: string } } };
    expect(signedIn.data.signed_in).toBe(true);
  });
});
