import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ProviderId } from '../../auth/providers.js';
import { readSecretString, writeSecretString } from '../../repositories/secret-repository.js';
import { EMPTY_OAUTH_SETTINGS, oauthSettingsSchema, withProvider, type OAuthSettings } from '../../secrets/oauth-settings.js';

/** Where the OAuth settings live: the Secrets Manager secret in AWS, a JSON file locally. */
export type OAuthSettingsStore = { readonly kind: 'aws'; readonly secretId: string } | { readonly kind: 'file'; readonly path: string };

async function read(store: OAuthSettingsStore): Promise<OAuthSettings> {
  const raw = store.kind === 'aws' ? await readSecretString(store.secretId) : existsSync(store.path) ? readFileSync(store.path, 'utf8') : '';
  // A secret from before the JSON shape (or an empty file) starts from the empty settings.
  if (!raw.trim().startsWith('{')) return EMPTY_OAUTH_SETTINGS;
  return oauthSettingsSchema.parse(JSON.parse(raw));
}

async function write(store: OAuthSettingsStore, settings: OAuthSettings): Promise<void> {
  const json = JSON.stringify(settings, null, 2);
  if (store.kind === 'aws') return writeSecretString(store.secretId, json);
  mkdirSync(dirname(store.path), { recursive: true });
  writeFileSync(store.path, `${json}\n`, { mode: 0o600 });
}

/** Fills one provider's client id and secret, keeping the others as they are. */
export async function setupOAuthProvider(store: OAuthSettingsStore, provider: ProviderId, clientId: string, clientSecret: string): Promise<void> {
  await write(store, withProvider(await read(store), provider, { clientId, clientSecret }));
}
