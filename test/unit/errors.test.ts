import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  DependencyError,
  MESSAGES,
  errorCodeSchema,
  errorEnvelope,
  errorEnvelopeSchema,
  statusOf,
  type ErrorCode,
} from '../../shared/domain/errors.js';
import { apiHandler } from '../../shared/http/api-handler.js';
import { okResponse } from '../../shared/http/responses.js';
import { GATEWAY_RESPONSES, gatewayResponseBody } from '../../shared/platform/gateway.js';

const EXPECTED_STATUS: Record<ErrorCode, number> = {
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

function event(): APIGatewayProxyEvent {
  return {
    resource: '/x',
    path: '/x',
    httpMethod: 'GET',
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    requestContext: { requestId: 'req-1' } as APIGatewayProxyEvent['requestContext'],
    body: null,
    isBase64Encoded: false,
  };
}

const context = {
  functionName: 'unit',
  awsRequestId: 'aws-1',
  invokedFunctionArn: 'arn:aws:lambda:local:0:function:unit',
  memoryLimitInMB: '128',
  functionVersion: '$LATEST',
  getRemainingTimeInMillis: () => 1000,
} as unknown as Context;

/** A public function (no rate limit, so no database) that fails the way `fail` says. */
async function answerOf(fail: () => never) {
  const handler = apiHandler(async () => fail(), { auth: 'none' });
  const result = await handler(event(), context);
  return { ...result, envelope: errorEnvelopeSchema.parse(JSON.parse(result.body)) };
}

describe('error codes and the error envelope (product-decisions §2)', () => {
  it('gives every code the status of the table', () => {
    for (const code of errorCodeSchema.options) {
      expect(statusOf(code), code).toBe(EXPECTED_STATUS[code]);
      expect(new ApiError(code).statusCode).toBe(EXPECTED_STATUS[code]);
      expect(MESSAGES[code].length).toBeGreaterThan(10);
    }
  });

  it('builds the envelope with details only when there are some', () => {
    expect(errorEnvelope('CVE_NOT_FOUND')).toEqual({ ok: false, error: { code: 'CVE_NOT_FOUND', message: MESSAGES.CVE_NOT_FOUND } });
    const details = [{ parameter: 'severity', message: 'one of CRITICAL, HIGH, MEDIUM, LOW' }];
    expect(new ApiError('INVALID_PARAMETER', undefined, details).toEnvelope()).toEqual({
      ok: false,
      error: { code: 'INVALID_PARAMETER', message: MESSAGES.INVALID_PARAMETER, details },
    });
  });

  it('every code and message makes an envelope its schema accepts (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...errorCodeSchema.options),
        fc.string({ minLength: 1 }),
        (code, message) => errorEnvelopeSchema.safeParse(JSON.parse(JSON.stringify(errorEnvelope(code, message)))).success,
      ),
    );
  });

  it('answers an ApiError with its status, envelope and headers', async () => {
    const answer = await answerOf(() => {
      throw new ApiError('CVE_NOT_FOUND', 'The catalogue does not hold CVE-2000-0001.', undefined, { 'X-Test': '1' });
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers?.['X-Test']).toBe('1');
    expect(answer.envelope).toEqual({ ok: false, error: { code: 'CVE_NOT_FOUND', message: 'The catalogue does not hold CVE-2000-0001.' } });
  });

  it('answers a failing dependency with 503 SERVICE_UNAVAILABLE and Retry-After', async () => {
    const answer = await answerOf(() => {
      throw new DependencyError('DynamoDB', { cause: new Error('connect ECONNREFUSED') });
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers?.['Retry-After']).toBe('5');
    expect(answer.envelope.error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('answers a bug with 500 INTERNAL_ERROR and never leaks its message or stack', async () => {
    const answer = await answerOf(() => {
      throw new TypeError('secretTableName.foo is not a function');
    });
    expect(answer.statusCode).toBe(500);
    expect(answer.envelope).toEqual({ ok: false, error: { code: 'INTERNAL_ERROR', message: MESSAGES.INTERNAL_ERROR } });
    expect(answer.body).not.toMatch(/secretTableName|TypeError|at /);
  });

  it('any thrown value that is not ours becomes the same 500 envelope (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.integer(),
          fc.constant(null),
          fc.string().map((m) => new Error(m)),
        ),
        async (thrown) => {
          const answer = await answerOf(() => {
            throw thrown;
          });
          return answer.statusCode === 500 && answer.envelope.error.code === 'INTERNAL_ERROR';
        },
      ),
      { numRuns: 50 },
    );
  });

  it('answers a function about to run out of time with 503 SERVICE_UNAVAILABLE, not 500', async () => {
    const stuck = apiHandler(() => new Promise<never>(() => undefined), { auth: 'none' });
    const shortLived = { ...context, getRemainingTimeInMillis: () => 60 } as Context;
    const result = await stuck(event(), shortLived);
    expect(result.statusCode).toBe(503);
    expect(result.headers?.['Retry-After']).toBe('5');
    expect(errorEnvelopeSchema.parse(JSON.parse(result.body)).error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('answers success in the envelope of interface §2.1', async () => {
    const handler = apiHandler(async () => okResponse({ a: 1 }), { auth: 'none' });
    const result = await handler(event(), context);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ ok: true, data: { a: 1 } });
  });
});

describe('gateway responses', () => {
  it('are all our envelope with the status of their code', () => {
    for (const definition of Object.values(GATEWAY_RESPONSES)) {
      const body = errorEnvelopeSchema.parse(JSON.parse(gatewayResponseBody(definition)));
      expect(body.error.code).toBe(definition.code);
      if (definition.statusCode !== undefined) expect(definition.statusCode).toBe(statusOf(definition.code));
    }
  });

  it('map the authorizer outcomes to the 401s, failures to 503 and unknown routes to 404', () => {
    expect(GATEWAY_RESPONSES.UNAUTHORIZED).toMatchObject({ statusCode: 401, code: 'MISSING_API_KEY' });
    expect(GATEWAY_RESPONSES.ACCESS_DENIED).toMatchObject({ statusCode: 401, code: 'INVALID_API_KEY' });
    expect(GATEWAY_RESPONSES.AUTHORIZER_FAILURE).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', headers: { 'Retry-After': '5' } });
    expect(GATEWAY_RESPONSES.THROTTLED).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(GATEWAY_RESPONSES.THROTTLED.headers['Retry-After']).toMatch(/^\d+$/);
    expect(GATEWAY_RESPONSES.MISSING_AUTHENTICATION_TOKEN).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});
