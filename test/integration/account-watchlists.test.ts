import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshSubject, startAuthStack } from '../support/auth-stack.js';
import { TestBrowser } from '../support/browser.js';
import { scanTable } from '../support/tables.js';
import type { TestStack } from '../support/stack.js';

let stack: TestStack;
beforeAll(async () => {
  stack = await startAuthStack();
});
afterAll(async () => stack.close());

async function signedIn() {
  const browser = new TestBrowser(stack.baseUrl);
  expect((await browser.signIn('github', freshSubject('github'))).status).toBe(302);
  return browser;
}

/** A state-changing call from the dashboard: same origin, this session's CSRF token. */
async function call(browser: TestBrowser, method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const me = (await browser.me()) as unknown as { csrf_token: string };
  const response = await browser.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: new URL(stack.baseUrl).origin, 'X-CSRF-Token': me.csrf_token, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { ok: boolean; data: Record<string, unknown>; error: { code: string; details?: { parameter: string }[] } },
  };
}

async function list(browser: TestBrowser) {
  const response = await browser.request('/account/watchlists');
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (
    (await response.json()) as { data: { watchlists: { id: string; name: string; filters: Record<string, unknown>; events: string[]; paused: boolean }[] } }
  ).data.watchlists;
}

const valid = {
  name: 'Our OpenSSL',
  filters: { tag: 'openssl', severity: 'high', min_score: '7.5', modified_since: '2026-11-01' },
  events: ['cve.added', 'cve.risk_changed'],
};

describe('/account/watchlists (product-decisions §7)', () => {
  test('create, list, change, pause and delete; filters normalised as an export reads them', async () => {
    const browser = await signedIn();
    expect(await list(browser)).toEqual([]);
    const created = await call(browser, 'POST', '/account/watchlists', valid);
    expect(created.status).toBe(201);
    const watchlist = created.body.data.watchlist as { id: string };
    expect(watchlist).toMatchObject({
      name: 'Our OpenSSL',
      filters: { tag: 'openssl', severity: 'HIGH', min_score: 7.5, modified_since: '2026-11-01T00:00:00.000Z' },
      events: ['cve.added', 'cve.risk_changed'],
      webhook_url: null,
      paused: false,
    });
    expect(await list(browser)).toEqual([created.body.data.watchlist]);

    const paused = await call(browser, 'PATCH', `/account/watchlists/${watchlist.id}`, { paused: true, name: 'Renamed', events: ['cve.updated'] });
    expect(paused.status).toBe(200);
    expect(paused.body.data.watchlist).toMatchObject({ id: watchlist.id, name: 'Renamed', paused: true, events: ['cve.updated'], filters: { tag: 'openssl' } });
    expect((await list(browser))[0]).toMatchObject({ name: 'Renamed', paused: true });

    const removed = await call(browser, 'DELETE', `/account/watchlists/${watchlist.id}`);
    expect(removed.status).toBe(200);
    expect(await list(browser)).toEqual([]);
    expect((await call(browser, 'DELETE', `/account/watchlists/${watchlist.id}`)).status).toBe(404);
    expect((await call(browser, 'PATCH', `/account/watchlists/${watchlist.id}`, { paused: false })).status).toBe(404);
  });

  test('bad input is a 400 naming each bad field; filters take exactly the export parameters', async () => {
    const browser = await signedIn();
    const badFilters = await call(browser, 'POST', '/account/watchlists', {
      ...valid,
      filters: { severity: 'extreme', min_score: 11, sarif_path: 'x', colour: 'red' },
    });
    expect(badFilters.status).toBe(400);
    expect(badFilters.body.error.details?.map((d) => d.parameter).sort()).toEqual([
      'filters.colour',
      'filters.min_score',
      'filters.sarif_path',
      'filters.severity',
    ]);
    for (const body of [
      { ...valid, name: '' },
      { ...valid, name: 'x'.repeat(101) },
      { ...valid, events: [] },
      { ...valid, events: ['cve.deleted'] },
      // Plain http to a public name: refused by its shape, before any name is resolved.
      { ...valid, webhook_url: 'http://example.com/hook' },
      { ...valid, extra: true },
    ]) {
      const answer = await call(browser, 'POST', '/account/watchlists', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('BAD_REQUEST');
    }
    expect(await list(browser)).toEqual([]);
  });

  test('at most 20 per account, also when the last places are raced for', async () => {
    const browser = await signedIn();
    for (let i = 0; i < 17; i++) expect((await call(browser, 'POST', '/account/watchlists', { ...valid, name: `List ${i}` })).status).toBe(201);
    // Eight at once for the last three places: exactly three win.
    const csrf = ((await browser.me()) as unknown as { csrf_token: string }).csrf_token;
    const race = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        browser.request('/account/watchlists', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: new URL(stack.baseUrl).origin, 'X-CSRF-Token': csrf },
          body: JSON.stringify({ ...valid, name: `Race ${i}` }),
        }),
      ),
    );
    const statuses = race.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await list(browser)).toHaveLength(20);
    const refused = await call(browser, 'POST', '/account/watchlists', valid);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CONFLICT');
  });

  test('another account cannot see or change them; cross-origin or token-less changes are refused', async () => {
    const owner = await signedIn();
    const created = await call(owner, 'POST', '/account/watchlists', valid);
    const id = (created.body.data.watchlist as { id: string }).id;
    const other = await signedIn();
    expect(await list(other)).toEqual([]);
    expect((await call(other, 'DELETE', `/account/watchlists/${id}`)).status).toBe(404);
    expect((await call(owner, 'DELETE', `/account/watchlists/${id}`, undefined, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await call(owner, 'PATCH', `/account/watchlists/${id}`, { paused: true }, { 'X-CSRF-Token': '' })).status).toBe(403);
    expect((await call(owner, 'POST', '/account/watchlists', valid, { Origin: 'https://evil.example' })).status).toBe(403);
    expect(await list(owner)).toHaveLength(1);
    const anonymous = await new TestBrowser(stack.baseUrl).request('/account/watchlists');
    expect(anonymous.status).toBe(401);
  });

  test('the account export includes them and deleting the account removes them', async () => {
    const browser = await signedIn();
    await call(browser, 'POST', '/account/watchlists', valid);
    const exported = await browser.account('/account/export');
    const data = (await exported.json()) as { account: { account_id: string }; watchlists: { name: string }[] };
    expect(data.watchlists.map((w) => w.name)).toEqual(['Our OpenSSL']);
    const deleted = await browser.account('/account/delete', { confirmation: 'DELETE' });
    expect(deleted.status).toBe(200);
    const left = (await scanTable('ACCOUNTS_TABLE')).filter((item) => item.pk === `WATCHLISTS#${data.account.account_id}`);
    expect(left).toEqual([]);
  });
});
