import { describe, expect, it } from 'vitest';
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import { riskStateOf } from '../../shared/domain/risk-transition.js';
import type { Watchlist } from '../../shared/domain/watchlist.js';
import { deliveryJobSchema, MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS, retryDelayAfter, webhookBody } from '../../shared/domain/webhook-delivery.js';
import { buildFilterIndex, selectFromIndex } from '../../shared/query/filter-index.js';
import type { ExportFilters } from '../../shared/query/export-query.js';
import { toExportRecord } from '../../shared/render/export-record.js';
import type { AccountWatchlist } from '../../shared/repositories/watchlist-repository.js';
import { matchChanges, WatchlistDirectory, type MatchableChange } from '../../shared/keeping-up/use-cases/match-changes.js';
import { makeRecord } from '../support/records.js';

let ids = 0;
function watchlist(filters: Record<string, string | number>, overrides: Partial<Watchlist> = {}): AccountWatchlist {
  const id = `wl_${String(++ids).padStart(16, '0')}`;
  return {
    account_id: 'acc_1',
    watchlist: {
      id,
      name: id,
      filters,
      events: ['cve.added', 'cve.risk_changed', 'cve.updated'],
      webhook_url: 'https://hooks.example.com/x',
      webhook_status: 'active',
      webhook_paused_reason: null,
      paused: false,
      feed_url: null,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
      ...overrides,
    },
  };
}

let seq = 0;
function change(record: CatalogueRecord, kind: MatchableChange['kind'], fields: string[], before?: CatalogueRecord): MatchableChange {
  return {
    change_id: `01J${String(++seq).padStart(23, '0')}`,
    cve_id: record.cve_id,
    changed_at: '2026-11-22T10:00:00.000Z',
    kind,
    fields,
    ...(kind === 'rejected' ? {} : { record: toExportRecord(record, '2026-11-22'), risk_after: riskStateOf(record) }),
    ...(before ? { risk_before: riskStateOf(before) } : {}),
  };
}

describe('matchChanges', () => {
  const critical = makeRecord({ severity: 'CRITICAL', cvss_score: 9.8, tags: [{ tag: 'OpenSSL', tag_type: 'product' }] });
  const low = makeRecord({ severity: 'LOW', cvss_score: 3.1, description: 'A log4j-style lookup in a logging library.' });
  const unscored = makeRecord({ severity: 'UNKNOWN', cvss_score: null });

  it('matches exactly what an export with the same filters returns', () => {
    const changes = [change(critical, 'added', ['severity']), change(low, 'added', ['severity']), change(unscored, 'added', ['severity'])];
    const filterSets: Record<string, string | number>[] = [
      {},
      { severity: 'CRITICAL' },
      { tag: 'openssl' },
      { min_score: 7 },
      { min_score: 0 },
      { search: 'LOG4J' },
      { search: critical.cve_id.toLowerCase() },
      { risk_level: 'HIGH', patch_status: 'available' },
      { modified_since: '2026-11-23T00:00:00.000Z' },
      { modified_since: '2026-11-22T00:00:00.000Z', severity: 'LOW' },
    ];
    const exportIndex = buildFilterIndex(
      [critical, low, unscored].map((r) => ({ ...r, modified_at: '2026-11-22T10:00:00.000Z' })),
      'v',
      '',
    );
    for (const filters of filterSets) {
      const owner = watchlist(filters);
      const matched = matchChanges(changes, [owner])
        .map((j) => j.cve_id)
        .sort();
      const exported = selectFromIndex(exportIndex, filters as ExportFilters, 100).ids.sort();
      expect(matched, JSON.stringify(filters)).toEqual(exported);
    }
  });

  it('sends each watchlist only the events it asked for, and nothing when it or its webhook is paused or absent', () => {
    const kev = makeRecord({ ...critical, in_kev: true });
    const changes = [
      change(low, 'added', ['severity']),
      change(kev, 'updated', ['in_kev'], critical),
      change(critical, 'updated', ['epss']),
      change(low, 'rejected', []),
    ];
    const all = watchlist({});
    const riskOnly = watchlist({}, { events: ['cve.risk_changed'] });
    const paused = watchlist({}, { paused: true });
    const hookPaused = watchlist({}, { webhook_status: 'paused', webhook_paused_reason: 'x' });
    const noHook = watchlist({}, { webhook_url: null, webhook_status: null });
    const jobs = matchChanges(changes, [all, riskOnly, paused, hookPaused, noHook]);
    expect(jobs.map((j) => [j.watchlist_id, j.cve_id, j.event_type])).toEqual([
      [all.watchlist.id, low.cve_id, 'cve.added'],
      [all.watchlist.id, critical.cve_id, 'cve.risk_changed'],
      [riskOnly.watchlist.id, critical.cve_id, 'cve.risk_changed'],
      [all.watchlist.id, critical.cve_id, 'cve.updated'],
    ]);
    // Same change, same watchlist → same webhook id (receivers dedupe); different watchlists differ.
    expect(new Set(jobs.map((j) => j.webhook_id)).size).toBe(4);
    expect(matchChanges(changes, [all]).map((j) => j.webhook_id)).toEqual(jobs.filter((j) => j.watchlist_id === all.watchlist.id).map((j) => j.webhook_id));
  });

  it('says how the risk moved on a risk change', () => {
    const before = makeRecord({ cvss_score: 9.8, exploit_intel: { ...critical.exploit_intel!, weaponized: false, detectable: false, risk_level: 'LOW' } });
    const after = makeRecord({ ...before, exploit_intel: { ...before.exploit_intel!, weaponized: true, risk_level: 'CRITICAL_GAP' } });
    const [job] = matchChanges([change(after, 'updated', ['risk_level', 'weaponized'], before)], [watchlist({})]);
    expect(job?.risk_transition).toBe('LOW → CRITICAL_GAP: a public exploit appeared and no detection rule exists yet');
    const body = JSON.parse(webhookBody(job!)) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ type: 'cve.risk_changed', timestamp: '2026-11-22T10:00:00.000Z' });
    expect(body.data).toMatchObject({
      watchlist_id: job!.watchlist_id,
      cve_id: after.cve_id,
      fields: ['risk_level', 'weaponized'],
      risk_transition: job!.risk_transition,
    });
    expect((body.data.record as { cve_id: string }).cve_id).toBe(after.cve_id);
    // The record says what the new level means (product decisions §10).
    const words = 'CRITICAL GAP: a public exploit exists, no detection rule is known, and the flaw is severe (CVSS 7.0 or more) or known to be exploited';
    expect((body.data.record as { exploit_intel: { risk_meaning: string } }).exploit_intel.risk_meaning).toBe(words);

    // A job queued before records carried risk_meaning still reads, and its body gets the words.
    const storedIntel = after.exploit_intel!;
    const queued = deliveryJobSchema.safeParse(JSON.parse(JSON.stringify({ ...job, record: { ...job!.record, exploit_intel: storedIntel } })));
    expect(queued.success).toBe(true);
    const legacyBody = JSON.parse(webhookBody(queued.data!)) as { data: { record: { exploit_intel: Record<string, unknown> } } };
    expect(legacyBody.data.record.exploit_intel).toEqual({ ...storedIntel, risk_meaning: words });
  });

  it('matches two changes of the same CVE in one batch, each once', () => {
    const kev = makeRecord({ ...low, in_kev: true });
    const jobs = matchChanges([change(low, 'added', ['severity']), change(kev, 'updated', ['in_kev'], low)], [watchlist({ severity: 'LOW' })]);
    expect(jobs.map((j) => j.event_type)).toEqual(['cve.added', 'cve.risk_changed']);
  });
});

describe('WatchlistDirectory', () => {
  it('reads the watchlists once per period, and again after a failed read', async () => {
    let now = 0;
    let loads = 0;
    let fail = false;
    const directory = new WatchlistDirectory(
      60_000,
      () => now,
      () => {
        loads++;
        return fail ? Promise.reject(new Error('down')) : Promise.resolve([watchlist({})]);
      },
    );
    await directory.get();
    await directory.get();
    now = 59_999;
    await directory.get();
    expect(loads).toBe(1);
    now = 60_000;
    fail = true;
    await expect(directory.get()).rejects.toThrow('down');
    fail = false;
    await directory.get();
    expect(loads).toBe(3);
  });
});

describe('retry schedule', () => {
  it('makes at least 6 attempts over about 24 hours, no wait longer than SQS allows (12 h)', () => {
    expect(MAX_DELIVERY_ATTEMPTS).toBeGreaterThanOrEqual(6);
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20 * 3_600_000);
    expect(total).toBeLessThanOrEqual(24 * 3_600_000);
    expect(Math.max(...RETRY_DELAYS_MS)).toBeLessThanOrEqual(12 * 3_600_000);
    expect(retryDelayAfter(1)).toBe(60_000);
    expect(retryDelayAfter(MAX_DELIVERY_ATTEMPTS)).toBeUndefined();
  });
});
