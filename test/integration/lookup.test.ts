import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../shared/domain/api-key.js';
import { cveExplanationSchema } from '../../shared/domain/cve.js';
import { errorEnvelopeSchema, type ErrorCode } from '../../shared/domain/errors.js';
import { accountRepository } from '../../shared/repositories/account-repository.js';
import { createAccountWithKey } from '../../shared/accounts/use-cases/create-account-with-key.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';

const LOG4SHELL = makeRecord({
  cve_id: 'CVE-2021-44228',
  title: 'Log4j lets a logged string run code (Log4Shell)',
  severity: 'CRITICAL',
  cvss_score: 10,
  in_kev: true,
  kev_date_added: '2021-12-10',
  kev_required_action: 'Apply updates per vendor instructions.',
  facts: {
    impacts: ['code_execution'],
    attack: { position: 'remote', privileges: 'none', user_interaction: false },
    component: 'JNDI features',
    products: [{ product: 'apache:log4j', name: 'Apache Log4j', primary: true }],
    fixed_in: [{ product: 'apache:log4j', version: '2.15.0', branch: null, platform: null, source: 'description' }],
    last_affected: [],
    fix_stated: true,
    exploit_public: true,
    aka: ['Log4Shell'],
  },
});
const UNSCORED = makeRecord({
  cve_id: 'CVE-2024-0001',
  severity: 'UNKNOWN',
  cvss_score: null,
  cvss_version: null,
  cvss_vector: null,
  explanation: undefined,
  exploit_intel: undefined,
});
const REJECTED = makeRecord({ cve_id: 'CVE-2023-9999', rejected: true });
/** Scored only under CVSS v2 and without FIRST EPSS. */
const OLDER = makeRecord({
  cve_id: 'CVE-2008-4250',
  severity: 'HIGH',
  cvss_score: 10,
  cvss_version: '2.0',
  cvss_vector: 'AV:N/AC:L/Au:N/C:C/I:C/A:C',
  exploit_intel: { risk_level: 'CRITICAL_GAP', detectable: false, weaponized: true, detection_sources: [], exploit_sources: ['Metasploit'] },
});

let stack: TestStack;
let key: string;

async function expectError(response: Response, status: number, code: ErrorCode) {
  const body = errorEnvelopeSchema.parse(await response.json());
  expect({ status: response.status, code: body.error.code }).toEqual({ status, code });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return body;
}

function expectRateHeaders(response: Response) {
  expect(response.headers.get('x-ratelimit-limit')).toBe('100');
  expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  const reset = Number(response.headers.get('x-ratelimit-reset'));
  const now = Date.now() / 1000;
  expect(reset % 60).toBe(0);
  expect(reset).toBeGreaterThan(now - 1);
  expect(reset).toBeLessThanOrEqual(now + 61);
  expect(response.headers.get('x-ratelimit-resource')).toBe('core');
}

beforeAll(async () => {
  stack = await startTestStack();
  await stack.seed([LOG4SHELL, UNSCORED, REJECTED, OLDER]);
  key = await stack.newKey();
});
afterAll(() => stack.close());

describe('GET /health', () => {
  it('answers exactly the healthy envelope without a key', async () => {
    const response = await stack.get('/health');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"ok":true,"data":{"status":"healthy","product":"PlainCVE"}}');
  });

  it('ignores a junk key: it is a public route', async () => {
    const response = await stack.get('/health', { key: 'junk' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('GET /api/cve/{cve_id}', () => {
  it('returns every field of the explanation (interface §2.2) in the envelope', async () => {
    const response = await stack.get('/api/cve/CVE-2021-44228', { key });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; data: Record<string, unknown> };
    expect(body.ok).toBe(true);
    // The interface's fields in its order, then the additions (product-decisions §4, §6, §9).
    expect(Object.keys(body.data)).toEqual([
      'cve_id',
      'title',
      'severity',
      'cvss_score',
      'summary',
      'affected',
      'fix',
      'references',
      'cvss_version',
      'cvss_vector',
      'epss',
      'description',
      'published_date',
      'cwe_ids',
      'exploit_intel',
      'patch',
      'tags',
      'in_kev',
      'kev',
      'facts',
    ]);
    expect(cveExplanationSchema.parse(body.data)).toEqual({
      cve_id: 'CVE-2021-44228',
      title: LOG4SHELL.title,
      severity: 'CRITICAL',
      cvss_score: 10,
      summary: LOG4SHELL.explanation?.summary,
      affected: LOG4SHELL.explanation?.affected,
      fix: LOG4SHELL.explanation?.fix,
      references: LOG4SHELL.explanation?.references.map(({ title, url }) => ({ title, url })),
      cvss_version: '3.1',
      cvss_vector: LOG4SHELL.cvss_vector,
      epss: LOG4SHELL.exploit_intel?.epss,
      description: LOG4SHELL.description,
      published_date: LOG4SHELL.published_date,
      cwe_ids: LOG4SHELL.cwe_ids,
      // The risk level with its meaning in words (product decisions §10).
      exploit_intel: LOG4SHELL.exploit_intel && { ...LOG4SHELL.exploit_intel, risk_meaning: 'HIGH: a public exploit exists and detection rules exist' },
      // Counted to the day of the answer, as an export counts it; patched on a known date, it stays.
      patch: LOG4SHELL.patch && { ...LOG4SHELL.patch, days_unpatched: 17 },
      tags: LOG4SHELL.tags,
      in_kev: true,
      kev: { date_added: '2021-12-10', required_action: 'Apply updates per vendor instructions.' },
      facts: LOG4SHELL.facts,
    });
    expect(body.data.epss).toEqual({ score: 0.42, percentile: 0.97, date: '2025-08-25' });
    // exploit_intel: the interface's fields in its order, then the additions.
    expect(Object.keys(body.data.exploit_intel as object)).toEqual([
      'risk_level',
      'detectable',
      'weaponized',
      'detection_sources',
      'exploit_sources',
      'epss',
      'risk_meaning',
    ]);
    expectRateHeaders(response);
  });

  it('says which CVSS version a score is on, and gives epss null where FIRST has no score', async () => {
    const response = await stack.get('/api/cve/CVE-2008-4250', { key });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: unknown };
    expect(cveExplanationSchema.parse(data)).toMatchObject({
      severity: 'HIGH',
      cvss_score: 10,
      cvss_version: '2.0',
      cvss_vector: 'AV:N/AC:L/Au:N/C:C/I:C/A:C',
      epss: null,
      exploit_intel: {
        risk_level: 'CRITICAL_GAP',
        risk_meaning: 'CRITICAL GAP: a public exploit exists, no detection rule is known, and the flaw is severe (CVSS 7.0 or more) or known to be exploited',
      },
    });
  });

  it('answers an unscored record without an explanation with null score and non-empty texts', async () => {
    const response = await stack.get('/api/cve/CVE-2024-0001', { key });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: unknown };
    const explanation = cveExplanationSchema.parse(data);
    expect(explanation.cvss_score).toBeNull();
    expect(explanation.severity).toBe('UNKNOWN');
    expect(explanation.summary).toBe(UNSCORED.description);
    expect(explanation.references).toEqual([]);
    // NVD's own words are always there; facts only where the ingest read them.
    expect(explanation.description).toBe(UNSCORED.description);
    expect(explanation.facts).toBeUndefined();
    expect(explanation.in_kev).toBe(false);
    expect(explanation.kev).toBeUndefined();
    expect([explanation.cvss_version, explanation.cvss_vector, explanation.epss]).toEqual([null, null, null]);
  });

  it.each([
    ['lower case', 'cve-2021-44228'],
    ['mixed case', 'Cve-2021-44228'],
    ['padded with encoded spaces', '%20CVE-2021-44228%20'],
    ['padded and lower case', '%20%20cve-2021-44228%09'],
  ])('normalises a %s id', async (_label, id) => {
    const response = await stack.get(`/api/cve/${id}`, { key });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { cve_id: string } };
    expect(data.cve_id).toBe('CVE-2021-44228');
  });

  it.each(['CVE-2021-123', 'CVE-21-44228', 'log4shell', 'CVE-2021-44228x', '%00', 'CVE-2021-44228%2F..', '%E0%A4%A'])(
    'answers 400 INVALID_CVE_FORMAT for %s, with rate headers',
    async (id) => {
      const response = await stack.get(`/api/cve/${id}`, { key });
      await expectError(response, 400, 'INVALID_CVE_FORMAT');
      expectRateHeaders(response);
    },
  );

  it('answers 404 CVE_NOT_FOUND for a well-formed id the catalogue lacks, with rate headers', async () => {
    const response = await stack.get('/api/cve/CVE-1999-0001', { key });
    const body = await expectError(response, 404, 'CVE_NOT_FOUND');
    expect(body.error.message).toContain('CVE-1999-0001');
    expectRateHeaders(response);
  });

  it('answers 400 INVALID_PARAMETER naming each query parameter, since the lookup takes none', async () => {
    const response = await stack.get('/api/cve/CVE-2021-44228?severity=high&foo=1&foo=2', { key });
    const body = await expectError(response, 400, 'INVALID_PARAMETER');
    expect(body.error.details?.map((d: { parameter: string }) => d.parameter)).toEqual(['severity', 'foo']);
    expectRateHeaders(response);
  });

  it('answers 404 CVE_NOT_FOUND for a rejected CVE', async () => {
    await expectError(await stack.get('/api/cve/CVE-2023-9999', { key }), 404, 'CVE_NOT_FOUND');
  });
});

describe('API keys', () => {
  it('answers 401 MISSING_API_KEY without the header, or with an empty one', async () => {
    await expectError(await stack.get('/api/cve/CVE-2021-44228'), 401, 'MISSING_API_KEY');
    await expectError(await stack.get('/api/cve/CVE-2021-44228', { headers: { 'X-API-Key': '' } }), 401, 'MISSING_API_KEY');
    await expectError(await stack.get('/api/cve/CVE-2021-44228', { headers: { 'X-API-Key': '   ' } }), 401, 'MISSING_API_KEY');
    // Even a bad id: the key is checked before the function runs.
    await expectError(await stack.get('/api/cve/nonsense'), 401, 'MISSING_API_KEY');
  });

  it('answers 401 INVALID_API_KEY for a malformed key', async () => {
    const flipped = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    for (const bad of ['junk', 'pcve_', flipped, key.toUpperCase(), `${key}x`]) {
      await expectError(await stack.get('/api/cve/CVE-2021-44228', { key: bad }), 401, 'INVALID_API_KEY');
    }
  });

  it('answers 401 INVALID_API_KEY for a well-formed key that was never issued', async () => {
    await expectError(await stack.get('/api/cve/CVE-2021-44228', { key: generateApiKey() }), 401, 'INVALID_API_KEY');
  });

  it('accepts the header in any casing', async () => {
    const response = await stack.get('/api/cve/CVE-2021-44228', { headers: { 'x-api-key': key } });
    expect(response.status).toBe(200);
  });

  it('refuses a revoked key with 401 INVALID_API_KEY once the account rotates it, and accepts the new one', async () => {
    const { account, key: first } = await createAccountWithKey('rotate@example.com');
    expect((await stack.get('/api/cve/CVE-2021-44228', { key: first.apiKey })).status).toBe(200);
    const second = await accountRepository.issueKey(account.account_id);
    await expectError(await stack.get('/api/cve/CVE-2021-44228', { key: first.apiKey }), 401, 'INVALID_API_KEY');
    expect((await stack.get('/api/cve/CVE-2021-44228', { key: second.apiKey })).status).toBe(200);
    const stored = (await accountRepository.itemsByKind(account.account_id)).key;
    expect(stored).toHaveLength(1);
  });

  it('never echoes the key in a response', async () => {
    const unknown = generateApiKey();
    const response = await stack.get('/api/cve/CVE-2021-44228', { key: unknown });
    const text = await response.text();
    expect(text).not.toContain(unknown);
    let headerText = '';
    response.headers.forEach((value, name) => (headerText += `${name}: ${value}\n`));
    expect(headerText).not.toContain(unknown.slice(5, 37));
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/'],
    ['GET', '//'],
    ['GET', '//api/cve/CVE-2021-44228'],
    ['GET', '/api'],
    ['GET', '/api/cve'],
    ['GET', '/api/cve/'],
    ['GET', '/api/cve/CVE-2021-44228/extra'],
    ['GET', '/HEALTH'],
    ['POST', '/api/cve/CVE-2021-44228'],
    ['DELETE', '/health'],
    ['PUT', '/nowhere'],
  ])('%s %s answers 404 NOT_FOUND with or without a key', async (method, path) => {
    for (const headers of [{}, { 'X-API-Key': key }] as Record<string, string>[]) {
      const response = await fetch(`${stack.baseUrl}${path}`, { method, headers });
      await expectError(response, 404, 'NOT_FOUND');
    }
  });
});
