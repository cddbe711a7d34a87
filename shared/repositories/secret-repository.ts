import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { secretsManagerSdk } from './aws-sdk.js';
import { config } from '../config/index.js';
import { ConfigurationError, DependencyError } from '../domain/errors.js';

let client: SecretsManagerClient | undefined;

/**
 * The process's one Secrets Manager client (the OAuth client secrets, the NVD API key). A secret's
 * string value; a failure to read it is a dependency failure (503), never a 500.
 */
export async function readSecretString(secretId: string): Promise<string> {
  const { GetSecretValueCommand, SecretsManagerClient } = secretsManagerSdk();
  client ??= new SecretsManagerClient({ region: config().AWS_REGION, maxAttempts: 2 });
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
    if (!out.SecretString) throw new Error('the secret has no string value');
    return out.SecretString.trim();
  } catch (error) {
    throw refusalOrDependency(error);
  }
}

/** Replaces a secret's string value (operator CLIs such as `npm run setup:oauth`, never a request path). */
export async function writeSecretString(secretId: string, value: string): Promise<void> {
  const { PutSecretValueCommand, SecretsManagerClient } = secretsManagerSdk();
  client ??= new SecretsManagerClient({ region: config().AWS_REGION });
  try {
    await client.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: value }));
  } catch (error) {
    throw refusalOrDependency(error);
  }
}

/** The role lacks the grant: a deployment bug (500, logged), not a dependency to retry. */
function refusalOrDependency(error: unknown): Error {
  if (error instanceof Error && error.name === 'AccessDeniedException')
    return new ConfigurationError(`Secrets Manager refused the call (AccessDeniedException): ${error.message}`, { denied: error.message, cause: error });
  return new DependencyError('Secrets Manager', { cause: error });
}
