import { MESSAGES, RETRY_AFTER_UNAVAILABLE_SECONDS, type ErrorCode, errorEnvelope, statusOf } from '../domain/errors.js';

/**
 * API Gateway's own answers (when no function runs), as plain data for the CDK stack's gateway
 * responses and the local adapter. Every one is our error envelope, never API Gateway's
 * `{"message": ...}`.
 */
export type GatewayResponseType =
  | 'UNAUTHORIZED'
  | 'ACCESS_DENIED'
  | 'AUTHORIZER_FAILURE'
  | 'AUTHORIZER_CONFIGURATION_ERROR'
  | 'THROTTLED'
  | 'MISSING_AUTHENTICATION_TOKEN'
  | 'INTEGRATION_FAILURE'
  | 'INTEGRATION_TIMEOUT'
  | 'REQUEST_TOO_LARGE'
  | 'DEFAULT_4XX'
  | 'DEFAULT_5XX';

export interface GatewayResponseDefinition {
  readonly type: GatewayResponseType;
  /** Undefined for the DEFAULT_* types: API Gateway keeps the status it chose. */
  readonly statusCode?: number;
  readonly code: ErrorCode;
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
}

function response(type: GatewayResponseType, code: ErrorCode, headers: Record<string, string> = {}, message = MESSAGES[code]): GatewayResponseDefinition {
  return { type, statusCode: statusOf(code), code, message, headers };
}

const retryLater = { 'Retry-After': String(RETRY_AFTER_UNAVAILABLE_SECONDS) };

export const GATEWAY_RESPONSES: Readonly<Record<GatewayResponseType, GatewayResponseDefinition>> = {
  // The identity source (X-API-Key) is absent: API Gateway answers without calling the authorizer.
  UNAUTHORIZED: response('UNAUTHORIZED', 'MISSING_API_KEY'),
  // The authorizer returned a Deny policy: malformed, unknown or revoked key.
  ACCESS_DENIED: response('ACCESS_DENIED', 'INVALID_API_KEY'),
  // The authorizer failed (its table did not answer): a dependency failure, not a denial.
  AUTHORIZER_FAILURE: response('AUTHORIZER_FAILURE', 'SERVICE_UNAVAILABLE', retryLater),
  AUTHORIZER_CONFIGURATION_ERROR: response('AUTHORIZER_CONFIGURATION_ERROR', 'SERVICE_UNAVAILABLE', retryLater),
  // Stage throttling, ahead of our per-key counters.
  THROTTLED: response('THROTTLED', 'RATE_LIMITED', { 'Retry-After': '1' }, 'Too many requests reach the service right now; please retry shortly.'),
  // REST APIs answer an unknown path or method with this type.
  MISSING_AUTHENTICATION_TOKEN: response('MISSING_AUTHENTICATION_TOKEN', 'NOT_FOUND'),
  INTEGRATION_FAILURE: response('INTEGRATION_FAILURE', 'INTERNAL_ERROR'),
  INTEGRATION_TIMEOUT: response('INTEGRATION_TIMEOUT', 'SERVICE_UNAVAILABLE', retryLater),
  // A body over API Gateway's 10 MB payload limit.
  REQUEST_TOO_LARGE: response('REQUEST_TOO_LARGE', 'PAYLOAD_TOO_LARGE'),
  DEFAULT_4XX: { type: 'DEFAULT_4XX', code: 'BAD_REQUEST', message: MESSAGES.BAD_REQUEST, headers: {} },
  DEFAULT_5XX: { type: 'DEFAULT_5XX', code: 'INTERNAL_ERROR', message: MESSAGES.INTERNAL_ERROR, headers: {} },
};

export function gatewayResponseBody(definition: GatewayResponseDefinition): string {
  return JSON.stringify(errorEnvelope(definition.code, definition.message));
}

/** Stage-wide throttling (requests per second, burst), applied before any function runs. */
export const STAGE_THROTTLE = { rateLimit: 1000, burstLimit: 2000 } as const;

/**
 * Authorizer result cache (seconds; API Gateway caches per X-API-Key value). The authorizer
 * answers only "this key hash belongs to that account", which never changes for a key, so
 * caching it loosens nothing: whether the key is still its account's current one is checked on
 * every request by the write that admits it (shared/accounts/use-cases/admit-request.ts), and a rotated,
 * revoked or deleted key is refused at once whatever the cache holds. A cached key skips the
 * authorizer's round trip: a lookup is then one DynamoDB round trip in series.
 */
export const AUTHORIZER_CACHE_TTL_SECONDS = 60;

/**
 * Binary media types of the REST API. A buffered function's binary answer (`isBase64Encoded`) is
 * decoded by API Gateway only for binary media types, so every type is binary. (The exports
 * stream their answers, whose bytes pass as they are, and no longer need this.) The price: API
 * Gateway then base64-encodes every request body too (the local adapter does the same), so a
 * function reading a body must decode it when `isBase64Encoded` is true.
 */
export const BINARY_MEDIA_TYPES: readonly string[] = ['*/*'];
