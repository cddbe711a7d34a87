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

/**
 * Reads run all at once (an export's 10 BatchGets of 100 are its latency); writes run a few at a
 * time, so that a bulk load does not swamp the table (or the local dynalite) into timeouts.
 */
const READ_CONCURRENCY = 10;
const WRITE_CONCURRENCY = 4;

async function eachBatch<T>(batches: T[][], concurrency: number, work: (batch: T[]) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      if (batch) await work(batch);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
}

/** Reads every key, 100 per BatchGetItem with up to 10 batches in flight, retrying unprocessed keys. */
export async function batchGetAll(table: string, keys: readonly Item[], options: BatchGetOptions = {}): Promise<Item[]> {
  const found: Item[] = [];
  await eachBatch(
    chunks(keys, Math.min(BATCH_GET_LIMIT, options.batchSize ?? BATCH_GET_LIMIT)),
    options.sequential ? 1 : READ_CONCURRENCY,
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

/** Runs every put or delete, 25 per BatchWriteItem, a few batches at a time, retrying unprocessed ones. */
export async function batchWriteAll(table: string, requests: readonly WriteRequest[]): Promise<void> {
  await eachBatch(chunks(requests, BATCH_WRITE_LIMIT), WRITE_CONCURRENCY, async (batch) => {
    let pending = batch;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error('BatchWriteItem left items unprocessed after retries');
      if (attempt > 0) await pause(attempt);
      const out: BatchWriteCommandOutput = await dynamo(() =>
        documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: pending } })),
      );
      pending = (out.UnprocessedItems?.[table] ?? []) as WriteRequest[];
    }
  });
}

export function batchPutAll(table: string, items: readonly Item[]): Promise<void> {
  return batchWriteAll(table, items.map((Item) => ({ PutRequest: { Item } })));
}

export function batchDeleteAll(table: string, keys: readonly Item[]): Promise<void> {
  return batchWriteAll(table, keys.map((Key) => ({ DeleteRequest: { Key } })));
}
