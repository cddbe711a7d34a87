/**
 * `npm run bench -- lookup`: GET /api/cve/{id} through the local stack (real authorizer, rate
 * limiter, handler and dynalite): first one connection at a time against a bare GetItem of the
 * same record on the same dynalite (the ratio is what the service adds), with the gateway's
 * authorizer cache on (a key's steady state) and off, then under autocannon,
 * 50 connections for 10 s; and the DynamoDB calls per request. Bundles: bundles.bench.ts.
 *
 * 50 connections far exceed one key's 100 requests a minute, so the real path rotates through
 * many keys (every answer a 200); a second run with a single key shows the 429 path apart.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import autocannon, { type Result } from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTHORIZER_CACHE_TTL_SECONDS } from '../shared/platform/gateway.js';
import { quantile, type BenchOptions, type Headline } from './support/headline.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 50;

interface Ready {
  baseUrl: string;
  dynamoEndpoint: string;
  catalogueTable: string;
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

function startStack(keys: number): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(join(ROOT, 'bench/support/lookup-stack.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'WARN', BENCH_KEYS: String(keys) },
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
  // Each key once first (not counted), so that a cached run counts the gateway's steady state.
  await autocannon({ url: ready.baseUrl, connections: Math.min(10, keys.length), amount: keys.length, requests: rotating(ready, keys) });
  await ask(child, { type: 'count', on: true }, 'ok');
  const result = await autocannon({ url: ready.baseUrl, connections: 10, amount, requests: rotating(ready, keys) });
  const { calls } = await ask<{ calls: Record<string, number> }>(child, { type: 'calls' }, 'calls');
  await ask(child, { type: 'count', on: false }, 'ok');
  const served = Object.values(result.statusCodeStats).reduce((sum, s) => sum + Number(s.count), 0);
  const total = Object.values(calls).reduce((a, b) => a + b, 0);
  return { served, calls, perRequest: total / Math.max(1, served), status: Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])) };
}

/** Sets the gateway's authorizer cache TTL (0: the authorizer runs on every request). */
async function authorizerCache(child: ChildProcess, ttlSeconds: number): Promise<void> {
  await ask(child, { type: 'authorizer-cache', ttlSeconds }, 'ok');
}

/**
 * One connection, one request after another: the lookup through the whole local stack — with
 * the key's authorizer answer cached by the gateway (as API Gateway does for a key's repeat
 * requests within the TTL: one round trip in series) and with the authorizer on every request
 * (two) — /health (one GetItem behind the same gateway and middleware) and a bare GetItem of
 * the same record sent straight to the same dynalite. Their ratio is what the service adds to
 * one round trip.
 */
async function oneConnection(child: ChildProcess, ready: Ready, keys: readonly string[], seconds: number) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: ready.dynamoEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  const bare: number[] = [];
  const end = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < end; i++) {
    const t = performance.now();
    await client.send(new GetCommand({ TableName: ready.catalogueTable, Key: { pk: ready.ids[i % ready.ids.length] } }));
    bare.push(performance.now() - t);
  }
  client.destroy();
  const lookup = await autocannon({ url: ready.baseUrl, connections: 1, duration: seconds, requests: rotating(ready, keys) });
  await authorizerCache(child, 0);
  const uncached = await autocannon({ url: ready.baseUrl, connections: 1, duration: seconds, requests: rotating(ready, keys) });
  await authorizerCache(child, AUTHORIZER_CACHE_TTL_SECONDS);
  const health = await autocannon({ url: `${ready.baseUrl}/health`, connections: 1, duration: seconds });
  return { bare: quantile(bare.slice(Math.floor(bare.length / 10)), 0.5), lookup: lookup.latency.p50, uncached: uncached.latency.p50, health: health.latency.p50 };
}

export default async function lookupBench(options: BenchOptions): Promise<Headline[]> {
  const duration = options.quick ? 2 : 10;
  const limitedDuration = options.quick ? 1 : 5;
  const serialSeconds = options.quick ? 2 : 8;
  // Each key allows 100 requests a minute: enough keys that the timed run never meets the limit.
  const { child, ready } = await startStack(Number(process.env.BENCH_KEYS ?? (options.quick ? 120 : 500)));
  try {
    console.log(`Local stack (dynalite in memory), ${ready.ids.length} records, ${ready.keys.length} keys.`);

    // keys[0]: the single-key run only; keys[1..49]: warm-up and call counting; the rest: the timed runs.
    const single = ready.keys.slice(0, 1);
    const spare = ready.keys.slice(1, 50);
    const timed = ready.keys.slice(50);
    await autocannon({ url: ready.baseUrl, connections: 10, duration: options.quick ? 1 : 2, requests: rotating(ready, spare) });
    // Every timed key once, so that the gateway holds its authorizer answer (a client's steady state).
    await autocannon({ url: ready.baseUrl, connections: 10, amount: timed.length, requests: rotating(ready, timed) });

    const serial = await oneConnection(child, ready, timed, serialSeconds);
    console.log(`\nOne connection, sequential, ${serialSeconds} s each (p50):`);
    console.table([
      { request: 'bare GetItem of the record, straight to dynalite', 'p50 ms': +serial.bare.toFixed(2), 'ratio to GetItem': 1 },
      { request: 'GET /health (one GetItem through gateway + middleware)', 'p50 ms': serial.health, 'ratio to GetItem': +(serial.health / serial.bare).toFixed(2) },
      { request: 'GET /api/cve/{id}, authorizer answer cached (1 round trip)', 'p50 ms': serial.lookup, 'ratio to GetItem': +(serial.lookup / serial.bare).toFixed(2) },
      { request: 'GET /api/cve/{id}, authorizer on every request (2)', 'p50 ms': serial.uncached, 'ratio to GetItem': +(serial.uncached / serial.bare).toFixed(2) },
    ]);

    const real = await autocannon({ url: ready.baseUrl, connections: CONNECTIONS, duration, requests: rotating(ready, timed) });
    const limited = await autocannon({ url: ready.baseUrl, connections: CONNECTIONS, duration: limitedDuration, requests: rotating(ready, single) });
    console.log(`\nGET /api/cve/{id}, autocannon ${CONNECTIONS} connections:`);
    console.table([
      summary(`(a) ${timed.length} keys rotating, ${duration} s`, real),
      summary(`(b) one key, ${limitedDuration} s (429 after 100)`, limited),
    ]);
    if (count(real, 429) > 0) console.log(`note: run (a) hit the per-key limit ${count(real, 429)} times: give the bench more keys (BENCH_KEYS).`);

    const okCalls = await dynamoCallsPerRequest(child, ready, spare, options.quick ? 200 : 1000);
    await authorizerCache(child, 0);
    const uncachedCalls = await dynamoCallsPerRequest(child, ready, spare, options.quick ? 200 : 1000);
    await authorizerCache(child, AUTHORIZER_CACHE_TTL_SECONDS);
    const limitedCalls = await dynamoCallsPerRequest(child, ready, single, options.quick ? 100 : 500);
    console.log('\nDynamoDB calls per request (counted at a proxy in front of dynalite):');
    console.table([
      { path: '200 lookup, authorizer cached', requests: okCalls.served, statuses: JSON.stringify(okCalls.status), calls: JSON.stringify(okCalls.calls), 'calls/request': +okCalls.perRequest.toFixed(2) },
      { path: '200 lookup, authorizer every request', requests: uncachedCalls.served, statuses: JSON.stringify(uncachedCalls.status), calls: JSON.stringify(uncachedCalls.calls), 'calls/request': +uncachedCalls.perRequest.toFixed(2) },
      { path: '429 rate limited (cached)', requests: limitedCalls.served, statuses: JSON.stringify(limitedCalls.status), calls: JSON.stringify(limitedCalls.calls), 'calls/request': +limitedCalls.perRequest.toFixed(2) },
    ]);
    console.log('In series per lookup: the authorizer\'s GetItem (skipped while the gateway holds its answer), then the key check\'s GetItem, the rate counter\'s and usage\'s UpdateItems and the record\'s GetItem together.');
    return [
      { figure: 'lookup p50 / bare GetItem (1 connection), authorizer cached', value: `${serial.lookup} / ${serial.bare.toFixed(2)} ms = ${(serial.lookup / serial.bare).toFixed(2)} ×`, goal: '≤ 1.5 ×' },
      { figure: 'lookup p50 / bare GetItem, authorizer every request', value: `${serial.uncached} / ${serial.bare.toFixed(2)} ms = ${(serial.uncached / serial.bare).toFixed(2)} ×` },
      { figure: '/health p50 / bare GetItem', value: `${(serial.health / serial.bare).toFixed(2)} ×` },
      { figure: 'DynamoDB calls per lookup (200 cached / 200 uncached / 429)', value: `${okCalls.perRequest.toFixed(2)} / ${uncachedCalls.perRequest.toFixed(2)} / ${limitedCalls.perRequest.toFixed(2)}; round trips in series 1 / 2` },
      { figure: `lookup, ${CONNECTIONS} connections`, value: `${Math.round(real.requests.average)} req/s, p50 ${real.latency.p50} ms` },
    ];
  } finally {
    await new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.send({ type: 'stop' });
    });
  }
}
