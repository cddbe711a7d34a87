/**
 * The product's limits (interface §8, product-decisions), each written once: the handlers, use
 * cases, the OpenAPI document, the dashboard's pages (injected at build, dashboard/build.ts) and
 * the edge read them from here, and tests hold the docs' tables to them
 * (test/unit/limits-agree.test.ts) and look for stray copies (test/unit/stray-limits.test.ts).
 */
export const CORE_LIMIT = { resource: 'core', limit: 100, windowSeconds: 60 } as const;
export const EXPORT_LIMIT = { resource: 'exports', limit: 10, windowSeconds: 3600 } as const;
export const MAX_EXPORT_ROWS = 1000;
/** POST /api/cves/batch (product decisions §10): 1 to 100 ids; each started 10 use one unit of the per-minute allowance. */
export const BATCH_LOOKUP = { maxIds: 100, idsPerUnit: 10 } as const;

/** A request body: API Gateway's payload limit for REST APIs, answered 413 before any function runs. */
export const MAX_REQUEST_BODY_BYTES = 10 * 1024 * 1024;
export const MAX_REQUEST_BODY_LABEL = `${MAX_REQUEST_BODY_BYTES / (1024 * 1024)} MB`;

/** Watchlists an account may have (product-decisions §7; a 21st is 409 CONFLICT). */
export const MAX_WATCHLISTS = 20;
/** Characters of a watchlist's name. */
export const MAX_WATCHLIST_NAME = 100;

/** Days the change log keeps a change (product-decisions §7): the feed's reach and the items' TTL. */
export const CHANGE_RETENTION_DAYS = 90;
/** GET /api/changes `limit`: its default and most. */
export const CHANGES_DEFAULT_LIMIT = 100;
export const CHANGES_MAX_LIMIT = 1000;

/**
 * A scanned manifest: at most 4 MB (4,194,304 bytes) and 10,000 components. product-decisions §8
 * said 5 MB, which cannot reach the function in AWS: API Gateway hands the body to Lambda
 * base64-encoded (every media type is binary), and Lambda takes at most 6 MB per request, so a
 * raw body of 5 MB (6.7 MB as base64) never arrives. 4 MB is 5.3 MB as base64, with room for the
 * event around it (docs/scan.md, "Limits"). A gzip body counts by its manifest once inflated.
 */
export const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
/** The limit as people read it ("4 MB"), for messages and docs. */
export const MAX_MANIFEST_LABEL = `${MAX_MANIFEST_BYTES / (1024 * 1024)} MB`;
export const MAX_COMPONENTS = 10_000;
/** A scan answer's bounds: `not_checked` entries listed, and component × vulnerability pairs listed (worst first); totals are given beside them. */
export const MAX_NOT_CHECKED_LISTED = 1000;
export const MAX_REPORTED_VULNERABILITIES = 2000;

/** Items of an error's `details` an answer lists: the rest are counted in one last item. */
export const MAX_ERROR_DETAILS = 20;

/** Characters of a site search (the box and GET /search). */
export const MAX_SEARCH_QUERY_LENGTH = 100;
/** The matches a search page shows; one BatchGet of at most this many records per query. */
export const SEARCH_RESULTS = 20;
/** Entries of a watchlist's Atom feed (product-decisions §7). */
export const FEED_ENTRIES = 100;
/** Matches a watchlist's preview lists (the count is of all of them). */
export const PREVIEW_MATCHES = 20;

/** Key rotations per UTC hour per account unless KEY_ROTATIONS_PER_HOUR says otherwise (issue 24). */
export const DEFAULT_KEY_ROTATIONS_PER_HOUR = 5;

/** Days the CDN's access logs are kept in their bucket (infra/web-stack.ts). */
export const ACCESS_LOG_RETENTION_DAYS = 90;

/** The per-minute units a batch of `ids` distinct ids uses: ceil(ids / 10), at least one. */
export function batchUnits(ids: number): number {
  return Math.max(1, Math.ceil(ids / BATCH_LOOKUP.idsPerUnit));
}

/** Issue 24: a key rotation refilled both allowances; now a few rotations an hour (the number is configured, KEY_ROTATIONS_PER_HOUR). */
export const ROTATION_LIMIT = { resource: 'rotations', windowSeconds: 3600 } as const;

export type RateResource = 'core' | 'exports' | 'rotations';

/**
 * The allowances belong to the account, not to a key (issue 24: rotating the key refilled
 * them): their counters are kept under this name where a key id stood (`exports#account#…`,
 * `rate#account#…`). Key ids are `key_` + hex, so it names no key.
 */
export const ACCOUNT_WIDE = 'account';

export interface RateWindow {
  /** Unix seconds at which the window started (on the UTC minute or hour). */
  readonly start: number;
  /** Unix seconds at which the next window starts. */
  readonly resetAt: number;
}

/** Fixed windows aligned to the UTC minute / hour (product-decisions §3). */
export function windowAt(nowMs: number, windowSeconds: number): RateWindow {
  const nowSeconds = Math.floor(nowMs / 1000);
  const start = nowSeconds - (nowSeconds % windowSeconds);
  return { start, resetAt: start + windowSeconds };
}

export interface RateState {
  readonly resource: RateResource;
  readonly limit: number;
  readonly remaining: number;
  readonly resetAt: number;
}

export function rateHeaders(state: RateState): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(Math.max(0, state.remaining)),
    'X-RateLimit-Reset': String(state.resetAt),
    'X-RateLimit-Resource': state.resource,
  };
}

export function retryAfterSeconds(resetAt: number, nowMs: number): number {
  return Math.max(1, resetAt - Math.floor(nowMs / 1000));
}
