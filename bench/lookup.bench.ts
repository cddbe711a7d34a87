/**
 * `npm run bench -- lookup`: GET /api/cve/{id} through the local stack (real authorizer, rate
 * limiter, handler and dynalite) under autocannon, 50 connections for 10 s; DynamoDB calls per
 * request; and each function's bundle (esbuild, minified ESM for node22, @aws-sdk/* external)
 * with its module-load time in a fresh node process.
 *
 * 50 connections far exceed one key's 100 requests a minute, so the real path rotates through
 * many keys (every answer a 200); a second run with a single key shows the 429 path apart.
 */
import autocannon, { type Result } from 'autocannon';
import { build } from 'esbuild';
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { FUNCTIONS } from '../shared/platform/functions.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const RATE_LIMITED_SECONDS = 5;
const LOAD_RUNS = 5;

interface Ready {
  baseUrl: string;
  keys: string[];
  ids: string[];
}

function ask<T>(child: ChildProcess, message: object, answerType: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (reply: { type: string }) => {
      if (reply.type !== answerType) return;
      child.off('message', listener);
      resolve(reply as T);
    };
    child.on('message', listener);
    child.send(message);
  });
}

function startStack(): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(join(ROOT, 'bench/support/lookup-stack.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'WARN' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the bench stack exited with ${code}`)));
    child.on('message', (message: { type: string } & Ready) => {
      if (message.type === 'ready') resolve({ child, ready: message });
    });
  });
}

/** Every request with the next key of the rotation, and the next CVE id. */
function rotating(ready: Ready, keys: readonly string[]) {
  let n = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request: { path?: string; headers?: Record<string, string> }) => {
        n += 1;
        return {
          ...request,
          path: `/api/cve/${ready.ids[n % ready.ids.length]}`,
          headers: { ...request.headers, 'x-api-key': keys[n % keys.length] ?? '' },
        };
      },
    },
  ];
}

function count(result: Result, status: number): number {
  return Number(result.statusCodeStats[String(status)]?.count ?? 0);
}

function summary(label: string, result: Result) {
  const served = Object.values(result.statusCodeStats).reduce((sum, s) => sum + Number(s.count), 0);
  return {
    run: label,
    'requests/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: served,
    'HTTP 200': count(result, 200),
    'HTTP 429': count(result, 429),
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}

/** A fixed number of requests (not a duration), so that no request is cut off mid-way and every counted call belongs to a served one. */
async function dynamoCallsPerRequest(child: ChildProcess, ready: Ready, keys: readonly string[], amount: number) {
  await ask(child, { type: 'count', on: true }, 'ok');
  const result = await autocannon({ url: ready.baseUrl, connections: 10, amount, requests: rotating(ready, keys) });
  const { calls } = await ask<{ calls: Record<string, number> }>(child, { type: 'calls' }, 'calls');
  await ask(child, { type: 'count', on: false }, 'ok');
  const served = Object.values(result.statusCodeStats).reduce((sum, s) => sum + Number(s.count), 0);
  const total = Object.values(calls).reduce((a, b) => a + b, 0);
  return { served, calls, perRequest: total / Math.max(1, served), status: Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])) };
}

async function bundles() {
  const out = join(ROOT, 'node_modules/.cache/plaincve-bench');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const rows = [];
  for (const definition of Object.values(FUNCTIONS)) {
    const outfile = join(out, `${definition.id}.mjs`);
    await build({
      entryPoints: [join(ROOT, 'functions', `${definition.entry}.ts`)],
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
      logLevel: 'silent',
    });
    const loads: number[] = [];
    for (let i = 0; i < LOAD_RUNS; i++) {
      // A fresh process each time: a cold start's module load (the SDK comes from node_modules, as Lambda's runtime provides it).
      const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(outfile).href)}); console.log(performance.now() - t);`;
      const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
        encoding: 'utf8',
      });
      loads.push(Number(printed.trim()));
    }
    loads.sort((a, b) => a - b);
    rows.push({
      function: definition.id,
      'bundle KiB': +(statSync(outfile).size / 1024).toFixed(1),
      'gzip KiB': +(gzipSync(readFileSync(outfile)).length / 1024).toFixed(1),
      'load ms (median of 5)': +(loads[Math.floor(loads.length / 2)] ?? 0).toFixed(1),
    });
  }
  rmSync(out, { recursive: true, force: true });
  return rows;
}

export default async function lookupBench(): Promise<void> {
  console.log(`Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
  const { child, ready } = await startStack();
  try {
    console.log(`Local stack (dynalite in memory), ${ready.ids.length} records, ${ready.keys.length} keys; autocannon ${CONNECTIONS} connections.`);

    // keys[0]: the single-key run only; keys[1..49]: warm-up and call counting; the rest: the timed run.
    const single = ready.keys.slice(0, 1);
    const spare = ready.keys.slice(1, 50);
    await autocannon({ url: ready.baseUrl, connections: 10, duration: 2, requests: rotating(ready, spare) });

    const real = await autocannon({ url: ready.baseUrl, connections: CONNECTIONS, duration: DURATION_SECONDS, requests: rotating(ready, ready.keys.slice(50)) });
    const limited = await autocannon({ url: ready.baseUrl, connections: CONNECTIONS, duration: RATE_LIMITED_SECONDS, requests: rotating(ready, single) });
    console.log('\nGET /api/cve/{id}:');
    console.table([
      summary(`(a) ${ready.keys.length - 50} keys rotating, ${DURATION_SECONDS} s`, real),
      summary(`(b) one key, ${RATE_LIMITED_SECONDS} s (429 after 100)`, limited),
    ]);
    if (count(real, 429) > 0) console.log(`note: run (a) hit the per-key limit ${count(real, 429)} times: give the bench more keys (BENCH_KEYS).`);

    const okCalls = await dynamoCallsPerRequest(child, ready, spare, 1000);
    const limitedCalls = await dynamoCallsPerRequest(child, ready, single, 500);
    console.log('\nDynamoDB calls per request (counted at a proxy in front of dynalite):');
    console.table([
      { path: '200 lookup', requests: okCalls.served, statuses: JSON.stringify(okCalls.status), calls: JSON.stringify(okCalls.calls), 'calls/request': +okCalls.perRequest.toFixed(2) },
      { path: '429 rate limited', requests: limitedCalls.served, statuses: JSON.stringify(limitedCalls.status), calls: JSON.stringify(limitedCalls.calls), 'calls/request': +limitedCalls.perRequest.toFixed(2) },
    ]);
  } finally {
    await new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.send({ type: 'stop' });
    });
  }

  console.log('\nFunction bundles (esbuild, minified ESM, node22, @aws-sdk/* external) and module load in a fresh node process:');
  console.table(await bundles());
  try {
    console.log(`Commit: ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()}`);
  } catch {
    /* not a git checkout */
  }
}
