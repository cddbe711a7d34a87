import { readFileSync } from 'node:fs';
import * as z from 'zod';
import type { ProviderId } from '../auth/providers.js';
import { config } from '../config/index.js';
import { readSecretString } from '../repositories/secret-repository.js';

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

async function load(): Promise<OAuthSecret> {
  const { OAUTH_SECRET_ID, OAUTH_SECRET_JSON, OAUTH_SECRET_FILE } = config();
  let raw: string | undefined;
  if (OAUTH_SECRET_ID) {
    raw = await readSecretString(OAUTH_SECRET_ID);
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
