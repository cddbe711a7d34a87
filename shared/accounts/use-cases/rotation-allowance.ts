import { config } from '../../config/index.js';
import { ApiError } from '../../domain/errors.js';
import { ACCOUNT_WIDE, ROTATION_LIMIT, rateHeaders, retryAfterSeconds, windowAt } from '../../domain/limits.js';
import { LimitReachedError, counterRepository, type CounterKey } from '../../repositories/counter-repository.js';

/**
 * Runs `rotate` on one unit of the account's hourly rotation allowance (issue 24: 50 rotations
 * in 0.9 s). The allowances belong to the account, so a new key refills nothing; this bounds the
 * key items and writes a script can cause. The unit is taken with the counters' conditional
 * write (429 RATE_LIMITED, resource `rotations`, when none is left) and given back if `rotate`
 * fails. Sign-in issues a key too and is not limited: nobody may be locked out of the account.
 */
export async function withRotationUnit<T>(accountId: string, nowMs: number, rotate: () => Promise<T>): Promise<T> {
  const limit = config().KEY_ROTATIONS_PER_HOUR;
  const window = windowAt(nowMs, ROTATION_LIMIT.windowSeconds);
  const counter: CounterKey = { accountId, keyId: ACCOUNT_WIDE, resource: ROTATION_LIMIT.resource, windowStart: window.start };
  try {
    await counterRepository.take(counter, limit, ROTATION_LIMIT.windowSeconds);
  } catch (error) {
    if (!(error instanceof LimitReachedError)) throw error;
    throw new ApiError('RATE_LIMITED', `Too many key rotations: the limit is ${limit} per hour for each account.`, undefined, {
      ...rateHeaders({ resource: ROTATION_LIMIT.resource, limit, remaining: 0, resetAt: window.resetAt }),
      'Retry-After': String(retryAfterSeconds(window.resetAt, nowMs)),
    });
  }
  try {
    return await rotate();
  } catch (error) {
    await counterRepository.giveBack(counter).catch(() => undefined);
    throw error;
  }
}
