import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { tableName, type TableName } from '../../shared/config/index.js';
import { documentClient } from '../../shared/repositories/dynamo-client.js';

/** Every item of a table (test tables are small). */
export async function scanTable(name: TableName): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(new ScanCommand({ TableName: tableName(name), ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Items of the account in the accounts and counters tables (any attribute naming it). */
export async function itemsMentioning(accountId: string): Promise<Record<string, unknown>[]> {
  const accounts = await scanTable('ACCOUNTS_TABLE');
  const counters = await scanTable('COUNTERS_TABLE');
  return [...accounts, ...counters].filter((item) => JSON.stringify(item).includes(accountId));
}
