import { DependencyError } from '../domain/errors.js';

/**
 * Bulk work (the ingest, index rebuilds, seeding) that meets a slow or throttled table should
 * wait and try again, not fail a run of many minutes: each call is still bounded by the client's
 * per-attempt timeout, and the writes it repeats are idempotent (puts and deletes by key).
 * Request paths (the API) do not use this — they answer 503 at once — except an export
 * container's one-time load of the filter index (filter-index-repository.ts), well inside its 120 s.
 */
const ATTEMPTS = 12;
const FIRST_PAUSE_MS = 100;
const LONGEST_PAUSE_MS = 5000;

/** Exponential backoff with full jitter, so that parallel writers do not retry in step. */
export function backoffMs(attempt: number): number {
  return Math.random() * Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** attempt);
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `call`, repeating it after a backoff while the table is unavailable (DependencyError). */
export async function patiently<T>(call: () => Promise<T>, attempts = ATTEMPTS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof DependencyError) || attempt + 1 >= attempts) throw error;
      await pause(backoffMs(attempt + 1));
    }
  }
}
