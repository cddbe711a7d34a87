import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import httpErrorHandler from '@middy/http-error-handler';
import type { Readable } from 'node:stream';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { INTERNAL_ERROR_BODY, errorEnvelopeMiddleware } from './error-envelope.js';
import { logger } from './logger.js';
import { rateLimitMiddleware, type RateLimitMode } from './rate-limit.js';

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
}

/**
 * The middleware stack every API function shares. onError middlewares run in reverse order of
 * `use`, so an error is first mapped to our envelope, then rendered by http-error-handler, and
 * last gets the rate headers.
 */
function withApiStack<TResult extends { headers?: APIGatewayProxyResult['headers'] }>(
  stack: middy.MiddyfiedHandler<APIGatewayProxyEvent, TResult>,
  handler: (event: APIGatewayProxyEvent, context: Context) => Promise<TResult>,
  options: ApiHandlerOptions,
) {
  stack
    // logEvent: false beats POWERTOOLS_LOGGER_LOG_EVENT=true: the event carries the X-API-Key header.
    .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
    .use({
      before: async (request) => {
        const authorizer = request.event.requestContext?.authorizer;
        logger.appendKeys({
          request_id: request.event.requestContext?.requestId,
          ...(typeof authorizer?.keyId === 'string' ? { key_id: authorizer.keyId } : {}),
        });
      },
    });
  const withLimits = options.auth === 'apiKey' ? stack.use(rateLimitMiddleware<TResult>(Date.now, options.rateLimit)) : stack;
  // The rate limiter's headers must be added after the error response exists, so its after /
  // onError run last: it is attached before the error middlewares, which run before it.
  return withLimits
    .use(httpErrorHandler({ logger: false, fallbackMessage: INTERNAL_ERROR_BODY }))
    .use(errorEnvelopeMiddleware<TResult>())
    .handler(handler);
}

/** A buffered API function: its whole answer is one result object (at most 6 MB in Lambda). */
export function apiHandler(handler: ApiHandler, options: ApiHandlerOptions) {
  return withApiStack(middy<APIGatewayProxyEvent, APIGatewayProxyResult>(), handler, options);
}

/**
 * A streaming API function (`responseStreaming` in shared/platform/functions.ts): middy wraps it
 * in `awslambda.streamifyResponse`, writes status and headers — errors and rate headers
 * included, since the whole middleware stack runs first — and pipes the body to the client.
 */
export function streamingApiHandler(handler: StreamingApiHandler, options: ApiHandlerOptions) {
  return withApiStack(middy<APIGatewayProxyEvent, StreamingApiResult>({ streamifyResponse: true }), handler, options);
}
