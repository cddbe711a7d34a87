import type middy from '@middy/core';
import httpErrorHandler from '@middy/http-error-handler';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError, ConfigurationError, DependencyError, RETRY_AFTER_UNAVAILABLE_SECONDS, errorEnvelope } from '../domain/errors.js';
import { LOG_METRICS } from '../platform/metrics.js';
import { logger } from './logger.js';

/** What `@middy/http-error-handler` answers for anything we did not expect: never a stack trace. */
export const INTERNAL_ERROR_BODY = JSON.stringify(errorEnvelope('INTERNAL_ERROR'));

const unavailable = () => new ApiError('SERVICE_UNAVAILABLE', undefined, undefined, { 'Retry-After': String(RETRY_AFTER_UNAVAILABLE_SECONDS) });

/** What @middy/core throws when the handler is still running `timeoutEarlyInMillis` before the Lambda deadline. */
function isMiddyTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError' && (error.cause as { package?: unknown } | undefined)?.package === '@middy/core';
}

/** The one log line of a deployment bug; CDK's metric filter and alarm match its message. */
export function logConfigurationError(error: ConfigurationError): void {
  logger.error(LOG_METRICS.configurationErrors.message, { missing: error.missing, error: error.message });
}

interface HttpErrorShape {
  statusCode: number;
  expose: boolean;
  message: string;
  headers: Record<string, string>;
}

/**
 * Turns our errors into what `@middy/http-error-handler` renders: an exposed HTTP error whose
 * message is the JSON error envelope. A failing dependency becomes 503 with Retry-After;
 * anything else (a ConfigurationError among them) is left for the error handler's generic 500.
 */
export function errorEnvelopeMiddleware<TResult = APIGatewayProxyResult>(): middy.MiddlewareObj<APIGatewayProxyEvent, TResult> {
  return {
    onError: async (request) => {
      const error = request.error;
      let mapped: ApiError | undefined;
      if (error instanceof ApiError) {
        mapped = error;
      } else if (error instanceof DependencyError) {
        logger.error('dependency failed', { dependency: error.dependency, error: String(error.cause) });
        mapped = unavailable();
      } else if (error instanceof ConfigurationError) {
        // A 500 the caller should not retry; the log line names what is missing and an alarm counts it.
        logConfigurationError(error);
        return;
      } else if (isMiddyTimeout(error)) {
        // The function ran out of time: everything it waits on is a dependency, so this is a
        // 503 to retry, not a bug (and, unanswered, Lambda would kill it and API Gateway say 502).
        logger.error('function timed out waiting on a dependency');
        mapped = unavailable();
      } else {
        logger.error('unexpected error', error instanceof Error ? error : String(error));
        // http-error-handler reads `statusCode` off the error and crashes on a thrown null or
        // primitive; hand it an Error so the answer is still our 500 envelope.
        if (!(error instanceof Error)) request.error = new Error(String(error));
        return;
      }
      const httpError: HttpErrorShape = {
        statusCode: mapped.statusCode,
        expose: true,
        message: JSON.stringify(mapped.toEnvelope()),
        headers: mapped.headers,
      };
      request.error = Object.assign(new Error(httpError.message), httpError);
    },
  };
}

/**
 * The JSON API's error mapping, in `use` order: http-error-handler renders what the envelope
 * middleware (which runs first on error) made of the error.
 */
export function jsonErrors<TResult = APIGatewayProxyResult>(): middy.MiddlewareObj<APIGatewayProxyEvent, TResult>[] {
  return [
    httpErrorHandler({ logger: false, fallbackMessage: INTERNAL_ERROR_BODY }) as middy.MiddlewareObj<APIGatewayProxyEvent, TResult>,
    errorEnvelopeMiddleware<TResult>(),
  ];
}
