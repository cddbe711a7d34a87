import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import httpErrorHandler from '@middy/http-error-handler';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { INTERNAL_ERROR_BODY, errorEnvelopeMiddleware } from './error-envelope.js';
import { logger } from './logger.js';
import { rateLimitMiddleware } from './rate-limit.js';

export type ApiHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface ApiHandlerOptions {
  /** Protected routes count against the per-minute allowance; public ones (health) do not. */
  readonly auth: 'apiKey' | 'none';
}

/**
 * The middleware stack every API function shares. onError middlewares run in reverse order of
 * `use`, so an error is first mapped to our envelope, then rendered by http-error-handler, and
 * last gets the rate headers.
 */
export function apiHandler(handler: ApiHandler, options: ApiHandlerOptions) {
  const stack = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
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
  const withLimits = options.auth === 'apiKey' ? stack.use(rateLimitMiddleware()) : stack;
  // The rate limiter's headers must be added after the error response exists, so its after /
  // onError run last: it is attached before the error middlewares, which run before it.
  return withLimits
    .use(httpErrorHandler({ logger: false, fallbackMessage: INTERNAL_ERROR_BODY }))
    .use(errorEnvelopeMiddleware())
    .handler(handler);
}
