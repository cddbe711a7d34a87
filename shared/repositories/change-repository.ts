import { dynamoDbDocumentSdk } from './aws-sdk.js';
import { fromStoredJson, jsonBytes } from './stored-json.js';
import { tableName } from '../config/index.js';
import type { ChangeKind } from '../domain/change.js';
import { bucketOf, bucketOfTime, CHANGE_RETENTION_MS, newChangeId, positionAtEndOf, positionTime } from '../domain/change-log.js';
import type { ExportRecord } from '../domain/cve.js';
import { withRiskMeaning } from '../domain/risk-meaning.js';
import type { RiskState } from '../domain/risk-transition.js';
import { batchDeleteAll, sendBatchWrite, type WriteRequest } from './batch.js';
import { documentClient, dynamo } from './dynamo-client.js';
import { patiently } from './patience.js';
import { platformClock } from '../platform/clock.js';
import { queryPages, scanPages } from './pages.js';

const { DeleteCommand, PutCommand, QueryCommand } = dynamoDbDocumentSdk;

/** A change before it has an id: what the ingest hands over. */
export interface NewChange {
  readonly cve_id: string;
  readonly kind: ChangeKind;
  readonly fields: readonly string[];
  /** The record after the change as the JSON export shows it; absent for `rejected`. */
  readonly record?: ExportRecord;
  /**
   * The risk inputs before and after (KEV included, which the export record lacks), so a
   * webhook or feed entry can say how the risk moved (describeRiskTransition). Stored, not
   * shown by `/api/changes`.
   */
  readonly risk_before?: RiskState;
  readonly risk_after?: RiskState;
}

export interface StoredChange extends NewChange {
  readonly change_id: string;
  readonly changed_at: string;
}

/** Told which change ids a write is about to send, and when that write is over (done or failed). */
export interface WriteTracker {
  begin(ids: readonly string[]): void;
  end(ids: readonly string[]): void;
}

/** A writer's published promise: it will never again write a change id below `low`. */
export interface WriterMark {
  readonly writer: string;
  readonly low: string;
  readonly lease_until: number;
}

const WRITERS_PK = 'WRITERS';
const BATCH_WRITE_LIMIT = 25;
const WRITE_CONCURRENCY = 4;
const MAX_ATTEMPTS = 10;
const DAY_MS = 86_400_000;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.min(2000, 25 * 2 ** attempt)));

function toItem(change: NewChange, nowMs: number): Record<string, unknown> {
  const change_id = newChangeId(nowMs);
  return {
    pk: bucketOf(change_id),
    sk: change_id,
    cve_id: change.cve_id,
    changed_at: new Date(positionTime(change_id)).toISOString(),
    kind: change.kind,
    // One string (names joined by commas) rather than a list: an `added` change names every
    // product field, and a list's elements are each a value to marshal and validate on a bulk load.
    ...(change.fields.length > 0 ? { fields: change.fields.join(',') } : {}),
    // The record as one JSON string, not a nested map: the table never filters on its fields,
    // and a string costs the store (and the SDK) a fraction of a map of a hundred attributes.
    ...(change.record ? { record: jsonBytes(change.record) } : {}),
    ...(change.risk_before ? { risk_before: change.risk_before } : {}),
    ...(change.risk_after ? { risk_after: change.risk_after } : {}),
    // TTL (seconds): DynamoDB removes the item once the 90 days are over.
    expires_at: Math.ceil((positionTime(change_id) + CHANGE_RETENTION_MS) / 1000),
  };
}

/** A change's field names: one comma-joined string, or (items written before) a list. */
function fieldsOf(stored: unknown): string[] {
  if (typeof stored === 'string') return stored.split(',').filter((name) => name.length > 0);
  return Array.isArray(stored) ? stored.map(String) : [];
}

/** Items written before the answers said the risk level in words carry no `risk_meaning`. */
function withCurrentRiskMeaning(record: ExportRecord): ExportRecord {
  return record.exploit_intel ? { ...record, exploit_intel: withRiskMeaning(record.exploit_intel) } : record;
}

function fromItem(item: Record<string, unknown>): StoredChange {
  return {
    change_id: String(item.sk),
    cve_id: String(item.cve_id),
    changed_at: String(item.changed_at),
    kind: item.kind as ChangeKind,
    fields: fieldsOf(item.fields),
    // A JSON string since the ingest got faster; a map in items written before.
    ...(item.record ? { record: withCurrentRiskMeaning(fromStoredJson(item.record) as ExportRecord) } : {}),
    ...(item.risk_before ? { risk_before: item.risk_before as RiskState } : {}),
    ...(item.risk_after ? { risk_after: item.risk_after as RiskState } : {}),
  };
}

export const changeRepository = {
  /**
   * Writes changes, 25 per BatchWriteItem, up to 4 calls at once. Each change gets its id (and so its place in the
   * log) just before the call that writes it is sent, and an unprocessed item gets a fresh one;
   * `tracker` hears of each call's ids before it is sent and after it is over, so the writer can
   * publish how far the log is complete (docs/architecture.md, "Change feed"). Returns the ids
   * written, in no particular order.
   */
  async append(changes: readonly NewChange[], clock: () => number = platformClock.now, tracker?: WriteTracker): Promise<string[]> {
    const table = tableName('CHANGES_TABLE');
    const written: string[] = [];
    const writeChunk = async (chunk: readonly NewChange[]) => {
      let pending = chunk;
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt >= MAX_ATTEMPTS) throw new Error('BatchWriteItem left changes unprocessed after retries');
        if (attempt > 0) await pause(attempt);
        const items = pending.map((change) => toItem(change, clock()));
        const ids = items.map((item) => String(item.sk));
        tracker?.begin(ids);
        let left: WriteRequest[];
        try {
          // A slow store is waited out with the same items: puts by key are idempotent, and the
          // ids stay "in flight" for the tracker until the call is over, so no reader passes them.
          left = await patiently(() =>
            dynamo(() =>
              sendBatchWrite(
                table,
                items.map((Item) => ({ PutRequest: { Item } })),
              ),
            ),
          );
        } finally {
          tracker?.end(ids);
        }
        const unprocessed = new Set(left.map((request) => ('PutRequest' in request ? String(request.PutRequest.Item.sk) : '')));
        const retry: NewChange[] = [];
        items.forEach((item, i) => {
          if (unprocessed.has(String(item.sk))) retry.push(pending[i]!);
          else written.push(String(item.sk));
        });
        pending = retry;
      }
    };
    // A few calls at once, as the catalogue's own bulk writes: each call's ids are in flight for
    // the tracker on their own, so the order the calls finish in does not matter to readers.
    let next = 0;
    const worker = async () => {
      while (next < changes.length) {
        const start = next;
        next += BATCH_WRITE_LIMIT;
        await writeChunk(changes.slice(start, start + BATCH_WRITE_LIMIT));
      }
    };
    await Promise.all(Array.from({ length: Math.min(WRITE_CONCURRENCY, Math.ceil(changes.length / BATCH_WRITE_LIMIT)) }, worker));
    return written;
  },

  /**
   * Changes with `after < change_id <= upTo`, oldest first, at most `limit`: one strongly
   * consistent Query per day bucket from `after`'s day to `upTo`'s (a change written before a
   * reader's horizon must be seen by that reader), paged within a day by LastEvaluatedKey.
   */
  async readRange(after: string, upTo: string, limit: number): Promise<StoredChange[]> {
    const table = tableName('CHANGES_TABLE');
    const found: StoredChange[] = [];
    const lastBucket = bucketOf(upTo);
    for (let day = positionTime(after); found.length < limit; day += DAY_MS) {
      const bucket = bucketOfTime(day);
      if (bucket > lastBucket) break;
      let start: Record<string, unknown> | undefined;
      do {
        const out = await dynamo(() =>
          documentClient().send(
            new QueryCommand({
              TableName: table,
              KeyConditionExpression: 'pk = :pk AND sk > :after',
              ExpressionAttributeValues: { ':pk': bucket, ':after': after },
              ConsistentRead: true,
              Limit: limit - found.length,
              ExclusiveStartKey: start,
            }),
          ),
        );
        for (const item of out.Items ?? []) {
          if (String(item.sk) > upTo) return found;
          found.push(fromItem(item));
        }
        start = out.LastEvaluatedKey;
      } while (start && found.length < limit);
    }
    return found;
  },

  /**
   * The changes at or before `upToMs`, newest first, back to `oldestMs`, one Query page at a time
   * (`pageSize` items), one day bucket after another backwards; the caller stops when it has
   * enough. Eventually consistent: the feed that reads this is a snapshot.
   */
  async *newestFirst(upToMs: number, oldestMs: number, pageSize: number): AsyncGenerator<StoredChange[]> {
    const table = tableName('CHANGES_TABLE');
    const upTo = positionAtEndOf(upToMs);
    const lastBucket = bucketOfTime(oldestMs);
    for (let day = upToMs; bucketOfTime(day) >= lastBucket; day -= DAY_MS) {
      const bucket = bucketOfTime(day);
      const pages = queryPages({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND sk <= :upTo',
        ExpressionAttributeValues: { ':pk': bucket, ':upTo': upTo },
        ScanIndexForward: false,
        Limit: pageSize,
      });
      for await (const items of pages) if (items.length > 0) yield items.map(fromItem);
    }
  },

  /** Publishes (or refreshes) a writer's mark; the item expires a day after its lease. */
  async putWriterMark(mark: WriterMark): Promise<void> {
    await patiently(() =>
      dynamo(() =>
        documentClient().send(
          new PutCommand({
            TableName: tableName('CHANGES_TABLE'),
            Item: { pk: WRITERS_PK, sk: mark.writer, low: mark.low, lease_until: mark.lease_until, expires_at: Math.ceil(mark.lease_until / 1000) + 86_400 },
          }),
        ),
      ),
    );
  },

  async deleteWriterMark(writer: string): Promise<void> {
    await patiently(() =>
      dynamo(() => documentClient().send(new DeleteCommand({ TableName: tableName('CHANGES_TABLE'), Key: { pk: WRITERS_PK, sk: writer } }))),
    );
  },

  /** The marks of writers whose lease has not run out (one strongly consistent Query). */
  async activeWriterMarks(nowMs: number): Promise<WriterMark[]> {
    const out = await dynamo(() =>
      documentClient().send(
        new QueryCommand({
          TableName: tableName('CHANGES_TABLE'),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': WRITERS_PK },
          ConsistentRead: true,
        }),
      ),
    );
    return (out.Items ?? [])
      .map((item) => ({ writer: String(item.sk), low: String(item.low), lease_until: Number(item.lease_until) }))
      .filter((mark) => mark.lease_until > nowMs);
  },

  /**
   * Local stack only (dynalite has no TTL): deletes the changes whose `expires_at` has passed.
   * A Scan is acceptable here: it is housekeeping on a developer's machine, never a reader's path.
   */
  async deleteExpired(nowMs: number = platformClock.now()): Promise<number> {
    const table = tableName('CHANGES_TABLE');
    let deleted = 0;
    const pages = scanPages({
      TableName: table,
      ProjectionExpression: 'pk, sk',
      FilterExpression: 'expires_at <= :now',
      ExpressionAttributeValues: { ':now': Math.floor(nowMs / 1000) },
    });
    for await (const items of pages) {
      const keys = items.map((item) => ({ pk: item.pk, sk: item.sk }));
      if (keys.length > 0) await batchDeleteAll(table, keys);
      deleted += keys.length;
    }
    return deleted;
  },
};
