import type middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError, ConfigurationError, DependencyError, MESSAGES, RETRY_AFTER_UNAVAILABLE_SECONDS } from '../domain/errors.js';
import { logConfigurationError } from './error-envelope.js';
import { PAGE_CSP, messagePage } from '../render/html.js';
import type { ApiHandler } from './api-handler.js';
import { handlerBase } from './handler-base.js';
import { logger } from './logger.js';

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

export function htmlResponse(statusCode: number, html: string, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'Content-Type': HTML_CONTENT_TYPE, 'Content-Security-Policy': PAGE_CSP, 'X-Content-Type-Options': 'nosniff', ...headers },
    body: html,
  };
}

/** A 302 with any number of Set-Cookie headers (multiValueHeaders: API Gateway keeps each). */
export function redirectResponse(location: string, cookies: readonly string[] = [], headers: Record<string, string> = {}): APIGatewayProxyResult {
  return {
    statusCode: 302,
    headers: { Location: location, 'Cache-Control': 'no-store', ...headers },
    multiValueHeaders: cookies.length ? { 'Set-Cookie': [...cookies] } : {},
    body: '',
  };
}

/**
 * The same error mapping as the JSON API (ApiError keeps its status and message, a failing
 * dependency is 503 with Retry-After, anything else a 500 with no detail), rendered as a page.
 */
export function htmlErrorResponse(error: unknown): APIGatewayProxyResult {
  if (error instanceof ApiError) {
    return htmlResponse(error.statusCode, messagePage(titleOf(error.statusCode), error.message), { 'Cache-Control': 'no-store', ...error.headers });
  }
  if (error instanceof DependencyError) {
    logger.error('dependency failed', { dependency: error.dependency, error: String(error.cause) });
    return htmlResponse(503, messagePage('Temporarily unavailable', MESSAGES.SERVICE_UNAVAILABLE), {
      'Cache-Control': 'no-store',
      'Retry-After': String(RETRY_AFTER_UNAVAILABLE_SECONDS),
    });
  }
  if (error instanceof ConfigurationError) logConfigurationError(error);
  else logger.error('unexpected error', error instanceof Error ? error : String(error));
  return htmlResponse(500, messagePage('Something went wrong', MESSAGES.INTERNAL_ERROR), { 'Cache-Control': 'no-store' });
}

function titleOf(status: number): string {
  if (status === 404) return 'Not found';
  if (status === 400) return 'Bad request';
  return 'Request refused';
}

/** The functions that answer browsers with pages and redirects: the handler base, errors as pages. */
export function htmlHandler(handler: ApiHandler) {
  return handlerBase(handler, {
    errors: [
      {
        onError: async (request: middy.Request<APIGatewayProxyEvent, APIGatewayProxyResult>) => {
          request.response = htmlErrorResponse(request.error);
        },
      },
    ],
  });
}
