import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config/index.js';
import { DependencyError } from '../domain/errors.js';

let client: DynamoDBDocumentClient | undefined;

/** One document client per process (a Lambda container or the local stack). */
export function documentClient(): DynamoDBDocumentClient {
  if (client) return client;
  const { AWS_REGION, DYNAMODB_ENDPOINT, DYNAMODB_TIMEOUT_MS } = config();
  const base = new DynamoDBClient({
    region: AWS_REGION,
    maxAttempts: 2,
    // Without throwOnRequestTimeout the SDK only logs a warning when requestTimeout passes and
    // keeps waiting: a table that accepts the connection and never answers hung the call forever.
    requestHandler: {
      connectionTimeout: Math.min(1000, DYNAMODB_TIMEOUT_MS),
      requestTimeout: DYNAMODB_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
    ...(DYNAMODB_ENDPOINT
      ? { endpoint: DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  client = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  return client;
}

/** Tests and the local stack point the process at a new endpoint. */
export function resetDocumentClient(): void {
  client?.destroy();
  client = undefined;
}

/** Error names that are answers about our own request, not a failing dependency. */
const DOMAIN_ANSWERS = new Set(['ConditionalCheckFailedException', 'TransactionCanceledException']);

export function isConditionalCheckFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/**
 * Runs one DynamoDB call and turns every failure that is not an answer about our own request
 * (timeouts, refused connections, throttling, 5xx) into a DependencyError, which the API maps
 * to 503 with Retry-After instead of a 500.
 */
export async function dynamo<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Error && DOMAIN_ANSWERS.has(error.name)) throw error;
    if (error instanceof Error && error.name === 'ValidationException') throw error;
    throw new DependencyError('DynamoDB', { cause: error });
  }
}
