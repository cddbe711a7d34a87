import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../functions/cve-lookup.js';
import { hashApiKey, keyIdOf } from '../../shared/domain/api-key.js';
import { lambdaContext } from '../../shared/local/lambda-context.js';
import { createAccountWithKey } from '../../shared/accounts/use-cases/create-account-with-key.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack;
let caller: { accountId: string; keyId: string };

/** The proxy event as API Gateway (REST) delivers it: path parameters still percent-encoded. */
function awsEvent(rawId: string): APIGatewayProxyEvent {
  return {
    resource: '/api/cve/{cve_id}',
    path: `/api/cve/${rawId}`,
    httpMethod: 'GET',
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: { cve_id: rawId },
    stageVariables: null,
    requestContext: { requestId: 'req-aws-shape', authorizer: caller } as unknown as APIGatewayProxyEvent['requestContext'],
    body: null,
    isBase64Encoded: false,
  };
}

const invoke = (rawId: string) => handler(awsEvent(rawId), lambdaContext('cveLookup', 'aws-1', 10, 256)) as Promise<APIGatewayProxyResult>;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.seed([makeRecord({ cve_id: 'CVE-2021-44228' })]);
  const { account, key } = await createAccountWithKey('handler@example.com');
  caller = { accountId: account.account_id, keyId: keyIdOf(hashApiKey(key.apiKey)) };
});
afterAll(() => stack.close());

describe('the lookup function with events shaped as API Gateway REST delivers them', () => {
  it.each(['CVE-2021-44228', '%20CVE-2021-44228%20', '%20cve-2021-44228', 'cve-2021-44228%09'])('normalises the raw path parameter %s', async (raw) => {
    const result = await invoke(raw);
    expect(result.statusCode).toBe(200);
    expect((JSON.parse(result.body) as { data: { cve_id: string } }).data.cve_id).toBe('CVE-2021-44228');
    expect(result.headers?.['X-RateLimit-Resource']).toBe('core');
  });

  it('still refuses a malformed id, encoded or not', async () => {
    for (const raw of ['%', 'CVE-2021-44228%2F..', '%E0%A4%A', 'log4shell']) {
      const result = await invoke(raw);
      expect(result.statusCode, raw).toBe(400);
      expect(JSON.parse(result.body)).toMatchObject({ ok: false, error: { code: 'INVALID_CVE_FORMAT' } });
    }
  });
});
