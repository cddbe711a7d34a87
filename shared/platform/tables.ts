/**
 * The tables as plain data. The CDK stateful stack and the local stack both build their tables
 * from this list, so the two cannot drift.
 */
export interface KeyAttribute {
  readonly name: string;
  readonly type: 'S' | 'N';
}

export interface GlobalIndexDefinition {
  readonly indexName: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
}

export interface TableDefinition {
  /** Logical id: also the construct id in CDK and the base of the local table name. */
  readonly id: 'catalogue' | 'accounts' | 'counters' | 'changes' | 'advisories';
  /** The environment variable a function reads the physical name from. */
  readonly envVar: 'CATALOGUE_TABLE' | 'ACCOUNTS_TABLE' | 'COUNTERS_TABLE' | 'CHANGES_TABLE' | 'ADVISORIES_TABLE';
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  readonly timeToLiveAttribute?: string;
  readonly globalIndexes: readonly GlobalIndexDefinition[];
  /** A DynamoDB stream on the table in AWS (the local stack runs its reader in-process instead). */
  readonly stream?: 'NEW_AND_OLD_IMAGES';
}

export const catalogueTable: TableDefinition = {
  id: 'catalogue',
  envVar: 'CATALOGUE_TABLE',
  // `pk` is the CVE id for records; other item kinds (the export filter index) use prefixed keys.
  partitionKey: { name: 'pk', type: 'S' },
  globalIndexes: [],
  // The change matcher reads every write with its before and after (product-decisions §7).
  stream: 'NEW_AND_OLD_IMAGES',
};

export const accountsTable: TableDefinition = {
  id: 'accounts',
  envVar: 'ACCOUNTS_TABLE',
  // Items: ACCOUNT#<id>, KEY#<sha256>, IDENTITY#<provider>#<subject>, SESSION#<sha256>, ...
  partitionKey: { name: 'pk', type: 'S' },
  timeToLiveAttribute: 'expires_at',
  // Every item carries `account_id`, so deleting an account finds all of its items with one query.
  globalIndexes: [
    { indexName: 'byAccount', partitionKey: { name: 'account_id', type: 'S' }, sortKey: { name: 'pk', type: 'S' } },
    // Sparse: only the watchlists items carry `watchlist_set`, so the change matcher reads every
    // watchlist with one paged Query instead of a Scan (shared/repositories/watchlist-repository.ts).
    { indexName: 'allWatchlists', partitionKey: { name: 'watchlist_set', type: 'S' }, sortKey: { name: 'pk', type: 'S' } },
  ],
};

export const countersTable: TableDefinition = {
  id: 'counters',
  envVar: 'COUNTERS_TABLE',
  // pk = account id, sk = <resource>#<keyId>#<window start>: an account's counters are one query away.
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  timeToLiveAttribute: 'expires_at',
  globalIndexes: [],
};

/**
 * The change log (product-decisions §7): one item per change the ingest made to the catalogue.
 * pk = `CHANGES#<UTC day>` (a time bucket), sk = the change id (a ULID: time, then a monotonic
 * part), so reading the feed from a cursor is a Query with `sk > cursor` on one day after
 * another, never a Scan. Kept 90 days by TTL (`expires_at`); locally the stack sweeps expired
 * items itself (dynalite has no TTL).
 */
export const changesTable: TableDefinition = {
  id: 'changes',
  envVar: 'CHANGES_TABLE',
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  timeToLiveAttribute: 'expires_at',
  globalIndexes: [],
};

/**
 * Package advisories (OSV, product-decisions §8), apart from the catalogue so that advisory
 * writes never reach the catalogue's change stream or its scans. Two item kinds:
 * `ADVISORY#<id>` / `ADVISORY` holds the advisory and the package keys it is indexed under, and
 * `PACKAGE#<ecosystem>#<normalised name>` / `<advisory id>` is the package index, carrying the
 * advisory itself, so that one Query answers "which advisories name this package"; and
 * `PACKAGE_IDS#<ecosystem>#<normalised name>` / `IDS` lists those advisories' ids, so that a scan
 * reads many packages by BatchGetItem (100 a call) rather than one Query each. The CPE index
 * (NVD configurations, for SBOM components matched by CPE) lives here too:
 * `CPE#<vendor>:<product>` / `<CVE id>#<part>#<n>` and `CPE_CVE#<CVE id>` / `CPE_INDEX`
 * (shared/repositories/cpe-index-repository.ts).
 */
export const advisoriesTable: TableDefinition = {
  id: 'advisories',
  envVar: 'ADVISORIES_TABLE',
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  globalIndexes: [],
};

export const TABLE_DEFINITIONS: readonly TableDefinition[] = [catalogueTable, accountsTable, countersTable, changesTable, advisoriesTable];
