import { gunzipSync, gzipSync } from 'node:zlib';
import { dynamoDbDocumentSdk } from './aws-sdk.js';
import { tableName } from '../config/index.js';
import { packageKey, type Advisory, type Ecosystem } from '../domain/advisory.js';
import { batchGetAll, batchWriteAll, type WriteRequest } from './batch.js';
import { documentClient, dynamo } from './dynamo-client.js';

const { QueryCommand } = dynamoDbDocumentSdk;

/** A package to look up: an ecosystem and the name as the user wrote it. */
export interface PackageRef {
  readonly ecosystem: Ecosystem;
  readonly name: string;
}

/** What the ingest needs to know of a stored advisory: when it changed and where it is indexed. */
export interface StoredAdvisory {
  readonly modified: string;
  readonly packages: readonly string[];
}

const ADVISORY_SK = 'ADVISORY';
const advisoryPk = (id: string) => `ADVISORY#${id}`;
const packagePk = (key: string) => `PACKAGE#${key}`;
/** Package lookups in flight at once: a 2,000-component scan is 2,000 Queries, not one at a time. */
const QUERY_CONCURRENCY = 16;

// Advisories are stored gzipped: some OSV records list thousands of versions, and DynamoDB items stop at 400 KB.
const encode = (advisory: Advisory): Uint8Array => gzipSync(JSON.stringify(advisory));
const decode = (record: unknown): Advisory => JSON.parse(gunzipSync(record as Uint8Array).toString('utf8')) as Advisory;

/** The package keys an advisory is indexed under (ecosystem + normalised name, deduplicated). */
export function packageKeysOf(advisory: Advisory): string[] {
  return [...new Set(advisory.affected.map((entry) => packageKey(entry.package.ecosystem, entry.package.name)))].sort();
}

async function queryPackage(key: string): Promise<Advisory[]> {
  const advisories: Advisory[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo(() =>
      documentClient().send(
        new QueryCommand({
          TableName: tableName('ADVISORIES_TABLE'),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': packagePk(key) },
          ProjectionExpression: '#record',
          ExpressionAttributeNames: { '#record': 'record' },
          ExclusiveStartKey: start,
        }),
      ),
    );
    for (const item of out.Items ?? []) advisories.push(decode(item.record));
    start = out.LastEvaluatedKey;
  } while (start);
  return advisories;
}

export const advisoryRepository = {
  /** The advisories that name the package (any affected version), by one Query of the package index. */
  async findByPackage(ecosystem: Ecosystem, name: string): Promise<Advisory[]> {
    return queryPackage(packageKey(ecosystem, name));
  },

  /**
   * The advisories of many packages, one Query per distinct package with a few in flight, keyed
   * by `packageKey(ecosystem, name)`; every asked package has an entry (empty when none).
   */
  async findByPackages(refs: readonly PackageRef[]): Promise<Map<string, Advisory[]>> {
    const keys = [...new Set(refs.map((ref) => packageKey(ref.ecosystem, ref.name)))];
    const found = new Map<string, Advisory[]>();
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const key = keys[next++]!;
        found.set(key, await queryPackage(key));
      }
    };
    await Promise.all(Array.from({ length: Math.min(QUERY_CONCURRENCY, keys.length) }, worker));
    return found;
  },

  /** The stored state of these advisories (ingest: what changed, which index entries to remove). */
  async storedState(ids: readonly string[]): Promise<Map<string, StoredAdvisory>> {
    const items = await batchGetAll(
      tableName('ADVISORIES_TABLE'),
      ids.map((id) => ({ pk: advisoryPk(id), sk: ADVISORY_SK })),
      { projection: 'pk, #modified, #packages', names: { '#modified': 'modified', '#packages': 'packages' }, patient: true },
    );
    return new Map(
      items.map((item) => [
        String(item.pk).slice(advisoryPk('').length),
        { modified: String(item.modified), packages: (item.packages as string[] | undefined) ?? [] },
      ]),
    );
  },

  /**
   * Writes advisories and their package index entries, and removes the index entries of packages
   * an advisory no longer names (`previous`: the stored state read before).
   */
  async putMany(advisories: readonly Advisory[], previous: ReadonlyMap<string, StoredAdvisory>): Promise<void> {
    const requests: WriteRequest[] = [];
    for (const advisory of advisories) {
      const record = encode(advisory);
      const packages = packageKeysOf(advisory);
      requests.push({ PutRequest: { Item: { pk: advisoryPk(advisory.id), sk: ADVISORY_SK, modified: advisory.modified, packages, record } } });
      for (const key of packages) requests.push({ PutRequest: { Item: { pk: packagePk(key), sk: advisory.id, record } } });
      for (const key of previous.get(advisory.id)?.packages ?? []) {
        if (!packages.includes(key)) requests.push({ DeleteRequest: { Key: { pk: packagePk(key), sk: advisory.id } } });
      }
    }
    await batchWriteAll(tableName('ADVISORIES_TABLE'), requests, { patient: true });
  },

  /** Removes advisories (withdrawn ones) and every package index entry they had. */
  async removeMany(ids: readonly string[], previous: ReadonlyMap<string, StoredAdvisory>): Promise<void> {
    const requests: WriteRequest[] = ids.flatMap((id) => [
      { DeleteRequest: { Key: { pk: advisoryPk(id), sk: ADVISORY_SK } } },
      ...(previous.get(id)?.packages ?? []).map((key) => ({ DeleteRequest: { Key: { pk: packagePk(key), sk: id } } })),
    ]);
    await batchWriteAll(tableName('ADVISORIES_TABLE'), requests, { patient: true });
  },
};

