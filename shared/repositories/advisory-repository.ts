import { gunzipSync, gzipSync } from 'node:zlib';
import { tableName } from '../config/index.js';
import { packageKey, type Advisory, type Ecosystem } from '../domain/advisory.js';
import { batchGetAll, batchWriteAll, type WriteRequest } from './batch.js';
import { queryAll } from './pages.js';

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
/**
 * The package lists: `PACKAGE_IDS#<key>` / `IDS` holds the ids of the advisories that name the
 * package, so a scan reads many packages by BatchGetItem (100 keys a call) instead of one Query
 * each: a 2,000-component scan is 20 BatchGets of lists plus one BatchGet per 100 advisories found.
 */
const packageIdsPk = (key: string) => `PACKAGE_IDS#${key}`;
const PACKAGE_IDS_SK = 'IDS';

// Advisories are stored gzipped: some OSV records list thousands of versions, and DynamoDB items stop at 400 KB.
const encode = (advisory: Advisory): Uint8Array => gzipSync(JSON.stringify(advisory));
const decode = (record: unknown): Advisory => JSON.parse(gunzipSync(record as Uint8Array).toString('utf8')) as Advisory;

/** The package keys an advisory is indexed under (ecosystem + normalised name, deduplicated). */
export function packageKeysOf(advisory: Advisory): string[] {
  return [...new Set(advisory.affected.map((entry) => packageKey(entry.package.ecosystem, entry.package.name)))].sort();
}

async function queryPackage(key: string): Promise<Advisory[]> {
  const { items } = await queryAll({
    TableName: tableName('ADVISORIES_TABLE'),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': packagePk(key) },
    ProjectionExpression: '#record',
    ExpressionAttributeNames: { '#record': 'record' },
  });
  return items.map((item) => decode(item.record));
}

/**
 * The writes that keep the package lists right after these advisories change: each list a
 * change touches is read (one BatchGet per 100), the advisory ids added or taken out, and the
 * list written back (or deleted when empty). The ingest is the only writer (under its lease).
 */
async function packageListWrites(changes: readonly { id: string; now: readonly string[]; before: readonly string[] }[]): Promise<WriteRequest[]> {
  const touched = [...new Set(changes.flatMap((c) => [...c.now, ...c.before]))];
  if (touched.length === 0) return [];
  const stored = await batchGetAll(
    tableName('ADVISORIES_TABLE'),
    touched.map((key) => ({ pk: packageIdsPk(key), sk: PACKAGE_IDS_SK })),
    { projection: 'pk, #ids', names: { '#ids': 'ids' }, patient: true },
  );
  const lists = new Map(touched.map((key) => [key, new Set<string>()]));
  for (const item of stored) {
    const list = lists.get(String(item.pk).slice(packageIdsPk('').length));
    for (const id of (item.ids as string[] | undefined) ?? []) list?.add(id);
  }
  for (const change of changes) {
    for (const key of change.before) if (!change.now.includes(key)) lists.get(key)?.delete(change.id);
    for (const key of change.now) lists.get(key)?.add(change.id);
  }
  return [...lists].map(([key, ids]) =>
    ids.size > 0
      ? { PutRequest: { Item: { pk: packageIdsPk(key), sk: PACKAGE_IDS_SK, ids: [...ids].sort() } } }
      : { DeleteRequest: { Key: { pk: packageIdsPk(key), sk: PACKAGE_IDS_SK } } },
  );
}

export const advisoryRepository = {
  /** The advisories that name the package (any affected version), by one Query of the package index. */
  async findByPackage(ecosystem: Ecosystem, name: string): Promise<Advisory[]> {
    return queryPackage(packageKey(ecosystem, name));
  },

  /**
   * The advisories of many packages, keyed by `packageKey(ecosystem, name)`; every asked package
   * has an entry (empty when none). Two rounds of BatchGetItem: the packages' advisory id lists,
   * then the advisories they name (each read once however many packages name it). Reads grow
   * with the packages asked and the advisories found, never with the catalogue.
   */
  async findByPackages(refs: readonly PackageRef[]): Promise<Map<string, Advisory[]>> {
    const keys = [...new Set(refs.map((ref) => packageKey(ref.ecosystem, ref.name)))];
    const lists = await batchGetAll(
      tableName('ADVISORIES_TABLE'),
      keys.map((key) => ({ pk: packageIdsPk(key), sk: PACKAGE_IDS_SK })),
      { projection: 'pk, #ids', names: { '#ids': 'ids' } },
    );
    const idsByKey = new Map(lists.map((item) => [String(item.pk).slice(packageIdsPk('').length), (item.ids as string[] | undefined) ?? []]));
    const ids = [...new Set([...idsByKey.values()].flat())];
    const items =
      ids.length === 0
        ? []
        : await batchGetAll(
            tableName('ADVISORIES_TABLE'),
            ids.map((id) => ({ pk: advisoryPk(id), sk: ADVISORY_SK })),
            { projection: 'pk, #record', names: { '#record': 'record' } },
          );
    const byId = new Map(items.map((item) => [String(item.pk).slice(advisoryPk('').length), decode(item.record)]));
    return new Map(keys.map((key) => [key, (idsByKey.get(key) ?? []).flatMap((id) => byId.get(id) ?? [])]));
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
    requests.push(...(await packageListWrites(advisories.map((a) => ({ id: a.id, now: packageKeysOf(a), before: previous.get(a.id)?.packages ?? [] })))));
    await batchWriteAll(tableName('ADVISORIES_TABLE'), requests, { patient: true });
  },

  /** Removes advisories (withdrawn ones) and every package index entry they had. */
  async removeMany(ids: readonly string[], previous: ReadonlyMap<string, StoredAdvisory>): Promise<void> {
    const requests: WriteRequest[] = ids.flatMap((id) => [
      { DeleteRequest: { Key: { pk: advisoryPk(id), sk: ADVISORY_SK } } },
      ...(previous.get(id)?.packages ?? []).map((key) => ({ DeleteRequest: { Key: { pk: packagePk(key), sk: id } } })),
    ]);
    requests.push(...(await packageListWrites(ids.map((id) => ({ id, now: [], before: previous.get(id)?.packages ?? [] })))));
    await batchWriteAll(tableName('ADVISORIES_TABLE'), requests, { patient: true });
  },
};
