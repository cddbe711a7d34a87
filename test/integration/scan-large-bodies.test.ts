import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanReportSchema } from '../../shared/domain/scan-report.js';
import { MAX_LAMBDA_REQUEST_BYTES } from '../../shared/local/gateway-server.js';
import { MAX_COMPONENTS, MAX_MANIFEST_BYTES } from '../../shared/scan/manifest.js';
import { SCAN_RECORDS, seedScanAdvisories } from '../support/scan-fixtures.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/*
 * The documented scan limit (4 MB, docs/scan.md) is one the way in can carry: the local gateway
 * hands the body to the function base64-encoded and refuses an event over Lambda's 6 MB, as API
 * Gateway and Lambda do; CloudFront and its WAF are modelled in test/infra/edge.test.ts.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.seed(SCAN_RECORDS);
  await seedScanAdvisories();
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

const integrity = () => `sha512-${randomBytes(64).toString('base64')}`;

/**
 * An npm v3 lockfile of `targetBytes` (padded with trailing whitespace, which JSON allows, to the
 * byte): a few hundred packages, each installed at many nested paths, as large monorepos have,
 * and lodash 4.17.15 (a seeded advisory) among them.
 */
function largeLockfile(targetBytes: number): string {
  const packages: Record<string, unknown> = { '': { name: 'monorepo', version: '1.0.0' } };
  packages['node_modules/lodash'] = {
    version: '4.17.15',
    resolved: 'https://registry.npmjs.org/lodash/-/lodash-4.17.15.tgz',
    integrity: integrity(),
    license: 'MIT',
  };
  let text = '';
  for (let i = 0; Buffer.byteLength(text) < targetBytes - 64 * 1024 && i < MAX_COMPONENTS - 1; i++) {
    const name = `pkg-${i % 400}`;
    const path = i < 400 ? `node_modules/${name}` : `node_modules/host-${Math.floor(i / 400)}/node_modules/${name}`;
    packages[path] = {
      version: `1.${i % 400}.0`,
      resolved: `https://registry.npmjs.org/${name}/-/${name}-1.${i % 400}.0.tgz`,
      integrity: integrity(),
      license: 'MIT',
      engines: { node: '>=18' },
    };
    if (i % 200 === 0) text = JSON.stringify({ name: 'monorepo', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2);
  }
  text = JSON.stringify({ name: 'monorepo', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2);
  const size = Buffer.byteLength(text);
  if (size > targetBytes) throw new Error(`the lockfile came out at ${size} bytes, over ${targetBytes}`);
  return text + ' '.repeat(targetBytes - size);
}

/** A CycloneDX 1.5 SBOM of `count` npm components, qs 6.5.2 (a seeded advisory) among them. */
function sbom(count: number): string {
  const components = Array.from({ length: count }, (_, i) => ({
    type: 'library',
    'bom-ref': `c${i}`,
    name: `lib-${i}`,
    version: `2.${i}.0`,
    purl: `pkg:npm/lib-${i}@2.${i}.0`,
  }));
  components.push({ type: 'library', 'bom-ref': 'qs', name: 'qs', version: '6.5.2', purl: 'pkg:npm/qs@6.5.2' });
  return JSON.stringify(
    {
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      version: 1,
      metadata: { component: { type: 'application', name: 'shop', version: '1.0.0', 'bom-ref': 'shop' } },
      components,
    },
    null,
    2,
  );
}

async function scan(body: Buffer | string, key: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.baseUrl}/api/scan`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: response.status, json: (await response.json()) as { ok: boolean; data?: unknown; error?: { code: string; message: string } } };
}

describe('large manifests reach POST /api/scan', () => {
  it("a 4 MB lockfile sent as it is: its base64 event fits Lambda's 6 MB, and it is scanned", async () => {
    const lock = largeLockfile(MAX_MANIFEST_BYTES);
    expect(Buffer.byteLength(lock)).toBe(MAX_MANIFEST_BYTES);
    // The body alone, base64-encoded as API Gateway delivers it, leaves room for the event around it.
    expect(Math.ceil(MAX_MANIFEST_BYTES / 3) * 4).toBeLessThan(MAX_LAMBDA_REQUEST_BYTES - 64 * 1024);
    const { status, json } = await scan(lock, await stack.newKey());
    expect(status, JSON.stringify(json.error)).toBe(200);
    const report = scanReportSchema.parse(json.data);
    expect(report.components).toBeGreaterThan(1000);
    expect(report.findings.map((f) => [f.component.name, f.component.version])).toContainEqual(['lodash', '4.17.15']);
  }, 180_000);

  it('a gzip-compressed SBOM (Content-Encoding: gzip) is inflated and scanned', async () => {
    const raw = sbom(4000);
    const body = gzipSync(raw);
    expect(body.length).toBeGreaterThan(8 * 1024);
    const { status, json } = await scan(body, await stack.newKey(), { 'Content-Encoding': 'gzip' });
    expect(status, JSON.stringify(json.error)).toBe(200);
    const report = scanReportSchema.parse(json.data);
    expect(report.components).toBe(4001);
    expect(report.findings.map((f) => f.component.purl)).toContain('pkg:npm/qs@6.5.2');
  }, 180_000);

  it('one byte over the limit still reaches the function, which answers its own 413 naming the limit', async () => {
    const { status, json } = await scan(`# ${'x'.repeat(MAX_MANIFEST_BYTES)}\nflask==1.0\n`, await stack.newKey(), { 'Content-Type': 'text/plain' });
    expect(status).toBe(413);
    expect(json.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('4 MB') });
  });
});
