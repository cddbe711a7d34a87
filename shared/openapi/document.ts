import * as z from '../domain/zod.js';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import { CSV_COLUMNS, CSV_EXTRA_COLUMNS, CSV_HEADER, cveExplanationSchema, exportMetaSchema, exportRecordSchema, healthSchema } from '../domain/cve.js';
import { errorEnvelopeSchema, type ErrorCode } from '../domain/errors.js';
import { BATCH_LOOKUP, CHANGE_RETENTION_DAYS, EXPORT_LIMIT, CORE_LIMIT, MAX_EXPORT_ROWS, MAX_REQUEST_BODY_LABEL } from '../domain/limits.js';
import { cveBatchRequestSchema, cveBatchSchema } from '../domain/cve-batch.js';
import { MAX_WATCHLISTS, createWatchlistSchema, updateWatchlistSchema, watchlistSchema } from '../domain/watchlist.js';
import type { FunctionId } from '../platform/functions.js';
import { ROUTES, isProgrammaticApiRoute, type HttpMethod, type RouteDefinition } from '../platform/routes.js';
import { changesPageSchema } from '../domain/change-log.js';
import { changesParameterSchemas } from '../query/changes-query.js';
import { packageReportSchema } from '../domain/package-vulnerability.js';
import { packageParameterSchemas } from '../query/package-parameters.js';
import { filterParameterSchemas, sarifPathSchema, type ExportFormat } from '../query/export-query.js';
import { scanReportSchema } from '../domain/scan-report.js';
import { scanParameterSchemas } from '../query/scan-query.js';
import { MAX_COMPONENTS, MAX_MANIFEST_BYTES, MAX_MANIFEST_LABEL } from '../scan/manifest.js';

/** The JSON export's payload (interface §4.4). */
export const exportEnvelopeSchema = z
  .object({ ok: z.literal(true), data: z.object({ cves: z.array(exportRecordSchema), meta: exportMetaSchema }) })
  .register(z.globalRegistry, { id: 'ExportEnvelope' });

/** The SARIF export's top level (interface §4.5); the full format is the OASIS SARIF 2.1.0 schema. */
export const sarifLogSchema = z
  .looseObject({
    $schema: z.string(),
    version: z.literal('2.1.0'),
    runs: z.array(z.looseObject({ tool: z.looseObject({ driver: z.looseObject({ name: z.string() }) }) })).check(z.length(1)),
  })
  .register(z.globalRegistry, {
    id: 'SarifLog',
    description:
      "A SARIF 2.1.0 log (https://docs.oasis-open.org/sarif/sarif/v2.1.0/) with one run: one rule and one result per exported CVE and one CWE 4.13 taxonomy. A result with a risk level carries `risk-level` and beside it `risk-meaning`, the level in words (it measures a detection gap, not severity); an export's rule says it in `help.markdown` too.",
  });

export const csvSchema = z.string().register(z.globalRegistry, {
  description: `RFC 4180 CSV, UTF-8, CRLF line ends, a header row, then one row per CVE with the columns ${CSV_HEADER.join(', ')} (the last ${CSV_EXTRA_COLUMNS.length} appended after the interface's ${CSV_COLUMNS.length}, so that a reader of those keeps working). Cells starting with = + - @ tab or CR are prefixed with '.`,
});

const healthEnvelopeSchema = z.object({ ok: z.literal(true), data: healthSchema }).register(z.globalRegistry, { id: 'HealthEnvelope' });
const changesEnvelopeSchema = z.object({ ok: z.literal(true), data: changesPageSchema }).register(z.globalRegistry, { id: 'ChangesEnvelope' });
const packageEnvelopeSchema = z.object({ ok: z.literal(true), data: packageReportSchema }).register(z.globalRegistry, { id: 'PackageReportEnvelope' });
const scanEnvelopeSchema = z.object({ ok: z.literal(true), data: scanReportSchema }).register(z.globalRegistry, { id: 'ScanEnvelope' });
const openVexSchema = z
  .looseObject({
    '@context': z.literal('https://openvex.dev/ns/v0.2.0'),
    '@id': z.string(),
    author: z.string(),
    timestamp: z.string(),
    version: z.number(),
    statements: z.array(z.looseObject({})),
  })
  .register(z.globalRegistry, {
    id: 'OpenVexDocument',
    description: 'An OpenVEX 0.2.0 document (https://github.com/openvex/spec): one `affected` statement per component and vulnerability.',
  });
const batchEnvelopeSchema = z.object({ ok: z.literal(true), data: cveBatchSchema }).register(z.globalRegistry, { id: 'CveBatchEnvelope' });
const lookupEnvelopeSchema = z.object({ ok: z.literal(true), data: cveExplanationSchema }).register(z.globalRegistry, { id: 'CveExplanationEnvelope' });

const rateHeaders = (resource: 'core' | 'exports') => {
  const limit = resource === 'core' ? CORE_LIMIT : EXPORT_LIMIT;
  const window = resource === 'core' ? 'UTC minute' : 'UTC hour';
  return z.object({
    'X-RateLimit-Limit': z
      .string()
      .register(z.globalRegistry, { description: `Requests allowed in the window (${limit.limit} per ${window}).`, example: String(limit.limit) }),
    'X-RateLimit-Remaining': z.string().register(z.globalRegistry, { description: 'Requests left in the current window.' }),
    'X-RateLimit-Reset': z.string().register(z.globalRegistry, { description: 'Unix time (seconds) at which the window resets.' }),
    'X-RateLimit-Resource': z.enum([resource]).register(z.globalRegistry, { description: 'Which allowance the other headers describe.' }),
  });
};
const retryAfter = z.object({ 'Retry-After': z.string().register(z.globalRegistry, { description: 'Seconds to wait before retrying.' }) });

function errorResponse(description: string, codes: readonly ErrorCode[], headers?: z.ZodMiniObject): ZodOpenApiResponseObject {
  return {
    description: `${description} Codes: ${codes.join(', ')}.`,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: errorEnvelopeSchema } },
  };
}

function protectedErrors(resource: 'core' | 'exports', badRequest: readonly ErrorCode[]) {
  const rate = rateHeaders(resource);
  return {
    400: errorResponse('Invalid input; `details` names each bad parameter.', [...badRequest], rate),
    401: errorResponse('The X-API-Key header is missing, or the key is malformed, unknown or revoked.', ['MISSING_API_KEY', 'INVALID_API_KEY']),
    429: errorResponse(
      resource === 'exports'
        ? `Too many requests (${CORE_LIMIT.limit} per minute) or too many exports (${EXPORT_LIMIT.limit} per UTC hour, shared by the three formats).`
        : `Too many requests: ${CORE_LIMIT.limit} per minute per account (all its keys).`,
      resource === 'exports' ? ['RATE_LIMITED', 'EXPORT_LIMIT_EXCEEDED'] : ['RATE_LIMITED'],
      z.extend(rate, retryAfter.shape),
    ),
    413: errorResponse(`The request body is over ${MAX_REQUEST_BODY_LABEL} (answered by the gateway, before any function runs).`, ['PAYLOAD_TOO_LARGE']),
    500: errorResponse('A bug on our side; never carries a stack trace.', ['INTERNAL_ERROR']),
    503: errorResponse('A dependency failed or timed out.', ['SERVICE_UNAVAILABLE'], retryAfter),
  } as const;
}

const exportDescriptions: Record<ExportFormat, { summary: string; mediaType: string; schema: z.ZodMiniType }> = {
  csv: { summary: 'Export CVEs as CSV', mediaType: 'text/csv', schema: csvSchema },
  json: { summary: 'Export CVEs as JSON (explanations, exploit intelligence, patch status)', mediaType: 'application/json', schema: exportEnvelopeSchema },
  sarif: { summary: 'Export CVEs as SARIF 2.1.0 for code scanning', mediaType: 'application/sarif+json', schema: sarifLogSchema },
};

function exportOperation(format: ExportFormat) {
  const { summary, mediaType, schema } = exportDescriptions[format];
  const query = z.object({
    severity: z.optional(filterParameterSchemas.severity),
    risk_level: z.optional(filterParameterSchemas.risk_level),
    patch_status: z.optional(filterParameterSchemas.patch_status),
    tag: z.optional(filterParameterSchemas.tag),
    min_score: z.optional(filterParameterSchemas.min_score),
    search: z.optional(filterParameterSchemas.search),
    modified_since: z.optional(filterParameterSchemas.modified_since),
    cursor: z.optional(
      z.string().register(z.globalRegistry, {
        description: `A \`meta.next_cursor\` (JSON) or \`X-Next-Cursor\` header (every format) of an earlier page of this format, given alone: the next rows of the same export. Bound to the key that got it; lasts 24 hours from the first page. One request of the ${CORE_LIMIT.limit} per minute, no export unit. A foreign, altered or expired cursor is 400 INVALID_PARAMETER.`,
      }),
    ),
    ...(format === 'sarif' ? { sarif_path: z.optional(sarifPathSchema) } : {}),
  });
  return {
    operationId: `export${format[0]?.toUpperCase()}${format.slice(1)}`,
    summary,
    description: `At most ${MAX_EXPORT_ROWS} rows, filters combined with AND, ordered by CVSS score (descending, unscored last), then published date (descending), then CVE id. Each 200 uses one of the ${EXPORT_LIMIT.limit} exports per UTC hour shared by the three formats; a 4xx uses none. When rows are left, \`meta.next_cursor\` (JSON) and the \`X-Next-Cursor\` header give the next page: pass \`cursor\` alone. Unknown or repeated parameters are rejected. The body is gzip or br encoded when the client accepts it (and always when it is very large).`,
    tags: ['exports'],
    security: [{ apiKey: [] }],
    requestParams: { query },
    responses: {
      200: {
        description: 'The export, as a download (Content-Disposition: attachment).',
        headers: z.extend(rateHeaders('exports'), {
          'Content-Disposition': z.string().register(z.globalRegistry, { description: `attachment; filename="plaincve-export-<YYYYMMDDTHHMMSSZ>.${format}"` }),
          'X-Next-Cursor': z.optional(z.string()).register(z.globalRegistry, {
            description:
              'Present when rows are left: pass it as `cursor`. A page reached with a cursor carries the per-minute (core) rate headers instead of the export ones.',
          }),
        }),
        content: { [mediaType]: { schema } },
      },
      ...protectedErrors('exports', ['INVALID_PARAMETER']),
    },
  };
}

/**
 * The operation of each function the programmatic API routes to. The paths come from the one
 * route table (shared/platform/routes.ts), so a route and its documentation cannot drift apart.
 */
const watchlistEnvelope = (id: string, data: z.ZodMiniType) => z.object({ ok: z.literal(true), data }).register(z.globalRegistry, { id });
const watchlistOneEnvelope = watchlistEnvelope('WatchlistEnvelope', z.object({ watchlist: watchlistSchema }));
const watchlistWithSecretEnvelope = watchlistEnvelope(
  'WatchlistWithSecretEnvelope',
  z.object({
    watchlist: watchlistSchema,
    webhook_secret: z
      .optional(z.string())
      .register(z.globalRegistry, { description: 'The webhook signing secret (whsec_…), shown once: when a webhook URL is set or replaced.' }),
  }),
);
const watchlistListEnvelope = watchlistEnvelope('WatchlistListEnvelope', z.object({ watchlists: z.array(watchlistSchema), max: z.literal(MAX_WATCHLISTS) }));
const watchlistDeletedEnvelope = watchlistEnvelope('WatchlistDeletedEnvelope', z.object({ deleted: z.literal(true), id: z.string() }));

/** The five `/api/watchlists` routes share one function; each has its own operation. */
function watchlistOperation(route: RouteDefinition): ZodOpenApiOperationObject {
  const one = watchlistOneEnvelope;
  const withSecret = watchlistWithSecretEnvelope;
  const path = z.object({ id: z.string().register(z.globalRegistry, { description: 'The watchlist id (wl_…).' }) });
  const common = { tags: ['watchlists'], security: [{ apiKey: [] }] };
  const notFound = { 404: errorResponse("The key's account has no watchlist with this id.", ['NOT_FOUND'], rateHeaders('core')) };
  const ok = (description: string, schema: z.ZodMiniType, status = 200) => ({
    [status]: { description, headers: rateHeaders('core'), content: { 'application/json': { schema } } },
  });
  const filtersNote =
    'Filters take the export parameters and values (severity, risk_level, patch_status, tag, min_score, search, modified_since); events are cve.added, cve.risk_changed and cve.updated.';
  switch (`${route.method} ${route.path}`) {
    case 'GET /api/watchlists':
      return {
        ...common,
        operationId: 'listWatchlists',
        summary: "The watchlists of the key's account",
        description: `One request of the ${CORE_LIMIT.limit} per minute.`,
        responses: { ...ok('The watchlists, and the most an account may have.', watchlistListEnvelope), ...protectedErrors('core', ['BAD_REQUEST']) },
      };
    case 'POST /api/watchlists':
      return {
        ...common,
        operationId: 'createWatchlist',
        summary: 'Create a watchlist',
        description: `${filtersNote} At most ${MAX_WATCHLISTS} per account (409 CONFLICT beyond). One request of the ${CORE_LIMIT.limit} per minute.`,
        requestBody: { required: true, content: { 'application/json': { schema: createWatchlistSchema } } },
        responses: {
          ...ok('The watchlist made (and its webhook secret, once, when it has a webhook).', withSecret, 201),
          ...protectedErrors('core', ['BAD_REQUEST']),
          409: errorResponse('The account has the most watchlists it may have.', ['CONFLICT'], rateHeaders('core')),
        },
      };
    case 'GET /api/watchlists/{id}':
      return {
        ...common,
        operationId: 'getWatchlist',
        summary: 'One watchlist',
        description: `One request of the ${CORE_LIMIT.limit} per minute.`,
        requestParams: { path },
        responses: { ...ok('The watchlist.', one), ...protectedErrors('core', ['BAD_REQUEST']), ...notFound },
      };
    case 'PATCH /api/watchlists/{id}':
      return {
        ...common,
        operationId: 'updateWatchlist',
        summary: 'Change a watchlist',
        description: `${filtersNote} Give only the fields to change; \`webhook_url: null\` removes the webhook, \`webhook_status: "active"\` resumes a paused one. One request of the ${CORE_LIMIT.limit} per minute.`,
        requestParams: { path },
        requestBody: { required: true, content: { 'application/json': { schema: updateWatchlistSchema } } },
        responses: {
          ...ok('The watchlist as changed (and a new webhook secret, once, when the URL changed).', withSecret),
          ...protectedErrors('core', ['BAD_REQUEST']),
          ...notFound,
        },
      };
    case 'DELETE /api/watchlists/{id}':
      return {
        ...common,
        operationId: 'deleteWatchlist',
        summary: 'Delete a watchlist',
        description: `Its webhook, delivery log and feed go with it. One request of the ${CORE_LIMIT.limit} per minute.`,
        requestParams: { path },
        responses: { ...ok('Deleted.', watchlistDeletedEnvelope), ...protectedErrors('core', ['BAD_REQUEST']), ...notFound },
      };
    default:
      throw new Error(`No OpenAPI operation for ${route.method} ${route.path}`);
  }
}

const OPERATIONS: Partial<Record<FunctionId, (route: RouteDefinition) => ZodOpenApiOperationObject>> = {
  watchlistsApi: watchlistOperation,
  health: () => ({
    operationId: 'health',
    summary: 'Health check',
    tags: ['service'],
    security: [],
    responses: {
      200: { description: 'The service and its catalogue table answer.', content: { 'application/json': { schema: healthEnvelopeSchema } } },
      503: errorResponse('The catalogue table does not answer.', ['SERVICE_UNAVAILABLE'], retryAfter),
    },
  }),
  cveLookup: () => ({
    operationId: 'lookupCve',
    summary: 'The plain-English explanation of one CVE',
    tags: ['lookup'],
    security: [{ apiKey: [] }],
    requestParams: {
      path: z.object({
        cve_id: z
          .string()
          .register(z.globalRegistry, { description: 'A CVE id, CVE-<year>-<4 to 19 digits>; trimmed and upper-cased first.', example: 'CVE-2021-44228' }),
      }),
    },
    responses: {
      200: { description: 'The explanation.', headers: rateHeaders('core'), content: { 'application/json': { schema: lookupEnvelopeSchema } } },
      ...protectedErrors('core', ['INVALID_CVE_FORMAT', 'INVALID_PARAMETER']),
      404: errorResponse('The catalogue does not hold this CVE (or it was rejected).', ['CVE_NOT_FOUND'], rateHeaders('core')),
    },
  }),
  cveBatch: () => ({
    operationId: 'lookupCves',
    summary: `The plain-English explanations of up to ${BATCH_LOOKUP.maxIds} CVEs at once`,
    description: `Send {"ids": [...]}: 1 to ${BATCH_LOOKUP.maxIds} distinct CVE ids, each trimmed and upper-cased as in the lookup. Answers every id in the order asked: its lookup answer in \`cves\`, or its id in \`not_found\` or \`rejected\`. A batch of N ids uses ceil(N / ${BATCH_LOOKUP.idsPerUnit}) of the ${CORE_LIMIT.limit} requests per minute, all or none: when they are not left, 429 and nothing is answered. A body that is not JSON with an \`ids\` list is 400 BAD_REQUEST; a list with a bad, repeated or missing id is 400 INVALID_PARAMETER naming each.`,
    tags: ['lookup'],
    security: [{ apiKey: [] }],
    requestBody: { required: true, content: { 'application/json': { schema: cveBatchRequestSchema } } },
    responses: {
      200: {
        description: 'The explanations, and the ids not found or rejected.',
        headers: rateHeaders('core'),
        content: { 'application/json': { schema: batchEnvelopeSchema } },
      },
      ...protectedErrors('core', ['INVALID_PARAMETER', 'BAD_REQUEST']),
    },
  }),
  exportCsv: () => exportOperation('csv'),
  exportJson: () => exportOperation('json'),
  exportSarif: () => exportOperation('sarif'),
  changes: () => ({
    operationId: 'listChanges',
    summary: 'What changed in the catalogue, oldest first, from a cursor',
    description: `Every record the catalogue added, changed or rejected in the last ${CHANGE_RETENTION_DAYS} days, in the order the changes were made. Start without \`since\`, then pass each answer's \`next_cursor\` until \`has_more\` is false; later, poll again with the last \`next_cursor\`. A client that does so holds every change once, in order, also while an ingest is writing (an answer stops a few seconds behind now). A cursor older than ${CHANGE_RETENTION_DAYS} days, or one this service did not issue, answers 400 INVALID_PARAMETER: start again without \`since\`. Counts as one request of the ${CORE_LIMIT.limit} per minute.`,
    tags: ['changes'],
    security: [{ apiKey: [] }],
    requestParams: {
      query: z.object({ since: z.optional(changesParameterSchemas.since), limit: z.optional(changesParameterSchemas.limit) }),
    },
    responses: {
      200: { description: 'A page of changes.', headers: rateHeaders('core'), content: { 'application/json': { schema: changesEnvelopeSchema } } },
      ...protectedErrors('core', ['INVALID_PARAMETER']),
    },
  }),
  packageLookup: () => ({
    operationId: 'lookupPackage',
    summary: 'The vulnerabilities that affect one version of a package',
    description: `Matches the version against the OSV advisories of the package (npm, PyPI, Maven, Go, crates.io, RubyGems, NuGet), each ecosystem with its own version order, and answers each advisory that affects it with PlainCVE's explanation, severity and risk of its CVE (an advisory without a CVE under its own id), most urgent first (known exploited, then a public exploit, then EPSS, then CVSS; \`risk_level\` measures a detection gap and \`risk_meaning\` says so in words). \`fix\` names the nearest version that fixes it. Counts as one request of the ${CORE_LIMIT.limit} per minute.`,
    tags: ['packages'],
    security: [{ apiKey: [] }],
    requestParams: {
      path: z.object({ ecosystem: packageParameterSchemas.ecosystem, name: packageParameterSchemas.name }),
      query: z.object({ version: packageParameterSchemas.version }),
    },
    responses: {
      200: {
        description: 'The package as asked and the vulnerabilities of that version (an empty list when none).',
        headers: rateHeaders('core'),
        content: { 'application/json': { schema: packageEnvelopeSchema } },
      },
      ...protectedErrors('core', ['INVALID_PARAMETER']),
    },
  }),
  scan: () => ({
    operationId: 'scan',
    summary: 'Scan an SBOM or lockfile: the vulnerabilities that affect what you run',
    description: `Send a CycloneDX 1.4–1.6 JSON SBOM, an SPDX 2.3 JSON document, an npm package-lock.json (lockfileVersion 2 or 3) or a pip requirements.txt as the body; the kind is recognised from the content. Each component is matched by its ecosystem, name and version (or purl) against OSV advisories with the ecosystem's own version order; an SBOM component's CPE (2.3, or a 2.2 URI) is matched against NVD's configurations, and a CVE found both ways for one component is one vulnerability. Each finding with a CVE carries PlainCVE's plain-English explanation, severity and exploit intelligence. requirements.txt: only lines pinned with == are checked; the rest is listed in not_checked. At most ${MAX_MANIFEST_BYTES} bytes (${MAX_MANIFEST_LABEL}; send it with Content-Encoding: gzip to stay well inside the request limits) and ${MAX_COMPONENTS} components. Each 200 uses one of the ${EXPORT_LIMIT.limit} exports per UTC hour (shared with the exports); a 4xx uses none.`,
    tags: ['scan'],
    security: [{ apiKey: [] }],
    requestParams: {
      query: z.object({ format: z.optional(scanParameterSchemas.format), manifest_path: z.optional(scanParameterSchemas.manifest_path) }),
      header: z.object({ 'Content-Encoding': z.optional(z.enum(['gzip'])).register(z.globalRegistry, { description: 'gzip when the body is gzipped.' }) }),
    },
    requestBody: {
      required: true,
      description: 'The manifest, as it is on disk.',
      content: {
        'application/json': { schema: z.looseObject({}).register(z.globalRegistry, { description: 'A CycloneDX or SPDX JSON SBOM, or a package-lock.json.' }) },
        'text/plain': { schema: z.string().register(z.globalRegistry, { description: 'A pip requirements.txt.' }) },
      },
    },
    responses: {
      200: {
        description:
          'The findings, most urgent first: known exploited (KEV), then a public exploit, then EPSS, then CVSS (format=json), a SARIF 2.1.0 log with each result on the line that declares the component (format=sarif), or an OpenVEX 0.2.0 document (format=openvex).',
        headers: rateHeaders('exports'),
        content: {
          'application/json': { schema: z.union([scanEnvelopeSchema, openVexSchema]) },
          'application/sarif+json': { schema: sarifLogSchema },
        },
      },
      ...protectedErrors('exports', ['INVALID_PARAMETER', 'BAD_REQUEST']),
      413: errorResponse(
        `The manifest is over ${MAX_MANIFEST_LABEL} (or the request over what the gateway and Lambda carry).`,
        ['PAYLOAD_TOO_LARGE'],
        rateHeaders('exports'),
      ),
    },
  }),
  openapi: () => ({
    operationId: 'openApi',
    summary: 'This document',
    tags: ['service'],
    security: [],
    responses: {
      200: { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } } },
    },
  }),
};

/** API Gateway's greedy `{name+}` is an ordinary `{name}` in OpenAPI (its value may hold slashes). */
export function openApiPath(routePath: string): string {
  return routePath.replace(/\{(\w+)\+\}/g, '{$1}');
}

/** One path item per programmatic route; a route without an operation is a build-time error. */
export function pathsFromRoutes(): Record<string, Partial<Record<Lowercase<HttpMethod>, ZodOpenApiOperationObject>>> {
  const paths: Record<string, Partial<Record<Lowercase<HttpMethod>, ZodOpenApiOperationObject>>> = {};
  for (const route of ROUTES.filter(isProgrammaticApiRoute)) {
    const operation = OPERATIONS[route.functionId];
    if (!operation) throw new Error(`No OpenAPI operation for ${route.method} ${route.path} (${route.functionId})`);
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase() as Lowercase<HttpMethod>] = operation(route);
  }
  return paths;
}

/** The OpenAPI 3.1 document of the API, generated from the same zod schemas that validate it. */
export function openApiDocument(baseUrl: string, version: string) {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'PlainCVE API',
      version,
      description:
        'Plain-English CVE explanations, and exports as CSV, JSON and SARIF 2.1.0. Every endpoint except /health and /openapi.json needs an API key from the dashboard in the X-API-Key header.',
    },
    servers: [{ url: baseUrl }],
    security: [{ apiKey: [] }],
    tags: [{ name: 'lookup' }, { name: 'exports' }, { name: 'changes' }, { name: 'packages' }, { name: 'scan' }, { name: 'watchlists' }, { name: 'service' }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Your PlainCVE API key (pcve_…), from the dashboard.' },
      },
    },
    paths: pathsFromRoutes(),
  });
}
