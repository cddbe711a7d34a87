import { gzipSync } from 'node:zlib';
import type { Log } from 'sarif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanReportSchema } from '../../shared/domain/scan-report.js';
import { createOpenApiChecker, createResponseRecorder } from '../support/openapi-conformance.js';
import { multitoolGhErrors, sarifSchemaErrors } from '../support/sarif-validation.js';
import { advisoryRepository } from '../../shared/repositories/advisory-repository.js';
import { SCAN_ADVISORIES, SCAN_RECORDS, scanFixture, seedScanAdvisories } from '../support/scan-fixtures.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack;
const recorder = createResponseRecorder();

beforeAll(async () => {
  stack = await startTestStack();
  await stack.seed(SCAN_RECORDS);
  await seedScanAdvisories();
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

async function scan(body: string | Buffer, init: { key?: string; query?: string; headers?: Record<string, string> } = {}) {
  const url = `${stack.baseUrl}/api/scan${init.query ?? ''}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...(init.key ? { 'X-API-Key': init.key } : {}), 'Content-Type': 'application/octet-stream', ...init.headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const { text } = await recorder.record('POST', url, response);
  return { response, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** The 1-based line of a lockfile key, found independently of the parser. */
function lineOfKey(text: string, key: string): number {
  return text.split('\n').findIndex((line) => line.includes(`"${key}": {`)) + 1;
}

describe('POST /api/scan (product-decisions §8)', () => {
  it('needs an API key', async () => {
    const { response, json } = await scan(scanFixture('package-lock-v3.json'));
    expect(response.status).toBe(401);
    expect(json()).toMatchObject({ ok: false, error: { code: 'MISSING_API_KEY' } });
  });

  it('a v3 lockfile: the findings worst risk first, each with its line, explanation and fix; one export unit used', async () => {
    const key = await stack.newKey();
    const lock = scanFixture('package-lock-v3.json');
    const { response, json } = await scan(lock, { key });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-resource')).toBe('exports');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('9');
    const body = json() as { ok: true; data: unknown };
    const report = scanReportSchema.parse(body.data);
    expect(report.components).toBe(5);
    expect(report.checked).toBe(5);
    expect(report.not_checked).toEqual([]);
    expect(report.findings.map((f) => [f.component.name, f.component.version, f.component.line, f.vulnerabilities.map((v) => v.id)])).toEqual([
      ['lodash', '4.17.15', lineOfKey(lock, 'node_modules/lodash'), ['GHSA-p6mc-m468-83gw']],
      ['minimist', '0.0.8', lineOfKey(lock, 'node_modules/mkdirp/node_modules/minimist'), ['GHSA-0000-nocv-e000']],
    ]);
    const [lodash] = report.findings[0]?.vulnerabilities ?? [];
    expect(lodash).toMatchObject({
      cve_id: 'CVE-2099-8203',
      severity: 'HIGH',
      cvss_score: 7.4,
      risk_level: 'CRITICAL_GAP',
      fixed_versions: ['4.17.19'],
      title: 'Lodash lets an attacker change every object',
      summary: SCAN_RECORDS[0]?.explanation?.summary,
      fix: 'Upgrade lodash from 4.17.15 to 4.17.19 or later: 4.17.19 is the nearest release that fixes CVE-2099-8203.',
    });
    // No CVE: reported under its own id, with the advisory's words and no catalogue data.
    expect(report.findings[1]?.vulnerabilities[0]).toMatchObject({
      cve_id: null,
      severity: 'UNKNOWN',
      cvss_score: null,
      risk_level: null,
      fixed_versions: [],
      title: 'Prototype pollution in minimist',
    });
    expect(report.findings[1]?.vulnerabilities[0]?.fix).toMatch(/^No fixed release of minimist is published for GHSA-0000-nocv-e000/);
  });

  it('SARIF: valid under the Multitool GitHub rules, each result on the component line of manifest_path', async () => {
    const key = await stack.newKey();
    const lock = scanFixture('package-lock-v3.json');
    const { response, text } = await scan(lock, { key, query: '?format=sarif&manifest_path=web/package-lock.json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/sarif\+json/);
    const log = JSON.parse(text) as Log;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(await multitoolGhErrors(log)).toEqual([]);
    expect(
      (log.runs[0]?.results ?? []).map((r) => [
        r.ruleId,
        r.locations?.[0]?.physicalLocation?.artifactLocation?.uri,
        r.locations?.[0]?.physicalLocation?.region?.startLine,
      ]),
    ).toEqual([
      ['CVE-2099-8203', 'web/package-lock.json', lineOfKey(lock, 'node_modules/lodash')],
      ['GHSA-0000-nocv-e000', 'web/package-lock.json', lineOfKey(lock, 'node_modules/mkdirp/node_modules/minimist')],
    ]);
    expect(log.runs[0]?.results?.[0]?.message.text).toContain('Upgrade lodash from 4.17.15 to 4.17.19 or later');
  }, 120_000);

  it('OpenVEX: an affected statement per finding, gzip bodies accepted, requirements.txt read with its lines', async () => {
    const key = await stack.newKey();
    const { response, json } = await scan(gzipSync(scanFixture('requirements.txt')), {
      key,
      query: '?format=openvex',
      headers: { 'Content-Encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    const doc = json() as {
      '@context': string;
      statements: { vulnerability: { name: string }; products: { '@id': string }[]; status: string; action_statement: string }[];
    };
    expect(doc['@context']).toBe('https://openvex.dev/ns/v0.2.0');
    expect(doc.statements).toEqual([
      expect.objectContaining({
        vulnerability: expect.objectContaining({ name: 'CVE-2099-31542' }),
        products: [expect.objectContaining({ '@id': 'pkg:pypi/django@3.2.0' })],
        status: 'affected',
        action_statement: 'Upgrade Django from 3.2.0 to 3.2.1 or later: 3.2.1 is the nearest release that fixes CVE-2099-31542.',
      }),
    ]);
  });

  it('a v2 lockfile and an SPDX SBOM (no lines: line null) are matched too', async () => {
    const key = await stack.newKey();
    const v2 = scanFixture('package-lock-v2.json');
    const lock = scanReportSchema.parse((await scan(v2, { key })).json().data);
    expect(lock.findings.map((f) => [f.component.name, f.component.line, f.vulnerabilities[0]?.risk_level])).toEqual([
      ['qs', lineOfKey(v2, 'node_modules/qs'), 'LOW'],
    ]);
    const sbom = scanReportSchema.parse((await scan(scanFixture('spdx-2.3.json'), { key })).json().data);
    expect(sbom.findings.map((f) => [f.component.purl, f.component.line])).toEqual([['pkg:npm/qs@6.5.2', null]]);
    expect(sbom.components).toBe(3);
    expect(sbom.not_checked.map((n) => n.entry)).toEqual(['no-refs@1.0']);
  });

  it('bad input: a clear 4xx that uses no export unit', async () => {
    const key = await stack.newKey();
    const notManifest = await scan('<html>not a manifest</html>', { key });
    expect(notManifest.response.status).toBe(400);
    expect(notManifest.json()).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(notManifest.response.headers.get('x-ratelimit-remaining')).toBe('10');
    const badParameter = await scan(scanFixture('requirements.txt'), { key, query: '?format=xml&manifest_path=../x' });
    expect(badParameter.response.status).toBe(400);
    expect((badParameter.json().error as { details: { parameter: string }[] }).details.map((d) => d.parameter)).toEqual(['format', 'manifest_path']);
    // Over the limit once inflated (a small gzip body): the scan's own 413, with the allowance's headers.
    const tooLarge = await scan(gzipSync(`# ${'x'.repeat(5 * 1024 * 1024)}\n`), { key, headers: { 'Content-Encoding': 'gzip' } });
    expect(tooLarge.response.status).toBe(413);
    expect(tooLarge.json()).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(tooLarge.response.headers.get('x-ratelimit-remaining')).toBe('10');
    // 4.8 MB sent as it is: base64 in the event makes it more than Lambda takes; the gateway answers 413.
    const overLambda = await scan(`# ${'x'.repeat(4.8 * 1024 * 1024)}\nflask==1.0\n`, { key });
    expect(overLambda.response.status).toBe(413);
    expect(overLambda.json()).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    const lockV1 = await scan('{"lockfileVersion": 1, "dependencies": {}}', { key });
    expect((lockV1.json().error as { message: string }).message).toMatch(/lockfileVersion 1 is not supported/);
    expect(lockV1.response.headers.get('x-ratelimit-remaining')).toBe('10');
  });

  it('the package lists follow the advisories: one that stops naming a package, or is withdrawn, is no longer found', async () => {
    const key = await stack.newKey();
    const django = SCAN_ADVISORIES.find((a) => a.id === 'PYSEC-2099-1');
    if (!django) throw new Error('fixture advisory missing');
    const found = async () => scanReportSchema.parse((await scan('Django==3.2.0\nflask==3.2.0\n', { key })).json().data).findings.map((f) => f.component.name);
    expect(await found()).toEqual(['Django']);
    const stored = await advisoryRepository.storedState([django.id]);
    const moved = {
      ...django,
      modified: '2026-11-02T00:00:00Z',
      affected: [{ ...django.affected[0]!, package: { ecosystem: 'PyPI' as const, name: 'Flask' } }],
    };
    await advisoryRepository.putMany([moved], stored);
    expect(await found()).toEqual(['flask']);
    await advisoryRepository.removeMany([django.id], await advisoryRepository.storedState([django.id]));
    expect(await found()).toEqual([]);
    await advisoryRepository.putMany([django], new Map());
    expect(await found()).toEqual(['Django']);
  });

  it('every answer matches the OpenAPI document', () => {
    const check = createOpenApiChecker();
    expect(recorder.all().length).toBeGreaterThan(5);
    expect(recorder.all().flatMap((answer) => check(answer))).toEqual([]);
  });
});
