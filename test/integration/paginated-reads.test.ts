import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { tableName } from '../../shared/config/index.js';
import { DependencyError } from '../../shared/domain/errors.js';
import { startLocalDynamo, type LocalDynamo } from '../../shared/local/dynalite-server.js';
import { localTableEnvironment } from '../../shared/local/local-tables.js';
import { batchPutAll } from '../../shared/repositories/batch.js';
import { resetDocumentClient, useDynamoCallGuard } from '../../shared/repositories/dynamo-client.js';
import { queryAll, queryPages, scanPages } from '../../shared/repositories/pages.js';

let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startLocalDynamo();
  applyFunctionEnvironment({ ...localTableEnvironment(), DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'local' });
  resetDocumentClient();
  await batchPutAll(
    tableName('CHANGES_TABLE'),
    Array.from({ length: 25 }, (_, i) => ({ pk: 'paging-test', sk: String(100 + i) })),
  );
});
afterAll(async () => {
  useDynamoCallGuard(undefined);
  await dynamo.close();
});

const query = { TableName: 'CHANGES_TABLE', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'paging-test' }, Limit: 4 };
const sorted = (items: Record<string, unknown>[]) => items.map((item) => String(item.sk));
const all = Array.from({ length: 25 }, (_, i) => String(100 + i));

/** The Scan calls the client sends (their ExclusiveStartKey), failing the ones `fail` picks. */
function watchScans(fail: (call: number) => boolean): { starts: unknown[] } {
  const seen = { starts: [] as unknown[] };
  useDynamoCallGuard((command, input) => {
    if (command !== 'ScanCommand') return;
    seen.starts.push((input as { ExclusiveStartKey?: unknown }).ExclusiveStartKey);
    if (fail(seen.starts.length)) throw new Error('connection reset');
  });
  return seen;
}

describe('paginated reads through the SDK paginators (dynalite)', () => {
  it('a Query reads every page, and queryAll counts its calls', async () => {
    const input = { ...query, TableName: tableName('CHANGES_TABLE') };
    const pages: string[][] = [];
    for await (const page of queryPages(input)) pages.push(sorted(page));
    expect(pages.map((p) => p.length)).toEqual([4, 4, 4, 4, 4, 4, 1]);
    expect(pages.flat()).toEqual(all);
    const { items, calls } = await queryAll(input);
    expect(sorted(items)).toEqual(all);
    expect(calls).toBe(7);
    // The paginator writes its cursor into its input: the caller's object stays as it was.
    expect(input).not.toHaveProperty('ExclusiveStartKey');
  });

  it('a caller that stops early reads no further page', async () => {
    const seen = watchScans(() => false);
    for await (const page of scanPages({
      TableName: tableName('CHANGES_TABLE'),
      Limit: 4,
      FilterExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'paging-test' },
    })) {
      if (page.length > 0) break;
    }
    useDynamoCallGuard(undefined);
    expect(seen.starts.length).toBeLessThan(7);
  });

  it('a failing page is a DependencyError (the API answers 503), not a raw SDK error', async () => {
    watchScans((call) => call === 2);
    const read = async () => {
      for await (const page of scanPages({ TableName: tableName('CHANGES_TABLE'), Limit: 4 })) void page;
    };
    await expect(read()).rejects.toBeInstanceOf(DependencyError);
    useDynamoCallGuard(undefined);
  });

  it('a patient read asks for a failed page again from where the last good page ended', async () => {
    const seen = watchScans((call) => call === 3 || call === 4);
    const found: string[] = [];
    const pages = scanPages(
      { TableName: tableName('CHANGES_TABLE'), Limit: 4, FilterExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'paging-test' } },
      { patient: true },
    );
    for await (const page of pages) found.push(...sorted(page));
    useDynamoCallGuard(undefined);
    expect(found.sort()).toEqual(all);
    // Calls 3 and 4 failed; the 5th starts where the 2nd page ended, as the 3rd did.
    expect(seen.starts[2]).toBeDefined();
    expect(seen.starts[3]).toEqual(seen.starts[2]);
    expect(seen.starts[4]).toEqual(seen.starts[2]);
  });
});
