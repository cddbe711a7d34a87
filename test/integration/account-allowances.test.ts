import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorEnvelopeSchema } from '../../shared/domain/errors.js';
import { freshSubject, startAuthStack } from '../support/auth-stack.js';
import { TestBrowser } from '../support/browser.js';
import { makeRecord } from '../support/records.js';
import type { TestStack } from '../support/stack.js';
import { HOUR_MS, TestClock } from '../support/time.js';

/**
 * Issue 24: the allowances belong to the account. Rotating the key used to refill both the
 * minute's 100 requests and the hour's 10 exports; rotation itself was unlimited; the
 * dashboard's scan had no per-minute allowance at all.
 */
let stack: TestStack;
const record = makeRecord();
// Stopped inside one UTC hour (and so one minute): every test's requests share its windows.
const clock = TestClock.atWindowStart(HOUR_MS);

beforeAll(async () => {
  stack = await startAuthStack({}, undefined, clock.now);
  await stack.seed([record]);
});
afterAll(async () => stack.close());

async function signedIn(): Promise<{ browser: TestBrowser; key: string }> {
  const browser = new TestBrowser(stack.baseUrl);
  expect((await browser.signIn('github', freshSubject('github'))).status).toBe(302);
  return { browser, key: (await browser.me()).issued_key ?? '' };
}

async function rotate(browser: TestBrowser): Promise<Response> {
  return browser.account('/account/key');
}

async function rotated(browser: TestBrowser): Promise<string> {
  const response = await rotate(browser);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { api_key: string } }).data.api_key;
}

async function codeOf(response: Response): Promise<string> {
  return errorEnvelopeSchema.parse(await response.json()).error.code;
}

describe('allowances belong to the account, not to its key', () => {
  test('after ten exports, a rotated key gets 429 EXPORT_LIMIT_EXCEEDED on the eleventh', async () => {
    const { browser, key } = await signedIn();
    for (let i = 1; i <= 10; i++) {
      const answer = await stack.get('/api/cves/export.json', { key });
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
    const fresh = await rotated(browser);
    expect((await stack.get(`/api/cve/${record.cve_id}`, { key })).status).toBe(401);
    const eleventh = await stack.get('/api/cves/export.json', { key: fresh });
    expect(eleventh.status).toBe(429);
    expect(await codeOf(eleventh)).toBe('EXPORT_LIMIT_EXCEEDED');
    expect(eleventh.headers.get('x-ratelimit-remaining')).toBe('0');
    // The dashboard shows the account's hour, whichever key spent it.
    expect(((await browser.me()).usage as { hour: { used: number } }).hour.used).toBe(10);
  });

  test("after the minute's 100 requests, a rotated key gets 429 RATE_LIMITED on the 101st", async () => {
    const { browser, key } = await signedIn();
    for (let i = 1; i <= 60; i++) await (await stack.get(`/api/cve/${record.cve_id}`, { key })).arrayBuffer();
    const fresh = await rotated(browser);
    for (let i = 61; i <= 100; i++) {
      const answer = await stack.get(`/api/cve/${record.cve_id}`, { key: fresh });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-remaining')).toBe(String(100 - i));
      await answer.arrayBuffer();
    }
    const limited = await stack.get(`/api/cve/${record.cve_id}`, { key: fresh });
    expect(limited.status).toBe(429);
    expect(await codeOf(limited)).toBe('RATE_LIMITED');
    expect(limited.headers.get('x-ratelimit-resource')).toBe('core');
  });

  test('rotation is limited: the sixth in an hour is 429 RATE_LIMITED, and the key stays the last one issued', async () => {
    const { browser } = await signedIn();
    let last = '';
    for (let i = 1; i <= 5; i++) last = await rotated(browser);
    const sixth = await rotate(browser);
    expect(sixth.status).toBe(429);
    const envelope = errorEnvelopeSchema.parse(await sixth.json());
    expect(envelope.error.code).toBe('RATE_LIMITED');
    expect(envelope.error.message).toMatch(/key rotations/);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(sixth.headers.get('x-ratelimit-resource')).toBe('rotations');
    expect(sixth.headers.get('x-ratelimit-limit')).toBe('5');
    expect((await browser.me()).issued_key).toBe(last);
    expect((await stack.get(`/api/cve/${record.cve_id}`, { key: last })).status).toBe(200);
  });
});

describe("the dashboard's scan has the API's per-minute allowance", () => {
  test('every attempt counts, a refused manifest too, and a used-up minute is 429', async () => {
    const { browser, key } = await signedIn();
    const me = await browser.request('/account/me');
    const csrf = ((await me.json()) as { data: { csrf_token: string } }).data.csrf_token;
    const post = (body: string) =>
      browser.request('/account/scan', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', Origin: new URL(stack.baseUrl).origin, 'X-CSRF-Token': csrf },
        body,
      });
    const minuteUsed = async () => ((await browser.me()).usage as { minute: { used: number } }).minute.used;

    const before = await minuteUsed();
    const refused = await post('{"bomFormat":"CycloneDX","specVersion":"1.5","components":[{"name":1}]}');
    expect(refused.status).toBe(400);
    expect(await minuteUsed()).toBe(before + 1);

    // The rest of the minute spent through the API: the dashboard's next scan is refused.
    for (let used = before + 1; used < 100; used++) await (await stack.get(`/api/cve/${record.cve_id}`, { key })).arrayBuffer();
    const limited = await post('django==3.2.0\n');
    expect(limited.status).toBe(429);
    expect(await codeOf(limited)).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
