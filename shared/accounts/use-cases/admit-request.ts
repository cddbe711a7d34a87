import type { Caller } from '../../domain/caller.js';
import { utcDay } from '../../domain/days-unpatched.js';
import { CORE_LIMIT, retryAfterSeconds, windowAt, type RateState } from '../../domain/limits.js';
import { accountRepository } from '../../repositories/account-repository.js';
import { counterRepository } from '../../repositories/counter-repository.js';
import { countWindowRequests, recordUsage } from './usage-history.js';

/**
 * What admission decided for one request of an authenticated caller: `admitted` (with the
 * allowance's state for the rate headers), `limited` (429: the minute's 100 are used), or
 * `refused` (401: the key is no longer its account's current key, or the account is gone).
 */
export type Admission =
  | { readonly outcome: 'admitted'; readonly state: RateState }
  | { readonly outcome: 'limited'; readonly state: RateState; readonly retryAfterSeconds: number }
  | { readonly outcome: 'refused'; readonly reason: 'superseded' | 'gone' };

/**
 * Admits one request: the key check and the per-minute allowance are ONE conditional write to
 * the account item (accountRepository.takeRequestUnit), so a lookup in an open window costs one
 * DynamoDB call besides its own read, and a revoked key is refused by that same write, at once.
 * Usage for the dashboard is counted on the same item; only the request that opens a window
 * writes usage items and closes older windows (`countWindowRequests`). A 429 is recorded in the day's usage (a request, and a 429). A refused
 * request counts nothing; for a deleted account, the day's usage item of the key goes too, since
 * a request admitted just before the deletion may have written it after the deletion's sweep.
 * Usage writes never fail the request: their errors go to `onUsageError`.
 */
export async function admitRequest(caller: Caller, nowMs: number, onUsageError: (error: unknown) => void, units = 1): Promise<Admission> {
  const window = windowAt(nowMs, CORE_LIMIT.windowSeconds);
  const unit = await accountRepository.takeRequestUnit(caller.accountId, caller.keyId, window.start, CORE_LIMIT.limit, units);
  if (unit.outcome === 'superseded') return { outcome: 'refused', reason: 'superseded' };
  if (unit.outcome === 'gone') {
    await counterRepository.forgetUsage(caller.accountId, caller.keyId, utcDay(nowMs)).catch(onUsageError);
    return { outcome: 'refused', reason: 'gone' };
  }
  const resetAt = window.resetAt;
  if (unit.outcome === 'limited') {
    // A 429 counts as a request and as a 429 (docs/site.md), in one write of the day's item.
    await recordUsage(caller, { requests: 1, rate_limited: 1 }, onUsageError, nowMs);
    return {
      outcome: 'limited',
      state: { resource: CORE_LIMIT.resource, limit: CORE_LIMIT.limit, remaining: Math.max(0, CORE_LIMIT.limit - (unit.used ?? CORE_LIMIT.limit)), resetAt },
      retryAfterSeconds: retryAfterSeconds(resetAt, nowMs),
    };
  }
  if (unit.closed) await countWindowRequests(caller, unit.closed, onUsageError, nowMs);
  return { outcome: 'admitted', state: { resource: CORE_LIMIT.resource, limit: CORE_LIMIT.limit, remaining: CORE_LIMIT.limit - unit.used, resetAt } };
}
