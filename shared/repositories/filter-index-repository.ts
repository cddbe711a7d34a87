import { dynamoDbDocumentSdk } from './aws-sdk.js';
import { tableName } from '../config/index.js';
import { batchDeleteAll, batchGetAll, batchPutAll } from './batch.js';
import { documentClient, dynamo, isConditionalCheckFailure } from './dynamo-client.js';

const { DeleteCommand, GetCommand, PutCommand } = dynamoDbDocumentSdk;

/**
 * The export filter index lives in the catalogue table beside the records (no S3 locally):
 * `INDEX#<version>#<n>` items hold gzip chunks, `INDEX#current` names the version to use.
 * Keys never start with `CVE-`, so they can never be mistaken for records.
 */
export const INDEX_POINTER_KEY = 'INDEX#current';
/** Names the ingest run whose records the index may not hold yet (update-filter-index.ts). */
const INDEX_BEHIND_KEY = 'INDEX#behind';
/** Well under DynamoDB's 400 KB item limit, leaving room for the key and attribute names. */
export const INDEX_CHUNK_BYTES = 350 * 1024;
/**
 * Chunks per BatchGetItem: 2 × 350 KB stays far below the 16 MB answer limit and answers well
 * within the per-call timeout, even from a busy local dynalite; the calls run in parallel.
 */
const CHUNKS_PER_READ = 2;

/**
 * The parts of an index version: the two readers load (shared/query/filter-index.ts,
 * FilterIndexParts), and `dates`, the published dates in index order, which only the ingest
 * reads to update the index in place of a rescan (shared/ingest/use-cases/update-filter-index.ts).
 */
export type IndexPart = 'columns' | 'search' | 'dates';

export interface IndexPointer {
  readonly version: string;
  readonly chunks: number;
  readonly bytes: number;
  readonly count: number;
  readonly builtAt: string;
  /**
   * Chunks of the search part (`INDEX#<version>#search#<n>`). Absent for a version written
   * whole (one part, the format before the split), which readers still load.
   */
  readonly searchChunks?: number;
  /** Chunks of the dates part (`INDEX#<version>#dates#<n>`); absent for versions written before it existed. */
  readonly datesChunks?: number;
}

function chunkKey(version: string, n: number, part: IndexPart = 'columns'): string {
  return part === 'columns' ? `INDEX#${version}#${n}` : `INDEX#${version}#${part}#${n}`;
}

function chunkItems(version: string, data: Buffer, part: IndexPart): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  for (let offset = 0, n = 0; offset < data.length || n === 0; offset += INDEX_CHUNK_BYTES, n++) {
    items.push({ pk: chunkKey(version, n, part), data: data.subarray(offset, offset + INDEX_CHUNK_BYTES) });
  }
  return items;
}

export const filterIndexRepository = {
  /** One strongly consistent GetItem: what every export pays to know its index is current. */
  async readPointer(): Promise<IndexPointer | undefined> {
    const out = await dynamo(() =>
      documentClient().send(new GetCommand({ TableName: tableName('CATALOGUE_TABLE'), Key: { pk: INDEX_POINTER_KEY }, ConsistentRead: true })),
    );
    if (!out.Item) return undefined;
    const { version, chunks, bytes, count, built_at, search_chunks, dates_chunks } = out.Item as Record<string, unknown>;
    return {
      version: String(version),
      chunks: Number(chunks),
      bytes: Number(bytes),
      count: Number(count),
      builtAt: String(built_at),
      ...(search_chunks === undefined ? {} : { searchChunks: Number(search_chunks) }),
      ...(dates_chunks === undefined ? {} : { datesChunks: Number(dates_chunks) }),
    };
  },

  /**
   * The chunks of one part of a version, concatenated; undefined when one is missing (a rebuild
   * removed it). A few chunks per call, all calls at once: a cold export waits for the slowest.
   */
  async readChunks(pointer: IndexPointer, part: IndexPart = 'columns'): Promise<Buffer | undefined> {
    const count = part === 'columns' ? pointer.chunks : part === 'search' ? (pointer.searchChunks ?? 0) : (pointer.datesChunks ?? 0);
    const keys = Array.from({ length: count }, (_, n) => chunkKey(pointer.version, n, part));
    // Patient: a cold load happens once per container and version, inside an export function's
    // 120 s, and one slow chunk read must not turn the container's first export into a 503.
    const items = await batchGetAll(
      tableName('CATALOGUE_TABLE'),
      keys.map((pk) => ({ pk })),
      { batchSize: CHUNKS_PER_READ, patient: true },
    );
    const parts = new Map(items.map((item) => [String(item.pk), Buffer.from(item.data as Uint8Array)]));
    const ordered = keys.map((k) => parts.get(k));
    if (ordered.some((p) => p === undefined)) return undefined;
    return Buffer.concat(ordered as Buffer[]);
  },

  /** Writes one part of a version's chunks; nothing reads them until the pointer names the version. */
  async writeChunks(version: string, data: Buffer, part: IndexPart = 'columns'): Promise<number> {
    const items = chunkItems(version, data, part);
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
              ...(pointer.searchChunks === undefined ? {} : { search_chunks: pointer.searchChunks }),
              ...(pointer.datesChunks === undefined ? {} : { dates_chunks: pointer.datesChunks }),
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

  /** The run that marked the index as behind the catalogue, if any. */
  async readBehind(): Promise<string | undefined> {
    const out = await dynamo(() =>
      documentClient().send(new GetCommand({ TableName: tableName('CATALOGUE_TABLE'), Key: { pk: INDEX_BEHIND_KEY }, ConsistentRead: true })),
    );
    return out.Item ? String(out.Item.run) : undefined;
  },

  async markBehind(run: string): Promise<void> {
    await dynamo(() =>
      documentClient().send(
        new PutCommand({ TableName: tableName('CATALOGUE_TABLE'), Item: { pk: INDEX_BEHIND_KEY, run, marked_at: new Date().toISOString() } }),
      ),
    );
  },

  /** Removes the mark if `run` still holds it. */
  async clearBehind(run: string): Promise<void> {
    try {
      await dynamo(() =>
        documentClient().send(
          new DeleteCommand({
            TableName: tableName('CATALOGUE_TABLE'),
            Key: { pk: INDEX_BEHIND_KEY },
            ConditionExpression: '#run = :run',
            ExpressionAttributeNames: { '#run': 'run' },
            ExpressionAttributeValues: { ':run': run },
          }),
        ),
      );
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  },

  /** Removes a version's chunks: `chunks` of the columns part, `searchChunks` of the search part, `datesChunks` of the dates part. */
  async deleteChunks(version: string, chunks: number, searchChunks = 0, datesChunks = 0): Promise<void> {
    const keys = [
      ...Array.from({ length: chunks }, (_, n) => ({ pk: chunkKey(version, n) })),
      ...Array.from({ length: searchChunks }, (_, n) => ({ pk: chunkKey(version, n, 'search') })),
      ...Array.from({ length: datesChunks }, (_, n) => ({ pk: chunkKey(version, n, 'dates') })),
    ];
    await batchDeleteAll(tableName('CATALOGUE_TABLE'), keys, { patient: true });
  },
};
