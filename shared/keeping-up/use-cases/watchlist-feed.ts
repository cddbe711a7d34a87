/**
 * `GET /feeds/<token>.atom` (product-decisions §7, docs/feeds.md): a watchlist's private Atom
 * feed. The token is the capability: its SHA-256 finds the watchlist, which must still name that
 * token (a revoked or replaced token, or a deleted watchlist, answers 404 at once). The entries
 * are the newest changes of the change log, made since the watchlist was created, that its
 * events and (current) filters match.
 */
import { config } from '../../config/index.js';
import { CHANGE_RETENTION_MS } from '../../domain/change-log.js';
import { ApiError } from '../../domain/errors.js';
import { feedPath, feedTokenHash, tokenOfFeedFile } from '../../domain/feed-token.js';
import { describeRiskTransition } from '../../domain/risk-transition.js';
import type { Watchlist } from '../../domain/watchlist.js';
import { eventOfChange } from '../../domain/watchlist-event.js';
import type { ExportFilters } from '../../query/export-query.js';
import { recordMatchesFilters } from '../../query/record-filter.js';
import { changeRepository, type StoredChange } from '../../repositories/change-repository.js';
import { feedTokenRepository } from '../../repositories/feed-token-repository.js';
import { watchlistRepository } from '../../repositories/watchlist-repository.js';
import { renderWatchlistFeed, type FeedEntry } from '../../render/atom-feed.js';
import { FEED_ENTRIES } from '../../domain/limits.js';

/**
 * How many of the newest changes one feed request examines (docs/feeds.md): a bound on the reads
 * of a request, whatever the watchlist's filters. A narrow watchlist whose matches are older than
 * this many changes shows fewer than 100 entries.
 */
export const FEED_SCAN_CHANGES = 5_000;
/** Changes per Query while scanning (a page of records stays well under DynamoDB's 1 MB per call). */
const FEED_PAGE = 200;

function feedNotFound(): ApiError {
  return new ApiError('NOT_FOUND', 'There is no feed at this address: the link is wrong, or its token was revoked or replaced.');
}

/** The watchlist a feed file (`<token>.atom`) opens; 404 for anything else. */
async function watchlistOfFeed(file: string): Promise<{ watchlist: Watchlist; path: string }> {
  const token = tokenOfFeedFile(file);
  if (!token) throw feedNotFound();
  const target = await feedTokenRepository.find(feedTokenHash(token));
  if (!target) throw feedNotFound();
  const path = feedPath(token);
  const watchlist = (await watchlistRepository.list(target.account_id)).find((w) => w.id === target.watchlist_id);
  if (!watchlist || watchlist.feed_url !== path) throw feedNotFound();
  return { watchlist, path };
}

/** The change as a feed entry of this watchlist, or undefined when the watchlist does not want it. */
export function feedEntryOf(change: StoredChange, watchlist: Pick<Watchlist, 'events' | 'filters'>): FeedEntry | undefined {
  const event = eventOfChange(change);
  if (!event || !watchlist.events.includes(event) || !change.record) return undefined;
  if (!recordMatchesFilters(change.record, change.changed_at, watchlist.filters as ExportFilters)) return undefined;
  return {
    change_id: change.change_id,
    cve_id: change.cve_id,
    changed_at: change.changed_at,
    event,
    fields: change.fields,
    record: change.record,
    ...(event === 'cve.risk_changed' && change.risk_before && change.risk_after
      ? { risk_transition: describeRiskTransition(change.risk_before, change.risk_after) }
      : {}),
  };
}

export async function watchlistFeed(file: string, nowMs: number = Date.now()): Promise<{ xml: string }> {
  const { watchlist, path } = await watchlistOfFeed(file);
  const entries: FeedEntry[] = [];
  let examined = 0;
  // A feed tells what happened since the watchlist was made, like its webhook: no earlier change.
  const since = Math.max(nowMs - CHANGE_RETENTION_MS, Date.parse(watchlist.created_at));
  pages: for await (const page of changeRepository.newestFirst(nowMs, since, FEED_PAGE)) {
    for (const change of page) {
      if (Date.parse(change.changed_at) < since) break pages;
      const entry = feedEntryOf(change, watchlist);
      if (entry) entries.push(entry);
      if (entries.length === FEED_ENTRIES || ++examined === FEED_SCAN_CHANGES) break pages;
    }
  }
  const xml = renderWatchlistFeed({
    watchlistId: watchlist.id,
    name: watchlist.name,
    baseUrl: config().PUBLIC_BASE_URL.replace(/(?<!\/)\/+$/, ''),
    feedPath: path,
    entries,
    emptyUpdated: watchlist.created_at,
  });
  return { xml };
}
