/** The product's limits (interface §8). */
export const CORE_LIMIT = { resource: 'core', limit: 100, windowSeconds: 60 } as const;
export const EXPORT_LIMIT = { resource: 'exports', limit: 10, windowSeconds: 3600 } as const;
export const MAX_EXPORT_ROWS = 1000;
/** POST /api/cves/batch (product decisions §10): 1 to 100 ids; each started 10 use one unit of the per-minute allowance. */
export const BATCH_LOOKUP = { maxIds: 100, idsPerUnit: 10 } as const;

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
