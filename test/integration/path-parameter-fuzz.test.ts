import fc from 'fast-check';
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/domain/errors.js';
import { ROUTES } from '../../shared/platform/routes.js';
import { cveRepository } from '../../shared/repositories/cve-repository.js';
import { makeRecord } from '../support/records.js';
import { sendRaw } from '../support/raw-request.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/** Every route with a path parameter, from the one route table: a new one is fuzzed too. */
const PARAMETER_ROUTES = ROUTES.filter((route) => /\{[^}]+\}/.test(route.path));
const MAX_LENGTH = 10_000;

let stack: TestStack;
let keys: string[];
let sent = 0;
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

beforeAll(async () => {
  stack = await startTestStack();
  await stack.seed([makeRecord({ cve_id: 'CVE-2021-44228' })]);
  // The per-minute allowance is 100 requests a key: enough keys that no request is refused for it.
  keys = await Promise.all(Array.from({ length: 12 }, () => stack.newKey()));
});
afterAll(async () => {
  agent.destroy();
  await stack.close();
});

const send = (method: string, path: string, headers: Record<string, string>) => sendRaw(stack.baseUrl, agent, method, path, headers);

/** Characters a client may put in a path segment as they are (RFC 3986 pchar, minus `%`). */
const PCHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@";
const pchar = fc.constantFrom(...PCHARS.split(''));
const digit = fc.constantFrom(...'0123456789'.split(''));

/** A value of exactly `length` characters, of one of several shapes. */
function valueOf(length: number): fc.Arbitrary<string> {
  const cvePrefix = 'CVE-2021-';
  return fc.oneof(
    fc.string({ unit: pchar, minLength: length, maxLength: length }),
    fc.string({ unit: digit, minLength: Math.max(0, length - cvePrefix.length), maxLength: Math.max(0, length - cvePrefix.length) }).map((d) => cvePrefix + d),
    fc.constant('9'.repeat(length)),
    fc.constant('%41'.repeat(Math.floor(length / 3)) + 'A'.repeat(length % 3)),
  );
}

/** Every length from 0 to 10,000 is possible; the edges (19/20 digits, the store's 2,048 bytes, the maximum) always come up. */
const length = fc.oneof(fc.integer({ min: 0, max: MAX_LENGTH }), fc.constantFrom(1, 19 + 9, 20 + 9, 2039, 2048, 2049, 2040 + 9, MAX_LENGTH));

function pathWith(template: string, value: string): string {
  return template.replace(/\{[^}]+\}/g, value || '%20');
}

async function call(route: (typeof ROUTES)[number], value: string) {
  const headers: Record<string, string> = route.auth === 'apiKey' ? { 'X-API-Key': keys[sent++ % keys.length] ?? '' } : {};
  return send(route.method, pathWith(route.path, value), headers);
}

describe('path parameters of every route, up to 10,000 characters', () => {
  it('never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PARAMETER_ROUTES), length.chain(valueOf), async (route, value) => {
        const answer = await call(route, value);
        expect(answer.status, `${route.method} ${route.path} with ${value.length} characters: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
  }, 180_000);

  it('a sequence of more than 19 digits is 400 INVALID_CVE_FORMAT on the lookup and the page', async () => {
    const lookup = ROUTES.find((r) => r.path === '/api/cve/{cve_id}');
    const page = ROUTES.find((r) => r.path === '/cve/{cve_id}');
    if (!lookup || !page) throw new Error('routes missing');
    for (const digits of [20, 2040, MAX_LENGTH - 9]) {
      const id = `CVE-2021-${'1'.repeat(digits)}`;
      const api = await call(lookup, id);
      expect(api.status).toBe(400);
      expect(JSON.parse(api.body).error.code).toBe('INVALID_CVE_FORMAT');
      const html = await call(page, id);
      expect(html.status).toBe(400);
      expect(html.body).toContain('4 to 19 digits');
    }
    // 19 digits is well formed: an unknown CVE, not a malformed one.
    const nineteen = await call(lookup, `CVE-2021-${'1'.repeat(19)}`);
    expect(JSON.parse(nineteen.body).error.code).toBe('CVE_NOT_FOUND');
  });

  it('a key the store refuses is a 400 from the repository, not a failure', async () => {
    const refused = cveRepository.get(`CVE-2021-${'1'.repeat(4000)}`);
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(cveRepository.get(`CVE-2021-${'1'.repeat(4000)}`)).rejects.toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
  });
});
