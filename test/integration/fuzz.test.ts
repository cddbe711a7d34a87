import fc from 'fast-check';
import { Agent } from 'node:http';
import { corsAllowed } from '../../shared/platform/edge.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from '../../shared/domain/zod.js';
import { generateApiKey } from '../../shared/domain/api-key.js';
import { cveExplanationSchema, healthSchema } from '../../shared/domain/cve.js';
import { errorEnvelopeSchema } from '../../shared/domain/errors.js';
import { makeRecord } from '../support/records.js';
import { sendRaw } from '../support/raw-request.js';
import { startTestStack, type TestStack } from '../support/stack.js';

const successSchema = z.strictObject({ ok: z.literal(true), data: z.union([cveExplanationSchema, healthSchema]) });
const envelopeSchema = z.union([successSchema, z.strictObject(errorEnvelopeSchema.shape)]);

const records = [makeRecord({ cve_id: 'CVE-2021-44228' }), makeRecord({ cve_id: 'CVE-2014-0160', cvss_score: null, severity: 'UNKNOWN' })];
let stack: TestStack;
let keys: string[];
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** Browser-facing paths answer HTML pages or redirects rather than the JSON envelope. */
const BROWSER_PREFIXES = ['/cve/', '/dashboard', '/auth/', '/_idp/'];

const send = (method: string, path: string, headers: Record<string, string | string[]>) => sendRaw(stack.baseUrl, agent, method, path, headers);

const printable = (maxLength: number) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });
const anyText = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 10 }), printable(30));

const cveLike = fc.oneof(
  fc.constantFrom(
    'CVE-2021-44228',
    'cve-2014-0160',
    '%20CVE-2021-44228%20',
    'CVE-2099-0001',
    'CVE-2021-4422',
    'CVE--',
    '..',
    '.',
    '%',
    '%%',
    '%2F',
    '%00',
    '%E0%A4%A',
  ),
  fc.tuple(fc.integer({ min: 0, max: 99999 }), fc.integer({ min: 0, max: 10 ** 9 })).map(([y, n]) => `CVE-${y}-${n}`),
  anyText.map(encodeURIComponent),
  printable(20).map((s) => s.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@%]/g, '')),
);

const segment = fc.oneof(
  fc.constantFrom(
    'api',
    'cve',
    'cves',
    'health',
    'export.csv',
    'export.json',
    'auth',
    'github',
    'callback',
    'account',
    'me',
    'dashboard',
    'openapi.json',
    '',
    '..',
    '.',
    'API',
    '%61pi',
  ),
  anyText.map(encodeURIComponent),
);

const path = fc.oneof(
  cveLike.map((id) => `/api/cve/${id}`),
  fc.constant('/health'),
  fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
  fc.tuple(fc.constantFrom('/api/cve/', '/health/', '//api/cve/', '/api//cve/'), cveLike).map(([a, b]) => a + b),
);

const query = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(anyText, anyText), { maxLength: 4 })
    .map((pairs) => `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`),
  fc.constantFrom('?', '?&&', '?=x', '?a', '?a=1&a=2', '?%zz=%', '?severity=HIGH&severity=low'),
);

const FORBIDDEN_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'expect', 'upgrade', 'te', 'trailer', 'keep-alive']);
const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/).filter((n) => !FORBIDDEN_HEADERS.has(n.toLowerCase()));
const headerValue = printable(60).map((v) => v.trim());

type KeyChoice =
  { kind: 'none' } | { kind: 'valid'; index: number } | { kind: 'junk'; value: string } | { kind: 'unknown' } | { kind: 'twice'; index: number; junk: string };
const keyChoice: fc.Arbitrary<KeyChoice> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.nat(4).map((index) => ({ kind: 'valid' as const, index })),
  headerValue.map((value) => ({ kind: 'junk' as const, value })),
  fc.constant({ kind: 'unknown' as const }),
  fc.tuple(fc.nat(4), headerValue).map(([index, junk]) => ({ kind: 'twice' as const, index, junk })),
);

beforeAll(async () => {
  stack = await startTestStack();
  await stack.seed(records);
  keys = await Promise.all(Array.from({ length: 5 }, () => stack.newKey()));
});
afterAll(async () => {
  agent.destroy();
  await stack.close();
});

describe('random requests against the local stack (property)', () => {
  it('always answer a well-formed envelope (or, on browser paths, an HTML page or a same-origin redirect), never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        path,
        query,
        keyChoice,
        fc.array(fc.tuple(headerName, headerValue), { maxLength: 4 }),
        fc.constantFrom('X-API-Key', 'x-api-key', 'X-Api-Key', 'X-API-KEY'),
        async (method, p, q, choice, extra, keyHeader) => {
          const headers: Record<string, string | string[]> = {};
          for (const [name, value] of extra) if (name.toLowerCase() !== 'x-api-key') headers[name] = value;
          const valid = (i: number) => keys[i % keys.length] ?? '';
          if (choice.kind === 'valid') headers[keyHeader] = valid(choice.index);
          if (choice.kind === 'junk') headers[keyHeader] = choice.value;
          if (choice.kind === 'unknown') headers[keyHeader] = generateApiKey();
          if (choice.kind === 'twice') headers[keyHeader] = [valid(choice.index), choice.junk];
          const answer = await send(method, p + q, headers);
          const context = `${method} ${p + q} ${JSON.stringify(headers)} → ${answer.status} ${answer.body.slice(0, 300)}`;
          // The gateway reads a path with its dot segments removed ("/./openapi.json" is the document's path, as URLs resolve it).
          const resolved = new URL(`http://localhost${p}`).pathname;
          expect(answer.status, context).toBeLessThan(500);
          // A CORS preflight on the programmatic API is answered at the edge: 204, no body, no data.
          if (method === 'OPTIONS' && corsAllowed(p)) {
            expect(answer.status, context).toBe(204);
            expect(answer.body, context).toBe('');
            return;
          }
          if (!answer.contentType.startsWith('application/json')) {
            expect(
              BROWSER_PREFIXES.some((prefix) => resolved.startsWith(prefix)),
              context,
            ).toBe(true);
            if (answer.status >= 300 && answer.status < 400) expect(answer.location ?? '', context).toMatch(/^\//);
            else expect(answer.body.toLowerCase(), context).toMatch(/^<!doctype html>/);
            return;
          }
          if (resolved === '/openapi.json' && answer.status === 200) {
            expect((JSON.parse(answer.body) as { openapi?: string }).openapi, context).toBe('3.1.0');
            return;
          }
          const parsed = envelopeSchema.safeParse(JSON.parse(answer.body));
          expect(parsed.success, context).toBe(true);
          expect(parsed.data?.ok === true, context).toBe(answer.status === 200);
          // Without an accepted key a protected route never answers with data.
          if (choice.kind === 'none' || choice.kind === 'unknown') expect(parsed.data?.ok === true && resolved.startsWith('/api/'), context).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });
});
