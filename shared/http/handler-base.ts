import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { loadDeploymentSettings } from '../config/deployment.js';
import { logger } from './logger.js';

/** What the base reads off an event for the log context: API Gateway events have it; others not. */
interface LoggableEvent {
  readonly requestContext?: { readonly requestId?: string; readonly authorizer?: Record<string, unknown> | null } | null;
}

export interface HandlerBaseOptions<TEvent, TResult> {
  /** The function's own middlewares (rate limits, cache headers), between the log context and the error mapping. */
  readonly use?: readonly middy.MiddlewareObj<TEvent, TResult>[];
  /** How an error becomes an answer (JSON envelope, HTML page); omitted: it propagates (authorizer, ingest). */
  readonly errors?: readonly middy.MiddlewareObj<TEvent, TResult>[];
  /** A `responseStreaming` function (shared/platform/functions.ts). */
  readonly streaming?: boolean;
}

/**
 * The one middy setup every function uses:
 * - the Lambda context on every log line, keys reset after each invocation, and event logging
 *   OFF whatever `POWERTOOLS_LOGGER_LOG_EVENT` says: events carry the X-API-Key header, session
 *   cookies and OAuth codes;
 * - the invocation's `request_id` and, behind the authorizer, the caller's `key_id` (never the key);
 * - the deployment's settings (the public origin, an SSM parameter in AWS) learnt once per
 *   container before the first request (a no-op locally); a failed read is a dependency failure
 *   mapped like any other, and the next request tries again;
 * - then the function's own middlewares, then its error mapping. onError middlewares run in
 *   reverse order of `use`, so an error is mapped first and the function's own middlewares
 *   (rate headers, no-store) see the mapped answer.
 */
export function handlerBase<TEvent, TResult>(
  handler: (event: TEvent, context: Context) => Promise<TResult>,
  options: HandlerBaseOptions<TEvent, TResult> = {},
) {
  const stack = middy<TEvent, TResult>(options.streaming ? { streamifyResponse: true } : {})
    .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
    .use({
      before: async (request) => {
        const context = (request.event as LoggableEvent | null | undefined)?.requestContext;
        const keyId = context?.authorizer?.keyId;
        logger.appendKeys({
          ...(context?.requestId ? { request_id: context.requestId } : {}),
          ...(typeof keyId === 'string' ? { key_id: keyId } : {}),
        });
        await loadDeploymentSettings();
      },
    });
  for (const middleware of [...(options.use ?? []), ...(options.errors ?? [])]) stack.use(middleware);
  return stack.handler(handler);
}
