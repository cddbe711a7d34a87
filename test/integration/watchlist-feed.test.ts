import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import { exportRecordSchema } from '../../shared/domain/cve.js';
import { changeRepository } from '../../shared/repositories/change-repository.js';
import { changesBetween } from '../../shared/ingest/use-cases/record-changes.js';
import { freshSubject, startAuthStack } from '../support/auth-stack.js';
import { TestBrowser } from '../support/browser.js';
import { parseAtom } from '../support/atom.js';
import { makeRecord, nextCveId } from '../support/records.js';
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

interface WatchlistBody {
  id: string;
  feed_url: string | null;
}

async function call(browser: TestBrowser, method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
  const me = (await browser.me()) as unknown as { csrf_token: string };
  const response = await browser.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: new URL(stack.baseUrl).origin, 'X-CSRF-Token': me.csrf_token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { data: { watchlist: WatchlistBody } } };
}

/** A feed request as a feed reader makes it: no cookie, no key. */
async function fetchFeed(path: string) {
  const response = await fetch(`${stack.baseUrl}${path}`);
  return { response, text: await response.text() };
}

const openssl = [{ tag: 'openssl', tag_type: 'product' as const }];
const before = (overrides: Parameters<typeof makeRecord>[0]) => makeRecord({ tags: openssl, cvss_score: 9.1, severity: 'CRITICAL', ...overrides });

/** Writes changes through the same path the ingest uses (changesBetween computes kind, fields and the risk transition). */
async function logChanges(pairs: { from?: CatalogueRecord; to: CatalogueRecord }[]) {
  for (const pair of pairs) {
    const previous = new Map(pair.from ? [[pair.from.cve_id, pair.from] as const] : []);
    // One append per change: each gets its own, later, change id (the feed is newest first).
    await changeRepository.append(changesBetween(previous, [pair.to], Date.now()));
  }
}

describe('the Atom feed of a watchlist (product-decisions §7)', () => {
  test('lists the matching changes newest first, parses as Atom 1.0, links the public CVE pages, says how the risk moved', async () => {
    const browser = await signedIn();
    // A matching change from before the watchlist existed: the feed starts when the watchlist does.
    const earlier = before({ cve_id: nextCveId() });
    await logChanges([{ to: earlier }]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const created = await call(browser, 'POST', '/account/watchlists', {
      name: 'OpenSSL <prod> & "friends"',
      filters: { tag: 'OpenSSL', min_score: '7' },
      events: ['cve.added', 'cve.risk_changed'],
    });
    expect(created.status).toBe(201);
    const feedUrl = created.body.data.watchlist.feed_url!;
    expect(feedUrl).toMatch(/^\/feeds\/[A-Za-z0-9_-]{43}\.atom$/);

    const added = before({ cve_id: nextCveId() });
    const quiet = before({
      cve_id: nextCveId(),
      exploit_intel: { risk_level: 'LOW', detectable: false, weaponized: false, detection_sources: [], exploit_sources: [] },
    });
    const exploited = {
      ...quiet,
      exploit_intel: { risk_level: 'CRITICAL_GAP' as const, detectable: false, weaponized: true, detection_sources: [], exploit_sources: ['exploit-db'] },
    };
    const otherProduct = makeRecord({ cve_id: nextCveId(), tags: [{ tag: 'nginx', tag_type: 'product' }], cvss_score: 9.8 });
    const lowScore = before({ cve_id: nextCveId(), cvss_score: 5.0, severity: 'MEDIUM' });
    const epssOnly = { ...added, exploit_intel: { ...added.exploit_intel!, epss: { score: 0.9, percentile: 0.99, date: '2026-11-01' } } };
    await logChanges([
      { to: added },
      { to: otherProduct },
      { to: lowScore },
      { from: quiet, to: exploited },
      // cve.updated: this watchlist did not ask for it.
      { from: added, to: epssOnly },
    ]);

    const { response, text } = await fetchFeed(feedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const feed = parseAtom(text);
    expect(feed.title).toBe('PlainCVE watchlist: OpenSSL <prod> & "friends"');
    expect(feed.entries.map((e) => e.link)).toEqual([`${stack.baseUrl}/cve/${exploited.cve_id}`, `${stack.baseUrl}/cve/${added.cve_id}`]);
    expect(new Set(feed.entries.map((e) => e.id)).size).toBe(2);
    const [risk, fresh] = feed.entries;
    expect(risk!.title).toContain(`${exploited.cve_id} risk LOW → CRITICAL_GAP`);
    expect(risk!.summary).toContain('LOW → CRITICAL_GAP: a public exploit appeared and no detection rule exists yet');
    expect(fresh!.title).toContain(`${added.cve_id} new`);
    expect(Date.parse(risk!.updated)).toBeGreaterThanOrEqual(Date.parse(fresh!.updated));
  });

  test('a new token replaces the old one at once; a revoked or unknown token, or a deleted watchlist, answers 404 in the error envelope', async () => {
    const browser = await signedIn();
    const created = await call(browser, 'POST', '/account/watchlists', { name: 'Tokens', filters: {}, events: ['cve.added'] });
    const { id, feed_url: first } = created.body.data.watchlist;
    expect((await fetchFeed(first!)).response.status).toBe(200);

    const renewed = await call(browser, 'POST', `/account/watchlists/${id}/feed-token`);
    expect(renewed.status).toBe(200);
    const second = renewed.body.data.watchlist.feed_url!;
    expect(second).toMatch(/^\/feeds\/[A-Za-z0-9_-]{43}\.atom$/);
    expect(second).not.toBe(first);
    const old = await fetchFeed(first!);
    expect(old.response.status).toBe(404);
    expect(old.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(old.text)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect((await fetchFeed(second)).response.status).toBe(200);

    const revoked = await call(browser, 'DELETE', `/account/watchlists/${id}/feed-token`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.watchlist.feed_url).toBeNull();
    expect((await fetchFeed(second)).response.status).toBe(404);

    for (const path of ['/feeds/not-a-token.atom', `/feeds/${'A'.repeat(43)}.atom`, `${second.replace('.atom', '')}.rss`]) {
      const answer = await fetchFeed(path);
      expect(answer.response.status, path).toBe(404);
      expect(JSON.parse(answer.text).error.code).toBe('NOT_FOUND');
    }

    const again = await call(browser, 'POST', `/account/watchlists/${id}/feed-token`);
    const third = again.body.data.watchlist.feed_url!;
    expect((await fetchFeed(third)).response.status).toBe(200);
    expect((await call(browser, 'DELETE', `/account/watchlists/${id}`)).status).toBe(200);
    expect((await fetchFeed(third)).response.status).toBe(404);
    // Another account cannot touch this account's watchlist tokens.
    const stranger = await signedIn();
    expect((await call(stranger, 'POST', `/account/watchlists/${id}/feed-token`)).status).toBe(404);
  });
});

describe('GET /account/watchlists/{id}/preview', () => {
  test("today's matches by the export's filters: export JSON records and their count", async () => {
    const browser = await signedIn();
    const now = new Date();
    const yesterday = new Date(now.getTime() - 86_400_000 * 2).toISOString();
    const tag = `preview-${Date.now()}`;
    const tagged = [{ tag, tag_type: 'product' as const }];
    const today = [0, 1, 2].map(() => makeRecord({ cve_id: nextCveId(), tags: tagged, cvss_score: 9.0, modified_at: now.toISOString() }));
    const old = makeRecord({ cve_id: nextCveId(), tags: tagged, cvss_score: 9.0, modified_at: yesterday });
    const lowToday = makeRecord({ cve_id: nextCveId(), tags: tagged, cvss_score: 4.0, severity: 'MEDIUM', modified_at: now.toISOString() });
    await stack.seed([...today, old, lowToday]);

    const created = await call(browser, 'POST', '/account/watchlists', { name: 'Preview', filters: { tag, min_score: '8' }, events: ['cve.added'] });
    const response = await browser.request(`/account/watchlists/${created.body.data.watchlist.id}/preview`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { matches: unknown[]; count: number } };
    expect(body.data.count).toBe(3);
    const ids = body.data.matches.map((m) => exportRecordSchema.parse(m).cve_id).sort();
    expect(ids).toEqual(today.map((r) => r.cve_id).sort());
    expect((await browser.request('/account/watchlists/wl_0000000000000000/preview')).status).toBe(404);
  });
});
