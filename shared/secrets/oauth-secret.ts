import { readFileSync } from 'node:fs';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import type { ProviderId } from '../auth/providers.js';
import { config } from '../config/index.js';
import { DependencyError } from '../domain/errors.js';

/**
 * The OAuth client secrets, one per provider: `{"github":"…","google":"…","microsoft":"…"}`.
 * In AWS a Secrets Manager secret that only the sign-in callback function may read; locally
 * the same JSON from OAUTH_SECRET_JSON or OAUTH_SECRET_FILE. Client ids are not secret and come
 * from configuration, so the start of the flow never needs this.
 */
export const oauthSecretSchema = z.object({
  github: z.string().min(1).optional(),
  google: z.string().min(1).optional(),
  microsoft: z.string().min(1).optional(),
});
export type OAuthSecret = z.infer<typeof oauthSecretSchema>;

/** A warm function re-reads the secret after this long, so a rotation reaches it. */
const CACHE_MS = 5 * 60 * 1000;
let cached: { value: OAuthSecret; at: number } | undefined;
let client: SecretsManagerClient | undefined;

async function load(): Promise<OAuthSecret> {
  const { OAUTH_SECRET_ID, OAUTH_SECRET_JSON, OAUTH_SECRET_FILE, AWS_REGION } = config();
  let raw: string | undefined;
  if (OAUTH_SECRET_ID) {
    client ??= new SecretsManagerClient({ region: AWS_REGION, maxAttempts: 2 });
    try {
      const out = await client.send(new GetSecretValueCommand({ SecretId: OAUTH_SECRET_ID }));
      raw = out.SecretString;
    } catch (error) {
      throw new DependencyError('Secrets Manager', { cause: error });
    }
  } else if (OAUTH_SECRET_JSON) {
    raw = OAUTH_SECRET_JSON;
  } else if (OAUTH_SECRET_FILE) {
    raw = readFileSync(OAUTH_SECRET_FILE, 'utf8');
  }
  if (!raw) return {};
  return oauthSecretSchema.parse(JSON.parse(raw));
}

export async function oauthClientSecret(provider: ProviderId, now = Date.now()): Promise<string | undefined> {
  if (!cached || now - cached.at > CACHE_MS) cached = { value: await load(), at: now };
  return cached.value[provider];
}

/** Tests and the local stack change the configuration underneath a loaded module. */
export function resetOAuthSecretCache(): void {
  cached = undefined;
}
