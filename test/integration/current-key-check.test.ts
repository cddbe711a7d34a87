import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as authorizer } from '../../functions/authorizer.js';
import { hashApiKey, keyIdOf } from '../../shared/domain/api-key.js';
import { utcDay } from '../../shared/domain/days-unpatched.js';
import { errorEnvelopeSchema } from '../../shared/domain/errors.js';
import { lambdaContext } from '../../shared/local/lambda-context.js';
import { authorizerResultSchema } from '../../shared/local/policy.js';
import { accountRepository } from '../../shared/repositories/account-repository.js';
import { accountsKeys, accountsTable } from '../../shared/repositories/accounts-table.js';
import { counterRepository } from '../../shared/repositories/counter-repository.js';
import { createAccountWithKey } from '../../shared/accounts/use-cases/create-account-with-key.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/**
 * The authorizer only maps a key hash to its account (API Gateway may cache that answer); every
 * protected request also reads the account item, which must name the key as its current one. So a
 * key stops at once even when its key item survives or the gateway holds a cached Allow for it.
 */
let stack: TestStack;
const record = makeRecord({ cve_id: 'CVE-2021-44228' });
const path = `/api/cve/${record.cve_id}`;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.seed([record]);
});
afterAll(() => stack.close());

async function expectRefused(response: Response) {
  expect(response.status).toBe(401);
  expect(errorEnvelopeSchema.parse(await response.json()).error.code).toBe('INVALID_API_KEY');
  // As from the gateway: a refused key learns nothing about any allowance.
  expect(response.headers.get('x-ratelimit-remaining')).toBeNull();
}

async function authorize(key: string) {
  const event = {
    type: 'REQUEST',
    methodArn: 'arn:aws:execute-api:eu-west-1:123456789012:abc123def4/prod/GET/api/cve/CVE-2021-44228',
    headers: { 'X-API-Key': key },
    requestContext: { requestId: 'req-current-key' },
  } as unknown as APIGatewayRequestAuthorizerEvent;
  return authorizerResultSchema.parse(await authorizer(event, lambdaContext('authorizer', 'ck-1', 5, 256)));
}

const today = () => utcDay(Date.now());

describe('the per-request key check', () => {
  it('refuses a superseded key whose key item an interrupted issuance left behind, and counts none of its requests', async () => {
    const { account, key: old } = await createAccountWithKey('left-behind@example.com');
    expect((await stack.get(path, { key: old.apiKey })).status).toBe(200);
    const oldPk = accountsKeys.key(hashApiKey(old.apiKey));
    const oldItem = await accountsTable.get<Record<string, unknown> & { pk: string }>(oldPk);
    const current = await accountRepository.issueKey(account.account_id);
    // An issuance that stopped after making the new key current, before deleting the old item.
    await accountsTable.put({ ...oldItem, pk: oldPk });

    expect((await authorize(old.apiKey)).policyDocument.Statement[0]?.Effect).toBe('Allow');
    for (let i = 0; i < 3; i++) await expectRefused(await stack.get(path, { key: old.apiKey }));
    expect((await stack.get(path, { key: current.apiKey })).status).toBe(200);

    const usage = await counterRepository.usageSince(account.account_id, today());
    const byKey = Object.fromEntries(usage.map((u) => [u.keyId, u.requests]));
    expect(byKey).toEqual({ [keyIdOf(hashApiKey(old.apiKey))]: 1, [current.keyId]: 1 });
  });

  it('refuses a key the gateway still holds a cached Allow for once its account is being deleted, and leaves none of its counters', async () => {
    const { account, key } = await createAccountWithKey('deleting@example.com');
    expect((await stack.get(path, { key: key.apiKey })).status).toBe(200);
    expect(await counterRepository.countersOf(account.account_id)).not.toEqual([]);
    await accountRepository.markDeleting(account.account_id, Math.floor(Date.now() / 1000) + 86_400);

    await expectRefused(await stack.get(path, { key: key.apiKey }));
    expect(await counterRepository.countersOf(account.account_id)).toEqual([]);
  });

  it('refuses a rotated key at its next request although its earlier requests were allowed', async () => {
    const { account, key: first } = await createAccountWithKey('rotated@example.com');
    expect((await stack.get(path, { key: first.apiKey })).status).toBe(200);
    const second = await accountRepository.issueKey(account.account_id);
    await expectRefused(await stack.get(path, { key: first.apiKey }));
    const export_ = await stack.get('/api/cves/export.json', { key: first.apiKey });
    await expectRefused(export_);
    expect((await stack.get(path, { key: second.apiKey })).status).toBe(200);
  });
});
