import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, isProgrammaticApiRoute } from '../../shared/platform/routes.js';
import { openApiPath } from '../../shared/openapi/document.js';
import { createOpenApiChecker, createResponseRecorder } from '../support/openapi-conformance.js';
import { fixtureRecord } from '../support/export-fixtures.js';
import type { Log } from 'sarif';
import { multitoolGhErrors, sarifSchemaErrors } from '../support/sarif-validation.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack;
const recorder = createResponseRecorder();
let served: Record<string, unknown>;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.seed([fixtureRecord({ id: 'CVE-2024-1234', score: 7.5 })]);
  const { response, text } = await recorder.record('GET', `${stack.baseUrl}/openapi.json`, await stack.get('/openapi.json'));
  expect(response.status).toBe(200);
  served = JSON.parse(text) as Record<string, unknown>;
});

afterAll(async () => {
  await stack?.close();
});

async function call(path: string, key?: string) {
  return recorder.record('GET', `${stack.baseUrl}${path}`, await stack.get(path, key ? { key } : {}));
}

describe('GET /openapi.json', () => {
  it('is public and validates as an OpenAPI 3.1 document', async () => {
    expect(served.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(served) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('covers every API route, its parameters, the X-API-Key scheme and the errors', () => {
    const paths = served.paths as Record<
      string,
      Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown>; security?: unknown[] }>
    >;
    for (const route of ROUTES.filter(isProgrammaticApiRoute)) {
      // A greedy `{name+}` route is the plain `{name}` path in OpenAPI.
      const operation = paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation?.security, route.path).toEqual(route.auth === 'apiKey' ? [{ apiKey: [] }] : []);
      if (route.auth === 'apiKey') {
        const statuses = Object.keys(operation?.responses ?? {});
        expect(statuses).toEqual(expect.arrayContaining(['400', '401', '429', '500', '503']));
        // 200, or 201 for a call that creates (POST /api/watchlists).
        expect(
          statuses.filter((s) => s === '200' || s === '201'),
          `${route.method} ${route.path}`,
        ).toHaveLength(1);
      }
    }
    const exportParameters = (path: string) => paths[path]?.get?.parameters?.map((p) => `${p.in}:${p.name}`).sort();
    const filters = ['cursor', 'min_score', 'modified_since', 'patch_status', 'risk_level', 'search', 'severity', 'tag'].map((n) => `query:${n}`);
    expect(exportParameters('/api/cves/export.csv')).toEqual(filters);
    expect(exportParameters('/api/cves/export.json')).toEqual(filters);
    expect(exportParameters('/api/cves/export.sarif')).toEqual([...filters, 'query:sarif_path'].sort());
    expect(exportParameters('/api/cve/{cve_id}')).toEqual(['path:cve_id']);
    expect((served.components as { securitySchemes: unknown }).securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    });
    const schemas = Object.keys((served.components as { schemas: Record<string, unknown> }).schemas);
    expect(schemas).toEqual(expect.arrayContaining(['ExportRecord', 'ExportMeta', 'Explanation', 'Health', 'ErrorEnvelope', 'CveExplanation', 'Epss']));
    // Scores of every CVSS version say which (product-decisions §6), in the lookup and the export record.
    const schema = (id: string) => (served.components as { schemas: Record<string, { properties?: Record<string, unknown> }> }).schemas[id];
    for (const id of ['ExportRecord', 'CveExplanation'])
      expect(Object.keys(schema(id)?.properties ?? {})).toEqual(expect.arrayContaining(['cvss_version', 'cvss_vector']));
    expect(Object.keys(schema('CveExplanation')?.properties ?? {})).toContain('epss');
    expect(Object.keys(schema('ExploitIntel')?.properties ?? {})).toContain('epss');
    // §9: the facts, and the source's description in the lookup; the document says what a demo record's description is.
    for (const id of ['ExportRecord', 'CveExplanation']) {
      expect(Object.keys(schema(id)?.properties ?? {})).toEqual(expect.arrayContaining(['facts', 'description']));
      const description = schema(id)?.properties?.description as { description?: string } | undefined;
      expect(description?.description).toMatch(/^NVD's English description.*hand-written demo records.*not NVD's text/);
    }
    expect(Object.keys(schema('Facts')?.properties ?? {})).toEqual([
      'impacts',
      'attack',
      'component',
      'products',
      'fixed_in',
      'last_affected',
      'fix_stated',
      'exploit_public',
      'aka',
    ]);
    expect(served.servers).toEqual([{ url: stack.baseUrl }]);
  });

  it('documents every answer of the service (health, lookup, exports, errors) as the service gives it', async () => {
    const key = await stack.newKey();
    await call('/health');
    await call('/api/cve/CVE-2024-1234', key);
    await call('/api/cve/CVE-2024-9999', key);
    await call('/api/cve/not-a-cve', key);
    await call('/api/cve/CVE-2024-1234');
    await call('/api/cve/CVE-2024-1234', 'pcve_bad');
    for (const format of ['csv', 'json', 'sarif']) {
      await call(`/api/cves/export.${format}?severity=high`, key);
      await call(`/api/cves/export.${format}?severity=nope`, key);
    }
    const statuses = recorder.all().map((r) => r.status);
    expect(new Set(statuses)).toEqual(new Set([200, 400, 401, 404]));
    const check = createOpenApiChecker(served);
    expect(recorder.all().flatMap((r) => check(r))).toEqual([]);
    const sarif = recorder
      .all()
      .filter((r) => r.status === 200 && r.contentType === 'application/sarif+json')
      .map((r) => JSON.parse(r.body) as Log);
    expect(sarif).toHaveLength(1);
    expect(sarifSchemaErrors(sarif[0])).toEqual([]);
    expect(await multitoolGhErrors(sarif)).toEqual([]);
  }, 60_000);

  it('the checker catches an answer the document does not describe', () => {
    const check = createOpenApiChecker(served);
    expect(check({ method: 'GET', path: '/api/cves/export.json', status: 200, contentType: 'application/json', body: '{"ok":true,"data":{}}' })).not.toEqual(
      [],
    );
    expect(check({ method: 'GET', path: '/api/cves/export.csv', status: 418, contentType: 'text/csv', body: '' })).not.toEqual([]);
    expect(check({ method: 'GET', path: '/health', status: 200, contentType: 'text/html', body: '<p>' })).not.toEqual([]);
  });
});
