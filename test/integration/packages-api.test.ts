import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Advisory } from '../../shared/domain/advisory.js';
import { advisoryRepository } from '../../shared/repositories/advisory-repository.js';
import { cveRepository } from '../../shared/repositories/cve-repository.js';
import { storeAdvisories } from '../../shared/ingest/use-cases/store-advisories.js';
import { createOpenApiChecker, createResponseRecorder } from '../support/openapi-conformance.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { riskMeaning } from '../../shared/domain/risk-meaning.js';

let stack: TestStack;
let key: string;
const recorder = createResponseRecorder();

const record = makeRecord({ cve_id: 'CVE-2021-32807', title: 'AccessControl lets restricted scripts reach unsafe modules', severity: 'HIGH', cvss_score: 8.8 });

function osv(id: string, fields: Partial<Advisory>): Advisory {
  return { id, aliases: [], cve_id: null, summary: '', details: '', modified: '2024-01-01T00:00:00Z', affected: [], ...fields };
}

const withCve = osv('PYSEC-2021-335', {
  aliases: ['CVE-2021-32807', 'GHSA-qcx9-j53g-ccgf'],
  cve_id: 'CVE-2021-32807',
  details: 'The module `AccessControl` defines security policies for Python code used in restricted code within Zope applications.',
  affected: [
    {
      package: { ecosystem: 'PyPI', name: 'AccessControl' },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '4.0' }, { fixed: '4.3' }, { introduced: '5.0' }, { fixed: '5.2' }] }],
    },
  ],
});
const withoutCve = osv('GHSA-aaaa-bbbb-cccc', {
  summary: 'AccessControl leaks the security manager',
  affected: [{ package: { ecosystem: 'PyPI', name: 'accesscontrol' }, versions: ['4.1'] }],
});
const scoped = osv('GHSA-67hx-6x53-jw92', {
  aliases: ['CVE-2099-0001'],
  cve_id: 'CVE-2099-0001',
  summary: 'Arbitrary code execution when compiling crafted code',
  affected: [
    {
      package: { ecosystem: 'npm', name: '@babel/traverse' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '7.23.2' }, { introduced: '8.0.0-alpha.0' }, { fixed: '8.0.0-alpha.4' }] }],
    },
  ],
});

beforeAll(async () => {
  stack = await startTestStack();
  key = await stack.newKey();
  await cveRepository.putMany([record]);
  await storeAdvisories([withCve, withoutCve, scoped]);
});
afterAll(async () => {
  await stack?.close();
});

interface Vulnerability {
  id: string;
  cve_id: string | null;
  severity: string;
  cvss_score: number | null;
  risk_level: string | null;
  fixed_versions: string[];
  title: string;
  summary: string;
  fix: string;
}
type Body = {
  ok: boolean;
  data: { ecosystem: string; name: string; version: string; vulnerabilities: Vulnerability[] };
  error: { code: string; details?: { parameter: string }[] };
};

async function get(path: string, apiKey: string = key, record = true) {
  const response = await stack.get(path, apiKey ? { key: apiKey } : {});
  const text = record ? (await recorder.record('GET', `${stack.baseUrl}${path}`, response)).text : await response.text();
  return { response, body: JSON.parse(text) as Body };
}

describe('GET /api/packages/{ecosystem}/{name}?version=V (product-decisions §8)', () => {
  it('needs an API key', async () => {
    const { response, body } = await get('/api/packages/PyPI/accesscontrol?version=4.1', '');
    expect(response.status).toBe(401);
    expect(body.error.code).toBe('MISSING_API_KEY');
  });

  it('answers every advisory that affects the version: joined to the catalogue through the CVE, or under its own id; worst first', async () => {
    const { response, body } = await get('/api/packages/pypi/AccessControl?version=4.1');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-resource')).toBe('core');
    expect(body.data).toMatchObject({ ecosystem: 'PyPI', name: 'AccessControl', version: '4.1' });
    expect(body.data.vulnerabilities).toEqual([
      {
        id: 'PYSEC-2021-335',
        cve_id: 'CVE-2021-32807',
        severity: 'HIGH',
        cvss_score: 8.8,
        risk_level: record.exploit_intel!.risk_level,
        risk_meaning: riskMeaning(record.exploit_intel!.risk_level, record.exploit_intel!),
        in_kev: record.in_kev,
        weaponized: record.exploit_intel!.weaponized,
        epss_score: record.exploit_intel!.epss?.score ?? null,
        fixed_versions: ['4.3', '5.2'],
        title: record.title,
        summary: record.explanation!.summary,
        fix: 'Upgrade AccessControl from 4.1 to 4.3 or later: 4.3 is the nearest release that fixes CVE-2021-32807.',
      },
      {
        id: 'GHSA-aaaa-bbbb-cccc',
        cve_id: null,
        severity: 'UNKNOWN',
        cvss_score: null,
        risk_level: null,
        risk_meaning: null,
        in_kev: false,
        weaponized: false,
        epss_score: null,
        fixed_versions: [],
        title: 'AccessControl leaks the security manager',
        summary: 'AccessControl leaks the security manager',
        fix: expect.stringMatching(/^No fixed release of AccessControl is published for GHSA-aaaa-bbbb-cccc yet/),
      },
    ]);
  });

  it('a fixed version has no vulnerabilities; the nearest fix follows the version', async () => {
    expect((await get('/api/packages/PyPI/accesscontrol?version=4.3')).body.data.vulnerabilities).toEqual([]);
    const later = (await get('/api/packages/PyPI/accesscontrol?version=5.1.post1')).body.data.vulnerabilities;
    expect(later.map((v) => [v.id, v.fixed_versions])).toEqual([['PYSEC-2021-335', ['5.2']]]);
    expect((await get('/api/packages/PyPI/unknown-package?version=1.0')).body.data.vulnerabilities).toEqual([]);
  });

  it('npm scoped names, encoded or with their slash; pre-releases by SemVer', async () => {
    const encoded = await get(`/api/packages/npm/${encodeURIComponent('@babel/traverse')}?version=7.23.1`);
    expect(encoded.body.data.vulnerabilities.map((v) => [v.id, v.cve_id, v.fixed_versions[0]])).toEqual([['GHSA-67hx-6x53-jw92', 'CVE-2099-0001', '7.23.2']]);
    const slash = await get('/api/packages/npm/@babel/traverse?version=8.0.0-alpha.3', key, false);
    expect(slash.response.status).toBe(200);
    expect(slash.body.data.vulnerabilities.map((v) => v.fixed_versions)).toEqual([['8.0.0-alpha.4']]);
    expect((await get(`/api/packages/npm/${encodeURIComponent('@babel/traverse')}?version=8.0.0-alpha.4`)).body.data.vulnerabilities).toEqual([]);
  });

  it('400 INVALID_PARAMETER names an unknown ecosystem, a missing or unreadable version, an unknown parameter', async () => {
    const cases: [string, string[]][] = [
      ['/api/packages/Debian/openssl?version=1.0', ['ecosystem']],
      ['/api/packages/npm/lodash', ['version']],
      ['/api/packages/npm/lodash?version=not-a-version', ['version']],
      ['/api/packages/NuGet/Newtonsoft.Json?version=latest', ['version']],
      ['/api/packages/npm/lodash?version=1.0.0&version=2.0.0', ['version']],
      ['/api/packages/npm/lodash?version=1.0.0&format=sarif', ['format']],
    ];
    for (const [path, parameters] of cases) {
      const { response, body } = await get(path);
      expect(response.status, path).toBe(400);
      expect(body.error.code).toBe('INVALID_PARAMETER');
      expect(body.error.details?.map((d) => d.parameter)).toEqual(parameters);
    }
  });

  it('a withdrawn advisory is removed, and an advisory that stops naming a package leaves its index', async () => {
    await storeAdvisories([{ ...withoutCve, modified: '2024-02-01T00:00:00Z', withdrawn: '2024-02-01T00:00:00Z' }]);
    const moved = {
      ...scoped,
      modified: '2024-03-01T00:00:00Z',
      affected: [{ ...scoped.affected[0]!, package: { ecosystem: 'npm' as const, name: '@babel/core' } }],
    };
    expect(await storeAdvisories([moved])).toMatchObject({ written: 1 });
    expect(await storeAdvisories([moved])).toMatchObject({ written: 0, unchanged: 1 });
    expect((await get('/api/packages/PyPI/accesscontrol?version=4.1')).body.data.vulnerabilities.map((v) => v.id)).toEqual(['PYSEC-2021-335']);
    expect(await advisoryRepository.findByPackage('npm', '@babel/traverse')).toEqual([]);
    expect((await advisoryRepository.findByPackage('npm', '@babel/core')).map((a) => a.id)).toEqual(['GHSA-67hx-6x53-jw92']);
  });

  it('every answer is the one the OpenAPI document describes', async () => {
    const document = (await (await stack.get('/openapi.json')).json()) as Record<string, unknown>;
    const check = createOpenApiChecker(document);
    const answers = recorder.all();
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 400, 401]));
    expect(answers.flatMap((a) => check(a))).toEqual([]);
  });
});
