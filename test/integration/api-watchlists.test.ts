import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WATCHLISTS } from '../../shared/domain/watchlist.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { MINUTE_MS, TestClock } from '../support/time.js';

let stack: TestStack;

// A held clock: a test that needs a fresh minute moves it to the next one instead of waiting.
const clock = TestClock.atWindowStart(MINUTE_MS);

beforeAll(async () => {
  stack = await startTestStack({ clock: clock.now });
});
afterAll(async () => {
  await stack?.close();
});

interface Answer {
  status: number;
  remaining: string | null;
  resource: string | null;
  json: { ok: boolean; data?: Record<string, unknown> & { watchlist?: Record<string, unknown> }; error?: { code: string; details?: { parameter: string }[] } };
}

async function call(method: string, path: string, key: string | undefined, body?: unknown): Promise<Answer> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { ...(key ? { 'X-API-Key': key } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return {
    status: response.status,
    remaining: response.headers.get('x-ratelimit-remaining'),
    resource: response.headers.get('x-ratelimit-resource'),
    json: (await response.json()) as Answer['json'],
  };
}

describe('watchlists by API key (product decisions §10)', () => {
  it('needs an API key', async () => {
    for (const [method, path] of [
      ['GET', '/api/watchlists'],
      ['POST', '/api/watchlists'],
      ['GET', '/api/watchlists/wl_aaaaaaaaaaaaaaaa'],
      ['PATCH', '/api/watchlists/wl_aaaaaaaaaaaaaaaa'],
      ['DELETE', '/api/watchlists/wl_aaaaaaaaaaaaaaaa'],
    ] as const) {
      const answer = await call(method, path, undefined, method === 'POST' || method === 'PATCH' ? { name: 'x' } : undefined);
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.json.error?.code).toBe('MISSING_API_KEY');
    }
  });

  it('create, list, read, change and delete, each one request of the 100 per minute; another account sees none of it', async () => {
    const key = await stack.newKey();
    clock.advance(MINUTE_MS);
    const created = await call('POST', '/api/watchlists', key, {
      name: 'Partly patched criticals',
      filters: { severity: 'critical', patch_status: 'partial' },
      events: ['cve.added', 'cve.risk_changed'],
    });
    expect(created.status).toBe(201);
    expect(created.resource).toBe('core');
    expect(created.remaining).toBe('99');
    const watchlist = created.json.data?.watchlist;
    expect(watchlist).toMatchObject({
      name: 'Partly patched criticals',
      filters: { severity: 'CRITICAL', patch_status: 'partial' },
      events: ['cve.added', 'cve.risk_changed'],
      webhook_url: null,
      paused: false,
    });
    const id = String(watchlist?.id);
    expect(id).toMatch(/^wl_[a-z0-9]{16}$/);

    const listed = await call('GET', '/api/watchlists', key);
    expect(listed.status).toBe(200);
    expect(listed.remaining).toBe('98');
    expect(listed.json.data).toEqual({ watchlists: [watchlist], max: MAX_WATCHLISTS });
    expect((await call('GET', `/api/watchlists/${id}`, key)).json.data).toEqual({ watchlist });

    const changed = await call('PATCH', `/api/watchlists/${id}`, key, { name: 'Workarounds only', filters: { patch_status: 'workaround_only' }, paused: true });
    expect(changed.status).toBe(200);
    expect(changed.json.data?.watchlist).toMatchObject({ id, name: 'Workarounds only', filters: { patch_status: 'workaround_only' }, paused: true });

    const stranger = await stack.newKey();
    expect((await call('GET', '/api/watchlists', stranger)).json.data).toEqual({ watchlists: [], max: MAX_WATCHLISTS });
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await call(method, `/api/watchlists/${id}`, stranger, body);
      expect(answer.status, method).toBe(404);
      expect(answer.json.error?.code).toBe('NOT_FOUND');
    }

    const deleted = await call('DELETE', `/api/watchlists/${id}`, key);
    expect(deleted.json).toEqual({ ok: true, data: { deleted: true, id } });
    expect((await call('GET', `/api/watchlists/${id}`, key)).status).toBe(404);
    expect((await call('GET', '/api/watchlists', key)).json.data).toEqual({ watchlists: [], max: MAX_WATCHLISTS });
  });

  it.each<[string, string, string, unknown, number, string, string[]]>([
    ['a body that is not JSON', 'POST', '/api/watchlists', 'name=x', 400, 'BAD_REQUEST', []],
    ['a field the watchlist does not have', 'POST', '/api/watchlists', { name: 'x', events: ['cve.added'], colour: 'red' }, 400, 'BAD_REQUEST', []],
    [
      'a filter out of its domain',
      'POST',
      '/api/watchlists',
      { name: 'x', events: ['cve.added'], filters: { severity: 'urgent', patch_status: 'patched' } },
      400,
      'BAD_REQUEST',
      ['filters.patch_status', 'filters.severity'],
    ],
    ['no events', 'POST', '/api/watchlists', { name: 'x', events: [] }, 400, 'BAD_REQUEST', ['events']],
    ['a change of nothing', 'PATCH', '/api/watchlists/wl_aaaaaaaaaaaaaaaa', {}, 400, 'BAD_REQUEST', []],
    ['an id that is not a watchlist id', 'GET', '/api/watchlists/nope', undefined, 404, 'NOT_FOUND', []],
    ['an unknown watchlist', 'DELETE', '/api/watchlists/wl_aaaaaaaaaaaaaaaa', undefined, 404, 'NOT_FOUND', []],
  ])('%s: %s %s is a clear 4xx with the rate headers, and changes nothing', async (_name, method, path, body, status, code, parameters) => {
    const key = await stack.newKey();
    const answer = await call(method, path, key, body);
    expect(answer.status).toBe(status);
    expect(answer.json.error?.code).toBe(code);
    if (parameters.length > 0) expect(answer.json.error?.details?.map((d) => d.parameter).sort()).toEqual(parameters);
    expect(answer.resource).toBe('core');
    expect((await call('GET', '/api/watchlists', key)).json.data).toEqual({ watchlists: [], max: MAX_WATCHLISTS });
  });

  it(`the ${MAX_WATCHLISTS + 1}th watchlist is a 409 CONFLICT`, async () => {
    const key = await stack.newKey();
    clock.advance(MINUTE_MS);
    for (let i = 0; i < MAX_WATCHLISTS; i++) expect((await call('POST', '/api/watchlists', key, { name: `w${i}`, events: ['cve.added'] })).status).toBe(201);
    const over = await call('POST', '/api/watchlists', key, { name: 'one more', events: ['cve.added'] });
    expect(over.status).toBe(409);
    expect(over.json.error?.code).toBe('CONFLICT');
  });
});
