import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../functions/authorizer.js';
import { generateApiKey, hashApiKey, keyIdOf } from '../../shared/domain/api-key.js';
import { lambdaContext } from '../../shared/local/lambda-context.js';
import { authorizerResultSchema, policyAllows } from '../../shared/local/policy.js';
import { accountRepository } from '../../shared/repositories/account-repository.js';
import { createAccountWithKey } from '../../shared/accounts/use-cases/create-account-with-key.js';
import { startTestStack, type TestStack } from '../support/stack.js';

const STAGE_ARN = 'arn:aws:execute-api:eu-west-1:123456789012:abc123def4/prod';

/** A REQUEST authorizer event as API Gateway (REST) sends it. */
function event(headers: Record<string, string>, route = 'GET/api/cve/CVE-2021-44228'): APIGatewayRequestAuthorizerEvent {
  return {
    type: 'REQUEST',
    methodArn: `${STAGE_ARN}/${route}`,
    resource: '/api/cve/{cve_id}',
    path: '/api/cve/CVE-2021-44228',
    httpMethod: 'GET',
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    pathParameters: { cve_id: 'CVE-2021-44228' },
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: { requestId: 'req-authorizer' } as APIGatewayRequestAuthorizerEvent['requestContext'],
  };
}

const authorize = async (headers: Record<string, string>, route?: string) =>
  authorizerResultSchema.parse(await handler(event(headers, route), lambdaContext('authorizer', 'aws-1', 5, 512)));

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.close());

describe('the REQUEST authorizer', () => {
  it('allows an issued key for the whole stage, and passes the account and key id (never the key)', async () => {
    const { account, key } = await createAccountWithKey('authorizer@example.com');
    const result = await authorize({ 'X-API-Key': key.apiKey });
    expect(result.principalId).toBe(account.account_id);
    expect(result.context).toEqual({ accountId: account.account_id, keyId: keyIdOf(hashApiKey(key.apiKey)) });
    expect(JSON.stringify(result)).not.toContain(key.apiKey.slice(5, 37));
    // A cached policy stays right for every route and method of the stage.
    expect(result.policyDocument.Statement).toEqual([{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: `${STAGE_ARN}/*/*` }]);
    for (const other of ['GET/api/cves/export.csv', 'POST/account/key', 'GET/health']) {
      expect(policyAllows(result, `${STAGE_ARN}/${other}`)).toBe(true);
    }
    expect(policyAllows(result, 'arn:aws:execute-api:eu-west-1:123456789012:abc123def4/staging/GET/health')).toBe(false);
  });

  it('reads the header in any casing', async () => {
    const { key } = await createAccountWithKey('casing@example.com');
    expect((await authorize({ 'x-api-key': key.apiKey })).policyDocument.Statement[0]?.Effect).toBe('Allow');
  });

  it('denies malformed, unknown and revoked keys with a Deny for the whole stage', async () => {
    const { account, key } = await createAccountWithKey('denied@example.com');
    await accountRepository.issueKey(account.account_id);
    for (const candidate of ['junk', generateApiKey(), key.apiKey]) {
      const result = await authorize({ 'X-API-Key': candidate });
      expect(result.policyDocument.Statement).toEqual([{ Action: 'execute-api:Invoke', Effect: 'Deny', Resource: `${STAGE_ARN}/*/*` }]);
      expect(result.context).toBeUndefined();
    }
  });

  it('answers Unauthorized (API Gateway: 401 MISSING_API_KEY) when the header is missing', async () => {
    await expect(handler(event({}), lambdaContext('authorizer', 'aws-2', 5, 512))).rejects.toThrow('Unauthorized');
  });

  it('fails (API Gateway: 503 SERVICE_UNAVAILABLE), rather than denying, when the accounts table does not answer', async () => {
    const { key } = await createAccountWithKey('outage@example.com');
    await stack.stopDatabase();
    try {
      await expect(handler(event({ 'X-API-Key': key.apiKey }), lambdaContext('authorizer', 'aws-3', 5, 512))).rejects.toThrow(/unavailable/);
    } finally {
      await stack.startDatabase();
    }
  });
});
