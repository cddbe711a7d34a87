import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS } from '../../shared/domain/webhook-delivery.js';
import { toExportRecord } from '../../shared/render/export-record.js';
import type { RiskLevel } from '../../shared/domain/cve.js';
import { riskMeaning } from '../../shared/domain/risk-meaning.js';
import { changeRepository } from '../../shared/repositories/change-repository.js';
import { ingestCatalogue } from '../../shared/ingest/use-cases/ingest-catalogue.js';
import { freshSubject, startAuthStack } from '../support/auth-stack.js';
import { TestBrowser } from '../support/browser.js';
import { parseAtom } from '../support/atom.js';
import { ALL_FIXTURES, disguisedFixtureDir, fixture } from '../support/ingest-fixtures.js';
import { makeRecord } from '../support/records.js';
import type { TestStack } from '../support/stack.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * Webhooks through the local stack (issue 13): the in-process matcher follows the change log the
 * ingest writes, the in-process worker delivers. Every receiver listens on 127.0.0.1; names are
 * resolved by the injected resolver below, never by DNS, and a refused address is refused before
 * any connection.
 */
const NOW = new Date('2025-03-01T12:00:00Z');
const SETTLE_MS = 500;

// The delivery queue's clock: real time plus what a test adds (the retry schedule spans 24 h).
let clockOffset = 0;
const clock = () => Date.now() + clockOffset;
const names = new Map<string, string[]>([
  ['internal.test', ['10.1.2.3']],
  ['metadata.test', ['169.254.169.254']],
  ['mixed.test', ['127.0.0.1', '192.168.0.10']],
]);
const resolveHost = (hostname: string) => Promise.resolve(names.get(hostname) ?? Promise.reject(new Error(`ENOTFOUND ${hostname}`)));

let stack: TestStack;
let receiver: WebhookReceiver;
let redirectTarget: WebhookReceiver;
beforeAll(async () => {
  // One clock here, so the change log settles fast (CHANGE_SETTLE_MS covers clock skew between machines).
  stack = await startAuthStack({ CHANGE_SETTLE_MS: String(SETTLE_MS) }, { clock, resolveHost });
  redirectTarget = await startWebhookReceiver();
  receiver = await startWebhookReceiver((path) =>
    path === '/fail' ? { status: 500 } : path === '/redirect' ? { status: 302, headers: { Location: `${redirectTarget.origin}/target` } } : { status: 200 },
  );
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
  await redirectTarget?.close();
});

async function signedIn() {
  const browser = new TestBrowser(stack.baseUrl);
  expect((await browser.signIn('github', freshSubject('github'))).status).toBe(302);
  return browser;
}

type Answer = {
  status: number;
  body: { ok: boolean; data: Record<string, unknown>; error?: { code: string; message: string; details?: { parameter: string }[] } };
};

async function call(browser: TestBrowser, method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Answer> {
  const me = (await browser.me()) as unknown as { csrf_token: string };
  const response = await browser.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: new URL(stack.baseUrl).origin, 'X-CSRF-Token': me.csrf_token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

async function get(browser: TestBrowser, path: string) {
  const response = await browser.request(path);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

interface WatchlistView {
  id: string;
  webhook_url: string | null;
  webhook_status: string | null;
  webhook_paused_reason: string | null;
}

interface AttemptView {
  webhook_id: string;
  event_type: string;
  cve_id: string;
  attempt: number;
  attempted_at: string;
  status_code: number | null;
  outcome: string;
  error: string | null;
}

async function create(browser: TestBrowser, body: Record<string, unknown>) {
  const answer = await call(browser, 'POST', '/account/watchlists', { name: 'Hooked', events: ['cve.added', 'cve.risk_changed', 'cve.updated'], ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { watchlist: answer.body.data.watchlist as WatchlistView, secret: answer.body.data.webhook_secret as string };
}

/** Everything logged so far has been matched and every due delivery attempted. */
async function settle() {
  await new Promise((r) => setTimeout(r, SETTLE_MS + 50));
  await stack.webhooks.catchUp();
}

/** One change of a fresh record, as the ingest would log it (a record no other test matches). */
async function logChange(description: string) {
  const record = makeRecord({ description });
  await changeRepository.append([{ cve_id: record.cve_id, kind: 'added', fields: ['severity'], record: toExportRecord(record, '2026-11-22') }]);
  await settle();
  return record;
}

const filesOf = (dir: string) => readdirSync(dir).map((f) => join(dir, f));

describe('webhooks through the local stack (issue 13)', () => {
  test('an ingest that adds one matching CVE and KEV-lists another sends exactly those two events, signed; a re-ingest sends nothing', async () => {
    await ingestCatalogue({ files: filesOf(disguisedFixtureDir(ALL_FIXTURES.filter((n) => n !== 'kev.csv'))), now: NOW });
    await settle();

    const browser = await signedIn();
    const filters = { search: 'router manager', min_score: '9' };
    const { watchlist, secret } = await create(browser, { filters, webhook_url: `${receiver.origin}/hook` });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(watchlist).toMatchObject({ webhook_url: `${receiver.origin}/hook`, webhook_status: 'active', webhook_paused_reason: null });
    // A watchlist whose filters match neither record gets nothing.
    await create(browser, { filters: { severity: 'low' }, webhook_url: `${receiver.origin}/other` });
    // The secret is shown once: no read returns it.
    expect(JSON.stringify(await get(browser, '/account/watchlists'))).not.toContain(secret.slice(6));

    // The same data plus KEV's CSV (which lists CVE-2017-9006) and one new NVD record.
    const line = readFileSync(fixture('nvd-cves.jsonl'), 'utf8')
      .split('\n')
      .find((l) => l.includes('"CVE-2017-9006"'))!;
    const extra = join(disguisedFixtureDir([]), 'extra-nvd.jsonl');
    writeFileSync(extra, `${line.replaceAll('CVE-2017-9006', 'CVE-2017-9106').replace('The admin console', 'The backup service')}\n`);
    const files = [...filesOf(disguisedFixtureDir()), extra];
    await ingestCatalogue({ files, now: NOW });

    await settle();
    const hooks = receiver.on('/hook');
    expect(hooks).toHaveLength(2);
    expect(receiver.on('/other')).toHaveLength(0);
    const verifier = new Webhook(secret);
    const events = hooks.map((h) => {
      const headers = {
        'webhook-id': String(h.headers['webhook-id']),
        'webhook-timestamp': String(h.headers['webhook-timestamp']),
        'webhook-signature': String(h.headers['webhook-signature']),
      };
      expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
      // Throws unless signed with this watchlist's secret over exactly this body, id and timestamp.
      return verifier.verify(h.body, headers) as {
        type: string;
        timestamp: string;
        data: {
          watchlist_id: string;
          cve_id: string;
          fields: string[];
          risk_transition?: string;
          record: { cve_id: string; exploit_intel?: { risk_level: RiskLevel; weaponized: boolean; detectable: boolean; risk_meaning: string } };
        };
      };
    });
    const byCve = new Map(events.map((e) => [e.data.cve_id, e]));
    expect([...byCve.keys()].sort()).toEqual(['CVE-2017-9006', 'CVE-2017-9106']);
    expect(byCve.get('CVE-2017-9106')).toMatchObject({ type: 'cve.added', data: { watchlist_id: watchlist.id, record: { cve_id: 'CVE-2017-9106' } } });
    const kev = byCve.get('CVE-2017-9006')!;
    expect(kev.type).toBe('cve.risk_changed');
    expect(kev.data.fields).toEqual(expect.arrayContaining(['in_kev']));
    expect(kev.data.risk_transition).toContain('CISA now lists it as exploited in the wild (KEV)');
    // The record says its new risk level in words (product decisions §10): KEV lists it, so a public exploit exists.
    const intel = kev.data.record.exploit_intel!;
    expect(intel.risk_meaning).toBe(riskMeaning(intel.risk_level, intel));
    expect(intel.risk_meaning).toMatch(/^(CRITICAL GAP|HIGH): a public exploit exists/);
    expect(hooks[0]!.headers['webhook-id']).not.toBe(hooks[1]!.headers['webhook-id']);

    // /api/changes lists both.
    const key = await stack.newKey();
    const response = await stack.get('/api/changes?limit=1000', { key });
    expect(response.status).toBe(200);
    const changes = ((await response.json()) as { data: { changes: { cve_id: string; kind: string }[] } }).data.changes;
    expect(changes.filter((c) => c.cve_id === 'CVE-2017-9106').map((c) => c.kind)).toEqual(['added']);
    expect(changes.filter((c) => c.cve_id === 'CVE-2017-9006').map((c) => c.kind)).toEqual(['added', 'updated']);

    // The watchlist's Atom feed lists both (newest first), parses as Atom 1.0 and links the CVE pages.
    const feedUrl = (watchlist as unknown as { feed_url: string }).feed_url;
    const feedAnswer = await fetch(`${stack.baseUrl}${feedUrl}`);
    expect(feedAnswer.status).toBe(200);
    const feed = parseAtom(await feedAnswer.text());
    expect(feed.entries.map((e) => e.link).sort()).toEqual([`${stack.baseUrl}/cve/CVE-2017-9006`, `${stack.baseUrl}/cve/CVE-2017-9106`]);
    expect(feed.entries.find((e) => e.link.endsWith('CVE-2017-9006'))?.summary).toContain('CISA now lists it as exploited in the wild (KEV)');

    // The delivery log shows both, delivered on the first attempt.
    const log = (await get(browser, `/account/watchlists/${watchlist.id}/deliveries`)).deliveries as AttemptView[];
    expect(log.map((d) => [d.cve_id, d.outcome, d.attempt, d.status_code]).sort()).toEqual([
      ['CVE-2017-9006', 'delivered', 1, 200],
      ['CVE-2017-9106', 'delivered', 1, 200],
    ]);

    // The same files again: nothing changes, nothing is sent.
    const again = await ingestCatalogue({ files, now: NOW });
    expect(again.written).toBe(0);
    await settle();
    expect(receiver.on('/hook')).toHaveLength(2);
  });

  test('a receiver answering 500 gets every retry on schedule, then the webhook is paused and shows so; PATCH resumes it', async () => {
    const browser = await signedIn();
    const marker = `retry-marker-${Date.now()}`;
    const { watchlist } = await create(browser, { filters: { search: marker }, webhook_url: `${receiver.origin}/fail` });
    clockOffset = 0;
    const start = clock();
    await logChange(`A flaw found by ${marker}.`);
    expect(receiver.on('/fail')).toHaveLength(1);

    let at = 0;
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      // Not a moment early...
      clockOffset = at + delay - 1000;
      await stack.webhooks.queue.runDue();
      expect(receiver.on('/fail'), `before retry ${i + 1}`).toHaveLength(i + 1);
      // ...and on time.
      at += delay;
      clockOffset = at;
      await stack.webhooks.queue.runDue();
      expect(receiver.on('/fail'), `retry ${i + 1}`).toHaveLength(i + 2);
    }
    const stamps = receiver.on('/fail').map((r) => Number(r.headers['webhook-timestamp']) * 1000 - start);
    const expected = [0, ...RETRY_DELAYS_MS.map((_, i) => RETRY_DELAYS_MS.slice(0, i + 1).reduce((a, b) => a + b, 0))];
    stamps.forEach((stamp, i) => expect(Math.abs(stamp - expected[i]!)).toBeLessThan(5_000));
    expect(stamps).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    // Every attempt is the same message: one webhook id.
    expect(new Set(receiver.on('/fail').map((r) => r.headers['webhook-id'])).size).toBe(1);

    // Paused after the last: nothing more is attempted, and the dashboard's list says why.
    clockOffset = at + 48 * 3_600_000;
    await stack.webhooks.queue.runDue();
    expect(receiver.on('/fail')).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    const listed = ((await get(browser, '/account/watchlists')).watchlists as WatchlistView[]).find((w) => w.id === watchlist.id)!;
    expect(listed.webhook_status).toBe('paused');
    expect(listed.webhook_paused_reason).toContain(`${MAX_DELIVERY_ATTEMPTS} failed delivery attempts`);
    expect(listed.webhook_paused_reason).toContain('HTTP 500');

    const log = (await get(browser, `/account/watchlists/${watchlist.id}/deliveries`)).deliveries as AttemptView[];
    expect(log.map((d) => d.attempt)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(log.every((d) => d.outcome === 'failed' && d.status_code === 500 && d.error === 'HTTP 500')).toBe(true);

    // A change while paused is not sent.
    clockOffset = 0;
    await logChange(`Another flaw found by ${marker}.`);
    expect(receiver.on('/fail')).toHaveLength(MAX_DELIVERY_ATTEMPTS);

    const resumed = await call(browser, 'PATCH', `/account/watchlists/${watchlist.id}`, { webhook_status: 'active' });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.watchlist).toMatchObject({ webhook_status: 'active', webhook_paused_reason: null });
    await logChange(`A third flaw found by ${marker}.`);
    expect(receiver.on('/fail')).toHaveLength(MAX_DELIVERY_ATTEMPTS + 1);
  });

  test('private, loopback-in-disguise, metadata and non-https URLs are refused at save time, before any connection', async () => {
    const browser = await signedIn();
    for (const url of [
      'https://10.0.0.1/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://internal.test/hook',
      'https://metadata.test/hook',
      'https://mixed.test/hook',
      'https://nowhere.test/hook',
      'http://internal.test/hook',
      'ftp://127.0.0.1/hook',
    ]) {
      const answer = await call(browser, 'POST', '/account/watchlists', { name: 'Bad', events: ['cve.added'], webhook_url: url });
      expect(answer.status, url).toBe(400);
      expect(
        answer.body.error?.details?.map((d) => d.parameter),
        url,
      ).toEqual(['webhook_url']);
    }
    const { watchlist } = await create(browser, { filters: {} });
    const patched = await call(browser, 'PATCH', `/account/watchlists/${watchlist.id}`, { webhook_url: 'https://metadata.test/x' });
    expect(patched.status).toBe(400);
    expect(patched.body.error?.message).toContain('link-local');
    expect(((await get(browser, '/account/watchlists')).watchlists as WatchlistView[])[0]?.webhook_url).toBeNull();
  });

  test('a redirect is never followed (a failed attempt), and a name that now resolves to a private address is refused at delivery', async () => {
    const browser = await signedIn();
    const marker = `redirect-marker-${Date.now()}`;
    clockOffset = 0;
    const redirecting = await create(browser, { filters: { search: marker }, webhook_url: `${receiver.origin}/redirect` });
    names.set('rebind.test', ['127.0.0.1']);
    const rebinding = await create(browser, { filters: { search: marker }, webhook_url: `https://rebind.test:${receiver.port}/rebind` });
    names.set('rebind.test', ['10.9.8.7']);

    await logChange(`Found by ${marker}.`);
    expect(receiver.on('/redirect')).toHaveLength(1);
    expect(redirectTarget.received).toHaveLength(0);
    const [redirected] = (await get(browser, `/account/watchlists/${redirecting.watchlist.id}/deliveries`)).deliveries as AttemptView[];
    expect(redirected).toMatchObject({ outcome: 'failed', status_code: 302, attempt: 1 });
    expect(redirected?.error).toContain('redirects are not followed');

    expect(receiver.on('/rebind')).toHaveLength(0);
    const [refused] = (await get(browser, `/account/watchlists/${rebinding.watchlist.id}/deliveries`)).deliveries as AttemptView[];
    expect(refused).toMatchObject({ outcome: 'refused', status_code: null, attempt: 1 });
    expect(refused?.error).toContain('private');
  });

  test('the secret is rotatable: the new one is shown once and signs the next delivery; GET never returns it', async () => {
    const browser = await signedIn();
    const marker = `rotate-marker-${Date.now()}`;
    clockOffset = 0;
    const { watchlist, secret } = await create(browser, { filters: { search: marker }, webhook_url: `${receiver.origin}/rotate` });
    const rotated = await call(browser, 'POST', `/account/watchlists/${watchlist.id}/webhook-secret`, {});
    expect(rotated.status).toBe(200);
    const next = rotated.body.data.webhook_secret as string;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    const everything = JSON.stringify([await get(browser, '/account/watchlists'), await get(browser, `/account/watchlists/${watchlist.id}/deliveries`)]);
    expect(everything).not.toContain(next.slice(6));

    await logChange(`Found by ${marker}.`);
    const [hook] = receiver.on('/rotate');
    const headers = {
      'webhook-id': String(hook?.headers['webhook-id']),
      'webhook-timestamp': String(hook?.headers['webhook-timestamp']),
      'webhook-signature': String(hook?.headers['webhook-signature']),
    };
    expect(() => new Webhook(next).verify(hook!.body, headers)).not.toThrow();
    expect(() => new Webhook(secret).verify(hook!.body, headers)).toThrow();

    // Removing the webhook removes its secret; rotating then is a 400.
    expect((await call(browser, 'PATCH', `/account/watchlists/${watchlist.id}`, { webhook_url: null })).body.data.watchlist).toMatchObject({
      webhook_url: null,
      webhook_status: null,
    });
    expect((await call(browser, 'POST', `/account/watchlists/${watchlist.id}/webhook-secret`, {})).status).toBe(400);
  });
});
