import type middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../domain/errors.js';
import { rateHeaders, type RateState } from '../domain/limits.js';
import { admitRequest } from '../accounts/use-cases/admit-request.js';
import { callerOf } from './caller.js';
import { logger } from './logger.js';
import { platformClock } from '../platform/clock.js';

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
 * Admits one request of an authenticated caller (shared/accounts/use-cases/admit-request.ts): the key
 * check and one unit of the per-minute allowance in one conditional write to the account item,
 * so one round trip (after the authorizer's, which API Gateway may have cached). A key that is
 * no longer current gets 401 INVALID_API_KEY, as from the gateway, whatever the gateway's
 * authorizer cache holds; a used-up minute 429 RATE_LIMITED with Retry-After.
 */
async function admit(event: APIGatewayProxyEvent, nowMs: number, units: number): Promise<void> {
  const caller = callerOf(event);
  const admission = await admitRequest(caller, nowMs, usageWriteFailed, units);
  if (admission.outcome === 'refused') {
    logger.info('api key denied', { request_id: event.requestContext?.requestId, key_id: caller.keyId, reason: admission.reason });
    throw new ApiError('INVALID_API_KEY');
  }
  stateOf.set(event, admission.state);
  if (admission.outcome === 'limited') {
    throw new ApiError('RATE_LIMITED', undefined, undefined, { 'Retry-After': String(admission.retryAfterSeconds) });
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
  now: () => number = platformClock.now,
  mode: RateLimitMode = 'before',
  unitsOf: (event: APIGatewayProxyEvent) => number = () => 1,
): middy.MiddlewareObj<APIGatewayProxyEvent, TResult> {
  const addHeaders = async (request: middy.Request<APIGatewayProxyEvent, TResult>) => {
    const state = stateOf.get(request.event);
    if (!state || !request.response) return;
    request.response.headers = { ...rateHeaders(state), ...request.response.headers };
  };
  return {
    before: async (request) => {
      const taking = admit(request.event, now(), unitsOf(request.event));
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
