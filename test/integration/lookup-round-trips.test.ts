import type { APIGatewayProxyEvent, APIGatewayProxyResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as authorizer } from '../../functions/authorizer.js';
import { handler as lookup } from '../../functions/cve-lookup.js';
import { hashApiKey, keyIdOf } from '../../shared/domain/api-key.js';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { lambdaContext } from '../../shared/local/lambda-context.js';
import { resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { createAccountWithKey } from '../../shared/accounts/use-cases/create-account-with-key.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { MINUTE_MS, TestClock } from '../support/time.js';

/**
 * At most two DynamoDB round trips in series per lookup: the authorizer's one read, then the
 * lookup's own two calls in flight together: the admission's one conditional write to the
 * account item (key check, rate counter and usage count at once) and the record's read. A proxy in front of dynalite
 * holds each call until `gather` calls have arrived (or 2 s pass), and records which calls were
 * in flight together.
 */
let stack: TestStack;
let proxy: Server;
const inFlightTogether: string[][] = [];
let gather = 1;
let caller: { accountId: string; keyId: string };
let apiKey: string;
// Stopped early in a UTC minute: the two lookups below share one window.
const clock = TestClock.atWindowStart(MINUTE_MS);

beforeAll(async () => {
  stack = await startTestStack({ clock: clock.now });
  await stack.seed([makeRecord({ cve_id: 'CVE-2021-44228' })]);
  const { account, key } = await createAccountWithKey('round-trips@example.com');
  apiKey = key.apiKey;
  caller = { accountId: account.account_id, keyId: keyIdOf(hashApiKey(key.apiKey)) };
  const upstream = new URL(stack.dynamoEndpoint);
  let waiting: { operation: string; release: () => void }[] = [];
  proxy = createServer((req, res) => {
    const operation =
      String(req.headers['x-amz-target'] ?? '')
        .split('.')
        .pop() ?? '';
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => {
      const forward = () => {
        const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        out.on('error', () => res.destroy());
        out.end(Buffer.concat(body));
      };
      const timer = setTimeout(() => {
        waiting = waiting.filter((w) => w.release !== release);
        inFlightTogether.push([operation]);
        forward();
      }, 2000);
      const release = () => {
        clearTimeout(timer);
        forward();
      };
      waiting.push({ operation, release });
      if (waiting.length === gather) {
        inFlightTogether.push(waiting.map((w) => w.operation).sort());
        for (const w of waiting) w.release();
        waiting = [];
      }
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  applyFunctionEnvironment({ DYNAMODB_ENDPOINT: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, DYNAMODB_TIMEOUT_MS: '5000' });
  resetDocumentClient();
});
afterAll(async () => {
  proxy.close();
  applyFunctionEnvironment({ DYNAMODB_TIMEOUT_MS: '1500' });
  await stack.close();
});

function lookupEvent(cveId: string, n: number): APIGatewayProxyEvent {
  return {
    resource: '/api/cve/{cve_id}',
    path: `/api/cve/${cveId}`,
    httpMethod: 'GET',
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: { cve_id: cveId },
    stageVariables: null,
    requestContext: { requestId: `req-round-trips-${n}`, authorizer: caller },
    body: null,
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEvent;
}

function authorizerEvent(key: string): APIGatewayRequestAuthorizerEvent {
  return {
    type: 'REQUEST',
    methodArn: 'arn:aws:execute-api:eu-west-1:123456789012:abc123def4/prod/GET/api/cve/CVE-2021-44228',
    resource: '/api/cve/{cve_id}',
    path: '/api/cve/CVE-2021-44228',
    httpMethod: 'GET',
    headers: { 'X-API-Key': key },
    multiValueHeaders: { 'X-API-Key': [key] },
    pathParameters: { cve_id: 'CVE-2021-44228' },
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: { requestId: 'req-round-trips-authorizer' } as APIGatewayRequestAuthorizerEvent['requestContext'],
  };
}

describe('a lookup', () => {
  it('is one read in the authorizer, then one write that admits it and the record read at the same time', async () => {
    gather = 1;
    inFlightTogether.length = 0;
    const authorized = (await authorizer(authorizerEvent(apiKey), lambdaContext('authorizer', 'rt-0', 5, 256))) as { context?: unknown };
    expect(authorized.context).toEqual(caller);
    expect(inFlightTogether).toEqual([['GetItem']]);

    // The key's first request of the minute opens its window (and writes the day's usage item).
    gather = 1;
    const opening = (await lookup(lookupEvent('CVE-2021-44228', 1), lambdaContext('cveLookup', 'rt-1', 10, 256))) as APIGatewayProxyResult;
    expect(opening.statusCode).toBe(200);
    expect(opening.headers?.['X-RateLimit-Remaining']).toBe('99');

    gather = 2;
    inFlightTogether.length = 0;
    const result = (await lookup(lookupEvent('CVE-2021-44228', 2), lambdaContext('cveLookup', 'rt-2', 10, 256))) as APIGatewayProxyResult;
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['X-RateLimit-Remaining']).toBe('98');
    expect(inFlightTogether).toEqual([['GetItem', 'UpdateItem']]);
  });
});
