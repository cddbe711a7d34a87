import * as z from './zod.js';
import { CORE_LIMIT, EXPORT_LIMIT, MAX_ERROR_DETAILS, MAX_REQUEST_BODY_LABEL } from './limits.js';

/** product-decisions §2: every error code the API can answer with. */
export const errorCodeSchema = z.enum([
  'INVALID_CVE_FORMAT',
  'INVALID_PARAMETER',
  'BAD_REQUEST',
  'MISSING_API_KEY',
  'INVALID_API_KEY',
  'CVE_NOT_FOUND',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'EXPORT_LIMIT_EXCEEDED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorDetailSchema = z.object({ parameter: z.string(), message: z.string() }).register(z.globalRegistry, { id: 'ErrorDetail' });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorEnvelopeSchema = z
  .object({
    ok: z.literal(false),
    error: z.object({
      code: errorCodeSchema,
      message: z.string().check(z.minLength(1)),
      details: z.optional(z.array(errorDetailSchema)),
    }),
  })
  .register(z.globalRegistry, { id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

const STATUS: Record<ErrorCode, number> = {
  INVALID_CVE_FORMAT: 400,
  INVALID_PARAMETER: 400,
  BAD_REQUEST: 400,
  MISSING_API_KEY: 401,
  INVALID_API_KEY: 401,
  CVE_NOT_FOUND: 404,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  EXPORT_LIMIT_EXCEEDED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export const MESSAGES: Record<ErrorCode, string> = {
  INVALID_CVE_FORMAT: 'The CVE id must look like CVE-YYYY-NNNN (4 to 19 digits after the year).',
  INVALID_PARAMETER: 'One or more query parameters are not valid.',
  BAD_REQUEST: 'The request could not be understood.',
  MISSING_API_KEY: 'Send your API key in the X-API-Key header.',
  INVALID_API_KEY: 'The API key is not valid: it is malformed, unknown or has been revoked.',
  CVE_NOT_FOUND: 'The catalogue does not hold this CVE.',
  NOT_FOUND: 'There is no such resource.',
  UNAUTHENTICATED: 'Sign in to use the dashboard: the session is missing or has ended.',
  FORBIDDEN: 'This request was refused: it did not come from the dashboard of this site.',
  CONFLICT: 'The request conflicts with the current state of the account.',
  PAYLOAD_TOO_LARGE: `The request body is larger than the ${MAX_REQUEST_BODY_LABEL} the service accepts.`,
  RATE_LIMITED: `Too many requests: the limit is ${CORE_LIMIT.limit} per minute for each account.`,
  EXPORT_LIMIT_EXCEEDED: `Too many exports: the limit is ${EXPORT_LIMIT.limit} per hour for each account.`,
  INTERNAL_ERROR: 'Something went wrong on our side; please try again.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable; please retry shortly.',
};

export { MAX_ERROR_DETAILS };
/** Characters of a detail's `parameter` or `message` (they may quote what the client sent). */
const MAX_DETAIL_TEXT = 300;

const cut = (text: string): string => (text.length > MAX_DETAIL_TEXT ? `${text.slice(0, MAX_DETAIL_TEXT - 1)}…` : text);

/**
 * Details as an answer lists them: at most MAX_ERROR_DETAILS, each cut to a few hundred
 * characters, and a last item saying how many more there were (issue 24: 50,000 unknown watchlist
 * filter keys made a 6 MB answer). What a client sends decides how long an error is no more.
 */
export function boundedDetails(details: readonly ErrorDetail[]): ErrorDetail[] {
  const listed = details.slice(0, MAX_ERROR_DETAILS).map((d) => ({ parameter: cut(d.parameter), message: cut(d.message) }));
  if (details.length <= MAX_ERROR_DETAILS) return listed;
  return [...listed, { parameter: '…', message: `and ${details.length - MAX_ERROR_DETAILS} more (${details.length} in all)` }];
}

/**
 * An error the API answers with on purpose. Carries `statusCode` and `expose` so that
 * `@middy/http-error-handler` treats it as an HTTP error.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly details?: ErrorDetail[];
  readonly expose: boolean;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string = MESSAGES[code],
    details?: ErrorDetail[],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.details = details ? boundedDetails(details) : undefined;
    this.name = 'ApiError';
    this.statusCode = STATUS[code];
    this.expose = true;
    this.headers = headers;
  }

  toEnvelope(): ErrorEnvelope {
    return {
      ok: false,
      error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) },
    };
  }
}

/** A dependency (DynamoDB, Secrets Manager) failed or timed out. */
export class DependencyError extends Error {
  constructor(
    readonly dependency: string,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} is unavailable`, options);
    this.name = 'DependencyError';
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}

export function errorEnvelope(code: ErrorCode, message: string = MESSAGES[code], details?: ErrorDetail[]): ErrorEnvelope {
  return new ApiError(code, message, details).toEnvelope();
}

export const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

/**
 * The function was deployed without something its code needs: a variable (a table's name, a
 * queue's URL) or the permission to use it (AccessDeniedException). Retrying cannot help, so it
 * is a 500 logged as `configuration error` naming what is missing (an alarm counts those lines),
 * never the 503 with Retry-After that a failing dependency gets.
 */
export class ConfigurationError extends Error {
  /** The missing variable, or the action and resource the role was refused. */
  readonly missing: string;

  constructor(message: string, options: { variable?: string; denied?: string; cause?: unknown }) {
    super(`Invalid configuration: ${message}`, options.cause === undefined ? {} : { cause: options.cause });
    this.name = 'ConfigurationError';
    this.missing = options.variable ?? options.denied ?? message;
  }
}
