import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config/index.js';
import { batchDeleteAll, batchGetAll, batchPutAll } from './batch.js';
import { documentClient, dynamo, isConditionalCheckFailure } from './dynamo-client.js';

/**
 * The export filter index lives in the catalogue table beside the records (no S3 locally):
 * `INDEX#<version>#<n>` items hold gzip chunks, `INDEX#current` names the version to use.
 * Keys never start with `CVE-`, so they can never be mistaken for records.
 */
export const INDEX_POINTER_KEY = 'INDEX#current';
/** Well under DynamoDB's 400 KB item limit, leaving room for the key and attribute names. */
export const INDEX_CHUNK_BYTES = 350 * 1024;
/**
 * Chunks per BatchGetItem: 8 × 350 KB stays far below the 16 MB answer limit and answers well
 * within the per-call timeout, even from the local dynalite.
 */
const CHUNKS_PER_READ = 8;

export interface IndexPointer {
  readonly version: string;
  readonly chunks: number;
  readonly bytes: number;
  readonly count: number;
  readonly builtAt: string;
}

function chunkKey(version: string, n: number): string {
  return `INDEX#${version}#${n}`;
}

export const filterIndexRepository = {
  /** One strongly consistent GetItem: what every export pays to know its index is current. */
  async readPointer(): Promise<IndexPointer | undefined> {
    const out = await dynamo(() =>
      documentClient().send(
        new GetCommand({ TableName: tableName('CATALOGUE_TABLE'), Key: { pk: INDEX_POINTER_KEY }, ConsistentRead: true }),
      ),
    );
    if (!out.Item) return undefined;
    const { version, chunks, bytes, count, built_at } = out.Item as Record<string, unknown>;
    return { version: String(version), chunks: Number(chunks), bytes: Number(bytes), count: Number(count), builtAt: String(built_at) };
  },

  /** The chunks of one version, concatenated; undefined when one is missing (a rebuild removed it). */
  async readChunks(pointer: IndexPointer): Promise<Buffer | undefined> {
    const keys = Array.from({ length: pointer.chunks }, (_, n) => chunkKey(pointer.version, n));
    // A few chunks per call, one call after another: a cold load happens once per container and
    // version, and small sequential reads keep each answer well under BatchGetItem's 16 MB.
    const items = await batchGetAll(tableName('CATALOGUE_TABLE'), keys.map((pk) => ({ pk })), {
      batchSize: CHUNKS_PER_READ,
      sequential: true,
    });
    const parts = new Map(items.map((item) => [String(item.pk), Buffer.from(item.data as Uint8Array)]));
    const ordered = keys.map((k) => parts.get(k));
    if (ordered.some((p) => p === undefined)) return undefined;
    return Buffer.concat(ordered as Buffer[]);
  },

  /** Writes a version's chunks; nothing reads them until the pointer names the version. */
  async writeChunks(version: string, data: Buffer): Promise<number> {
    const items: Record<string, unknown>[] = [];
    for (let offset = 0, n = 0; offset < data.length || n === 0; offset += INDEX_CHUNK_BYTES, n++) {
      items.push({ pk: chunkKey(version, n), data: data.subarray(offset, offset + INDEX_CHUNK_BYTES) });
    }
    // Sized by batchWriteAll to one chunk per call, each retried on its own when the table is slow.
    await batchPutAll(tableName('CATALOGUE_TABLE'), items, { patient: true });
    return items.length;
  },

  /**
   * Points readers at a new version, only if the pointer still names `expected` (undefined:
   * no pointer yet). Two racing rebuilds cannot both win; the loser removes its own chunks.
   */
  async flipPointer(pointer: IndexPointer, expected: string | undefined): Promise<boolean> {
    try {
      await dynamo(() =>
        documentClient().send(
          new PutCommand({
            TableName: tableName('CATALOGUE_TABLE'),
            Item: {
              pk: INDEX_POINTER_KEY,
              version: pointer.version,
              chunks: pointer.chunks,
              bytes: pointer.bytes,
              count: pointer.count,
              built_at: pointer.builtAt,
            },
            ...(expected === undefined
              ? { ConditionExpression: 'attribute_not_exists(pk)' }
              : { ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': expected } }),
          }),
        ),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailure(error)) return false;
      throw error;
    }
  },

  async deleteChunks(version: string, chunks: number): Promise<void> {
    await batchDeleteAll(tableName('CATALOGUE_TABLE'), Array.from({ length: chunks }, (_, n) => ({ pk: chunkKey(version, n) })), { patient: true });
  },
};
