/**
 * `npm run bench -- bundles`: every function's bundle as the CDK builds it (esbuild, minified
 * ESM for node22, @aws-sdk/* external: Lambda's runtime provides the SDK) and its module load in
 * a fresh node process, with the SDK's share measured apart: a fresh process that imports only
 * the SDK packages the bundle names.
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { FUNCTIONS } from '../shared/platform/functions.js';
import { INGEST_FUNCTION } from '../shared/platform/ingest-function.js';
import { quantile, type BenchOptions, type Headline } from './support/headline.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What Lambda's Node.js runtime defines before a streaming function's module loads. */
const AWSLAMBDA_STAND_IN = 'globalThis.awslambda ??= {}; awslambda.streamifyResponse ??= (h) => h; awslambda.HttpResponseStream ??= { from: (s) => s };';

interface LoadTime {
  /** Wall-clock milliseconds: what a cold start waits, and what a busy machine inflates most. */
  readonly wall: number;
  /** CPU milliseconds of the import (user + system): steadier on a shared machine. */
  readonly cpu: number;
}

interface Measured extends LoadTime {
  /** The SDK entry packages (`@aws-sdk/client-*`, `lib-*`) in the process's CommonJS cache after the load. */
  readonly sdk: string[];
}

/**
 * Runs `body` (which sets `loaded`) in a fresh node process `runs` times: medians of its wall and
 * CPU time, and the SDK entry packages the process held afterwards (the functions load the SDK
 * with require, shared/repositories/aws-sdk.ts, so the CommonJS cache shows what was loaded).
 */
function measure(body: string, runs: number): Measured {
  const script = `${AWSLAMBDA_STAND_IN} import { createRequire } from 'node:module'; const require = createRequire(process.cwd() + '/'); const c = process.cpuUsage(); const t = performance.now(); ${body}; const u = process.cpuUsage(c); const wall = performance.now() - t; const sdk = [...new Set(Object.keys(require.cache).map((f) => { const i = f.lastIndexOf('node_modules/@aws-sdk/'); const name = i < 0 ? '' : f.slice(i + 13).split('/').slice(0, 2).join('/'); return /^@aws-sdk.(client|lib)-/.test(name) ? name : ''; }).filter(Boolean))].sort(); console.log(JSON.stringify({ wall, cpu: (u.user + u.system) / 1000, sdk }));`;
  const walls: number[] = [];
  const cpus: number[] = [];
  let sdk: string[] = [];
  for (let i = 0; i < runs; i++) {
    const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      encoding: 'utf8',
    });
    const measured = JSON.parse(printed.trim()) as Measured;
    walls.push(measured.wall);
    cpus.push(measured.cpu);
    sdk = measured.sdk;
  }
  return { wall: quantile(walls, 0.5), cpu: quantile(cpus, 0.5), sdk };
}

/** The bundle's module load in a fresh process. */
const loadBundle = (file: string, runs: number) => measure(`await import(${JSON.stringify(pathToFileURL(file).href)})`, runs);
/** The SDK packages alone, loaded as the bundle loads them (require), in a fresh process. */
const loadSdk = (packages: readonly string[], runs: number): LoadTime =>
  packages.length === 0 ? { wall: 0, cpu: 0 } : measure(`for (const p of ${JSON.stringify(packages)}) require(p)`, runs);

export default async function bundlesBench(options: BenchOptions): Promise<Headline[]> {
  const runs = options.quick ? 1 : 5;
  const out = join(ROOT, 'node_modules/.cache/plaincve-bench');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const entries = [...Object.values(FUNCTIONS).map((f) => ({ id: f.id, entry: f.entry })), { id: 'ingest', entry: INGEST_FUNCTION.entry }];
  const rows = [];
  try {
    for (const { id, entry } of entries) {
      const outfile = join(out, `${id}.mjs`);
      const result = await build({
        entryPoints: [join(ROOT, 'functions', `${entry}.ts`)],
        outfile,
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'node',
        target: 'node22',
        mainFields: ['module', 'main'],
        external: ['@aws-sdk/*'],
        // The same shim as the CDK bundling (infra/plaincve-function.ts).
        banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
        metafile: true,
        logLevel: 'silent',
      });
      // The SDK packages the module loads at start (Secrets Manager, SSM: only on first use).
      const total = loadBundle(outfile, runs);
      const sdkTime = loadSdk(total.sdk, runs);
      const external = Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external && i.path.startsWith('@aws-sdk/')).map((i) => i.path));
      const named = [...new Set([...external, ...[...readFileSync(outfile, 'utf8').matchAll(/["'](@aws-sdk\/[a-z0-9-]+)["']/g)].map((m) => m[1] ?? '')])];
      const deferred = named.filter((p) => !total.sdk.includes(p));
      const sdk = total.sdk;
      rows.push({
        function: id,
        'bundle KiB': +(statSync(outfile).size / 1024).toFixed(1),
        'gzip KiB': +(gzipSync(readFileSync(outfile)).length / 1024).toFixed(1),
        'load ms': +total.wall.toFixed(1),
        'load CPU ms': +total.cpu.toFixed(1),
        'SDK alone ms': +sdkTime.wall.toFixed(1),
        'SDK alone CPU ms': +sdkTime.cpu.toFixed(1),
        'SDK at start': sdk.map((p) => p.replace('@aws-sdk/', '')).join(' '),
        'SDK on first use': deferred.map((p) => p.replace('@aws-sdk/', '')).join(' '),
      });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  console.log(`Function bundles (esbuild, minified ESM, node22, @aws-sdk/* external) and module load in a fresh node process (median of ${runs});`);
  console.log('"SDK alone" imports only the SDK packages the bundle loads at start, in a fresh process (the SDK\'s share of the load);');
  console.log('CPU ms (user + system) is what the import costs; wall ms is what it waits, inflated by a busy machine:');
  console.table(rows);
  const api = rows.filter((r) => r.function !== 'ingest');
  const range = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
  const ingest = rows.find((r) => r.function === 'ingest');
  return [
    { figure: 'API function bundles (minified)', value: `${range(api.map((r) => r['bundle KiB']), 1)} KiB${ingest ? `; ingest ${ingest['bundle KiB']} KiB` : ''}`, goal: '< 200 KB each' },
    { figure: 'module load, fresh process (wall / CPU)', value: `${range(api.map((r) => r['load ms']))} / ${range(api.map((r) => r['load CPU ms']))} ms`, goal: '< 150 ms' },
    { figure: '  of which the SDK alone (wall / CPU)', value: `${range(api.map((r) => r['SDK alone ms']))} / ${range(api.map((r) => r['SDK alone CPU ms']))} ms` },
    { figure: '  lookup (cveLookup): load / SDK share', value: (() => {
      const lookup = rows.find((r) => r.function === 'cveLookup');
      return lookup ? `${lookup['load ms']} ms wall (${lookup['load CPU ms']} CPU), SDK ${lookup['SDK alone ms']} ms (${lookup['SDK alone CPU ms']} CPU)` : '–';
    })() },
  ];
}
