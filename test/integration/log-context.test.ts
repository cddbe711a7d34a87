import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../shared/domain/api-key.js';
import { freshSubject, startAuthStack } from '../support/auth-stack.js';
import { TestBrowser } from '../support/browser.js';
import { captureOutput } from '../support/capture-output.js';
import { makeRecord } from '../support/records.js';
import type { TestStack } from '../support/stack.js';

let stack: TestStack;
const record = makeRecord();

beforeAll(async () => {
  // The loudest logging a deployment could switch on: no event may reach a log line all the same.
  stack = await startAuthStack({ POWERTOOLS_LOG_LEVEL: 'DEBUG', POWERTOOLS_LOGGER_LOG_EVENT: 'true' });
  await stack.seed([record]);
});
afterAll(async () => stack.close());

interface LogLine {
  message?: string;
  function_name?: string;
  request_id?: string;
}

function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{"level"'))
    .map((line) => JSON.parse(line) as LogLine);
}

describe('with POWERTOOLS_LOGGER_LOG_EVENT=true', () => {
  it('no cookie, OAuth code or state, CSRF token or API key reaches a log line, in any function', async () => {
    const secrets: string[] = [];
    const output = await captureOutput(async () => {
      const browser = new TestBrowser(stack.baseUrl);
      const authorize = await browser.startSignIn('github', '/dashboard?tab=keys');
      secrets.push(authorize.searchParams.get('state') ?? '', browser.cookies.get('__Host-plaincve_oauth') ?? '');
      const callback = await browser.chooseUser(authorize, freshSubject('github'));
      secrets.push(callback.searchParams.get('code') ?? '');
      expect((await browser.request(callback.href)).status).toBe(302);
      // The same callback again: refused, and logged as a failed sign-in (so the search is not vacuous).
      expect((await browser.request(callback.href)).status).toBe(400);
      secrets.push(browser.cookies.get('__Host-plaincve_session') ?? '');
      const me = await browser.me();
      secrets.push(me.issued_key ?? '', String(me.csrf_token));
      const rotated = await browser.account('/account/key');
      expect(rotated.status).toBe(200);
      const key = ((await rotated.json()) as { data: { api_key: string } }).data.api_key;
      secrets.push(key);
      expect((await browser.account('/account/export')).status).toBe(200);
      expect((await stack.get(`/api/cve/${record.cve_id}`, { key })).status).toBe(200);
      expect((await stack.get(`/api/cves/export.json`, { key })).status).toBe(200);
      expect((await stack.get(`/cve/${record.cve_id}`, { headers: { Cookie: browser.cookieHeader() } })).status).toBe(200);
      const unknown = generateApiKey();
      secrets.push(unknown);
      expect((await stack.get(`/api/cve/${record.cve_id}`, { key: unknown })).status).toBe(401);
      expect((await browser.account('/account/sign-out')).status).toBe(200);
    });
    expect(output).toContain('"message":"sign-in failed"');
    expect(output).toContain('"message":"api key denied"');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(output).not.toContain(secret);
    }
    expect(output).not.toMatch(/"event"\s*:/);
  });
});

describe('locally, each request logs with its own context', () => {
  it('concurrent requests to different functions never carry each other’s function name or request id', async () => {
    const callbacks: string[] = [];
    const output = await captureOutput(async () => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          if (i % 2 === 0) {
            // A callback with no flow cookie: authCallback logs "sign-in failed".
            const response = await stack.get(`/auth/github/callback?code=c${i}&state=s${i}`);
            expect(response.status).toBe(400);
            callbacks.push(response.headers.get('x-amzn-requestid') ?? '');
            return response;
          }
          // An unknown key: the authorizer logs "api key denied".
          return stack.get(`/api/cve/${record.cve_id}`, { key: generateApiKey() });
        }),
      );
      expect(answers).toHaveLength(40);
    });
    const lines = logLines(output);
    const failed = lines.filter((l) => l.message === 'sign-in failed');
    const denied = lines.filter((l) => l.message === 'api key denied');
    expect(failed).toHaveLength(20);
    expect(denied).toHaveLength(20);
    for (const line of failed) expect(line.function_name).toBe('authCallback');
    for (const line of denied) expect(line.function_name).toBe('authorizer');
    expect(new Set(failed.map((l) => l.request_id))).toEqual(new Set(callbacks));
  });
});

describe('a body over 10 MB', () => {
  it('is 413 PAYLOAD_TOO_LARGE in the error envelope', async () => {
    const response = await fetch(`${stack.baseUrl}/account/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: new URL(stack.baseUrl).origin },
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { ok: boolean; error: { code: string } };
    expect(body).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });
});
