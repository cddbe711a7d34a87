import type middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../domain/errors.js';
import { CORE_LIMIT, rateHeaders, retryAfterSeconds, windowAt, type RateState } from '../domain/limits.js';
import { utcDay } from '../domain/days-unpatched.js';
import { LimitReachedError, counterRepository, type CounterKey } from '../repositories/counter-repository.js';
import { currentKeyState } from '../use-cases/authorize-api-key.js';
import { recordUsage } from '../use-cases/usage-history.js';
import { callerOf } from './caller.js';
import { logger } from './logger.js';

/** Usage counting never fails a request: a failed write is logged and the request goes on. */
const usageWriteFailed = (error: unknown) => logger.warn('usage count not recorded', { error: String(error) });

const stateOf = new WeakMap<object, RateState>();
/** The admission of a request whose handler runs alongside (see `alongsideAllowance`). */
const takingFor = new WeakMap<object, Promise<void>>();

/**
 * When the request is admitted (`admit`: the key check and the allowance):
 * - `before` (default): admission finishes before the handler starts. Handlers with effects of
 *   their own (an export takes a unit of its hourly allowance) need this.
 * - `alongside`: admission starts, and the handler runs at the same time inside
 *   `alongsideAllowance`, which discards its answer when admission refused (401, 429) or failed
 *   (503). For handlers that only read (the lookup): one DynamoDB round trip fewer in series, and
 *   the key check and the limit are exactly as strict, since admission is still the only gate.
 */
export type RateLimitMode = 'before' | 'alongside';

/**
 * Admits one request of an authenticated caller: three calls at once, so one round trip in
 * series (after the authorizer's, which API Gateway may have cached):
 * - the key check: the account item must name the caller's key as current (a rotated, revoked
 *   or deleted key is refused here at its next request, whatever the authorizer cache holds);
 * - the rate counter: one conditional write takes one unit of the per-minute allowance, the
 *   only gate of the limit (a refusal becomes 429 RATE_LIMITED with Retry-After);
 * - the day's usage count (the dashboard's chart).
 * The key check decides first: a refused key gets 401 INVALID_API_KEY, as from the gateway,
 * and what its request counted is taken back.
 */
async function admit(event: APIGatewayProxyEvent, nowMs: number): Promise<void> {
  const caller = callerOf(event);
  const window = windowAt(nowMs, CORE_LIMIT.windowSeconds);
  const counter = { accountId: caller.accountId, keyId: caller.keyId, resource: CORE_LIMIT.resource, windowStart: window.start };
  const [keyState, unit, counted] = await Promise.allSettled([
    currentKeyState(caller),
    counterRepository.take(counter, CORE_LIMIT.limit, CORE_LIMIT.windowSeconds),
    recordUsage(caller, { requests: 1 }, usageWriteFailed, nowMs),
  ]);
  if (keyState.status === 'rejected') throw keyState.reason;
  if (keyState.value !== 'current') {
    await takeBack(counter, keyState.value, counted.status === 'fulfilled' && counted.value, nowMs);
    logger.info('api key denied', { request_id: event.requestContext?.requestId, key_id: caller.keyId, reason: keyState.value });
    throw new ApiError('INVALID_API_KEY');
  }
  if (unit.status === 'fulfilled') {
    stateOf.set(event, { resource: 'core', limit: CORE_LIMIT.limit, remaining: CORE_LIMIT.limit - unit.value, resetAt: window.resetAt });
    return;
  }
  if (!(unit.reason instanceof LimitReachedError)) throw unit.reason;
  await recordUsage(caller, { rate_limited: 1 }, usageWriteFailed, nowMs);
  stateOf.set(event, { resource: 'core', limit: CORE_LIMIT.limit, remaining: 0, resetAt: window.resetAt });
  throw new ApiError('RATE_LIMITED', undefined, undefined, {
    'Retry-After': String(retryAfterSeconds(window.resetAt, nowMs)),
  });
}

/**
 * A refused key's request leaves no count behind. A superseded key's usage count is given back
 * (its own counter expires unread: the key never becomes valid again); a deleted account's
 * items written by this request are deleted, since the deletion's sweep may already be over.
 * Housekeeping: a failure is logged, and the answer stays 401.
 */
async function takeBack(counter: CounterKey, keyState: 'superseded' | 'gone', counted: boolean, nowMs: number): Promise<void> {
  try {
    if (keyState === 'gone') await counterRepository.forgetKeyItems(counter, utcDay(nowMs));
    else if (counted) await counterRepository.addUsage(counter.accountId, counter.keyId, utcDay(nowMs), { requests: -1 });
  } catch (error) {
    logger.warn('refused key\'s counts not taken back', { error: String(error) });
  }
}

/**
 * Runs a read-only `work` while the request is being admitted ('alongside' mode). Admission
 * decides first: refused (401, 429) or failed (503), `work`'s answer or error is dropped, exactly
 * as if `work` had never run. Outside 'alongside' mode the request is already admitted.
 */
export async function alongsideAllowance<T>(event: APIGatewayProxyEvent, work: () => Promise<T>): Promise<T> {
  const [allowance, result] = await Promise.allSettled([takingFor.get(event), Promise.resolve().then(work)]);
  if (allowance.status === 'rejected') throw allowance.reason;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * The per-request key check and the 100-requests-per-UTC-minute allowance of every
 * authenticated request (`admit`). Rate headers go on every response, errors included; headers the handler or
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
      const taking = admit(request.event, now());
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
