import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../shared/config/index.js';
import { runAsFunction } from '../../shared/local/function-scope.js';
import { localTableName } from '../../shared/local/local-tables.js';
import { CHANGE_MATCHER_FUNCTION } from '../../shared/keeping-up/declaration.js';
import { FUNCTIONS, type FunctionDefinition, type FunctionId } from '../../shared/platform/functions.js';
import { ROUTES } from '../../shared/platform/routes.js';
import { accountsTable } from '../../shared/platform/tables.js';
import { documentClient } from '../../shared/repositories/dynamo-client.js';
import { watchlistRepository } from '../../shared/repositories/watchlist-repository.js';
import { captureOutput } from '../support/capture-output.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { dynamoDbDocumentSdk } from '../../shared/repositories/aws-sdk.js';

const { GetCommand, QueryCommand } = dynamoDbDocumentSdk;
const CVE = 'CVE-2021-44228';
const lockfile = readFileSync(new URL('../fixtures/scan/package-lock-v3.json', import.meta.url));

/** One request each function behind the key authorizer answers (a real path for each route). */
const KEYED_REQUESTS: Readonly<Record<string, { path: string; init?: RequestInit }>> = {
  cveLookup: { path: `/api/cve/${CVE}` },
  exportCsv: { path: '/api/cves/export.csv' },
  exportJson: { path: '/api/cves/export.json' },
  exportSarif: { path: '/api/cves/export.sarif' },
  changes: { path: '/api/changes' },
  packageLookup: { path: '/api/packages/npm/lodash?version=4.17.20' },
  cveBatch: { path: '/api/cves/batch', init: { method: 'POST', body: JSON.stringify({ ids: [CVE] }), headers: { 'Content-Type': 'application/json' } } },
  watchlistsApi: { path: '/api/watchlists' },
  scan: { path: '/api/scan', init: { method: 'POST', body: new Uint8Array(lockfile), headers: { 'Content-Type': 'application/octet-stream' } } },
};

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.seed([makeRecord({ cve_id: CVE })]);
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

describe('every function behind the key authorizer admits a request (its grants include the accounts table)', () => {
  it('names a request for each key-protected route', () => {
    const keyed = ROUTES.filter((r) => r.auth === 'apiKey').map((r) => r.functionId);
    expect(Object.keys(KEYED_REQUESTS).sort()).toEqual([...new Set(keyed)].sort());
  });

  it.each(Object.entries(KEYED_REQUESTS))('%s answers with its allowance counted', async (_id, request) => {
    const key = await stack.newKey();
    const response = await fetch(`${stack.baseUrl}${request.path}`, { ...request.init, headers: { ...request.init?.headers, 'X-API-Key': key } });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    // Admission wrote the account item: one unit of the allowance these headers show is taken (the
    // minute's 100, or the hour's exports for an export or a scan).
    const limit = Number(response.headers.get('x-ratelimit-limit'));
    expect(limit).toBeGreaterThan(1);
    expect(Number(response.headers.get('x-ratelimit-remaining'))).toBe(limit - 1);
  });
});

describe('each function runs with only its own environment', () => {
  it('sees only the table names its declaration grants, and no other resource variable', () => {
    const seen = (definition: FunctionDefinition) => runAsFunction(definition, () => config());
    expect(seen(FUNCTIONS.health).CATALOGUE_TABLE).toBe('plaincve-local-catalogue');
    expect(seen(FUNCTIONS.health).ACCOUNTS_TABLE).toBeUndefined();
    expect(seen(FUNCTIONS.openapi).CATALOGUE_TABLE).toBeUndefined();
    expect(seen(FUNCTIONS.cveLookup).ACCOUNTS_TABLE).toBe(localTableName(accountsTable));
    expect(seen(FUNCTIONS.cveLookup).CHANGES_TABLE).toBeUndefined();
    // Outside any function (the harness) the process's own environment stands.
    expect(config().CHANGES_TABLE).toBe('plaincve-local-changes');
  });
});

describe('the local stack refuses what the role would (AccessDeniedException)', () => {
  it('refuses a DynamoDB call outside the function grants, and allows the granted one', async () => {
    const read = () => documentClient().send(new GetCommand({ TableName: localTableName(accountsTable), Key: { pk: 'ACCOUNT#nobody' } }));
    await expect(runAsFunction(FUNCTIONS.cveLookup, read)).resolves.toBeDefined();
    // health has no accounts grant: the SDK call itself is refused, as DynamoDB refuses it.
    await expect(runAsFunction(FUNCTIONS.health, read)).rejects.toMatchObject({
      name: 'AccessDeniedException',
      $metadata: { httpStatusCode: 400 },
      message: expect.stringContaining(`dynamodb:GetItem on resource: arn:aws:dynamodb:local:000000000000:table/${localTableName(accountsTable)}`),
    });
    // The harness itself is the operator: not checked.
    await expect(read()).resolves.toBeDefined();
  });

  it('grants an index only where declared: the matcher queries allWatchlists, the account function may not', async () => {
    const query = () =>
      documentClient().send(
        new QueryCommand({
          TableName: localTableName(accountsTable),
          IndexName: 'allWatchlists',
          KeyConditionExpression: 'watchlist_set = :a',
          ExpressionAttributeValues: { ':a': 'ALL' },
        }),
      );
    await expect(runAsFunction(CHANGE_MATCHER_FUNCTION, () => watchlistRepository.listAll())).resolves.toBeDefined();
    await expect(runAsFunction(FUNCTIONS.account, query)).rejects.toMatchObject({ name: 'AccessDeniedException' });
    const withoutIndex: FunctionDefinition = { ...CHANGE_MATCHER_FUNCTION, indexes: {} };
    await expect(runAsFunction(withoutIndex, query)).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining('/index/allWatchlists'),
    });
  });
});

describe('a declaration with one grant taken away', () => {
  let reduced: TestStack;
  const functions: Record<FunctionId, FunctionDefinition> = {
    ...FUNCTIONS,
    // Read where admission writes: the environment still names the table, the role refuses the write.
    cveLookup: { ...FUNCTIONS.cveLookup, tables: { ...FUNCTIONS.cveLookup.tables, accounts: 'read' } },
    // No accounts table at all: the environment lacks ACCOUNTS_TABLE.
    exportJson: { ...FUNCTIONS.exportJson, tables: { catalogue: 'read', counters: 'readWrite' } },
  };

  beforeAll(async () => {
    reduced = await startTestStack({ functions });
    await reduced.seed([makeRecord({ cve_id: CVE })]);
  }, 60_000);
  afterAll(async () => {
    await reduced?.close();
  });

  it('answers 500 (not a retryable 503) and logs the refusal as a configuration error', async () => {
    const key = await reduced.newKey();
    let response: Response | undefined;
    const output = await captureOutput(async () => {
      response = await reduced.get(`/api/cve/${CVE}`, { key });
    });
    expect(response?.status).toBe(500);
    expect(response?.headers.get('retry-after')).toBeNull();
    expect(await response?.json()).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR' } });
    const line = output.split('\n').find((l) => l.includes('"configuration error"'));
    expect(line).toContain('AccessDeniedException');
    expect(line).toContain('dynamodb:UpdateItem');
  });

  it('a function missing a table variable answers 500 and the log names the variable', async () => {
    const key = await reduced.newKey();
    let response: Response | undefined;
    const output = await captureOutput(async () => {
      response = await reduced.get('/api/cves/export.json', { key });
      await response.arrayBuffer();
    });
    expect(response?.status).toBe(500);
    const line = output.split('\n').find((l) => l.includes('"configuration error"'));
    expect(line).toContain('"missing":"ACCOUNTS_TABLE"');
  });

  it('leaves the functions it did not change working', async () => {
    const key = await reduced.newKey();
    const response = await reduced.get('/api/cves/export.csv', { key });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
  });
});
