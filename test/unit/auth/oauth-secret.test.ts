import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { resetConfig } from '../../../shared/config/index.js';
import { oauthClientSecret, resetOAuthSecretCache } from '../../../shared/secrets/oauth-secret.js';

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

test('locally the client secrets come from OAUTH_SECRET_JSON', async () => {
  use({ OAUTH_SECRET_ID: undefined, OAUTH_SECRET_FILE: undefined, OAUTH_SECRET_JSON: '{"github":"gh-secret","google":"g-secret"}' });
  expect(await oauthClientSecret('github')).toBe('gh-secret');
  expect(await oauthClientSecret('microsoft')).toBeUndefined();
});

test('or from a file with the same JSON', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'plaincve-secret-')), 'oauth.json');
  writeFileSync(file, JSON.stringify({ microsoft: 'ms-secret' }));
  use({ OAUTH_SECRET_ID: undefined, OAUTH_SECRET_JSON: undefined, OAUTH_SECRET_FILE: file });
  expect(await oauthClientSecret('microsoft')).toBe('ms-secret');
});

test('a malformed secret is refused, not half-used', async () => {
  use({ OAUTH_SECRET_ID: undefined, OAUTH_SECRET_FILE: undefined, OAUTH_SECRET_JSON: '{"github":""}' });
  await expect(oauthClientSecret('github')).rejects.toThrow();
});

test('no configured secret means no provider can complete sign-in', async () => {
  use({ OAUTH_SECRET_ID: undefined, OAUTH_SECRET_FILE: undefined, OAUTH_SECRET_JSON: undefined });
  expect(await oauthClientSecret('google')).toBeUndefined();
});
