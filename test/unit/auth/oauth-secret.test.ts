import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { resetConfig } from '../../../shared/config/index.js';
import { EMPTY_OAUTH_SETTINGS } from '../../../shared/secrets/oauth-settings.js';
import { oauthCredentials, resetOAuthSecretCache } from '../../../shared/secrets/oauth-secret.js';

const saved = { ...process.env };
afterEach(() => {
  for (const name of ['OAUTH_SECRET_ID', 'OAUTH_SECRET_JSON', 'OAUTH_SECRET_FILE']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetConfig();
  resetOAuthSecretCache();
});

function use(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfig();
  resetOAuthSecretCache();
}

const filled = { github_client_id: 'gh-id', github_client_secret: 'gh-secret', google_client_id: 'g-id', google_client_secret: 'g-secret' };

test('locally the OAuth settings come from OAUTH_SECRET_JSON', async () => {
  use({ OAUTH_SECRET_ID: undefined, OAUTH_SECRET_FILE: undefined, OAUTH_SECRET_JSON: JSON.stringify(filled) });
  expect(await oauthCredentials('github')).toEqual({ clientId: 'gh-id', clientSecret: 'gh-secret' });
  expect(await oauthCredentials('microsoft')).toBeUndefined();
});

test('or from a file with the same JSON', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'plaincve-secret-')), 'oauth.json');
  writeFileSync(file, JSON.stringify({ ...EMPTY_OAUTH_SETTINGS, microsoft_client_id: 'ms-id', microsoft_client_secret: 'ms-secret' }));
  use({ OAUTH_SECRET_ID: undefined, OAUTH_SECRET_JSON: undefined, OAUTH_SECRET_FILE: file });
  expect(await oauthCredentials('microsoft')).toEqual({ clientId: 'ms-id', clientSecret: 'ms-secret' });
});

test('the secret as first deployed (every key present, empty) leaves every provider unavailable', async () => {
  use({ OAUTH_SECRET_ID: undefined, OAUTH_SECRET_FILE: undefined, OAUTH_SECRET_JSON: JSON.stringify(EMPTY_OAUTH_SETTINGS) });
  expect(Object.keys(EMPTY_OAUTH_SETTINGS).sort()).toEqual(['github', 'google', 'microsoft'].flatMap((p) => [`${p}_client_id`, `${p}_client_secret`]).sort());
  for (const provider of ['github', 'google', 'microsoft'] as const) expect(await oauthCredentials(provider)).toBeUndefined();
});

test('a provider with an id but no secret is unavailable, not half-used', async () => {
  use({ OAUTH_SECRET_ID: undefined, OAUTH_SECRET_FILE: undefined, OAUTH_SECRET_JSON: JSON.stringify({ github_client_id: 'gh-id' }) });
  expect(await oauthCredentials('github')).toBeUndefined();
});

test('a malformed secret is refused', async () => {
  use({ OAUTH_SECRET_ID: undefined, OAUTH_SECRET_FILE: undefined, OAUTH_SECRET_JSON: '{"github_client_id": 42}' });
  await expect(oauthCredentials('github')).rejects.toThrow();
});

test('no configured secret means no provider can complete sign-in', async () => {
  use({ OAUTH_SECRET_ID: undefined, OAUTH_SECRET_FILE: undefined, OAUTH_SECRET_JSON: undefined });
  expect(await oauthCredentials('google')).toBeUndefined();
});
