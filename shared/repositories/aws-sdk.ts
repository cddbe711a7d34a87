import type * as DynamoDbClientSdk from '@aws-sdk/client-dynamodb';
import type * as DynamoDbDocumentSdk from '@aws-sdk/lib-dynamodb';
import type * as DynamoDbUtil from '@aws-sdk/util-dynamodb';
import type * as SecretsManagerSdk from '@aws-sdk/client-secrets-manager';
import type * as SqsSdk from '@aws-sdk/client-sqs';
import { createRequire } from 'node:module';

/**
 * The AWS SDK, loaded with `require`. The SDK ships CommonJS (the runtime's copy in Lambda, and
 * node_modules locally); an ES module that `import`s CommonJS makes Node scan every file of it
 * for export names first, which doubled the SDK's share of a cold start (about 190 against 110
 * CPU ms for the DynamoDB packages, `npm run bench -- bundles`). Repositories take the SDK's
 * values from here (ESLint enforces it) and its types from the packages (`import type`).
 * esbuild leaves these calls alone: the SDK stays outside the bundles, as Lambda provides it
 * (`require` finds the runtime's copy through NODE_PATH, which includes /var/runtime/node_modules).
 */
const requireCommonJs = createRequire(import.meta.url);

export const dynamoDbClientSdk = requireCommonJs('@aws-sdk/client-dynamodb') as typeof DynamoDbClientSdk;
export const dynamoDbDocumentSdk = requireCommonJs('@aws-sdk/lib-dynamodb') as typeof DynamoDbDocumentSdk;
/** marshall/unmarshall: the document client's own conversion, for the bulk calls that skip it (dynamo-client.ts). */
export const dynamoDbUtil = requireCommonJs('@aws-sdk/util-dynamodb') as typeof DynamoDbUtil;

/** Only the sign-in functions need Secrets Manager: loaded on their first call, not with the module. */
export function secretsManagerSdk(): typeof SecretsManagerSdk {
  return requireCommonJs('@aws-sdk/client-secrets-manager') as typeof SecretsManagerSdk;
}

/** Only the change matcher and the webhook delivery function use SQS: loaded on first use. */
export function sqsSdk(): typeof SqsSdk {
  return requireCommonJs('@aws-sdk/client-sqs') as typeof SqsSdk;
}
