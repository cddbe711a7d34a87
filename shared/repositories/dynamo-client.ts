import type { DynamoDBClient as Client } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient as DocumentClient } from '@aws-sdk/lib-dynamodb';
import type { InitializeMiddleware } from '@smithy/types';
import { dynamoDbClientSdk, dynamoDbDocumentSdk } from './aws-sdk.js';
import { config } from '../config/index.js';
import { ApiError, ConfigurationError, DependencyError } from '../domain/errors.js';

const { DynamoDBClient } = dynamoDbClientSdk;
const { DynamoDBDocumentClient } = dynamoDbDocumentSdk;

let client: DocumentClient | undefined;
let bulk: Client | undefined;

/**
 * Sees every DynamoDB call before it is sent (its command name, e.g. `GetItemCommand`, and its
 * input) and may refuse it by throwing. The local stack installs one that refuses what the calling
 * function's role would not allow (shared/local/iam-check.ts); in Lambda there is none.
 */
export type DynamoCallGuard = (commandName: string, input: object) => void;
let guard: DynamoCallGuard | undefined;

function baseClient(options: { cacheMiddleware?: boolean } = {}): Client {
  const { AWS_REGION, DYNAMODB_ENDPOINT, DYNAMODB_TIMEOUT_MS } = config();
  const base = new DynamoDBClient({
    region: AWS_REGION,
    maxAttempts: 2,
    ...options,
    // Without throwOnRequestTimeout the SDK only logs a warning when requestTimeout passes and
    // keeps waiting: a table that accepts the connection and never answers hung the call forever.
    requestHandler: {
      // In AWS a connection that takes over a second is a network fault: give up and let the one
      // retry try another. A local store (dynalite) accepts on the event loop the functions
      // share, so many calls at once wait for it: there the whole call budget is the connect budget.
      connectionTimeout: DYNAMODB_ENDPOINT ? DYNAMODB_TIMEOUT_MS : Math.min(1000, DYNAMODB_TIMEOUT_MS),
      requestTimeout: DYNAMODB_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      // The SDK's default pool is 50 sockets, and a call waiting for a free one counts against
      // connectionTimeout. A Lambda container serves one request at a time and never fills it;
      // the local stack runs every function in one process on one client, where 150 concurrent
      // requests queued for sockets long enough, on a busy machine, to fail as 503s.
      httpAgent: { maxSockets: 1024 },
    },
    ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  // The SDK's logger middleware copies every request and answer through its sensitive-data filter
  // after each call even though no logger is configured (a NoOpLogger still has `info`): on a bulk
  // ingest that walk of every written item was ~4 % of the process's CPU. Nothing here logs SDK calls.
  base.middlewareStack.remove('loggerMiddleware');
  if (guard) {
    const check = guard;
    base.middlewareStack.add(
      (next, context) => async (args) => {
        check(String(context.commandName), args.input);
        return next(args);
      },
      { step: 'initialize', priority: 'high', name: 'plaincveCallGuard' },
    );
  }
  return base;
}

/** One document client per process (a Lambda container or the local stack). */
export function documentClient(): DocumentClient {
  client ??= DynamoDBDocumentClient.from(baseClient(), { marshallOptions: { removeUndefinedValues: true } });
  return client;
}

/**
 * The client of the bulk calls (BatchGetItem, BatchWriteItem: shared/repositories/batch.ts),
 * without the document layer: their callers marshal items themselves. It resolves its middleware
 * once per command kind (`cacheMiddleware`) instead of once per call: at twenty calls per
 * hundred ingested records, resolving the stack again and going through the document layer
 * was most of the SDK's fixed cost per call (docs/ingest.md, "Speed"). The document client
 * cannot do the same: its commands resolve against the first call's input.
 */
export function bulkClient(): Client {
  bulk ??= baseClient({ cacheMiddleware: true });
  return bulk;
}

/** The local stack's IAM stand-in (undefined: none). The clients are made afresh to carry it. */
export function useDynamoCallGuard(next: DynamoCallGuard | undefined): void {
  guard = next;
  resetDocumentClient();
}

/** Tests and the local stack point the process at a new endpoint. */
export function resetDocumentClient(): void {
  client?.destroy();
  client = undefined;
  bulk?.destroy();
  bulk = undefined;
}

/**
 * Benches: `listener` hears of every DynamoDB call this process makes from now on (its command's
 * name and its output), through both clients. The clients are made afresh first: the bulk client
 * keeps the middleware it resolved at its first call, so a listener must be there before it.
 */
export function observeDynamoCalls(listener: (commandName: string, output: Record<string, unknown>) => void): void {
  resetDocumentClient();
  const observing =
    <Input extends object, Output extends object>(): InitializeMiddleware<Input, Output> =>
    (next, context) =>
    async (args) => {
      const out = await next(args);
      listener(String(context.commandName), (out.output ?? {}) as unknown as Record<string, unknown>);
      return out;
    };
  const at = { step: 'initialize', name: 'observeDynamoCalls' } as const;
  documentClient().middlewareStack.add(observing(), at);
  bulkClient().middlewareStack.add(observing(), at);
}

/** Error names that are answers about our own request, not a failing dependency. */
/** DynamoDB's (and dynalite's) words for a key attribute value it will not take. */
const KEY_REFUSAL = /\bkey\b|hashkey|rangekey|key attribute/i;

const DOMAIN_ANSWERS = new Set(['ConditionalCheckFailedException', 'TransactionCanceledException']);

export function isConditionalCheckFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/**
 * Runs one DynamoDB call and turns every failure that is not an answer about our own request
 * (timeouts, refused connections, throttling, 5xx) into a DependencyError, which the API maps
 * to 503 with Retry-After instead of a 500. A missing table name or grant is a
 * ConfigurationError (500): retrying cannot fix a deployment.
 */
export async function dynamo<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Error && DOMAIN_ANSWERS.has(error.name)) throw error;
    if (error instanceof ConfigurationError) throw error;
    // The role lacks the grant: a deployment bug no retry fixes (docs/architecture.md, "The local stack").
    if (error instanceof Error && error.name === 'AccessDeniedException') {
      throw new ConfigurationError(`DynamoDB refused the call (AccessDeniedException): ${error.message}`, { denied: error.message, cause: error });
    }
    // The store refuses a key it cannot hold (over 2,048 bytes, empty): no such item can exist,
    // and the value came from the request, so it is the client's 400, never a 500.
    if (error instanceof Error && error.name === 'ValidationException' && KEY_REFUSAL.test(error.message)) {
      throw new ApiError('BAD_REQUEST', 'A value in the request is longer than the service accepts.');
    }
    if (error instanceof Error && error.name === 'ValidationException') throw error;
    throw new DependencyError('DynamoDB', { cause: error });
  }
}
