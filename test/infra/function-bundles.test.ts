import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleFunction, bundleLoad, functionBuildOptions, functionSource } from '../../infra/function-bundle.js';
import { PROJECT_ROOT } from '../../infra/project-root.js';
import { fixture } from '../support/ingest-fixtures.js';
import { probe, type ProbeInput } from '../support/lazy-chunks-probe.js';

const out = mkdtempSync(join(tmpdir(), 'plaincve-bundles-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The packages (or project files) whose code is in `files` of the bundle. */
function packagesIn(metafile: Metafile, files: readonly string[]): Set<string> {
  const owners = new Set<string>();
  for (const file of files) {
    for (const input of Object.keys(metafile.outputs[file]?.inputs ?? {})) owners.add(/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input);
  }
  return owners;
}

describe('function bundles, split as deployed (infra/function-bundle.ts)', () => {
  it.each([
    { entry: 'scan', lazy: ['@cyclonedx/cyclonedx-library', 'ajv', 'ajv-formats', 'fast-uri'] },
    { entry: 'account', lazy: ['@cyclonedx/cyclonedx-library', 'ajv', 'ajv-formats', 'fast-uri'] },
    {
      entry: 'ingest',
      lazy: [
        'csv-parse',
        'saxes',
        'fflate',
        // Each source's parser (recognition stays at start: shared/ingest/sources/sniff.ts), and the filter index update.
        ...['nvd11', 'cve5', 'detections', 'osv', 'exploits', 'epss', 'kev', 'cwe', 'cpe-dictionary'].map((name) => `shared/ingest/sources/${name}.ts`),
        'shared/ingest/use-cases/update-filter-index.ts',
      ],
    },
  ])('$entry: $lazy only in chunks loaded on first use, never in what a cold start reads', async ({ entry, lazy }) => {
    const metafile = await bundleFunction(entry, join(out, entry));
    const load = bundleLoad(metafile, entry);
    expect(load.entry).toMatch(/\/index\.mjs$/);
    const atStart = packagesIn(metafile, load.atStart);
    const later = packagesIn(metafile, load.lazy);
    for (const name of lazy) {
      expect(atStart.has(name), `${name} is in the start-up load`).toBe(false);
      expect(later.has(name), `${name} is in no lazy chunk`).toBe(true);
    }
    // The handler itself is in the start-up load.
    expect(atStart.has(`functions/${entry}.ts`)).toBe(true);
  });

  it('the chunks load and work in a fresh node process: the same answers as from source', async () => {
    const zip = join(out, 'osv.zip');
    writeFileSync(zip, zipSync({ 'GHSA-probe.json': strToU8(readFileSync(fixture('osv.json'), 'utf8')) }));
    const input: ProbeInput = {
      sbom: join(PROJECT_ROOT, 'test/fixtures/scan/cyclonedx-1.5.json'),
      // Every source whose parser is a chunk of its own, by line, as a document and streamed.
      sources: [
        fixture('kev.csv'),
        fixture('cpe-dictionary.xml'),
        zip,
        ...[
          'kev.json',
          'cve5-records.jsonl',
          'nvd-1.1-feed.json',
          'nuclei.jsonl',
          'sigma.tsv',
          'suricata.tsv',
          'emerging-test.rules',
          'camera.yar',
          'semgrep.yaml',
        ].map(fixture),
        ...['exploitdb-map.tsv', 'metasploit.tsv', 'poc-lists.jsonl', 'epss.csv', 'cwe-names.tsv'].map(fixture),
      ],
    };
    const probeDir = join(out, 'probe');
    await build({ ...functionBuildOptions('scan', probeDir), entryPoints: { index: join(PROJECT_ROOT, 'test/support/lazy-chunks-probe.ts') } });
    const script = `const { probe } = await import(${JSON.stringify(pathToFileURL(join(probeDir, 'index.mjs')).href)}); console.log(JSON.stringify(await probe(${JSON.stringify(input)})));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    // Node prints the failing line of minified code whole: leave it out, keep the error and its stack.
    const failure = run.stderr
      .split('\n')
      .filter((line) => line.trim() !== '' && line.length < 400 && !/^\s*\^+\s*$/.test(line))
      .join('\n');
    expect(run.status, failure).toBe(0);
    const bundled = JSON.parse(run.stdout) as Awaited<ReturnType<typeof probe>>;

    const fromSource = JSON.parse(JSON.stringify(await probe(input))) as typeof bundled;
    expect(bundled).toEqual(fromSource);
    // And the answers are the real ones, not two matching failures.
    expect(bundled.components).toBeGreaterThan(0);
    expect(bundled.rejected).toMatch(/CycloneDX/);
    expect(bundled.sources.map((s) => [s.recognition, s.kind])).toEqual([
      ['lines', 'kev'],
      ['stream', 'cpe-dictionary'],
      ['document', 'osv'],
      ['document', 'kev'],
      ['lines', 'cve5'],
      ['document', 'nvd'],
      ['lines', 'nuclei'],
      ['lines', 'sigma'],
      ['lines', 'suricata'],
      ['lines', 'suricata'],
      ['document', 'yara'],
      ['document', 'semgrep'],
      ['lines', 'exploit-db'],
      ['lines', 'metasploit'],
      ['lines', 'github-poc'],
      ['lines', 'epss'],
      ['lines', 'cwe'],
    ]);
    for (const source of bundled.sources) expect(source.calls.length).toBeGreaterThan(0);
  });

  it('no function bundle holds a devDependency (test-only packages such as flesch-kincaid stay out of Lambda)', async () => {
    const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const entries = readdirSync(join(PROJECT_ROOT, 'functions'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -'.ts'.length));
    expect(entries.length).toBeGreaterThan(10);
    // All functions in one build: the same options as deployed, written nowhere.
    const { metafile } = await build({
      ...functionBuildOptions(entries[0]!, join(out, 'all')),
      entryPoints: Object.fromEntries(entries.map((e) => [e, functionSource(e)])),
      write: false,
    });
    const bundled = packagesIn(metafile, Object.keys(metafile.outputs));
    // The check reads real bundles: the packages the handlers use are there...
    for (const name of ['zod', '@middy/core', 'oauth4webapi']) expect(bundled.has(name), `${name} is in no bundle`).toBe(true);
    // ...and no package the tests, benches or tooling use.
    for (const name of Object.keys(manifest.devDependencies)) expect(bundled.has(name), `devDependency ${name} is in a function bundle`).toBe(false);
  });
});
