/**
 * `/account/watchlists` (product-decisions §7): the signed-in account's watchlists. Filters are
 * validated exactly as an export's query parameters (the same parser), so a watchlist can only
 * hold a query an export would accept.
 */
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../domain/errors.js';
import { MAX_WATCHLISTS, type CreateWatchlistRequest, type UpdateWatchlistRequest, type Watchlist } from '../../domain/watchlist.js';
import { parseExportQuery } from '../../query/export-query.js';
import { deliveryLogRepository } from '../../repositories/delivery-log-repository.js';
import { watchlistRepository } from '../../repositories/watchlist-repository.js';
import { guardWebhookUrl } from '../webhooks/url-guard.js';
import { dropFeedToken, issueFeedLookup } from './feed-lookup.js';

/** The request bodies the handlers parse, as the account use cases expose theirs. */
export { createWatchlistSchema, updateWatchlistSchema } from '../../domain/watchlist.js';

/**
 * Whose watchlists: a dashboard session (`/account/watchlists`) or an API key's account
 * (`/api/watchlists`, product decisions §10); only the account id is used.
 */
export interface WatchlistOwner {
  readonly account: { readonly account_id: string };
}

/** The owner behind an API key: its account. */
export function ownerOfAccount(accountId: string): WatchlistOwner {
  return { account: { account_id: accountId } };
}

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

/**
 * A Standard Webhooks secret: `whsec_` and 32 random bytes, base64. Shown once, in the answer
 * that made it (`webhook_secret`), and never again: it is stored apart from the watchlist
 * (watchlist-repository.ts) and no read returns it.
 */
function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The SSRF rules at save time (delivery checks again): a refused URL is a 400 naming why. */
async function checkedWebhookUrl(raw: string): Promise<string> {
  const verdict = await guardWebhookUrl(raw);
  if (!verdict.ok) {
    throw new ApiError('BAD_REQUEST', `The webhook URL is refused: it ${verdict.reason}.`, [{ parameter: 'webhook_url', message: verdict.reason }]);
  }
  return verdict.url.href;
}

function notFound(): ApiError {
  return new ApiError('NOT_FOUND', 'Your account has no watchlist with this id.');
}

export async function listWatchlists(active: WatchlistOwner) {
  return { watchlists: await watchlistRepository.list(active.account.account_id), max: MAX_WATCHLISTS };
}

export async function createWatchlist(active: WatchlistOwner, request: CreateWatchlistRequest, nowMs = Date.now()) {
  const at = new Date(nowMs).toISOString();
  const filters = normaliseFilters(request.filters);
  const webhookUrl = request.webhook_url ? await checkedWebhookUrl(request.webhook_url) : null;
  const watchlist: Watchlist = {
    id: newId(),
    name: request.name,
    filters,
    events: request.events,
    webhook_url: webhookUrl,
    webhook_status: webhookUrl ? 'active' : null,
    webhook_paused_reason: null,
    paused: false,
    feed_url: null,
    created_at: at,
    updated_at: at,
  };
  const accountId = active.account.account_id;
  // The secret is stored before the watchlist names a URL, so no delivery finds one without it.
  const secret = webhookUrl ? newWebhookSecret() : undefined;
  if (secret) await watchlistRepository.putSecret(accountId, watchlist.id, secret);
  // Every watchlist starts with its private feed; the lookup item is written first, so the
  // address works the moment it is shown, and dropped again if the watchlist is not made.
  const withFeed: Watchlist = { ...watchlist, feed_url: await issueFeedLookup(accountId, watchlist.id, at) };
  if (!(await watchlistRepository.create(accountId, withFeed))) {
    if (secret) await watchlistRepository.deleteSecret(accountId, watchlist.id);
    await dropFeedToken(withFeed.feed_url);
    throw new ApiError('CONFLICT', `An account can have at most ${MAX_WATCHLISTS} watchlists; delete one first.`);
  }
  return { watchlist: withFeed, ...(secret ? { webhook_secret: secret } : {}) };
}

export async function findWatchlist(active: WatchlistOwner, id: string): Promise<Watchlist> {
  if (!ID_PATTERN.test(id)) throw notFound();
  const found = (await watchlistRepository.list(active.account.account_id)).find((w) => w.id === id);
  if (!found) throw notFound();
  return found;
}

/** The webhook fields after a PATCH: a new URL starts active with a new secret; null removes the webhook. */
async function webhookUpdate(current: Watchlist, request: UpdateWatchlistRequest): Promise<{ fields: Partial<Watchlist>; secret?: string | null }> {
  if (request.webhook_url === null) {
    if (request.webhook_status !== undefined)
      throw new ApiError('BAD_REQUEST', 'A webhook cannot be resumed while it is being removed.', [
        { parameter: 'webhook_status', message: 'give it without webhook_url: null' },
      ]);
    return { fields: { webhook_url: null, webhook_status: null, webhook_paused_reason: null }, secret: null };
  }
  if (request.webhook_url !== undefined) {
    const url = await checkedWebhookUrl(request.webhook_url);
    // The same URL again keeps its secret (a PATCH that repeats the URL must not break a receiver).
    if (url === current.webhook_url) return { fields: request.webhook_status ? { webhook_status: 'active', webhook_paused_reason: null } : {} };
    return { fields: { webhook_url: url, webhook_status: 'active', webhook_paused_reason: null }, secret: newWebhookSecret() };
  }
  if (request.webhook_status === 'active') {
    if (!current.webhook_url)
      throw new ApiError('BAD_REQUEST', 'This watchlist has no webhook to resume.', [{ parameter: 'webhook_status', message: 'set webhook_url first' }]);
    return { fields: { webhook_status: 'active', webhook_paused_reason: null } };
  }
  return { fields: {} };
}

export async function updateWatchlist(active: WatchlistOwner, id: string, request: UpdateWatchlistRequest, nowMs = Date.now()) {
  const current = await findWatchlist(active, id);
  const accountId = active.account.account_id;
  const filters = request.filters !== undefined ? normaliseFilters(request.filters) : undefined;
  const webhook = await webhookUpdate(current, request);
  const watchlist: Watchlist = {
    ...current,
    ...(request.name !== undefined ? { name: request.name } : {}),
    ...(filters !== undefined ? { filters } : {}),
    ...(request.events !== undefined ? { events: request.events } : {}),
    ...(request.paused !== undefined ? { paused: request.paused } : {}),
    ...webhook.fields,
    updated_at: new Date(nowMs).toISOString(),
  };
  if (typeof webhook.secret === 'string') await watchlistRepository.putSecret(accountId, id, webhook.secret);
  if (!(await watchlistRepository.replace(accountId, watchlist))) throw notFound();
  if (webhook.secret === null) await watchlistRepository.deleteSecret(accountId, id);
  return { watchlist, ...(typeof webhook.secret === 'string' ? { webhook_secret: webhook.secret } : {}) };
}

/** `POST /account/watchlists/{id}/webhook-secret`: a new secret, shown once; the old one stops signing at once. */
export async function rotateWebhookSecret(active: WatchlistOwner, id: string) {
  const watchlist = await findWatchlist(active, id);
  if (!watchlist.webhook_url) throw new ApiError('BAD_REQUEST', 'This watchlist has no webhook: set webhook_url first.');
  const secret = newWebhookSecret();
  await watchlistRepository.putSecret(active.account.account_id, id, secret);
  return { watchlist, webhook_secret: secret };
}

/** `GET /account/watchlists/{id}/deliveries`: the newest 50 attempts, newest first. */
export async function listDeliveries(active: WatchlistOwner, id: string) {
  await findWatchlist(active, id);
  return { deliveries: await deliveryLogRepository.recent(active.account.account_id, id) };
}

export async function deleteWatchlist(active: WatchlistOwner, id: string) {
  const accountId = active.account.account_id;
  if (!ID_PATTERN.test(id)) throw notFound();
  const current = (await watchlistRepository.list(accountId)).find((w) => w.id === id);
  if (!current || !(await watchlistRepository.remove(accountId, id))) throw notFound();
  await watchlistRepository.deleteSecret(accountId, id);
  await deliveryLogRepository.remove(accountId, id);
  // The feed answers only for a watchlist that names its token, so this is tidying, not the guard.
  await dropFeedToken(current.feed_url);
  return { deleted: true, id };
}
