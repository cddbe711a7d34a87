import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CORS } from '../../shared/platform/edge.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack;
let key: string;
const record = makeRecord();

beforeAll(async () => {
  stack = await startTestStack();
  await stack.seed([record]);
  key = await stack.newKey();
});
afterAll(async () => stack.close());

const preflight = (path: string) =>
  fetch(`${stack.baseUrl}${path}`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://scanner.acme.test', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' },
  });

describe('CORS on the programmatic API (the same as CloudFront in AWS)', () => {
  test.each(['/api/cve/CVE-2024-0001', '/api/cves/export.csv', '/health', '/openapi.json'])('preflight of %s is answered without a key', async (path) => {
    const answer = await preflight(path);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-headers')).toContain('X-API-Key');
    expect(answer.headers.get('access-control-allow-methods')).toContain('GET');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });

  test("the preflight of a browser's gzip scan (POST /api/scan, Content-Encoding) is allowed", async () => {
    const answer = await fetch(`${stack.baseUrl}/api/scan`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://scanner.acme.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-api-key, content-type, content-encoding',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-methods')?.split(', ')).toContain('POST');
    expect(answer.headers.get('access-control-allow-headers')?.split(', ')).toEqual(expect.arrayContaining(['X-API-Key', 'Content-Type', 'Content-Encoding']));
  });

  test('a cross-origin GET may read the answer and its rate-limit headers, and so may a 401', async () => {
    const ok = await stack.get(`/api/cve/${record.cve_id}`, { key, headers: { Origin: 'https://scanner.acme.test' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = ok.headers.get('access-control-expose-headers') ?? '';
    for (const header of CORS.exposeHeaders) expect(exposed).toContain(header);
    expect(ok.headers.get('x-ratelimit-limit')).not.toBeNull();
    const denied = await stack.get(`/api/cve/${record.cve_id}`, { headers: { Origin: 'https://scanner.acme.test' } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('*');
  });

  test.each(['/account/me', '/account/key', '/auth/github'])('never on %s (session cookie routes)', async (path) => {
    const answer = await preflight(path);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    const get = await fetch(`${stack.baseUrl}${path}`, { headers: { Origin: 'https://evil.acme.test' }, redirect: 'manual' });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });
});
