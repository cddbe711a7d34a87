/**
 * `npm run bench -- changes`: the change → watchlist matcher (issue 13) at scale: 10,000 changed
 * records against 10,000 watchlists (500 accounts × 20, the per-account maximum).
 *
 * What is measured, honestly:
 * - The watchlists are real items in the local accounts table (dynalite), read by the matcher's
 *   own repository call (one paged Query of the sparse `allWatchlists` index); every DynamoDB call
 *   the matcher makes is counted at the document client.
 * - The changes are synthetic export records with varied severities, scores, risk levels, patch
 *   states, tags and descriptions; the watchlists have 1 to 3 random filters of every kind
 *   (a tag or a search, plus up to two of severity, risk_level, patch_status, min_score) and random event sets, so
 *   matching does the work real filters do. Each watchlist names a vendor or product (a tag, 400
 *   in all) or a kind of flaw (a search), as teams watch what they run. The jobs go to a counting queue (no SQS here).
 * - Two shapes: one batch of all changes (a local poll after a big ingest), and stream-sized
 *   batches of 100 (the Lambda's batch size) with the watchlists cached between batches, as the
 *   AWS matcher keeps them for WATCHLIST_CACHE_MS.
 */
import type { ExportRecord, RiskLevel } from '../shared/domain/cve.js';
import { withRiskMeaning } from '../shared/domain/risk-meaning.js';
import type { Watchlist, WatchlistEvent } from '../shared/domain/watchlist.js';
import type { DeliveryJob, DeliveryQueue } from '../shared/domain/webhook-delivery.js';
import { tableName } from '../shared/config/index.js';
import { batchPutAll } from '../shared/repositories/batch.js';
import { observeDynamoCalls } from '../shared/repositories/dynamo-client.js';
import { startLocalStack } from '../shared/local/stack.js';
import { dispatchChanges, WatchlistDirectory, type MatchableChange } from '../shared/keeping-up/use-cases/match-changes.js';
import type { BenchOptions, Headline } from './support/headline.js';

const FULL = { changes: 10_000, accounts: 500 };
const QUICK = { changes: 1_000, accounts: 50 };
const PER_ACCOUNT = 20;
const STREAM_BATCH = 100;

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rnd = random(13);
const pick = <T>(values: readonly T[]): T => values[Math.floor(rnd() * values.length)]!;
const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
const RISKS: RiskLevel[] = ['CRITICAL_GAP', 'HIGH', 'MEDIUM', 'LOW'];
const TAGS = Array.from({ length: 400 }, (_, i) => `vendor${i}`);
const WORDS = [
  'sql injection',
  'cross-site scripting',
  'buffer overflow',
  'path traversal',
  'deserialization',
  'authentication bypass',
  'denial of service',
  'remote code execution',
];
const EVENTS: WatchlistEvent[][] = [['cve.added'], ['cve.risk_changed'], ['cve.added', 'cve.risk_changed'], ['cve.added', 'cve.risk_changed', 'cve.updated']];

function record(i: number): ExportRecord {
  const score = Math.round(rnd() * 100) / 10;
  const cveId = `CVE-2026-${100_000 + i}`;
  const risk = pick(RISKS);
  return {
    cve_id: cveId,
    title: `Synthetic ${cveId}`,
    severity: score >= 9 ? 'CRITICAL' : score >= 7 ? 'HIGH' : score >= 4 ? 'MEDIUM' : 'LOW',
    cvss_score: score,
    description: `A ${pick(WORDS)} in product ${i % 997} lets a remote attacker do harm.`,
    published_date: '2026-11-01',
    cwe_ids: ['CWE-79'],
    exploit_intel: withRiskMeaning({
      risk_level: risk,
      weaponized: risk !== 'LOW' && risk !== 'MEDIUM',
      detectable: risk === 'MEDIUM',
      detection_sources: [],
      exploit_sources: [],
    }),
    patch: { status: pick(['available', 'not_available', 'partial'] as const), patch_urls: [], days_unpatched: 0 },
    tags: [
      { tag: pick(TAGS), tag_type: 'vendor' },
      { tag: pick(TAGS), tag_type: 'product' },
    ],
    cvss_version: '3.1',
    cvss_vector: null,
  };
}

function change(i: number): MatchableChange {
  const r = rnd();
  const kind = r < 0.3 ? 'added' : 'updated';
  return {
    change_id: `01JBENCH${String(i).padStart(18, '0')}`,
    cve_id: `CVE-2026-${100_000 + i}`,
    changed_at: new Date().toISOString(),
    kind,
    fields: kind === 'added' ? ['cvss_score', 'severity', 'risk_level'] : r < 0.7 ? ['risk_level', 'weaponized'] : ['epss', 'explanation'],
    record: record(i),
  };
}

/** What a team watches: a vendor or product (tag) or a kind of flaw (search), narrowed by 0 to 2 more filters. */
function filters(): Record<string, string | number> {
  const out: Record<string, string | number> = rnd() < 0.8 ? { tag: pick(TAGS) } : { search: pick(WORDS) };
  const kinds = ['severity', 'risk_level', 'patch_status', 'min_score'];
  const count = Math.floor(rnd() * 3);
  for (let k = 0; k < count; k++) {
    const kind = pick(kinds);
    if (kind === 'severity') out.severity = pick(SEVERITIES);
    if (kind === 'risk_level') out.risk_level = pick(RISKS);
    if (kind === 'patch_status') out.patch_status = pick(['available', 'not_available']);
    if (kind === 'tag') out.tag = pick(TAGS);
    if (kind === 'min_score') out.min_score = Math.round(rnd() * 100) / 10;
    if (kind === 'search') out.search = pick(WORDS);
  }
  return out;
}

function watchlistItem(account: number) {
  const accountId = `acc_bench${account}`;
  const lists: Record<string, Watchlist> = {};
  for (let n = 0; n < PER_ACCOUNT; n++) {
    const id = `wl_b${String(account).padStart(7, '0')}${String(n).padStart(8, '0')}`;
    lists[id] = {
      id,
      name: `Bench ${n}`,
      filters: filters(),
      events: pick(EVENTS),
      webhook_url: 'https://hooks.example.com/bench',
      webhook_status: 'active',
      feed_url: null,
      webhook_paused_reason: null,
      paused: rnd() < 0.05,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    };
  }
  return { pk: `WATCHLISTS#${accountId}`, account_id: accountId, watchlist_set: 'ALL', lists };
}

export default async function benchChanges(options: BenchOptions): Promise<Headline[]> {
  const size = options.quick ? QUICK : FULL;
  const stack = await startLocalStack({ port: 0, webhooks: { background: false } });
  try {
    await batchPutAll(
      tableName('ACCOUNTS_TABLE'),
      Array.from({ length: size.accounts }, (_, a) => watchlistItem(a)),
    );
    const watchlists = size.accounts * PER_ACCOUNT;
    const changes = Array.from({ length: size.changes }, (_, i) => change(i));

    let calls = 0;
    observeDynamoCalls(() => {
      calls++;
    });
    let jobs = 0;
    const queue: DeliveryQueue = {
      enqueue: (batch: readonly DeliveryJob[]) => {
        jobs += batch.length;
        return Promise.resolve();
      },
    };

    // One batch of everything: read the watchlists once, match all.
    let t = performance.now();
    await dispatchChanges(changes, queue, new WatchlistDirectory(0));
    const oneBatchMs = performance.now() - t;
    const oneBatchCalls = calls;
    const oneBatchJobs = jobs;

    // Stream-sized batches with the watchlists cached (as the AWS matcher runs).
    calls = 0;
    jobs = 0;
    const cached = new WatchlistDirectory(60_000);
    t = performance.now();
    for (let start = 0; start < changes.length; start += STREAM_BATCH) await dispatchChanges(changes.slice(start, start + STREAM_BATCH), queue, cached);
    const streamMs = performance.now() - t;

    const rate = (ms: number) => Math.round(size.changes / (ms / 1000));
    console.table([
      {
        shape: `1 batch of ${size.changes}`,
        'records/s': rate(oneBatchMs),
        ms: Math.round(oneBatchMs),
        'DynamoDB calls': oneBatchCalls,
        'calls per change': +(oneBatchCalls / size.changes).toFixed(5),
        'delivery jobs': oneBatchJobs,
      },
      {
        shape: `batches of ${STREAM_BATCH}, cached`,
        'records/s': rate(streamMs),
        ms: Math.round(streamMs),
        'DynamoDB calls': calls,
        'calls per change': +(calls / size.changes).toFixed(5),
        'delivery jobs': jobs,
      },
    ]);
    console.log(
      `${size.changes} changed records against ${watchlists} watchlists (${size.accounts} accounts × ${PER_ACCOUNT}); the watchlists are read with one paged Query of the allWatchlists index, matching is in memory.`,
    );
    return [
      { figure: `matcher: ${size.changes} changes × ${watchlists} watchlists (batches of ${STREAM_BATCH})`, value: `${rate(streamMs)} records/s` },
      {
        figure: 'matcher: DynamoDB calls per change',
        value: `${(calls / size.changes).toFixed(5)} (batches of ${STREAM_BATCH}), ${(oneBatchCalls / size.changes).toFixed(5)} (one batch)`,
      },
    ];
  } finally {
    await stack.close();
  }
}
