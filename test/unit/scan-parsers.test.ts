import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/domain/errors.js';
import { keyLinesOf } from '../../shared/scan/json-key-lines.js';
import { MAX_COMPONENTS, MAX_MANIFEST_BYTES } from '../../shared/scan/manifest.js';
import { parseManifest } from '../../shared/scan/parse-manifest.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/scan/${name}`, import.meta.url), 'utf8');

/** The 1-based line on which `needle` first appears in `text`, found independently of the parser. */
function lineOf(text: string, needle: string): number {
  const index = text.indexOf(needle);
  expect(index).toBeGreaterThanOrEqual(0);
  return text.slice(0, index).split('\n').length;
}

async function rejection(body: string): Promise<ApiError> {
  try {
    await parseManifest(body);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('parseManifest accepted the body');
}

describe('package-lock.json', () => {
  it('v3: one component per installed package, on the line of its node_modules key', async () => {
    const text = fixture('package-lock-v3.json');
    const manifest = await parseManifest(text);
    expect(manifest.kind).toBe('package-lock');
    const byPath = new Map(manifest.components.map((c) => [c.locator, c]));
    expect([...byPath.keys()].sort()).toEqual(
      [
        'node_modules/@babel/traverse',
        'node_modules/lodash',
        'node_modules/minimist',
        'node_modules/mkdirp/node_modules/minimist',
        'node_modules/my-alias',
      ].sort(),
    );
    for (const [path, component] of byPath) expect(component.line).toBe(lineOf(text, `"${path}": {`));
    expect(byPath.get('node_modules/@babel/traverse')).toMatchObject({
      name: '@babel/traverse',
      version: '7.22.0',
      ecosystem: 'npm',
      packageName: '@babel/traverse',
      purl: 'pkg:npm/%40babel/traverse@7.22.0',
    });
    expect(byPath.get('node_modules/mkdirp/node_modules/minimist')).toMatchObject({ name: 'minimist', version: '0.0.8' });
    // An alias is matched under the real package's name.
    expect(byPath.get('node_modules/my-alias')).toMatchObject({ name: 'left-pad', version: '1.3.0' });
    // The root project, the workspace link and the workspace's own source are not dependencies.
    expect(manifest.componentCount).toBe(5);
  });

  it('v2: reads the packages map, not the legacy dependencies tree', async () => {
    const text = fixture('package-lock-v2.json');
    const manifest = await parseManifest(text);
    expect(manifest.components.map((c) => [c.name, c.version, c.line])).toEqual([
      ['node-fetch', '2.6.0', lineOf(text, '"node_modules/node-fetch"')],
      ['qs', '6.5.2', lineOf(text, '"node_modules/qs"')],
    ]);
  });

  it('finds the lines of a minified lockfile (all on line 1) and of keys with escapes', async () => {
    const minified = JSON.stringify(JSON.parse(fixture('package-lock-v3.json')));
    const manifest = await parseManifest(minified);
    expect(manifest.components.every((c) => c.line === 1)).toBe(true);
    const escaped =
      '{\n"a": {"packages": {"x": 1}},\n"packages": {\n"node_modules/\\u0061b": {"version": "1.0.0"},\n"node_modules/c": {"packages": {"node_modules/d": 2}}\n}\n}';
    expect(Object.fromEntries(keyLinesOf(escaped, ['packages']))).toEqual({ 'node_modules/ab': 4, 'node_modules/c': 5 });
  });

  it('refuses lockfileVersion 1 and a lockfile with no packages map, saying why', async () => {
    expect((await rejection('{"lockfileVersion": 1, "dependencies": {}}')).message).toMatch(/lockfileVersion 1 is not supported/);
    const missing = await rejection('{"lockfileVersion": 3}');
    expect(missing.statusCode).toBe(400);
    expect(missing.details?.[0]?.parameter).toBe('body.packages');
  });
});

describe('requirements.txt', () => {
  it('pinned == lines are components on their line; the rest is listed as not checked', async () => {
    const text = fixture('requirements.txt');
    const manifest = await parseManifest(text);
    expect(manifest.kind).toBe('requirements');
    expect(manifest.components.map((c) => [c.packageName, c.version, c.line])).toEqual([
      ['django', '3.2.0', 2],
      ['requests', '2.19.1', 3],
      ['urllib3', '1.24.1', 4],
      ['jinja2', '2.10', 5],
      ['pyyaml', '5.3', 12],
    ]);
    expect(manifest.components[0]?.purl).toBe('pkg:pypi/django@3.2.0');
    expect(manifest.notChecked.map((n) => [n.line, n.reason.split(':')[0]])).toEqual([
      [7, 'Not pinned with =='],
      [8, 'A nested requirements or constraints file is not followed'],
      [9, 'An editable install names a local path or repository, not a released version.'],
      [10, 'A pip option, not a requirement.'],
      [11, 'A wildcard version (==1.*) pins no single version.'],
    ]);
    expect(manifest.componentCount).toBe(7);
  });

  it('refuses text that is not a requirements file', async () => {
    const error = await rejection('hello world, this is not a manifest\n<html>');
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/not a manifest a scan reads/);
  });
});

// Compiling CycloneDX's JSON schema (once per version and process) takes seconds on a busy machine.
const SCHEMA_COMPILE_TIMEOUT = 60_000;

describe('CycloneDX', () => {
  it(
    '1.5: nested components are read; purl, CPE and unmatchable components are told apart',
    async () => {
      const manifest = await parseManifest(fixture('cyclonedx-1.5.json'));
      expect(manifest.kind).toBe('cyclonedx');
      expect(manifest.componentCount).toBe(5);
      expect(manifest.components.map((c) => [c.name, c.ecosystem, c.packageName, c.cpe !== null, c.line])).toEqual([
        ['lodash', 'npm', 'lodash', false, null],
        ['jinja2', 'PyPI', 'jinja2', false, null],
        ['openssl', null, null, true, null],
      ]);
      expect(manifest.notChecked.map((n) => n.entry)).toEqual(['bash@5.1', 'mystery']);
      expect(manifest.notChecked[0]?.reason).toMatch(/purl type "deb"/);
    },
    SCHEMA_COMPILE_TIMEOUT,
  );

  it.each(['1.4', '1.6'])(
    'reads a minimal %s SBOM',
    async (version) => {
      const bom = {
        bomFormat: 'CycloneDX',
        specVersion: version,
        version: 1,
        components: [{ type: 'library', name: 'qs', version: '6.5.2', purl: 'pkg:npm/qs@6.5.2' }],
      };
      const manifest = await parseManifest(JSON.stringify(bom));
      expect(manifest.components.map((c) => c.purl)).toEqual(['pkg:npm/qs@6.5.2']);
    },
    SCHEMA_COMPILE_TIMEOUT,
  );

  it(
    'refuses an unsupported specVersion and a document that breaks the schema, naming the field',
    async () => {
      expect((await rejection('{"bomFormat":"CycloneDX","specVersion":"1.2","version":1}')).message).toMatch(/specVersion 1.2 is not supported/);
      const broken = await rejection(
        JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 1, components: [{ type: 'not-a-type', name: 'x' }] }),
      );
      expect(broken.message).toMatch(/CycloneDX 1.6 JSON schema/);
      expect(broken.details?.[0]?.parameter).toBe('body.components.0.type');
    },
    SCHEMA_COMPILE_TIMEOUT,
  );
});

describe('SPDX', () => {
  it('2.3: packages matched by purl or cpe23Type references', async () => {
    const manifest = await parseManifest(fixture('spdx-2.3.json'));
    expect(manifest.kind).toBe('spdx');
    expect(manifest.components.map((c) => [c.name, c.ecosystem, c.packageName, c.cpe])).toEqual([
      ['qs', 'npm', 'qs', null],
      ['log4j-core', 'Maven', 'org.apache.logging.log4j:log4j-core', 'cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:*:*:*'],
    ]);
    expect(manifest.notChecked).toEqual([{ entry: 'no-refs@1.0', line: null, reason: 'Not checked: it has neither a purl nor a CPE.' }]);
  });

  it('refuses a document missing required fields, naming them', async () => {
    const error = await rejection(JSON.stringify({ spdxVersion: 'SPDX-2.3', SPDXID: 'SPDXRef-DOCUMENT', name: 'x' }));
    expect(error.details?.map((d) => d.parameter)).toEqual(expect.arrayContaining(['body.dataLicense', 'body.documentNamespace', 'body.creationInfo']));
  });
});

describe('limits and recognition', () => {
  it('a body over the limit (MAX_MANIFEST_BYTES) is 413 PAYLOAD_TOO_LARGE', async () => {
    const error = await rejection(`# ${'x'.repeat(MAX_MANIFEST_BYTES)}\nflask==1.0\n`);
    expect([error.statusCode, error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it(`more than ${MAX_COMPONENTS} components is a 400`, async () => {
    const lines = Array.from({ length: MAX_COMPONENTS + 1 }, (_, i) => `pkg${i}==1.0.${i}`).join('\n');
    const error = await rejection(lines);
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/10001 components; a scan accepts at most 10000/);
  });

  it('JSON of no known kind and broken JSON are 400s naming the problem', async () => {
    expect((await rejection('{"name": "x"}')).message).toMatch(/none of the kinds/);
    expect((await rejection('{"lockfileVersion": 3,')).message).toMatch(/not valid JSON/);
    expect((await rejection('  ')).message).toMatch(/empty/);
  });
});
