import {
  BatchGetCommand,
  BatchWriteCommand,
  type BatchGetCommandOutput,
  type BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, dynamo } from './dynamo-client.js';

const BATCH_GET_LIMIT = 100;
const BATCH_WRITE_LIMIT = 25;
const MAX_ATTEMPTS = 10;

type Item = Record<string, unknown>;

/** DynamoDB hands back what it could not do under load; back off before asking again. */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.min(2000, 25 * 2 ** attempt)));

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface BatchGetOptions {
  readonly projection?: string;
  readonly names?: Record<string, string>;
  /** Keys per call (at most 100); fewer keeps each answer small when items are large. */
  readonly batchSize?: number;
  /** One call after another instead of all at once. */
  readonly sequential?: boolean;
}

async function eachBatch<T>(batches: T[][], sequential: boolean, work: (batch: T[]) => Promise<void>): Promise<void> {
  if (!sequential) {
    await Promise.all(batches.map(work));
    return;
  }
  for (const batch of batches) await work(batch);
}

/** Reads every key, 100 per BatchGetItem with the batches in parallel, retrying unprocessed keys. */
export async function batchGetAll(table: string, keys: readonly Item[], options: BatchGetOptions = {}): Promise<Item[]> {
  const found: Item[] = [];
  await eachBatch(
    chunks(keys, Math.min(BATCH_GET_LIMIT, options.batchSize ?? BATCH_GET_LIMIT)),
    options.sequential ?? false,
    async (batch) => {
      let pending: Item[] = batch;
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt >= MAX_ATTEMPTS) throw new Error('BatchGetItem left keys unprocessed after retries');
        if (attempt > 0) await pause(attempt);
        const request = {
          Keys: pending,
          ...(options.projection ? { ProjectionExpression: options.projection } : {}),
          ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
        };
        const out: BatchGetCommandOutput = await dynamo(() =>
          documentClient().send(new BatchGetCommand({ RequestItems: { [table]: request } })),
        );
        found.push(...(out.Responses?.[table] ?? []));
        pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
      }
    },
  );
  return found;
}

export type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

/** Runs every put or delete, 25 per BatchWriteItem with the batches in parallel, retrying unprocessed ones. */
export async function batchWriteAll(table: string, requests: readonly WriteRequest[]): Promise<void> {
  await Promise.all(
    chunks(requests, BATCH_WRITE_LIMIT).map(async (batch) => {
      let pending = batch;
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt >= MAX_ATTEMPTS) throw new Error('BatchWriteItem left items unprocessed after retries');
        if (attempt > 0) await pause(attempt);
        const out: BatchWriteCommandOutput = await dynamo(() =>
          documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: pending } })),
        );
        pending = (out.UnprocessedItems?.[table] ?? []) as WriteRequest[];
      }
    }),
  );
}

export function batchPutAll(table: string, items: readonly Item[]): Promise<void> {
  return batchWriteAll(table, items.map((Item) => ({ PutRequest: { Item } })));
}

export function batchDeleteAll(table: string, keys: readonly Item[]): Promise<void> {
  return batchWriteAll(table, keys.map((Key) => ({ DeleteRequest: { Key } })));
}
