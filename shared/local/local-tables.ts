import { CreateTableCommand, DescribeTableCommand, UpdateTableCommand, type DynamoDBClient, type TableStatus } from '@aws-sdk/client-dynamodb';
import { TABLE_DEFINITIONS, type TableDefinition } from '../platform/tables.js';

export function localTableName(definition: TableDefinition): string {
  return `plaincve-local-${definition.id}`;
}

export function localTableEnvironment(): Record<string, string> {
  return Object.fromEntries(TABLE_DEFINITIONS.map((t) => [t.envVar, localTableName(t)]));
}

/**
 * Creates any missing table from the same definitions the CDK stack uses, and returns only when
 * every table is ACTIVE: a table left CREATING by a process that died before dynalite marked it
 * active (a start on a busy port did) is repaired here, else every later start answered 503. (dynalite has no
 * UpdateTimeToLive, so TTL is not set locally: code never trusts an item past its expiry anyway,
 * and the local stack sweeps expired change-log items itself.)
 */
export async function ensureLocalTables(client: DynamoDBClient): Promise<void> {
  for (const table of TABLE_DEFINITIONS) {
    const name = localTableName(table);
    try {
      const described = await client.send(new DescribeTableCommand({ TableName: name }));
      if (described.Table?.TableStatus !== 'ACTIVE')
        await repairStuckTable(
          client,
          name,
          described.Table?.TableStatus,
          (described.Table?.GlobalSecondaryIndexes ?? []).flatMap((i) => (i.IndexName ? [i.IndexName] : [])),
        );
      // dynalite cannot add an index to a table that exists (UpdateTable only changes throughput):
      // a data folder from before an index was defined keeps working without it, and says so.
      const present = new Set((described.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
      const missing = table.globalIndexes.filter((i) => !present.has(i.indexName)).map((i) => i.indexName);
      if (missing.length > 0) {
        console.warn(
          `Local table ${name} predates its index ${missing.join(', ')} (dynalite cannot add one): features that read it (webhook matching) fail until the local data folder is recreated.`,
        );
      }
      continue;
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'ResourceNotFoundException') throw error;
    }
    const attributes = new Map<string, 'S' | 'N'>();
    const note = (a: { name: string; type: 'S' | 'N' }) => attributes.set(a.name, a.type);
    note(table.partitionKey);
    if (table.sortKey) note(table.sortKey);
    for (const index of table.globalIndexes) {
      note(index.partitionKey);
      if (index.sortKey) note(index.sortKey);
    }
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
        KeySchema: [
          { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
          ...(table.sortKey ? [{ AttributeName: table.sortKey.name, KeyType: 'RANGE' as const }] : []),
        ],
        ...(table.globalIndexes.length
          ? {
              GlobalSecondaryIndexes: table.globalIndexes.map((index) => ({
                IndexName: index.indexName,
                KeySchema: [
                  { AttributeName: index.partitionKey.name, KeyType: 'HASH' as const },
                  ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' as const }] : []),
                ],
                Projection: { ProjectionType: 'ALL' as const },
              })),
            }
          : {}),
      }),
    );
    await waitUntilActive(client, name);
  }
}

const ACTIVE_WAIT_MS = 10_000;

async function tableStatus(client: DynamoDBClient, name: string): Promise<TableStatus | undefined> {
  return (await client.send(new DescribeTableCommand({ TableName: name }))).Table?.TableStatus;
}

/** dynalite marks a table ACTIVE on a timer of its own; the LevelDB folder must hold that mark before anything else runs. */
async function waitUntilActive(client: DynamoDBClient, name: string): Promise<void> {
  const deadline = Date.now() + ACTIVE_WAIT_MS;
  for (;;) {
    const status = await tableStatus(client, name);
    if (status === 'ACTIVE') return;
    if (Date.now() > deadline)
      throw new Error(
        `Local table ${name} is still ${status ?? 'unknown'} after ${ACTIVE_WAIT_MS / 1000} s; delete the local data folder (.local) to start afresh.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The timer that would have made the table ACTIVE died with its process, and dynalite refuses to
 * delete a CREATING table. It does finish a billing-mode change with its own timer, which marks
 * the table and its indexes ACTIVE: so the table goes to provisioned and back. A table in that
 * state never held an item (dynalite refuses item calls on it), so nothing is lost.
 */
async function repairStuckTable(client: DynamoDBClient, name: string, status: TableStatus | undefined, indexNames: readonly string[]): Promise<void> {
  console.warn(`Local table ${name} was left ${status ?? 'without a status'} by an earlier start that stopped half-way; repairing it.`);
  const throughput = { ReadCapacityUnits: 1, WriteCapacityUnits: 1 };
  await client.send(
    new UpdateTableCommand({
      TableName: name,
      BillingMode: 'PROVISIONED',
      ProvisionedThroughput: throughput,
      ...(indexNames.length
        ? { GlobalSecondaryIndexUpdates: indexNames.map((IndexName) => ({ Update: { IndexName, ProvisionedThroughput: throughput } })) }
        : {}),
    }),
  );
  await waitUntilActive(client, name);
  await client.send(new UpdateTableCommand({ TableName: name, BillingMode: 'PAY_PER_REQUEST' }));
  await waitUntilActive(client, name);
}
