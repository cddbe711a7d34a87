/**
 * The watchlist feed's token (product-decisions §7, docs/feeds.md): `POST
 * /account/watchlists/{id}/feed-token` issues a new address (the old one stops answering at
 * once), `DELETE` revokes it (the watchlist then has no feed until a new one is issued).
 */
import { ApiError } from '../../domain/errors.js';
import type { Watchlist } from '../../domain/watchlist.js';
import { watchlistRepository } from '../../repositories/watchlist-repository.js';
import type { ActiveSession } from '../../accounts/public.js';
import { dropFeedToken, issueFeedLookup } from './feed-lookup.js';
import { findWatchlist } from './watchlists.js';

async function replaceFeed(active: ActiveSession, current: Watchlist, feedUrl: string | null, nowMs: number): Promise<Watchlist> {
  const watchlist: Watchlist = { ...current, feed_url: feedUrl, updated_at: new Date(nowMs).toISOString() };
  if (!(await watchlistRepository.replace(active.account.account_id, watchlist))) {
    // Deleted meanwhile: the new lookup item would open nothing; remove it and answer 404.
    await dropFeedToken(feedUrl);
    throw new ApiError('NOT_FOUND', 'Your account has no watchlist with this id.');
  }
  // The old address already answers 404 (the watchlist no longer names it); this removes its item.
  await dropFeedToken(current.feed_url);
  return watchlist;
}

export async function issueFeedToken(active: ActiveSession, id: string, nowMs = Date.now()) {
  const current = await findWatchlist(active, id);
  const feedUrl = await issueFeedLookup(active.account.account_id, current.id, new Date(nowMs).toISOString());
  return { watchlist: await replaceFeed(active, current, feedUrl, nowMs) };
}

export async function revokeFeedToken(active: ActiveSession, id: string, nowMs = Date.now()) {
  const current = await findWatchlist(active, id);
  return { watchlist: await replaceFeed(active, current, null, nowMs) };
}
