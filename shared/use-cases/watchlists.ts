/**
 * `/account/watchlists` (product-decisions §7): the signed-in account's watchlists. Filters are
 * validated exactly as an export's query parameters (the same parser), so a watchlist can only
 * hold a query an export would accept.
 */
import { randomBytes } from 'node:crypto';
import { ApiError } from '../domain/errors.js';
import {
  MAX_WATCHLISTS,
  type CreateWatchlistRequest,
  type UpdateWatchlistRequest,
  type Watchlist,
} from '../domain/watchlist.js';
import { parseExportQuery } from '../query/export-query.js';
import { watchlistRepository } from '../repositories/watchlist-repository.js';
import { dropFeedToken, issueFeedLookup } from './watchlist-feed-token.js';

/** The request bodies the handlers parse, as the account use cases expose theirs. */
export { createWatchlistSchema, updateWatchlistSchema } from '../domain/watchlist.js';
import type { ActiveSession } from './sessions.js';

const ID_PATTERN = /^wl_[a-z0-9]{16}$/;

function newId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `wl_${[...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** The export parser's verdict on the filters, with each bad one named as `filters.<name>`. */
function normaliseFilters(raw: Record<string, string | number>): Record<string, string | number> {
  try {
    const query = parseExportQuery('json', Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, [String(v)]])));
    return Object.fromEntries(Object.entries(query.filters).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
  } catch (error) {
    if (error instanceof ApiError) {
      throw new ApiError(
        'BAD_REQUEST',
        'The watchlist filters are not valid: they take the export parameters and values.',
        (error.details ?? []).map((d) => ({ parameter: `filters.${d.parameter}`, message: d.message })),
      );
    }
    throw error;
  }
}

function notFound(): ApiError {
  return new ApiError('NOT_FOUND', 'Your account has no watchlist with this id.');
}

export async function listWatchlists(active: ActiveSession) {
  return { watchlists: await watchlistRepository.list(active.account.account_id), max: MAX_WATCHLISTS };
}

export async function createWatchlist(active: ActiveSession, request: CreateWatchlistRequest, nowMs = Date.now()) {
  const at = new Date(nowMs).toISOString();
  const watchlist: Watchlist = {
    id: newId(),
    name: request.name,
    filters: normaliseFilters(request.filters),
    events: request.events,
    webhook_url: null,
    paused: false,
    feed_url: null,
    created_at: at,
    updated_at: at,
  };
  // Every watchlist starts with its private feed; the lookup item is written first, so the
  // address works the moment it is shown, and dropped again if the watchlist is not made.
  const withFeed: Watchlist = { ...watchlist, feed_url: await issueFeedLookup(active.account.account_id, watchlist.id, at) };
  if (!(await watchlistRepository.create(active.account.account_id, withFeed))) {
    await dropFeedToken(withFeed.feed_url);
    throw new ApiError('CONFLICT', `An account can have at most ${MAX_WATCHLISTS} watchlists; delete one first.`);
  }
  return { watchlist: withFeed };
}

export async function findWatchlist(active: ActiveSession, id: string): Promise<Watchlist> {
  if (!ID_PATTERN.test(id)) throw notFound();
  const found = (await watchlistRepository.list(active.account.account_id)).find((w) => w.id === id);
  if (!found) throw notFound();
  return found;
}

export async function updateWatchlist(active: ActiveSession, id: string, request: UpdateWatchlistRequest, nowMs = Date.now()) {
  const current = await findWatchlist(active, id);
  const watchlist: Watchlist = {
    ...current,
    ...(request.name !== undefined ? { name: request.name } : {}),
    ...(request.filters !== undefined ? { filters: normaliseFilters(request.filters) } : {}),
    ...(request.events !== undefined ? { events: request.events } : {}),
    ...(request.paused !== undefined ? { paused: request.paused } : {}),
    updated_at: new Date(nowMs).toISOString(),
  };
  if (!(await watchlistRepository.replace(active.account.account_id, watchlist))) throw notFound();
  return { watchlist };
}

export async function deleteWatchlist(active: ActiveSession, id: string) {
  if (!ID_PATTERN.test(id)) throw notFound();
  const current = (await watchlistRepository.list(active.account.account_id)).find((w) => w.id === id);
  if (!current || !(await watchlistRepository.remove(active.account.account_id, id))) throw notFound();
  // The feed answers only for a watchlist that names its token, so this is tidying, not the guard.
  await dropFeedToken(current.feed_url);
  return { deleted: true, id };
}
