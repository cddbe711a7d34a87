import type middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../domain/errors.js';
import { CORE_LIMIT, rateHeaders, retryAfterSeconds, windowAt, type RateState } from '../domain/limits.js';
import { LimitReachedError, counterRepository } from '../repositories/counter-repository.js';
import { recordUsage } from '../use-cases/usage-history.js';
import { callerOf } from './caller.js';
import { logger } from './logger.js';

/** Usage counting never fails a request: a failed write is logged and the request goes on. */
const usageWriteFailed = (error: unknown) => logger.warn('usage count not recorded', { error: String(error) });

const stateOf = new WeakMap<object, RateState>();
/** The unit being taken for a request whose handler runs alongside (see `alongsideAllowance`). */
const takingFor = new WeakMap<object, Promise<void>>();

/**
 * When the allowance is taken:
 * - `before` (default): the conditional write finishes before the handler starts. Handlers with
 *   effects of their own (an export takes a unit of its hourly allowance) need this.
 * - `alongside`: the write starts, and the handler runs at the same time inside
 *   `alongsideAllowance`, which discards its answer when the write refused (429) or failed (503).
 *   For handlers that only read (the lookup): one DynamoDB round trip fewer in series, and the
 *   limit is exactly as strict, since the conditional write is still the only gate.
 */
export type RateLimitMode = 'before' | 'alongside';

/** Takes one unit of the per-minute allowance; a refusal becomes 429 RATE_LIMITED with Retry-After. */
async function takeUnit(event: APIGatewayProxyEvent, nowMs: number): Promise<void> {
  const caller = callerOf(event);
  const window = windowAt(nowMs, CORE_LIMIT.windowSeconds);
  const counter = { accountId: caller.accountId, keyId: caller.keyId, resource: CORE_LIMIT.resource, windowStart: window.start };
  // The day's usage count (dashboard chart) runs beside the rate counter, not after it.
  const usage = recordUsage(caller, { requests: 1 }, usageWriteFailed, nowMs);
  try {
    const used = await counterRepository.take(counter, CORE_LIMIT.limit, CORE_LIMIT.windowSeconds);
    stateOf.set(event, { resource: 'core', limit: CORE_LIMIT.limit, remaining: CORE_LIMIT.limit - used, resetAt: window.resetAt });
  } catch (error) {
    await usage;
    if (!(error instanceof LimitReachedError)) throw error;
    await recordUsage(caller, { rate_limited: 1 }, usageWriteFailed, nowMs);
    stateOf.set(event, { resource: 'core', limit: CORE_LIMIT.limit, remaining: 0, resetAt: window.resetAt });
    throw new ApiError('RATE_LIMITED', undefined, undefined, {
      'Retry-After': String(retryAfterSeconds(window.resetAt, nowMs)),
    });
  }
  await usage;
}

/**
 * Runs a read-only `work` while the request's unit is being taken ('alongside' mode). The
 * allowance decides first: refused (429) or failed (503), `work`'s answer or error is dropped,
 * exactly as if `work` had never run. Outside 'alongside' mode the unit is already taken.
 */
export async function alongsideAllowance<T>(event: APIGatewayProxyEvent, work: () => Promise<T>): Promise<T> {
  const [allowance, result] = await Promise.allSettled([takingFor.get(event), Promise.resolve().then(work)]);
  if (allowance.status === 'rejected') throw allowance.reason;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * The 100-requests-per-UTC-minute allowance of every authenticated request: one conditional
 * write per request. Rate headers go on every response, errors included; headers the handler or
 * its error set itself (the export allowance) take precedence.
 */
export function rateLimitMiddleware<TResult extends { headers?: APIGatewayProxyResult['headers'] } = APIGatewayProxyResult>(
  now: () => number = Date.now,
  mode: RateLimitMode = 'before',
): middy.MiddlewareObj<APIGatewayProxyEvent, TResult> {
  const addHeaders = async (request: middy.Request<APIGatewayProxyEvent, TResult>) => {
    const state = stateOf.get(request.event);
    if (!state || !request.response) return;
    request.response.headers = { ...rateHeaders(state), ...request.response.headers };
  };
  return {
    before: async (request) => {
      const taking = takeUnit(request.event, now());
      if (mode === 'before') {
        await taking;
        return;
      }
      // Settled by alongsideAllowance (or `after` below); never an unhandled rejection meanwhile.
      taking.catch(() => undefined);
      takingFor.set(request.event, taking);
    },
    after: async (request) => {
      // A handler that answered without joining its allowance still cannot answer past a refusal.
      await takingFor.get(request.event);
      await addHeaders(request);
    },
    onError: addHeaders,
  };
}
