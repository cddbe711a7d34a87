import * as z from './zod.js';
import { MAX_WATCHLIST_NAME, MAX_WATCHLISTS } from './limits.js';

/**
 * Watchlists (product-decisions §7): a name, export filters, the events to be told about and an
 * optional webhook. A watchlist is stored, listed, changed, paused and deleted, and belongs to
 * the account's data (export, deletion). The webhook's signing secret is never part of it: it is
 * shown once when made (`webhook_secret`) and stored apart (docs/architecture.md, "Webhooks").
 */
export { MAX_WATCHLIST_NAME, MAX_WATCHLISTS };

export const watchlistEventSchema = z.enum(['cve.added', 'cve.risk_changed', 'cve.updated']);
export type WatchlistEvent = z.infer<typeof watchlistEventSchema>;

/** More keys than the export has filters: refused as a whole, before each key is judged (issue 24). */
export const MAX_WATCHLIST_FILTER_KEYS = 32;

/** Filter values as a client sends them: the export's query parameter names, string or number values. */
const rawFiltersSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .check(z.refine((filters) => Object.keys(filters).length <= MAX_WATCHLIST_FILTER_KEYS, `at most ${MAX_WATCHLIST_FILTER_KEYS} filters`));

/**
 * Control characters, line and paragraph separators, and the bidirectional controls that can
 * make a name display as other text than it holds (Trojan Source): a name shows on the dashboard,
 * in feeds and in webhook bodies, so it is plain text of one line.
 */
const UNSHOWABLE = /[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

const nameSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(MAX_WATCHLIST_NAME),
  z.refine((name) => !UNSHOWABLE.test(name), 'a name of visible text: no control or bidirectional formatting characters'),
);
/** A URL's shape only; where it may point (https, no private addresses) is decided by webhook-url.ts. */
export const MAX_WEBHOOK_URL = 2000;
const webhookUrlSchema = z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_WEBHOOK_URL)));

/** Webhook state: `paused` after the last retry failed; PATCH `webhook_status: 'active'` resumes. */
export const webhookStatusSchema = z.enum(['active', 'paused']);
export type WebhookStatus = z.infer<typeof webhookStatusSchema>;

const eventsSchema = z.pipe(
  z.array(watchlistEventSchema).check(z.minLength(1)),
  z.transform((events: WatchlistEvent[]) => [...new Set(events)]),
);

export const createWatchlistSchema = z.strictObject({
  name: nameSchema,
  filters: z._default(rawFiltersSchema, {}),
  events: eventsSchema,
  webhook_url: z.optional(webhookUrlSchema),
});
export type CreateWatchlistRequest = z.infer<typeof createWatchlistSchema>;

export const updateWatchlistSchema = z
  .strictObject({
    name: z.optional(nameSchema),
    filters: z.optional(rawFiltersSchema),
    events: z.optional(eventsSchema),
    paused: z.optional(z.boolean()),
    /** A URL sets (or replaces) the webhook and issues a new secret; null removes it. */
    webhook_url: z.optional(webhookUrlSchema),
    /** Only `active`: resumes a webhook paused after failed deliveries. */
    webhook_status: z.optional(z.literal('active')),
  })
  .check(z.refine((v) => Object.keys(v).length > 0, 'give at least one field to change'));
export type UpdateWatchlistRequest = z.infer<typeof updateWatchlistSchema>;

/** A watchlist as every answer shows it (the OpenAPI document's schema; `Watchlist` below is its type in code). */
export const watchlistSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    filters: z.record(z.string(), z.union([z.string(), z.number()])),
    events: z.array(watchlistEventSchema),
    webhook_url: z.nullable(z.string()),
    webhook_status: z.nullable(webhookStatusSchema),
    webhook_paused_reason: z.nullable(z.string()),
    paused: z.boolean(),
    feed_url: z.nullable(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .register(z.globalRegistry, { id: 'Watchlist' });

export interface Watchlist {
  readonly id: string;
  readonly name: string;
  /** Normalised as an export reads them (enums upper-cased, min_score a number, modified_since UTC). */
  readonly filters: Record<string, string | number>;
  readonly events: WatchlistEvent[];
  readonly webhook_url: string | null;
  /** null when there is no webhook. */
  readonly webhook_status: WebhookStatus | null;
  /** Why deliveries stopped, while `webhook_status` is `paused`. */
  readonly webhook_paused_reason: string | null;
  readonly paused: boolean;
  /** The private Atom feed's path `/feeds/<token>.atom` (docs/feeds.md); null once revoked. */
  readonly feed_url: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}
