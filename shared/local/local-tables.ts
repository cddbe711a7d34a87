import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLE_DEFINITIONS, type TableDefinition } from '../platform/tables.js';

export function localTableName(definition: TableDefinition): string {
  return `plaincve-local-${definition.id}`;
}

export function localTableEnvironment(): Record<string, string> {
  return Object.fromEntries(TABLE_DEFINITIONS.map((t) => [t.envVar, localTableName(t)]));
}

/**
 * Creates any missing table from the same definitions the CDK stack uses. (dynalite has no
 * UpdateTimeToLive, so TTL is not set locally: code never trusts an item past its expiry anyway,
 * and the local stack sweeps expired change-log items itself.)
 */
export async function ensureLocalTables(client: DynamoDBClient): Promise<void> {
  for (const table of TABLE_DEFINITIONS) {
    const name = localTableName(table);
    try {
      const described = await client.send(new DescribeTableCommand({ TableName: name }));
      // dynalite cannot add an index to a table that exists (UpdateTable only changes throughput):
      // a data folder from before an index was defined keeps working without it, and says so.
      const present = new Set((described.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
      const missing = table.globalIndexes.filter((i) => !present.has(i.indexName)).map((i) => i.indexName);
      if (missing.length > 0) {
        console.warn(`Local table ${name} predates its index ${missing.join(', ')} (dynalite cannot add one): features that read it (webhook matching) fail until the local data folder is recreated.`);
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
  }
}
