import type { Readable } from 'node:stream';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { jsonErrors } from './error-envelope.js';
import { handlerBase } from './handler-base.js';
import { rateLimitMiddleware, type RateLimitMode } from './rate-limit.js';
import { platformClock } from '../platform/clock.js';

export type ApiHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * The answer of a streaming function: status and headers go out first (the metadata of the
 * streamed answer), then the body, a string or a stream of bytes. Never base64: a streamed body
 * is sent as it is.
 */
export interface StreamingApiResult {
  statusCode: number;
  headers?: Record<string, string | number | boolean>;
  body: string | Readable;
}
export type StreamingApiHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<StreamingApiResult>;

export interface ApiHandlerOptions {
  /** Protected routes count against the per-minute allowance; public ones (health) do not. */
  readonly auth: 'apiKey' | 'none';
  /** When the allowance is taken (shared/http/rate-limit.ts); 'alongside' only for read-only handlers. */
  readonly rateLimit?: RateLimitMode;
  /** How many units of the per-minute allowance the request uses (a batch lookup: one per 10 ids); default one. */
  readonly requestUnits?: (event: APIGatewayProxyEvent) => number;
}

/** The API functions: the handler base with the JSON error envelope, plus the per-minute allowance on protected routes. */
function apiOptions<TResult extends { headers?: APIGatewayProxyResult['headers'] }>(options: ApiHandlerOptions) {
  // The rate limiter's headers must be added after the error response exists, so its after /
  // onError run last: it is attached before the error middlewares, which run before it.
  return {
    use: options.auth === 'apiKey' ? [rateLimitMiddleware<TResult>(platformClock.now, options.rateLimit, options.requestUnits)] : [],
    errors: jsonErrors<TResult>(),
  };
}

/** A buffered API function: its whole answer is one result object (at most 6 MB in Lambda). */
export function apiHandler(handler: ApiHandler, options: ApiHandlerOptions) {
  return handlerBase(handler, apiOptions<APIGatewayProxyResult>(options));
}

/**
 * A streaming API function (`responseStreaming` in shared/platform/functions.ts): middy wraps it
 * in `awslambda.streamifyResponse`, writes status and headers — errors and rate headers
 * included, since the whole middleware stack runs first — and pipes the body to the client.
 */
export function streamingApiHandler(handler: StreamingApiHandler, options: ApiHandlerOptions) {
  return handlerBase(handler, { ...apiOptions<StreamingApiResult>(options), streaming: true });
}
