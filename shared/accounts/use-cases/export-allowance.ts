import type { Caller } from '../../domain/caller.js';
import { ApiError } from '../../domain/errors.js';
import { ACCOUNT_WIDE, EXPORT_LIMIT, rateHeaders, retryAfterSeconds, windowAt, type RateState } from '../../domain/limits.js';
import { LimitReachedError, counterRepository, type CounterKey } from '../../repositories/counter-repository.js';
import { recordUsage } from './usage-history.js';

function exportCounter(caller: Caller, nowMs: number): { counter: CounterKey; resetAt: number } {
  const window = windowAt(nowMs, EXPORT_LIMIT.windowSeconds);
  return {
    // The account's window, whichever of its keys asks: a rotated key finds the same count.
    counter: { accountId: caller.accountId, keyId: ACCOUNT_WIDE, resource: EXPORT_LIMIT.resource, windowStart: window.start },
    resetAt: window.resetAt,
  };
}

function state(used: number, resetAt: number): RateState {
  return { resource: EXPORT_LIMIT.resource, limit: EXPORT_LIMIT.limit, remaining: EXPORT_LIMIT.limit - used, resetAt };
}

/**
 * A 4xx found before any unit is taken (bad parameters, a bad manifest): the same error, now
 * carrying the export allowance's rate headers (how many units are left), using none.
 */
export async function withExportRate(caller: Caller, error: ApiError, nowMs: number): Promise<ApiError> {
  const { counter, resetAt } = exportCounter(caller, nowMs);
  const used = await counterRepository.used(counter);
  return new ApiError(error.code, error.message, error.details, { ...error.headers, ...rateHeaders(state(used, resetAt)) });
}

/**
 * Runs `build` on one unit of the hourly export allowance (product-decisions §3; a scan uses one
 * too, §8): the unit is taken with a conditional write (429 EXPORT_LIMIT_EXCEEDED when none is
 * left), the day's export count is recorded while `build` runs, and if `build` fails the unit is
 * given back. Answers `build`'s value and the allowance's rate headers.
 */
export async function spendExportUnit<T>(
  caller: Caller,
  nowMs: number,
  onUsageError: ((error: unknown) => void) | undefined,
  build: () => Promise<T>,
): Promise<{ value: T; rate: Record<string, string> }> {
  const { counter, resetAt } = exportCounter(caller, nowMs);
  let used: number;
  try {
    used = await counterRepository.take(counter, EXPORT_LIMIT.limit, EXPORT_LIMIT.windowSeconds);
  } catch (error) {
    if (!(error instanceof LimitReachedError)) throw error;
    await recordUsage(caller, { rate_limited: 1 }, onUsageError ?? (() => undefined), nowMs);
    throw new ApiError('EXPORT_LIMIT_EXCEEDED', undefined, undefined, {
      ...rateHeaders(state(EXPORT_LIMIT.limit, resetAt)),
      'Retry-After': String(retryAfterSeconds(resetAt, nowMs)),
    });
  }
  try {
    const [value] = await Promise.all([build(), recordUsage(caller, { exports: 1 }, onUsageError ?? (() => undefined), nowMs)]);
    return { value, rate: rateHeaders(state(used, resetAt)) };
  } catch (error) {
    await counterRepository.giveBack(counter).catch(() => undefined);
    throw error;
  }
}
