import { tableName } from '../config/index.js';
import type { CpePart, VersionRange } from '../domain/nvd-record.js';
import type { CpeIndexEntry } from '../domain/cpe/cpe-index.js';
import { batchGetAll, batchWriteAll, type WriteRequest } from './batch.js';
import { queryAll } from './pages.js';
import { fromStoredJson, jsonBytes } from './stored-json.js';

/**
 * The CPE index, in the advisories table (shared/platform/tables.ts), two item kinds:
 * - `CPE#<vendor>:<product>` / `<CVE id>#<part>#<n>`: the vulnerable ranges NVD gives for that
 *   product in that CVE; one Query of the partition answers "which CVEs name this product". One
 *   item per CVE keeps every item small however many CVEs a product has (linux:linux_kernel has
 *   thousands); a CVE listing more ranges for one product than fit in about 100 KB (Cisco IOS
 *   records list over a thousand exact versions) continues in items n = 1, 2, …
 * - `CPE_CVE#<CVE id>` / `CPE_INDEX`: the keys of that CVE's items and a hash of its entries, so a
 *   re-ingest finds unchanged CVEs with one BatchGet per 100 and deletes the items of products a
 *   CVE no longer names.
 * `ranges` and `keys` are each ONE attribute holding their JSON (stored-json.ts), not lists of
 * maps: nothing queries inside them, and a first ingest writes about two of these items per CVE,
 * each list element a value the SDK and the table would otherwise marshal and validate one by
 * one. Lists written before are still read.
 */
const productPk = (productKey: string) => `CPE#${productKey}`;
const statePk = (cveId: string) => `CPE_CVE#${cveId}`;
const STATE_SK = 'CPE_INDEX';
/** Bytes of ranges (as JSON) per item: far below DynamoDB's 400 KB whatever the version strings. */
const ITEM_RANGE_BYTES = 100_000;
/** Queries in flight for one scan. */
const QUERY_CONCURRENCY = 16;

export interface ItemKey {
  readonly pk: string;
  readonly sk: string;
}

export interface StoredCpeIndex {
  readonly hash: string;
  readonly keys: readonly ItemKey[];
}

export interface CpeIndexChange {
  readonly cveId: string;
  /** The CVE's entries now (empty: the CVE no longer names a product with versions). */
  readonly entries: readonly CpeIndexEntry[];
  readonly hash: string;
  readonly before: StoredCpeIndex | undefined;
}

type Item = Record<string, unknown>;

/** One entry's items: its ranges cut into pieces of about ITEM_RANGE_BYTES each. */
function itemsOf(entry: CpeIndexEntry): Item[] {
  const pieces: VersionRange[][] = [[]];
  let bytes = 0;
  for (const range of entry.ranges) {
    const size = JSON.stringify(range).length;
    if (bytes + size > ITEM_RANGE_BYTES && pieces.at(-1)!.length > 0) {
      pieces.push([]);
      bytes = 0;
    }
    pieces.at(-1)!.push(range);
    bytes += size;
  }
  return pieces.map((ranges, n) => ({
    pk: productPk(entry.productKey),
    sk: `${entry.cveId}#${entry.part}#${n}`,
    cve: entry.cveId,
    part: entry.part,
    ranges: jsonBytes(ranges),
    ...(entry.allVersions ? { all: true } : {}),
  }));
}

function queryProduct(productKey: string): Promise<{ items: Item[]; calls: number }> {
  return queryAll({
    TableName: tableName('ADVISORIES_TABLE'),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': productPk(productKey) },
    ProjectionExpression: 'cve, part, ranges, #all',
    ExpressionAttributeNames: { '#all': 'all' },
  });
}

export const cpeIndexRepository = {
  /**
   * The entries of the products asked (`vendor:product` keys), each product's pieces joined back
   * into one entry per CVE and part; every product asked has a list (empty when NVD names it in no
   * CVE). One Query per distinct product (more pages only for products with very many CVEs), up
   * to 16 in flight: reads grow with the products asked, never with the index.
   */
  async findByProducts(productKeys: readonly string[]): Promise<{ entries: Map<string, CpeIndexEntry[]>; queries: number }> {
    const keys = [...new Set(productKeys)];
    const entries = new Map<string, CpeIndexEntry[]>();
    let queries = 0;
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const productKey = keys[next++]!;
        const { items, calls } = await queryProduct(productKey);
        queries += calls;
        const byCve = new Map<string, { cveId: string; productKey: string; part: CpePart; ranges: VersionRange[]; allVersions: boolean }>();
        for (const item of items) {
          const cveId = String(item.cve);
          const part = item.part as CpePart;
          const key = `${cveId}#${part}`;
          const entry = byCve.get(key) ?? { cveId, productKey, part, ranges: [], allVersions: false };
          entry.ranges.push(...((fromStoredJson(item.ranges) as VersionRange[] | undefined) ?? []));
          entry.allVersions ||= item.all === true;
          byCve.set(key, entry);
        }
        entries.set(productKey, [...byCve.values()]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(QUERY_CONCURRENCY, keys.length) }, worker));
    return { entries, queries };
  },

  /** What the index holds of these CVEs (ingest: which changed, which items to delete). */
  async storedState(cveIds: readonly string[]): Promise<Map<string, StoredCpeIndex>> {
    const items = await batchGetAll(
      tableName('ADVISORIES_TABLE'),
      cveIds.map((id) => ({ pk: statePk(id), sk: STATE_SK })),
      { projection: 'pk, #hash, #keys', names: { '#hash': 'hash', '#keys': 'keys' }, patient: true },
    );
    return new Map(
      items.map((item) => [
        String(item.pk).slice(statePk('').length),
        { hash: String(item.hash), keys: (fromStoredJson(item.keys) as ItemKey[] | undefined) ?? [] },
      ]),
    );
  },

  /**
   * Replaces each CVE's entries: its items are written and the items of products (or pieces) it
   * no longer has are deleted, then its state is written (or deleted when it has no entries).
   * The state goes last, so a run that stops in between leaves the old state, and its re-run
   * rewrites the CVE and deletes what the old state lists.
   */
  async replace(changes: readonly CpeIndexChange[]): Promise<void> {
    const itemWrites: WriteRequest[] = [];
    const stateWrites: WriteRequest[] = [];
    for (const change of changes) {
      const items = change.entries.flatMap(itemsOf);
      const now = new Set(items.map((item) => `${String(item.pk)}\u0000${String(item.sk)}`));
      for (const item of items) itemWrites.push({ PutRequest: { Item: item } });
      for (const key of change.before?.keys ?? []) {
        if (!now.has(`${key.pk}\u0000${key.sk}`)) itemWrites.push({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } });
      }
      stateWrites.push(
        items.length > 0
          ? {
              PutRequest: {
                Item: { pk: statePk(change.cveId), sk: STATE_SK, hash: change.hash, keys: jsonBytes(items.map((item) => ({ pk: item.pk, sk: item.sk }))) },
              },
            }
          : { DeleteRequest: { Key: { pk: statePk(change.cveId), sk: STATE_SK } } },
      );
    }
    await batchWriteAll(tableName('ADVISORIES_TABLE'), itemWrites, { patient: true });
    await batchWriteAll(tableName('ADVISORIES_TABLE'), stateWrites, { patient: true });
  },
};
