import { BATCH_LOOKUP } from '../domain/limits.js';
import type { FunctionDefinition, RouteDeclaration } from '../platform/function-definition.js';

/**
 * The catalogue slice's functions and routes: the CVE lookup and batch, the exports, the package
 * lookup, the public CVE pages and search, the OpenAPI document and the health check. Each
 * declaration says all a function may reach (shared/platform/function-definition.ts);
 * shared/platform/functions.ts and routes.ts join the slices' declarations for the CDK stacks and
 * the local stack.
 */
export const CATALOGUE_FUNCTIONS = {
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
  // One Query of the package index and one BatchGet of catalogue records (product-decisions §8).
  packageLookup: {
    id: 'packageLookup',
    entry: 'package-lookup',
    description: 'GET /api/packages/{ecosystem}/{name}: the vulnerabilities that affect one version of a package',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'readWrite', advisories: 'read', catalogue: 'read', counters: 'readWrite' },
    timeoutSeconds: 10,
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
  openapi: {
    id: 'openapi',
    entry: 'openapi',
    description: 'GET /openapi.json: the OpenAPI 3.1 document of the API',
    parameters: ['publicBaseUrl'],
    tables: {},
    timeoutSeconds: 5,
  },
} as const satisfies Record<string, FunctionDefinition>;

export const CATALOGUE_ROUTES: readonly RouteDeclaration<keyof typeof CATALOGUE_FUNCTIONS>[] = [
  { method: 'GET', path: '/health', functionId: 'health', auth: 'none' },
  { method: 'GET', path: '/api/cve/{cve_id}', functionId: 'cveLookup', auth: 'apiKey' },
  // The public page of one CVE (the SARIF helpUri target).
  { method: 'GET', path: '/cve/{cve_id}', functionId: 'cvePage', auth: 'none' },
  // The home page's search box: keyless, public and cached by CloudFront on `q` (docs/home-page.md).
  { method: 'GET', path: '/search', functionId: 'cveSearch', auth: 'none' },
  { method: 'POST', path: '/api/cves/batch', functionId: 'cveBatch', auth: 'apiKey' },
  { method: 'GET', path: '/api/cves/export.csv', functionId: 'exportCsv', auth: 'apiKey' },
  { method: 'GET', path: '/api/cves/export.json', functionId: 'exportJson', auth: 'apiKey' },
  { method: 'GET', path: '/api/cves/export.sarif', functionId: 'exportSarif', auth: 'apiKey' },
  // `{name+}`: npm scopes (`@scope/name`) and Go module paths carry slashes.
  { method: 'GET', path: '/api/packages/{ecosystem}/{name+}', functionId: 'packageLookup', auth: 'apiKey' },
  { method: 'GET', path: '/openapi.json', functionId: 'openapi', auth: 'none' },
];
