import type { AttributeValue, BatchGetItemCommandOutput, BatchWriteItemCommandOutput, WriteRequest as MarshalledWriteRequest } from '@aws-sdk/client-dynamodb';
import { dynamoDbClientSdk, dynamoDbUtil } from './aws-sdk.js';
import { bulkClient, dynamo } from './dynamo-client.js';
import { patiently } from './patience.js';

const { BatchGetItemCommand, BatchWriteItemCommand } = dynamoDbClientSdk;
const { marshall, unmarshall } = dynamoDbUtil;
/** As the document client marshals (dynamo-client.ts). */
const MARSHALL_OPTIONS = { removeUndefinedValues: true };

const BATCH_GET_LIMIT = 100;
const BATCH_WRITE_LIMIT = 25;
/**
 * Bytes per BatchWriteItem. DynamoDB takes up to 16 MB, but a call must also finish well inside
 * the client's per-attempt timeout: 25 filter-index chunks of 350 KB (8.75 MB) in one call did
 * not, even locally. 512 KB is one index chunk or 25 ordinary records.
 */
const BATCH_WRITE_BYTES = 512 * 1024;
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
  /** Bulk work: repeat a call the table failed (timeout, throttling) after a backoff. */
  readonly patient?: boolean;
}

export interface BatchWriteOptions {
  /** Bulk work: repeat a call the table failed (timeout, throttling) after a backoff. */
  readonly patient?: boolean;
}

/** About what an item weighs on the wire: binary values by length, the rest as JSON. */
export function approximateBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (value instanceof Uint8Array) return value.byteLength;
  // Plain loops: every item of a bulk write is sized, and entries()/reduce allocated per level.
  if (Array.isArray(value)) {
    let sum = 2;
    for (const v of value) sum += approximateBytes(v);
    return sum;
  }
  if (value && typeof value === 'object') {
    let sum = 2;
    for (const k of Object.keys(value)) sum += k.length + 3 + approximateBytes((value as Record<string, unknown>)[k]);
    return sum;
  }
  return 8;
}

/** Groups requests into calls of at most 25 and about `maxBytes` each (one oversized request goes alone). */
export function writeBatches<T>(requests: readonly T[], maxBytes = BATCH_WRITE_BYTES): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const request of requests) {
    const size = approximateBytes(request);
    if (current.length > 0 && (current.length >= BATCH_WRITE_LIMIT || bytes + size > maxBytes)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(request);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
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
  await eachBatch(chunks(keys, Math.min(BATCH_GET_LIMIT, options.batchSize ?? BATCH_GET_LIMIT)), options.sequential ? 1 : READ_CONCURRENCY, async (batch) => {
    let pending: Record<string, AttributeValue>[] = batch.map((key) => marshall(key, MARSHALL_OPTIONS));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error('BatchGetItem left keys unprocessed after retries');
      if (attempt > 0) await pause(attempt);
      const request = {
        Keys: pending,
        ...(options.projection ? { ProjectionExpression: options.projection } : {}),
        ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
      };
      const call = () => dynamo(() => bulkClient().send(new BatchGetItemCommand({ RequestItems: { [table]: request } })));
      const out: BatchGetItemCommandOutput = options.patient ? await patiently(call) : await call();
      for (const item of out.Responses?.[table] ?? []) found.push(unmarshall(item));
      pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
    }
  });
  return found;
}

export type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

function marshalled(request: WriteRequest): MarshalledWriteRequest {
  return 'PutRequest' in request
    ? { PutRequest: { Item: marshall(request.PutRequest.Item, MARSHALL_OPTIONS) } }
    : { DeleteRequest: { Key: marshall(request.DeleteRequest.Key, MARSHALL_OPTIONS) } };
}

/**
 * One BatchWriteItem (at most 25 requests) through the bulk client; returns the requests the
 * table left unprocessed, as plain items again. Failures are the caller's (`dynamo`, `patiently`).
 */
export async function sendBatchWrite(table: string, requests: readonly WriteRequest[]): Promise<WriteRequest[]> {
  const out: BatchWriteItemCommandOutput = await bulkClient().send(new BatchWriteItemCommand({ RequestItems: { [table]: requests.map(marshalled) } }));
  return (out.UnprocessedItems?.[table] ?? []).map((request) =>
    request.PutRequest?.Item
      ? { PutRequest: { Item: unmarshall(request.PutRequest.Item) } }
      : { DeleteRequest: { Key: unmarshall(request.DeleteRequest?.Key ?? {}) } },
  );
}

/**
 * Runs every put or delete, at most 25 and about 512 KB per BatchWriteItem, a few calls at a
 * time, retrying unprocessed ones (and, when `patient`, calls the table failed).
 */
export async function batchWriteAll(table: string, requests: readonly WriteRequest[], options: BatchWriteOptions = {}): Promise<void> {
  await eachBatch(writeBatches(requests), WRITE_CONCURRENCY, async (batch) => {
    let pending: readonly WriteRequest[] = batch;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error('BatchWriteItem left items unprocessed after retries');
      if (attempt > 0) await pause(attempt);
      const request = pending;
      const call = () => dynamo(() => sendBatchWrite(table, request));
      pending = options.patient ? await patiently(call) : await call();
    }
  });
}

export function batchPutAll(table: string, items: readonly Item[], options: BatchWriteOptions = {}): Promise<void> {
  return batchWriteAll(
    table,
    items.map((Item) => ({ PutRequest: { Item } })),
    options,
  );
}

export function batchDeleteAll(table: string, keys: readonly Item[], options: BatchWriteOptions = {}): Promise<void> {
  return batchWriteAll(
    table,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
    options,
  );
}
