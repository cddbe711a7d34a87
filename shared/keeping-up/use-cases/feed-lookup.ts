/**
 * A watchlist feed's lookup item (docs/feeds.md): the token's hash → account and watchlist.
 * Its own module because both the watchlists (a new watchlist starts with a feed, a deleted one
 * drops it) and the feed-token routes (issue, revoke) write it, and the feed-token routes look
 * watchlists up: kept apart, neither module imports the other.
 */
import { feedPath, feedTokenHash, newFeedToken, tokenOfFeedPath } from '../../domain/feed-token.js';
import { feedTokenRepository } from '../../repositories/feed-token-repository.js';

/** Writes a new token's lookup item and answers the feed path that carries the token. */
export async function issueFeedLookup(accountId: string, watchlistId: string, at: string): Promise<string> {
  const token = newFeedToken();
  await feedTokenRepository.put(feedTokenHash(token), { account_id: accountId, watchlist_id: watchlistId }, at);
  return feedPath(token);
}

/** Removes the lookup item of a feed path (nothing when there is none). */
export async function dropFeedToken(path: string | null): Promise<void> {
  const token = path ? tokenOfFeedPath(path) : undefined;
  if (token) await feedTokenRepository.remove(feedTokenHash(token));
}
