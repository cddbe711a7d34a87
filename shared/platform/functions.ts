import type { TableDefinition } from './tables.js';
import { BATCH_LOOKUP } from '../domain/limits.js';

export type TableId = TableDefinition['id'];
/** Secrets a function may read: the OAuth settings (sign-in) and the NVD API key (ingest). */
export type SecretId = 'oauth' | 'nvdApiKey';
/** SSM parameters a function may read: the public origin the web stack writes. */
export type ParameterId = 'publicBaseUrl';
/** SQS queues: the webhook delivery queue. */
export type QueueId = 'delivery';
/** `send`: SendMessage (the matcher); `consume`: receive, delete, change visibility (the delivery function). */
export type QueueAccess = 'send' | 'consume';

/**
 * `readWriteScan` adds Scan to `readWrite`: only the ingest has it, because rebuilding the
 * export filter index reads every record once.
 */
export type TableAccess = 'read' | 'readWrite' | 'readWriteScan';

/**
 * Every Lambda of the service as plain data: its source entry under `functions/`, and everything
 * it may reach (tables and their indexes, secrets, parameters, queues) and how. This is the one
 * declaration: the CDK stacks grant exactly these and set the matching environment variables,
 * and the local stack runs each function with the same environment and refuses any other call
 * (shared/platform/grants.ts derives all three).
 */
export interface FunctionDefinition {
  readonly id: string;
  /** File name under functions/, without extension. */
  readonly entry: string;
  readonly description: string;
  readonly tables: Partial<Record<TableId, TableAccess>>;
  /** The global indexes it queries, by table (a table it has in `tables`); no index otherwise. */
  readonly indexes?: Partial<Record<TableId, readonly string[]>>;
  readonly secrets?: readonly SecretId[];
  readonly parameters?: readonly ParameterId[];
  readonly queues?: Partial<Record<QueueId, QueueAccess>>;
  readonly memoryMb?: number;
  /** Lambda's /tmp in MB (512 unless set): the ingest downloads its sources there before reading them. */
  readonly ephemeralStorageMb?: number;
  readonly timeoutSeconds?: number;
  /**
   * The function streams its answer (`awslambda.streamifyResponse`): API Gateway invokes it with
   * InvokeWithResponseStream (integration responseTransferMode STREAM), so Lambda's 6 MB limit
   * on a buffered answer does not apply.
   */
  readonly responseStreaming?: boolean;
  /**
   * V8 flags the function's process starts with (NODE_OPTIONS in Lambda, beside
   * `--enable-source-maps`). The ingest's CLI (`npm run ingest`) and its bench part use the same.
   */
  readonly nodeFlags?: readonly string[];
}

const definitions = {
  authorizer: {
    id: 'authorizer',
    entry: 'authorizer',
    description: 'REQUEST authorizer: checks X-API-Key against the key items',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'read' },
    memoryMb: 512,
    timeoutSeconds: 5,
  },
  health: {
    id: 'health',
    entry: 'health',
    description: 'GET /health: healthy when the catalogue table answers',
    parameters: ['publicBaseUrl'],
    tables: { catalogue: 'read' },
    timeoutSeconds: 5,
  },
  cveLookup: {
    id: 'cveLookup',
    entry: 'cve-lookup',
    description: 'GET /api/cve/{cve_id}: the plain-English explanation of one CVE',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'readWrite', catalogue: 'read', counters: 'readWrite' },
    timeoutSeconds: 10,
  },
  // Product decisions §10: the lookup of up to 100 ids, one BatchGet; accounts for admission, as every API-key function.
  cveBatch: {
    id: 'cveBatch',
    entry: 'cve-batch',
    description: `POST /api/cves/batch: the plain-English explanations of up to ${BATCH_LOOKUP.maxIds} CVEs`,
    tables: { catalogue: 'read', counters: 'readWrite', accounts: 'readWrite' },
    parameters: ['publicBaseUrl'],
    timeoutSeconds: 10,
  },
  // Product decisions §10: the dashboard's watchlist calls for an API key's account (the watchlists live in the accounts table).
  watchlistsApi: {
    id: 'watchlistsApi',
    entry: 'watchlists-api',
    description: '/api/watchlists...: watchlists managed with an API key',
    tables: { accounts: 'readWrite', counters: 'readWrite' },
    parameters: ['publicBaseUrl'],
    timeoutSeconds: 10,
  },
  // One Query of the package index and one BatchGet of catalogue records (product-decisions §8).
  packageLookup: {
    id: 'packageLookup',
    entry: 'package-lookup',
    description: 'GET /api/packages/{ecosystem}/{name}: the vulnerabilities that affect one version of a package',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'readWrite', advisories: 'read', catalogue: 'read', counters: 'readWrite' },
    timeoutSeconds: 10,
  },
  authStart: {
    id: 'authStart',
    entry: 'auth-start',
    description: 'GET /auth/{provider}: starts sign-in or linking (state and PKCE in a cookie)',
    parameters: ['publicBaseUrl'],
    tables: {},
    timeoutSeconds: 5,
    // The client id lives with the secret (one place for OAuth settings).
    secrets: ['oauth'],
  },
  authCallback: {
    id: 'authCallback',
    entry: 'auth-callback',
    description: 'GET /auth/{provider}/callback: completes sign-in or linking, issues the key and session',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'readWrite' },
    timeoutSeconds: 15,
    // With the sign-in start, the only functions that may read the OAuth settings.
    secrets: ['oauth'],
  },
  account: {
    id: 'account',
    entry: 'account',
    description: '/account/...: the dashboard JSON API (session cookie)',
    parameters: ['publicBaseUrl'],
    // catalogue and advisories: the scan tab (POST /account/scan) runs the scan use case; a
    // watchlist's preview runs the export's filter path (the filter index in memory, hence the
    // export functions' memory) over today's records.
    tables: { accounts: 'readWrite', counters: 'readWrite', catalogue: 'read', advisories: 'read' },
    // An account's items for its data export and deletion.
    indexes: { accounts: ['byAccount'] },
    memoryMb: 1024,
    timeoutSeconds: 15,
  },
  cvePage: {
    id: 'cvePage',
    entry: 'cve-page',
    description: 'GET /cve/{cve_id}: the public HTML page of one CVE',
    parameters: ['publicBaseUrl'],
    tables: { catalogue: 'read' },
    timeoutSeconds: 10,
  },
  // Search reads the export filter index (kept warm in memory, like the exports) and at most
  // SEARCH_RESULTS records per query.
  cveSearch: {
    id: 'cveSearch',
    entry: 'cve-search',
    description: 'GET /search?q=: the public search page (a CVE id redirects to its page)',
    parameters: ['publicBaseUrl'],
    tables: { catalogue: 'read' },
    memoryMb: 1024,
    timeoutSeconds: 10,
  },
  // The exports keep the catalogue's filter index in memory (about 100 MB for 300,000 CVEs,
  // docs/architecture.md) and build answers of up to 1000 rows, so they get more memory
  // (which also buys CPU). They stream their answers, which may be far larger than a buffered
  // Lambda answer can be; past the first 10 MB a stream flows at 2 MB/s, so an uncompressed
  // 85 MB export (1000 records at NVD's extremes) needs about 40 s: 120 s leaves room, and a
  // streamed integration may run past API Gateway's 29 s (up to 15 minutes).
  exportCsv: {
    id: 'exportCsv',
    entry: 'export-csv',
    description: 'GET /api/cves/export.csv: filtered CVEs as CSV',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'readWrite', catalogue: 'read', counters: 'readWrite' },
    memoryMb: 1024,
    timeoutSeconds: 120,
    responseStreaming: true,
  },
  exportJson: {
    id: 'exportJson',
    entry: 'export-json',
    description: 'GET /api/cves/export.json: filtered CVEs as JSON',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'readWrite', catalogue: 'read', counters: 'readWrite' },
    memoryMb: 1024,
    timeoutSeconds: 120,
    responseStreaming: true,
  },
  exportSarif: {
    id: 'exportSarif',
    entry: 'export-sarif',
    description: 'GET /api/cves/export.sarif: filtered CVEs as SARIF 2.1.0',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'readWrite', catalogue: 'read', counters: 'readWrite' },
    memoryMb: 1024,
    timeoutSeconds: 120,
    responseStreaming: true,
  },
  // A page of 1000 changes carries 1000 records (as large as an export's), so it streams too.
  changes: {
    id: 'changes',
    entry: 'changes',
    description: 'GET /api/changes: the catalogue change log from a cursor',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'readWrite', changes: 'read', counters: 'readWrite' },
    memoryMb: 512,
    timeoutSeconds: 30,
    responseStreaming: true,
  },
  // A scan reads the package index once per distinct package and the catalogue once per CVE
  // found; its SARIF answer for 10,000 components can be large, so it streams like the exports.
  scan: {
    id: 'scan',
    entry: 'scan',
    description: 'POST /api/scan: an SBOM or lockfile in, the vulnerabilities that affect it out (JSON, SARIF, OpenVEX)',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'readWrite', catalogue: 'read', advisories: 'read', counters: 'readWrite' },
    memoryMb: 1024,
    timeoutSeconds: 60,
    responseStreaming: true,
  },
  // Reads the watchlist (accounts) and scans the newest changes; no key, the token is the capability.
  feed: {
    id: 'feed',
    entry: 'feed',
    description: 'GET /feeds/<token>.atom: the private Atom feed of one watchlist',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'read', changes: 'read' },
    memoryMb: 512,
    timeoutSeconds: 15,
  },
  openapi: {
    id: 'openapi',
    entry: 'openapi',
    description: 'GET /openapi.json: the OpenAPI 3.1 document of the API',
    parameters: ['publicBaseUrl'],
    tables: {},
    timeoutSeconds: 5,
  },
} as const satisfies Record<string, FunctionDefinition>;

export type FunctionId = keyof typeof definitions;
export const FUNCTIONS: Readonly<Record<FunctionId, FunctionDefinition>> = definitions;
