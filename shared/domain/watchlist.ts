import * as z from 'zod';

/**
 * Watchlists (product-decisions §7): a name, export filters and the events to be told about.
 * Delivery (webhooks, the Atom feed) is not built yet; a watchlist is stored, listed, changed,
 * paused and deleted, and belongs to the account's data (export, deletion).
 */
export const MAX_WATCHLISTS = 20;
export const MAX_WATCHLIST_NAME = 100;

export const watchlistEventSchema = z.enum(['cve.added', 'cve.risk_changed', 'cve.updated']);
export type WatchlistEvent = z.infer<typeof watchlistEventSchema>;

/** Filter values as a client sends them: the export's query parameter names, string or number values. */
const rawFiltersSchema = z.record(z.string(), z.union([z.string(), z.number()]));

const nameSchema = z.string().trim().min(1).max(MAX_WATCHLIST_NAME);
const eventsSchema = z
  .array(watchlistEventSchema)
  .min(1)
  .transform((events) => [...new Set(events)]);

export const createWatchlistSchema = z.strictObject({
  name: nameSchema,
  filters: rawFiltersSchema.default({}),
  events: eventsSchema,
  // Webhooks are not delivered yet: a URL is refused rather than stored and silently ignored.
  webhook_url: z.null().optional(),
});
export type CreateWatchlistRequest = z.infer<typeof createWatchlistSchema>;

export const updateWatchlistSchema = z
  .strictObject({
    name: nameSchema.optional(),
    filters: rawFiltersSchema.optional(),
    events: eventsSchema.optional(),
    paused: z.boolean().optional(),
    webhook_url: z.null().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'give at least one field to change');
export type UpdateWatchlistRequest = z.infer<typeof updateWatchlistSchema>;

export interface Watchlist {
  readonly id: string;
  readonly name: string;
  /** Normalised as an export reads them (enums upper-cased, min_score a number, modified_since UTC). */
  readonly filters: Record<string, string | number>;
  readonly events: WatchlistEvent[];
  readonly webhook_url: null;
  readonly paused: boolean;
  /** The private Atom feed's path `/feeds/<token>.atom` (docs/feeds.md); null once revoked. */
  readonly feed_url: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}
