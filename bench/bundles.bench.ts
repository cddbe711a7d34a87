/**
 * `npm run bench -- bundles`: every function's bundle exactly as the CDK builds it
 * (infra/function-bundle.ts: esbuild, minified ESM for node22, code splitting, @aws-sdk/*
 * external: Lambda's runtime provides the SDK). Per function: the bytes a cold start reads (the
 * entry file and every chunk it imports statically) apart from the chunks loaded only on first
 * use (`import()`), and the entry's module load in a fresh node process, with the SDK's share
 * measured apart: a fresh process that imports only the SDK packages the bundle loaded at start.
 */
import type { Metafile } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bundleFunction, bundleLoad } from '../infra/function-bundle.js';
import { FUNCTIONS } from '../shared/platform/functions.js';
import { INGEST_FUNCTION } from '../shared/ingest/declaration.js';
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

const kib = (bytes: number) => +(bytes / 1024).toFixed(1);
const sizeOf = (metafile: Metafile, files: readonly string[]) => files.reduce((sum, file) => sum + (metafile.outputs[file]?.bytes ?? 0), 0);
const gzipSizeOf = (files: readonly string[]) => files.reduce((sum, file) => sum + gzipSync(readFileSync(join(ROOT, file))).length, 0);

/** What the lazy chunks hold: their largest packages (or project folders), by bytes in the output. */
function lazyContents(metafile: Metafile, lazy: readonly string[], top = 3): string {
  const bytes = new Map<string, number>();
  for (const file of lazy) {
    for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[file]?.inputs ?? {})) {
      const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      const owner = inPackage ?? input.split('/').slice(0, 2).join('/');
      bytes.set(owner, (bytes.get(owner) ?? 0) + bytesInOutput);
    }
  }
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([owner, size]) => `${owner} ${Math.round(size / 1024)}`)
    .join(', ');
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
      const metafile = await bundleFunction(entry, join(out, id));
      const { entry: entryFile, atStart, lazy } = bundleLoad(metafile, entry);
      // The SDK packages the module loads at start (Secrets Manager, SSM: only on first use).
      const total = loadBundle(join(ROOT, entryFile), runs);
      const sdkTime = loadSdk(total.sdk, runs);
      const code = [...atStart, ...lazy];
      const external = code.flatMap((file) =>
        (metafile.outputs[file]?.imports ?? []).filter((i) => i.external && i.path.startsWith('@aws-sdk/')).map((i) => i.path),
      );
      const required = code.flatMap((file) => [...readFileSync(join(ROOT, file), 'utf8').matchAll(/["'](@aws-sdk\/[a-z0-9-]+)["']/g)].map((m) => m[1] ?? ''));
      const named = [...new Set([...external, ...required])];
      const deferred = named.filter((p) => !total.sdk.includes(p));
      const sdk = total.sdk;
      rows.push({
        function: id,
        'start KiB': kib(sizeOf(metafile, atStart)),
        'start gzip KiB': kib(gzipSizeOf(atStart)),
        'start files': atStart.length,
        'lazy KiB': kib(sizeOf(metafile, lazy)),
        'lazy holds (KiB)': lazyContents(metafile, lazy),
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
  console.log(
    `Function bundles as deployed (infra/function-bundle.ts: esbuild, minified ESM, node22, code splitting, @aws-sdk/* external; source maps not counted)`,
  );
  console.log('"start" = the entry file + every chunk it imports statically: what a cold start reads and compiles;');
  console.log(
    '"lazy" = every other chunk, read only when a request reaches its import() (e.g. a CycloneDX scan loads ajv and ONE schema version of the three);',
  );
  console.log(`module load = importing the entry in a fresh node process (median of ${runs}), lazy chunks not loaded;`);
  console.log('"SDK alone" imports only the SDK packages the bundle loads at start, in a fresh process (the SDK\'s share of the load);');
  console.log('CPU ms (user + system) is what the import costs; wall ms is what it waits, inflated by a busy machine:');
  console.table(rows);
  for (const r of rows.filter((r) => r['lazy KiB'] > 0))
    console.log(`${r.function}: ${r['start KiB']} KiB at start, +${r['lazy KiB']} KiB in chunks loaded on first use (${r['lazy holds (KiB)']})`);
  const api = rows.filter((r) => r.function !== 'ingest');
  const range = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
  const ingest = rows.find((r) => r.function === 'ingest');
  return [
    {
      figure: 'API function bundles at start (entry + static chunks, minified)',
      value: `${range(
        api.map((r) => r['start KiB']),
        1,
      )} KiB${ingest ? `; ingest ${ingest['start KiB']} KiB` : ''}`,
      goal: '< 200 KB each',
    },
    {
      figure: '  + chunks loaded on first use (import())',
      value:
        rows
          .filter((r) => r['lazy KiB'] > 0)
          .map((r) => `${r.function} +${r['lazy KiB']}`)
          .join(', ') || 'none',
    },
    {
      figure: 'module load, fresh process (wall / CPU)',
      value: `${range(api.map((r) => r['load ms']))} / ${range(api.map((r) => r['load CPU ms']))} ms`,
      goal: '< 150 ms',
    },
    {
      figure: '  of which the SDK alone (wall / CPU)',
      value: `${range(api.map((r) => r['SDK alone ms']))} / ${range(api.map((r) => r['SDK alone CPU ms']))} ms`,
    },
    {
      figure: '  lookup (cveLookup): load / SDK share',
      value: (() => {
        const lookup = rows.find((r) => r.function === 'cveLookup');
        return lookup
          ? `${lookup['load ms']} ms wall (${lookup['load CPU ms']} CPU), SDK ${lookup['SDK alone ms']} ms (${lookup['SDK alone CPU ms']} CPU)`
          : '–';
      })(),
    },
  ];
}
