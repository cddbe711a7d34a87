/**
 * The change → watchlist matcher (issue 13, product-decisions §7): for a batch of changes, the
 * watchlists whose filters match the changed record and that asked for the change's event, each
 * pair one delivery job.
 *
 * Matching uses the export's own filter code: the batch's records become a small export filter
 * index (`buildFilterIndex`) and each watchlist's filters select from it (`selectFromIndex`), so a
 * watchlist matches exactly the records an export with the same parameters would return. Every
 * watchlist is read once per WATCHLIST_CACHE_MS (one paged Query of a sparse index), never per
 * change: matching N changes against M watchlists is N×M comparisons in memory and a handful of
 * DynamoDB calls in all (`npm run bench -- changes`).
 */
import { config } from '../../config/index.js';
import type { ChangeKind } from '../../domain/change.js';
import type { ExportRecord } from '../../domain/cve.js';
import { describeRiskTransition, type RiskState } from '../../domain/risk-transition.js';
import { webhookMessageId, type DeliveryJob, type DeliveryQueue } from '../../domain/webhook-delivery.js';
import { eventFor, eventOfChange } from '../../domain/watchlist-event.js';
import type { ExportFilters } from '../../query/export-query.js';
import { buildFilterIndex, selectFromIndex, type IndexSource } from '../../query/filter-index.js';
import { watchlistRepository, type AccountWatchlist } from '../../repositories/watchlist-repository.js';
import { platformClock } from '../../platform/clock.js';

/** One change as the matcher needs it: from the change log (local stack) or a stream record's images (AWS). */
export interface MatchableChange {
  /** Unique per change and stable when the same change is matched again (a change id, or a stream sequence number). */
  readonly change_id: string;
  readonly cve_id: string;
  readonly changed_at: string;
  readonly kind: ChangeKind;
  readonly fields: readonly string[];
  /** The record after the change as the JSON export shows it; absent for `rejected`. */
  readonly record?: ExportRecord | undefined;
  readonly risk_before?: RiskState | undefined;
  readonly risk_after?: RiskState | undefined;
}

type Eligible = MatchableChange & { readonly record: ExportRecord };

/** Watchlists that can be sent anything: not paused, with an active webhook. */
function deliverable({ watchlist }: AccountWatchlist): boolean {
  return !watchlist.paused && watchlist.webhook_url !== null && watchlist.webhook_status === 'active';
}

/** Batches in which each CVE appears once (an index holds a CVE once); order kept. */
function roundsByCve<C extends MatchableChange>(changes: readonly C[]): C[][] {
  const rounds: { seen: Set<string>; changes: C[] }[] = [];
  for (const change of changes) {
    let round = rounds.find((r) => !r.seen.has(change.cve_id));
    if (!round) rounds.push((round = { seen: new Set(), changes: [] }));
    round.seen.add(change.cve_id);
    round.changes.push(change);
  }
  return rounds.map((r) => r.changes);
}

function jobOf(change: Eligible, owner: AccountWatchlist, event: DeliveryJob['event_type']): DeliveryJob {
  const transition =
    event === 'cve.risk_changed' && change.risk_before && change.risk_after ? describeRiskTransition(change.risk_before, change.risk_after) : undefined;
  return {
    webhook_id: webhookMessageId(change.change_id, owner.watchlist.id),
    account_id: owner.account_id,
    watchlist_id: owner.watchlist.id,
    event_type: event,
    change_id: change.change_id,
    cve_id: change.cve_id,
    changed_at: change.changed_at,
    fields: [...change.fields],
    ...(transition ? { risk_transition: transition } : {}),
    record: change.record,
  };
}

/** The delivery jobs for `changes` and `watchlists`, in change order, then watchlist order. A pure function of its inputs. */
export function matchChanges(changes: readonly MatchableChange[], watchlists: readonly AccountWatchlist[]): DeliveryJob[] {
  const subscribers = watchlists.filter(deliverable);
  const eligible = changes.filter((c): c is Eligible => c.record !== undefined && eventOfChange(c) !== undefined);
  if (subscribers.length === 0 || eligible.length === 0) return [];
  const jobs: { order: number; sub: number; job: DeliveryJob }[] = [];
  const orderOf = new Map(eligible.map((c, i) => [c, i]));
  for (const round of roundsByCve(eligible)) {
    const byCve = new Map(round.map((c) => [c.cve_id, c]));
    // modified_since reads when the record changed: for a change, the change's own time.
    const sources: IndexSource[] = round.map((c) => ({ ...c.record, rejected: false, modified_at: c.changed_at }));
    const index = buildFilterIndex(sources, 'changes', new Date(0).toISOString());
    const events = new Set(round.map((c) => eventOfChange(c)));
    subscribers.forEach((owner, sub) => {
      const { watchlist } = owner;
      if (!watchlist.events.some((e) => events.has(e))) return;
      // Stored filters are the export parser's output (watchlists.ts normaliseFilters).
      const selected = selectFromIndex(index, watchlist.filters as ExportFilters, index.count);
      for (const id of selected.ids) {
        const change = byCve.get(id)!;
        const event = eventFor(change, watchlist, true);
        if (event) jobs.push({ order: orderOf.get(change)!, sub, job: jobOf(change, owner, event) });
      }
    });
  }
  return jobs.sort((a, b) => a.order - b.order || a.sub - b.sub).map((j) => j.job);
}

/**
 * Every watchlist, read at most once per `ttlMs`: the matcher runs for every stream batch (AWS)
 * or poll (local stack), and watchlists change rarely. A watchlist made or changed is matched
 * within `ttlMs`; deliveries re-read the watchlist anyway (pause, URL, secret apply at once).
 */
export class WatchlistDirectory {
  private loaded: { at: number; watchlists: Promise<AccountWatchlist[]> } | undefined;

  constructor(
    private readonly ttlMs: number = config().WATCHLIST_CACHE_MS,
    private readonly clock: () => number = platformClock.now,
    private readonly load: () => Promise<AccountWatchlist[]> = () => watchlistRepository.listAll(),
  ) {}

  get(): Promise<AccountWatchlist[]> {
    const now = this.clock();
    if (!this.loaded || now - this.loaded.at >= this.ttlMs) {
      const watchlists = this.load();
      this.loaded = { at: now, watchlists };
      // A failed read is not kept: the next batch tries again.
      watchlists.catch(() => (this.loaded = undefined));
    }
    return this.loaded.watchlists;
  }
}

let defaultDirectory: WatchlistDirectory | undefined;

/** Matches a batch and hands its jobs to the queue; reads no watchlist when no change can be an event. */
export async function dispatchChanges(
  changes: readonly MatchableChange[],
  queue: DeliveryQueue,
  directory: WatchlistDirectory = (defaultDirectory ??= new WatchlistDirectory()),
): Promise<{ changes: number; jobs: number }> {
  if (!changes.some((c) => c.record !== undefined && eventOfChange(c) !== undefined)) return { changes: changes.length, jobs: 0 };
  const jobs = matchChanges(changes, await directory.get());
  if (jobs.length > 0) await queue.enqueue(jobs);
  return { changes: changes.length, jobs: jobs.length };
}
