import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../infra/project-root.js';
import { EMPTY_OAUTH_SETTINGS } from '../../shared/secrets/oauth-settings.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack;

beforeAll(async () => {
  // Only Google is configured: GitHub and Microsoft are as the first deploy leaves them.
  stack = await startTestStack({
    environment: {
      OAUTH_SECRET_JSON: JSON.stringify({ ...EMPTY_OAUTH_SETTINGS, google_client_id: 'g-id', google_client_secret: 'g-secret' }),
    },
  });
});
afterAll(async () => stack.close());

describe('a provider with no settings', () => {
  test.each(['github', 'microsoft'])('%s sends the browser back to the sign-in page, which shows it as unavailable', async (provider) => {
    const answer = await fetch(`${stack.baseUrl}/auth/${provider}`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`/dashboard?notice=provider-unavailable&provider=${provider}`);
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  test('a configured provider still starts sign-in with its client id from the settings', async () => {
    const answer = await fetch(`${stack.baseUrl}/auth/google`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.searchParams.get('client_id')).toBe('g-id');
  });
});

function setupOAuth(args: string[], stdin: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // The script `npm run setup:oauth` runs (tsx bin/setup-oauth.ts), without npx's second of package lookup.
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/setup-oauth.ts', ...args], { cwd: PROJECT_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(stdin);
  });
}

describe('npm run setup:oauth', () => {
  test('fills one provider from argv (id) and stdin (secret), keeping every other key', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'plaincve-oauth-')), 'oauth.json');
    const first = await setupOAuth(['--provider', 'github', '--client-id', 'gh-id', '--local-file', file], 'gh-secret\n');
    expect(first.code, first.output).toBe(0);
    expect(first.output).not.toContain('gh-secret');
    const second = await setupOAuth(['--provider', 'microsoft', '--client-id', 'ms-id', '--local-file', file], 'ms-secret\n');
    expect(second.code, second.output).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      ...EMPTY_OAUTH_SETTINGS,
      github_client_id: 'gh-id',
      github_client_secret: 'gh-secret',
      microsoft_client_id: 'ms-id',
      microsoft_client_secret: 'ms-secret',
    });
  });

  test('refuses a secret given as an argument and an empty stdin', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'plaincve-oauth-')), 'oauth.json');
    const inArgv = await setupOAuth(['--provider', 'github', '--client-id', 'x', '--client-secret', 'leak', '--local-file', file], 's\n');
    expect(inArgv.code).toBe(2);
    const empty = await setupOAuth(['--provider', 'github', '--client-id', 'x', '--local-file', file], '');
    expect(empty.code).toBe(2);
  });
});
