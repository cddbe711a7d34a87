import { readFileSync } from 'node:fs';
import type { ProviderId } from '../auth/providers.js';
import { config } from '../config/index.js';
import { readSecretString } from '../repositories/secret-repository.js';
import { EMPTY_OAUTH_SETTINGS, credentialsOf, oauthSettingsSchema, type OAuthSettings, type ProviderCredentials } from './oauth-settings.js';

/**
 * The OAuth settings (shared/secrets/oauth-settings.ts): in AWS a Secrets Manager secret that
 * only the sign-in functions may read; locally the same JSON from OAUTH_SECRET_JSON or
 * OAUTH_SECRET_FILE (the file `npm run setup:oauth` writes).
 */
/** A warm function re-reads the secret after this long, so a rotation reaches it. */
const CACHE_MS = 5 * 60 * 1000;
let cached: { value: OAuthSettings; at: number } | undefined;

async function load(): Promise<OAuthSettings> {
  const { OAUTH_SECRET_ID, OAUTH_SECRET_JSON, OAUTH_SECRET_FILE } = config();
  let raw: string | undefined;
  if (OAUTH_SECRET_ID) {
    raw = await readSecretString(OAUTH_SECRET_ID);
  } else if (OAUTH_SECRET_JSON) {
    raw = OAUTH_SECRET_JSON;
  } else if (OAUTH_SECRET_FILE) {
    raw = readFileSync(OAUTH_SECRET_FILE, 'utf8');
  }
  if (!raw) return EMPTY_OAUTH_SETTINGS;
  return oauthSettingsSchema.parse(JSON.parse(raw));
}

/** A provider's client id and secret, or undefined when the operator has not filled them in. */
export async function oauthCredentials(provider: ProviderId, now = Date.now()): Promise<ProviderCredentials | undefined> {
  if (!cached || now - cached.at > CACHE_MS) cached = { value: await load(), at: now };
  return credentialsOf(cached.value, provider);
}

/** Tests and the local stack change the configuration underneath a loaded module. */
export function resetOAuthSecretCache(): void {
  cached = undefined;
}
