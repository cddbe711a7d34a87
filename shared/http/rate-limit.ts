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

/**
 * The 100-requests-per-UTC-minute allowance of every authenticated request: one conditional
 * write before the handler runs. Rate headers go on every response, errors included; headers
 * the handler or its error set itself (the export allowance) take precedence.
 */
export function rateLimitMiddleware<TResult extends { headers?: APIGatewayProxyResult['headers'] } = APIGatewayProxyResult>(
  now: () => number = Date.now,
): middy.MiddlewareObj<APIGatewayProxyEvent, TResult> {
  const addHeaders = async (request: middy.Request<APIGatewayProxyEvent, TResult>) => {
    const state = stateOf.get(request.event);
    if (!state || !request.response) return;
    request.response.headers = { ...rateHeaders(state), ...request.response.headers };
  };
  return {
    before: async (request) => {
      const caller = callerOf(request.event);
      const nowMs = now();
      const window = windowAt(nowMs, CORE_LIMIT.windowSeconds);
      const counter = { accountId: caller.accountId, keyId: caller.keyId, resource: CORE_LIMIT.resource, windowStart: window.start };
      // The day's usage count (dashboard chart) runs beside the rate counter, not after it.
      const usage = recordUsage(caller, { requests: 1 }, usageWriteFailed, nowMs);
      try {
        const used = await counterRepository.take(counter, CORE_LIMIT.limit, CORE_LIMIT.windowSeconds);
        stateOf.set(request.event, { resource: 'core', limit: CORE_LIMIT.limit, remaining: CORE_LIMIT.limit - used, resetAt: window.resetAt });
      } catch (error) {
        await usage;
        if (!(error instanceof LimitReachedError)) throw error;
        await recordUsage(caller, { rate_limited: 1 }, usageWriteFailed, nowMs);
        const state: RateState = { resource: 'core', limit: CORE_LIMIT.limit, remaining: 0, resetAt: window.resetAt };
        stateOf.set(request.event, state);
        throw new ApiError('RATE_LIMITED', undefined, undefined, {
          'Retry-After': String(retryAfterSeconds(window.resetAt, nowMs)),
        });
      }
      await usage;
    },
    after: addHeaders,
    onError: addHeaders,
  };
}
