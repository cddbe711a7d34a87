import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as lookup } from '../../functions/cve-lookup.js';
import { hashApiKey, keyIdOf } from '../../shared/domain/api-key.js';
import { errorEnvelopeSchema } from '../../shared/domain/errors.js';
import { parseConfig } from '../../shared/config/index.js';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { lambdaContext } from '../../shared/local/lambda-context.js';
import { FUNCTIONS } from '../../shared/platform/functions.js';
import { resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { createAccountWithKey } from '../../shared/accounts/use-cases/create-account-with-key.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/**
 * A database that accepts connections and never answers. In AWS a function that outlives its
 * timeout is killed and API Gateway answers 502: so each function must give up on DynamoDB and
 * answer 503 itself, within its own timeout.
 *
 * The production call budget and the function's timeout are both cut by SCALE: the same race
 * (attempts × budget against the timeout), run in a fifth of the time instead of waiting out
 * seconds of real timeouts.
 */
const SCALE = 5;
const BUDGET_MS = parseConfig({}).DYNAMODB_TIMEOUT_MS / SCALE;
let stack: TestStack;
let blackHole: Server;
const sockets = new Set<Socket>();
let caller: { accountId: string; keyId: string };

beforeAll(async () => {
  stack = await startTestStack({ environment: { DYNAMODB_TIMEOUT_MS: String(BUDGET_MS) } });
  await stack.seed([makeRecord({ cve_id: 'CVE-2021-44228' })]);
  const { account, key } = await createAccountWithKey('slow@example.com');
  caller = { accountId: account.account_id, keyId: keyIdOf(hashApiKey(key.apiKey)) };
  blackHole = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  applyFunctionEnvironment({ DYNAMODB_ENDPOINT: `http://127.0.0.1:${(blackHole.address() as AddressInfo).port}` });
  resetDocumentClient();
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  blackHole.close();
  await stack.close();
});

/** Resolves with the function's own answer, or 'killed' when it outlives its Lambda timeout. */
async function withinTimeout<T>(answer: Promise<T>, timeoutSeconds: number): Promise<T | 'killed'> {
  let timer: NodeJS.Timeout | undefined;
  const killed = new Promise<'killed'>((resolve) => {
    timer = setTimeout(() => resolve('killed'), timeoutSeconds * 1000);
  });
  try {
    return await Promise.race([answer, killed]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a database that hangs', () => {
  it('gets GET /health a 503 with Retry-After from the function itself, not a gateway timeout', async () => {
    const response = await stack.get('/health');
    expect(response.headers.get('x-amzn-errortype')).toBeNull();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(errorEnvelopeSchema.parse(await response.json()).error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('gets the lookup function a 503 within its timeout', async () => {
    const event = {
      resource: '/api/cve/{cve_id}',
      path: '/api/cve/CVE-2021-44228',
      httpMethod: 'GET',
      headers: {},
      multiValueHeaders: {},
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      pathParameters: { cve_id: 'CVE-2021-44228' },
      stageVariables: null,
      requestContext: { requestId: 'req-slow', authorizer: caller },
      body: null,
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEvent;
    const timeout = (FUNCTIONS.cveLookup.timeoutSeconds ?? 10) / SCALE;
    const result = await withinTimeout(lookup(event, lambdaContext('cveLookup', 'slow-1', timeout, 256)) as Promise<APIGatewayProxyResult>, timeout);
    expect(result).not.toBe('killed');
    expect(result).toMatchObject({ statusCode: 503, headers: { 'Retry-After': expect.stringMatching(/^\d+$/) } });
  });
});
