import type middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type * as z from '../domain/zod.js';
import { isSameOrigin } from '../auth/return-to.js';
import { sameToken } from '../auth/session-secret.js';
import { config } from '../config/index.js';
import { ApiError } from '../domain/errors.js';
import type { ActiveSession } from '../accounts/use-cases/sessions.js';
import type { ApiHandler } from './api-handler.js';
import { jsonErrors } from './error-envelope.js';
import { handlerBase } from './handler-base.js';
import { headerValue } from './headers.js';

/** Dashboard API answers are personal: no cache may keep them, success or error. */
function noStore(): middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  const add = async (request: middy.Request<APIGatewayProxyEvent, APIGatewayProxyResult>) => {
    if (request.response) request.response.headers = { ...request.response.headers, 'Cache-Control': 'no-store' };
  };
  return { after: add, onError: add };
}

/** The `/account/...` functions: the handler base with the JSON envelope, no API-key rate limits, no-store on every answer. */
export function accountApiHandler(handler: ApiHandler) {
  return handlerBase(handler, { use: [noStore()], errors: jsonErrors() });
}

export function cookieHeaderOf(event: APIGatewayProxyEvent): string | undefined {
  const many = Object.entries(event.multiValueHeaders ?? {}).find(([k]) => k.toLowerCase() === 'cookie')?.[1];
  if (many && many.length > 1) return many.join('; ');
  return headerValue(event.headers, 'cookie');
}

/**
 * State-changing calls (and the export download) must come from the dashboard: the Origin
 * header is exactly the public origin and X-CSRF-Token is this session's token. SameSite=Lax
 * already keeps the cookie off cross-site POSTs; these checks do not rely on it.
 */
export function checkOrigin(event: APIGatewayProxyEvent): void {
  if (!isSameOrigin(headerValue(event.headers, 'origin'), config().PUBLIC_BASE_URL)) {
    throw new ApiError('FORBIDDEN');
  }
}

export function checkCsrf(event: APIGatewayProxyEvent, active: ActiveSession): void {
  if (!sameToken(headerValue(event.headers, 'x-csrf-token'), active.session.csrf_token)) {
    throw new ApiError('FORBIDDEN', 'This request was refused: the dashboard token is missing or out of date; reload the page.');
  }
}

/**
 * JSON.parse keeps a `"__proto__"` key as an own key, and zod drops it without a word: a client
 * would believe it stored what it sent. Refused instead (issue 24), wherever it sits.
 */
function refuseProtoKey(key: string, value: unknown): unknown {
  if (key === '__proto__')
    throw new ApiError('BAD_REQUEST', 'The request body is not valid: a "__proto__" key is not accepted.', [
      { parameter: '__proto__', message: 'is not accepted' },
    ]);
  return value;
}

/** The JSON body, decoded from base64 when API Gateway passed it so, and validated. */
export function parseBody<T extends z.ZodMiniType>(event: APIGatewayProxyEvent, schema: T): z.infer<T> {
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  let json: unknown;
  try {
    json = raw ? JSON.parse(raw, refuseProtoKey) : {};
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('BAD_REQUEST', 'The request body must be JSON.');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(
      'BAD_REQUEST',
      'The request body is not valid.',
      parsed.error.issues.map((issue) => ({ parameter: issue.path.join('.') || 'body', message: issue.message })),
    );
  }
  return parsed.data;
}
