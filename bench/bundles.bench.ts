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

/** Milliseconds to import `specifiers` in a fresh node process (the median of `runs`). */
function loadMs(specifiers: readonly string[], runs: number): number {
  if (specifiers.length === 0) return 0;
  const script = `${AWSLAMBDA_STAND_IN} const t = performance.now(); await Promise.all(${JSON.stringify(specifiers)}.map((s) => import(s))); console.log(performance.now() - t);`;
  const loads: number[] = [];
  for (let i = 0; i < runs; i++) {
    const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      encoding: 'utf8',
    });
    loads.push(Number(printed.trim()));
  }
  return quantile(loads, 0.5);
}

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
      const sdk = [...new Set(Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external && i.path.startsWith('@aws-sdk/')).map((i) => i.path)))];
      const total = loadMs([pathToFileURL(outfile).href], runs);
      const sdkMs = loadMs(sdk, runs);
      rows.push({
        function: id,
        'bundle KiB': +(statSync(outfile).size / 1024).toFixed(1),
        'gzip KiB': +(gzipSync(readFileSync(outfile)).length / 1024).toFixed(1),
        [`load ms (median of ${runs})`]: +total.toFixed(1),
        'SDK alone ms': +sdkMs.toFixed(1),
        'SDK packages': sdk.map((s) => s.replace('@aws-sdk/', '')).join(' '),
      });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  console.log('Function bundles (esbuild, minified ESM, node22, @aws-sdk/* external) and module load in a fresh node process;');
  console.log('"SDK alone" imports only the SDK packages the bundle names, in a fresh process (the SDK\'s share of the load):');
  console.table(rows);
  const sizes = rows.map((r) => r['bundle KiB']);
  const loads = rows.map((r) => Number(Object.entries(r).find(([k]) => k.startsWith('load ms'))?.[1]));
  const sdkLoads = rows.map((r) => r['SDK alone ms']);
  return [
    { figure: 'function bundles (minified)', value: `${Math.min(...sizes)}–${Math.max(...sizes)} KiB`, goal: '< 200 KB each' },
    { figure: 'module load, fresh process', value: `${Math.min(...loads).toFixed(0)}–${Math.max(...loads).toFixed(0)} ms`, goal: '< 150 ms' },
    { figure: '  of which the SDK alone', value: `${Math.min(...sdkLoads).toFixed(0)}–${Math.max(...sdkLoads).toFixed(0)} ms` },
  ];
}
