import type { FunctionDefinition, RouteDeclaration } from '../platform/function-definition.js';

/**
 * The change pipeline in AWS (product-decisions §7, docs/architecture.md "Change delivery"):
 * DynamoDB Streams of the catalogue table (new and old images) → the matcher → the SQS delivery
 * queue → the delivery function. Neither function sits behind API Gateway, so they are not in
 * FUNCTIONS (which the API stack turns into routes' functions); the change-delivery stack builds
 * them from these definitions. Locally the same use cases run in-process: the change log stands in
 * for the stream, and shared/local/in-process-delivery-queue.ts for the queue and its event source.
 */
export const CHANGE_MATCHER_FUNCTION: FunctionDefinition = {
  id: 'changeMatcher',
  entry: 'change-matcher',
  description: 'Catalogue stream (new and old images) → one delivery message per matching watchlist and change',
  // Accounts: every watchlist (the sparse allWatchlists index). The stream's images carry the
  // records, and the ingest writes the change log itself, so no other table.
  tables: { accounts: 'read' },
  indexes: { accounts: ['allWatchlists'] },
  queues: { delivery: 'send' },
  memoryMb: 1024,
  timeoutSeconds: 120,
};

export const WEBHOOK_DELIVERY_FUNCTION: FunctionDefinition = {
  id: 'webhookDelivery',
  entry: 'webhook-delivery',
  description: 'Delivery queue → signed webhook POSTs (Standard Webhooks), retries, pause and the delivery log',
  // Accounts: the watchlist (URL, secret, status), its pause, and the delivery log it writes.
  tables: { accounts: 'readWrite' },
  queues: { delivery: 'consume' },
  memoryMb: 512,
  // One POST waits at most a few seconds; a batch of 10 stays well inside this.
  timeoutSeconds: 60,
};

/**
 * The delivery queue. A failed POST is retried by making its message visible again later (the
 * delivery function sets the visibility timeout to the next step of the backoff and reports the
 * message as a batch item failure), so the schedule of about 24 h lives in the delivery use case
 * and the queue only needs to keep messages long enough. A message received `maxReceiveCount`
 * times without being settled (the function itself kept failing, not the receiver) goes to the
 * dead-letter queue, which alarms.
 */
export const DELIVERY_QUEUE = {
  /** Default visibility: longer than the delivery function's timeout, as Lambda requires. */
  visibilityTimeoutSeconds: 6 * WEBHOOK_DELIVERY_FUNCTION.timeoutSeconds!,
  /** Longer than the ~24 h retry schedule with room to spare; SQS allows up to 14 days. */
  retentionDays: 4,
  /** Above the delivery attempts (at least 6), so only a delivery function that crashes reaches the DLQ. */
  maxReceiveCount: 12,
  /** Messages per invocation of the delivery function. */
  batchSize: 10,
  deadLetterRetentionDays: 14,
} as const;

/** How the matcher reads the stream: a record that keeps failing is set aside, never blocks its shard for a day. */
export const CATALOGUE_STREAM_READING = {
  batchSize: 100,
  maxBatchingWindowSeconds: 5,
  retryAttempts: 5,
  bisectBatchOnError: true,
  /** Stream records older than this are skipped to the failure queue (the change log is hours behind otherwise). */
  maxRecordAgeHours: 6,
} as const;

/**
 * The keeping-up slice's API functions and routes: the change log (`/api/changes`), watchlists
 * with an API key, and the private Atom feeds. The change matcher and the webhook delivery
 * function, which no route reaches, are declared above with their queue and stream.
 */
export const KEEPING_UP_FUNCTIONS = {
  // Product decisions §10: the dashboard's watchlist calls for an API key's account (the watchlists live in the accounts table).
  watchlistsApi: {
    id: 'watchlistsApi',
    entry: 'watchlists-api',
    description: '/api/watchlists...: watchlists managed with an API key',
    tables: { accounts: 'readWrite', counters: 'readWrite' },
    parameters: ['publicBaseUrl'],
    timeoutSeconds: 10,
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
} as const satisfies Record<string, FunctionDefinition>;

export const KEEPING_UP_ROUTES: readonly RouteDeclaration<keyof typeof KEEPING_UP_FUNCTIONS>[] = [
  { method: 'GET', path: '/api/changes', functionId: 'changes', auth: 'apiKey' },
  { method: 'GET', path: '/api/watchlists', functionId: 'watchlistsApi', auth: 'apiKey' },
  { method: 'POST', path: '/api/watchlists', functionId: 'watchlistsApi', auth: 'apiKey' },
  { method: 'GET', path: '/api/watchlists/{id}', functionId: 'watchlistsApi', auth: 'apiKey' },
  { method: 'PATCH', path: '/api/watchlists/{id}', functionId: 'watchlistsApi', auth: 'apiKey' },
  { method: 'DELETE', path: '/api/watchlists/{id}', functionId: 'watchlistsApi', auth: 'apiKey' },
  // A watchlist's private Atom feed: `{file}` is `<token>.atom`; the token is the capability (docs/feeds.md).
  { method: 'GET', path: '/feeds/{file}', functionId: 'feed', auth: 'none' },
];
