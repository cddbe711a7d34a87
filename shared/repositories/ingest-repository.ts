import { dynamoDbDocumentSdk } from './aws-sdk.js';
import { tableName } from '../config/index.js';
import type { CatalogueRecord, PatchStatus } from '../domain/cve.js';
import { batchGetAll } from './batch.js';
import { cveRepository } from './cve-repository.js';
import { documentClient, dynamo } from './dynamo-client.js';

const { GetCommand, PutCommand } = dynamoDbDocumentSdk;

/** What the ingest needs to know about a stored record to decide whether to rewrite it. */
export interface StoredIngestState {
  readonly content_hash?: string;
  readonly patch?: { readonly status: PatchStatus; readonly patch_date?: string };
}

const CURSOR_PREFIX = 'INGEST#cursor#';

/** The catalogue table as the ingest sees it: hashes to compare, whole records to write, run cursors. */
export const ingestRepository = {
  /** Content hash and patch state of the records that exist, by id (BatchGetItem, unprocessed keys retried). */
  async states(ids: readonly string[]): Promise<Map<string, StoredIngestState>> {
    const items = await batchGetAll(
      tableName('CATALOGUE_TABLE'),
      ids.map((pk) => ({ pk })),
      { projection: 'pk, content_hash, #patch', names: { '#patch': 'patch' }, patient: true },
    );
    const found = new Map<string, StoredIngestState>();
    for (const item of items) {
      const patch = item.patch as StoredIngestState['patch'];
      found.set(String(item.pk), {
        ...(typeof item.content_hash === 'string' ? { content_hash: item.content_hash } : {}),
        ...(patch ? { patch: { status: patch.status, ...(patch.patch_date ? { patch_date: patch.patch_date } : {}) } } : {}),
      });
    }
    return found;
  },

  /** Writes whole records: the same write as the catalogue's own. */
  putMany: (records: readonly CatalogueRecord[]) => cveRepository.putMany(records),

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
