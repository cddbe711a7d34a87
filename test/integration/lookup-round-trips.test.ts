import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as lookup } from '../../functions/cve-lookup.js';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { lambdaContext } from '../../shared/local/lambda-context.js';
import { resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/**
 * The lookup's own DynamoDB calls (the rate counter's write, the day's usage count and the
 * record's read) must be in flight together: one round trip after the authorizer's, not three.
 * A proxy in front of dynalite holds each call until all three have arrived (or 2 s pass), and
 * records which calls were in flight together.
 */
let stack: TestStack;
let proxy: Server;
const inFlightTogether: string[][] = [];
/** The rate counter's UpdateItem, the usage count's UpdateItem and the record's GetItem. */
const IN_FLIGHT = 3;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.seed([makeRecord({ cve_id: 'CVE-2021-44228' })]);
  const upstream = new URL(stack.dynamoEndpoint);
  let waiting: { operation: string; release: () => void }[] = [];
  proxy = createServer((req, res) => {
    const operation = String(req.headers['x-amz-target'] ?? '').split('.').pop() ?? '';
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
      if (waiting.length === IN_FLIGHT) {
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
    requestContext: { requestId: `req-round-trips-${n}`, authorizer: { accountId: 'acct-round-trips', keyId: 'key_0123456789ab' } },
    body: null,
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEvent;
}

describe('a lookup', () => {
  it('writes the rate counter and reads the record at the same time', async () => {
    const result = (await lookup(lookupEvent('CVE-2021-44228', 1), lambdaContext('cveLookup', 'rt-1', 10, 256))) as APIGatewayProxyResult;
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['X-RateLimit-Remaining']).toBe('99');
    expect(inFlightTogether).toEqual([['GetItem', 'UpdateItem', 'UpdateItem']]);
  });
});
