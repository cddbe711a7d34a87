/**
 * `npm run smoke -- --base-url URL --api-key KEY`: black-box checks of a running deployment (or
 * the local stack), one line per check, exit 1 if any fails. It spends three exports of the key's
 * hourly export quota and a dozen lookups of its per-minute limit; it does not provoke the rate
 * limits themselves (RATE_LIMITED, EXPORT_LIMIT_EXCEEDED), which would lock the key out.
 */
import { exitOnCliFailure } from './cli-failure.js';
import { sarifSchemaErrors } from '../test/support/sarif-validation.js';

exitOnCliFailure('npm run smoke');

const usage = 'Usage: npm run smoke -- --base-url URL --api-key KEY';
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const baseUrl = option('--base-url')?.replace(/\/+$/, '');
const apiKey = option('--api-key');
if (!baseUrl || !apiKey || args.length !== 4) {
  console.error(usage);
  process.exit(2);
}

type Check = () => Promise<void>;
const results: boolean[] = [];

async function check(name: string, run: Check): Promise<void> {
  try {
    await run();
    results.push(true);
    console.log(`ok    ${name}`);
  } catch (error) {
    results.push(false);
    console.log(`FAIL  ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function expectThat(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${baseUrl}${path}`, { method, headers: { 'Accept-Encoding': 'gzip', ...headers }, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
const withKey = { 'X-API-Key': apiKey };

async function errorCode(response: Response, status: number, code: string): Promise<void> {
  const body = (await response.json().catch(() => undefined)) as { ok?: boolean; error?: { code?: string; message?: string } } | undefined;
  expectThat(response.status === status, `expected ${status}, got ${response.status}`);
  expectThat(
    body?.ok === false && body.error?.code === code && typeof body.error.message === 'string',
    `expected error code ${code}, got ${JSON.stringify(body)}`,
  );
}

let cveId: string | undefined;
let nextCursor: string | undefined;

await check('GET /health answers 200 healthy', async () => {
  const response = await get('/health');
  expectThat(response.status === 200, `status ${response.status}`);
  const body = (await response.json()) as { ok?: boolean };
  expectThat(body.ok === true, `body ${JSON.stringify(body)}`);
});

await check('export JSON (200, the envelope, at least one CVE)', async () => {
  const response = await get('/api/cves/export.json?severity=CRITICAL', withKey);
  expectThat(response.status === 200, `status ${response.status}`);
  const body = (await response.json()) as { ok?: boolean; data?: { cves?: { cve_id: string }[]; meta?: { next_cursor?: string } } };
  expectThat(body.ok === true && Array.isArray(body.data?.cves), 'not the export envelope');
  cveId = body.data?.cves?.[0]?.cve_id;
  nextCursor = body.data?.meta?.next_cursor;
  expectThat(cveId !== undefined, 'no CRITICAL CVE in the catalogue (load data first: docs/deploy.md)');
});

await check('export CSV (200, text/csv, a header row)', async () => {
  const response = await get('/api/cves/export.csv?severity=CRITICAL', withKey);
  expectThat(response.status === 200, `status ${response.status}`);
  expectThat((response.headers.get('content-type') ?? '').startsWith('text/csv'), `content-type ${response.headers.get('content-type')}`);
  expectThat((await response.text()).startsWith('cve_id'), 'no header row');
});

await check('export SARIF (200, valid against the SARIF 2.1.0 schema)', async () => {
  const response = await get('/api/cves/export.sarif?severity=CRITICAL', withKey);
  expectThat(response.status === 200, `status ${response.status}`);
  const errors = sarifSchemaErrors(await response.json());
  expectThat(errors.length === 0, errors.slice(0, 3).join('; '));
});

await check('lookup GET /api/cve/{id} (200, the explanation, rate-limit headers)', async () => {
  expectThat(cveId !== undefined, 'no CVE id from the export');
  const response = await get(`/api/cve/${cveId}`, withKey);
  expectThat(response.status === 200, `status ${response.status}`);
  const body = (await response.json()) as { data?: { cve_id?: string } };
  expectThat(body.data?.cve_id === cveId, 'another CVE answered');
  expectThat(response.headers.get('x-ratelimit-limit') !== null, 'no X-RateLimit-Limit');
});

await check('export paging: the next page by cursor alone (200 when rows are left); an altered cursor is 400', async () => {
  if (nextCursor) {
    const next = await get(`/api/cves/export.json?cursor=${nextCursor}`, withKey);
    expectThat(next.status === 200, `status ${next.status}`);
    expectThat(next.headers.get('x-ratelimit-resource') === 'core', 'a later page used an export unit');
  }
  await errorCode(await get('/api/cves/export.json?cursor=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', withKey), 400, 'INVALID_PARAMETER');
});

await check('batch lookup POST /api/cves/batch (200 in the order asked; a bad id is 400)', async () => {
  expectThat(cveId !== undefined, 'no CVE id from the export');
  const post = (body: unknown) =>
    fetch(`${baseUrl}/api/cves/batch`, {
      method: 'POST',
      headers: { ...withKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
  const response = await post({ ids: [cveId, 'CVE-1999-9999999'] });
  expectThat(response.status === 200, `status ${response.status}`);
  const body = (await response.json()) as { data?: { cves?: { cve_id: string }[]; not_found?: string[] } };
  expectThat(body.data?.cves?.[0]?.cve_id === cveId && body.data?.not_found?.[0] === 'CVE-1999-9999999', JSON.stringify(body).slice(0, 200));
  await errorCode(await post({ ids: ['not-a-cve'] }), 400, 'INVALID_PARAMETER');
});

await check('watchlists by key: create (201), read, delete; an unknown one is 404', async () => {
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...withKey, 'Content-Type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(60_000),
    });
  const created = await send('POST', '/api/watchlists', { name: 'smoke test', filters: { severity: 'critical' }, events: ['cve.added'] });
  expectThat(created.status === 201, `status ${created.status}`);
  const id = ((await created.json()) as { data?: { watchlist?: { id?: string } } }).data?.watchlist?.id ?? '';
  expectThat((await send('GET', `/api/watchlists/${id}`)).status === 200, 'the watchlist made cannot be read');
  expectThat((await send('DELETE', `/api/watchlists/${id}`)).status === 200, 'the watchlist made cannot be deleted');
  await errorCode(await send('GET', `/api/watchlists/${id}`), 404, 'NOT_FOUND');
});

await check('MISSING_API_KEY: no key is 401', async () => errorCode(await get('/api/cve/CVE-2021-44228'), 401, 'MISSING_API_KEY'));
await check('INVALID_API_KEY: a wrong key is 401', async () =>
  errorCode(await get('/api/cve/CVE-2021-44228', { 'X-API-Key': 'pcve_00000000000000000000000000000000000000' }), 401, 'INVALID_API_KEY'),
);
await check('INVALID_CVE_FORMAT: a malformed id is 400', async () => errorCode(await get('/api/cve/not-a-cve', withKey), 400, 'INVALID_CVE_FORMAT'));
await check('CVE_NOT_FOUND: an unknown id is 404', async () => errorCode(await get('/api/cve/CVE-1999-9999999', withKey), 404, 'CVE_NOT_FOUND'));
await check('INVALID_PARAMETER: an unknown query parameter is 400', async () =>
  errorCode(await get('/api/cve/CVE-2021-44228?colour=red', withKey), 400, 'INVALID_PARAMETER'),
);
await check('NOT_FOUND: an unknown path is 404 in the envelope', async () => errorCode(await get('/api/nothing-here', withKey), 404, 'NOT_FOUND'));
await check('NOT_FOUND: another method on the API is 404 in the envelope', async () =>
  errorCode(await get('/api/cve/CVE-2021-44228', withKey, 'DELETE'), 404, 'NOT_FOUND'),
);

await check('public page GET /cve/{id} (200 HTML)', async () => {
  expectThat(cveId !== undefined, 'no CVE id from the export');
  const response = await get(`/cve/${cveId}`);
  expectThat(response.status === 200, `status ${response.status}`);
  expectThat((response.headers.get('content-type') ?? '').startsWith('text/html'), `content-type ${response.headers.get('content-type')}`);
  expectThat((await response.text()).includes(cveId ?? ''), 'the page does not name the CVE');
});

await check('security headers (nosniff, no framing, referrer policy; HSTS over HTTPS)', async () => {
  const response = await get(`/cve/${cveId ?? 'CVE-2021-44228'}`);
  const h = (name: string) => response.headers.get(name) ?? '';
  expectThat(h('x-content-type-options') === 'nosniff', 'X-Content-Type-Options');
  expectThat(h('x-frame-options') === 'DENY' || h('content-security-policy').includes("frame-ancestors 'none'"), 'framing allowed');
  expectThat(h('referrer-policy') !== '', 'Referrer-Policy');
  if (baseUrl.startsWith('https://')) expectThat(/max-age=\d{8,}/.test(h('strict-transport-security')), 'Strict-Transport-Security');
});

await check('CORS: preflight on /api/* answered without a key; never on /account/*', async () => {
  const preflight = await get(
    '/api/cve/CVE-2021-44228',
    { Origin: 'https://smoke.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' },
    'OPTIONS',
  );
  expectThat(preflight.status === 204 || preflight.status === 200, `preflight status ${preflight.status}`);
  expectThat(preflight.headers.get('access-control-allow-origin') === '*', 'no Access-Control-Allow-Origin');
  expectThat((preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase().includes('x-api-key'), 'X-API-Key not allowed');
  const account = await get('/account/me', { Origin: 'https://smoke.example' });
  expectThat(account.headers.get('access-control-allow-origin') === null, 'CORS on /account/*');
});

const failed = results.filter((r) => !r).length;
console.log(failed === 0 ? `\nAll ${results.length} checks passed.` : `\n${failed} of ${results.length} checks failed.`);
process.exit(failed === 0 ? 0 : 1);
