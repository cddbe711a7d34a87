import { BatchGetCommand, BatchWriteCommand, GetCommand, PutCommand, type BatchGetCommandOutput, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config/index.js';
import type { CatalogueRecord, PatchStatus } from '../domain/cve.js';
import { documentClient, dynamo } from './dynamo-client.js';

/** What the ingest needs to know about a stored record to decide whether to rewrite it. */
export interface StoredIngestState {
  readonly content_hash?: string;
  readonly patch?: { readonly status: PatchStatus; readonly patch_date?: string };
}

const BATCH_GET_LIMIT = 100;
const BATCH_WRITE_LIMIT = 25;
const MAX_ATTEMPTS = 10;
const CURSOR_PREFIX = 'INGEST#cursor#';

const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.min(2000, 25 * 2 ** attempt)));

/** The catalogue table as the ingest sees it: hashes to compare, whole records to write, run cursors. */
export const ingestRepository = {
  /** Content hash and patch state of the records that exist, by id (one BatchGet per 100 ids, unprocessed keys retried). */
  async states(ids: readonly string[]): Promise<Map<string, StoredIngestState>> {
    const table = tableName('CATALOGUE_TABLE');
    const found = new Map<string, StoredIngestState>();
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += BATCH_GET_LIMIT) batches.push(ids.slice(i, i + BATCH_GET_LIMIT));
    await Promise.all(
      batches.map(async (batch) => {
        let keys: Record<string, unknown>[] = batch.map((pk) => ({ pk }));
        for (let attempt = 0; keys.length > 0; attempt++) {
          if (attempt >= MAX_ATTEMPTS) throw new Error('BatchGetItem left keys unprocessed after retries');
          if (attempt > 0) await pause(attempt);
          const out: BatchGetCommandOutput = await dynamo(() =>
            documentClient().send(
              new BatchGetCommand({
                RequestItems: { [table]: { Keys: keys, ProjectionExpression: 'pk, content_hash, #patch', ExpressionAttributeNames: { '#patch': 'patch' } } },
              }),
            ),
          );
          for (const item of out.Responses?.[table] ?? []) {
            const patch = item.patch as StoredIngestState['patch'];
            found.set(String(item.pk), {
              ...(typeof item.content_hash === 'string' ? { content_hash: item.content_hash } : {}),
              ...(patch ? { patch: { status: patch.status, ...(patch.patch_date ? { patch_date: patch.patch_date } : {}) } } : {}),
            });
          }
          keys = out.UnprocessedKeys?.[table]?.Keys ?? [];
        }
      }),
    );
    return found;
  },

  /** Writes whole records, 25 per BatchWriteItem, batches in parallel, unprocessed items retried with backoff. */
  async putMany(records: readonly CatalogueRecord[]): Promise<void> {
    const table = tableName('CATALOGUE_TABLE');
    const batches: CatalogueRecord[][] = [];
    for (let i = 0; i < records.length; i += BATCH_WRITE_LIMIT) batches.push(records.slice(i, i + BATCH_WRITE_LIMIT));
    await Promise.all(
      batches.map(async (batch) => {
        let requests = batch.map((record) => ({ PutRequest: { Item: { pk: record.cve_id, ...record } } }));
        for (let attempt = 0; requests.length > 0; attempt++) {
          if (attempt >= MAX_ATTEMPTS) throw new Error('BatchWriteItem left items unprocessed after retries');
          if (attempt > 0) await pause(attempt);
          const out: BatchWriteCommandOutput = await dynamo(() =>
            documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: requests } })),
          );
          requests = (out.UnprocessedItems?.[table] ?? []) as typeof requests;
        }
      }),
    );
  },

  async getCursor<T>(name: string): Promise<T | undefined> {
    const out = await dynamo(() =>
      documentClient().send(new GetCommand({ TableName: tableName('CATALOGUE_TABLE'), Key: { pk: `${CURSOR_PREFIX}${name}` }, ConsistentRead: true })),
    );
    return out.Item?.cursor as T | undefined;
  },

  async putCursor(name: string, cursor: unknown): Promise<void> {
    await dynamo(() =>
      documentClient().send(
        new PutCommand({ TableName: tableName('CATALOGUE_TABLE'), Item: { pk: `${CURSOR_PREFIX}${name}`, cursor, updated_at: new Date().toISOString() } }),
      ),
    );
  },
};
