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
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import autocannon, { type Result } from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, get } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTHORIZER_CACHE_TTL_SECONDS } from '../shared/platform/gateway.js';
import { quantile, type BenchOptions, type Headline } from './support/headline.js';
import { processCpuSeconds } from './support/process-cpu.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 50;

interface Ready {
  baseUrl: string;
  dynamoEndpoint: string;
  /** The dynalite process's pid when the functions' DynamoDB is a process apart. */
  dynamoPid?: number;
  catalogueTable: string;
  accountsTable: string;
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

/** dynamo 'process': the stack's functions call a dynalite in a process of its own (bench/support/lookup-stack.ts). */
function startStack(keys: number, dynamo: 'in-process' | 'process' = 'in-process'): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(join(ROOT, 'bench/support/lookup-stack.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      POWERTOOLS_LOG_LEVEL: 'WARN',
      BENCH_KEYS: String(keys),
      BENCH_DYNAMO: dynamo,
    },
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
  return {
    served,
    calls,
    perRequest: total / Math.max(1, served),
    status: Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])),
  };
}

/** Sets the gateway's authorizer cache TTL (0: the authorizer runs on every request). */
async function authorizerCache(child: ChildProcess, ttlSeconds: number): Promise<void> {
  await ask(child, { type: 'authorizer-cache', ttlSeconds }, 'ok');
}

/** One GET on a keep-alive connection, read to the end: its milliseconds and status. */
function timedGet(agent: Agent, url: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = get(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ ms: performance.now() - started, status: response.statusCode ?? 0 }));
    });
    request.on('error', reject);
  });
}

/**
 * The requests the one-connection figures compare, each returning its milliseconds: a bare
 * GetItem of the record and a bare UpdateItem like the admission's, straight to the functions'
 * dynalite from this process; both at once; /health (one GetItem behind the same gateway and
 * middleware); and the lookup.
 */
async function probes(ready: Ready, keys: readonly string[]) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: ready.dynamoEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let n = 0;
  const bareGet = async () => {
    const started = performance.now();
    await client.send(new GetCommand({ TableName: ready.catalogueTable, Key: { pk: ready.ids[n % ready.ids.length] } }));
    return performance.now() - started;
  };
  // The admission's write as the lookup sends it (shared/repositories/account-repository.ts,
  // takeRequestUnit), to an account item of the bench's own: what one write costs on this dynalite.
  const benchAccount = {
    pk: 'ACCOUNT#bench-bare-write',
    status: 'active',
    current_key_pk: 'KEY#0123456789abcdef',
    account_id: 'bench-bare-write',
    email: 'bench@example.com',
  };
  await client.send(new PutCommand({ TableName: ready.accountsTable, Item: benchAccount }));
  const bareUpdate = async () => {
    const started = performance.now();
    await client.send(
      new UpdateCommand({
        TableName: ready.accountsTable,
        Key: { pk: benchAccount.pk },
        UpdateExpression: 'SET #n = if_not_exists(#n, :zero) + :one',
        ConditionExpression: '#s = :active AND begins_with(current_key_pk, :keyPk) AND (attribute_not_exists(#n) OR #n < :limit)',
        ExpressionAttributeNames: { '#s': 'status', '#n': 'rate#key_0123456789ab#0' },
        ExpressionAttributeValues: { ':active': 'active', ':keyPk': 'KEY#0123456789ab', ':zero': 0, ':one': 1, ':limit': Number.MAX_SAFE_INTEGER },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return performance.now() - started;
  };
  const bareBoth = async () => {
    const started = performance.now();
    await Promise.all([bareGet(), bareUpdate()]);
    return performance.now() - started;
  };
  const health = async () => (await timedGet(agent, `${ready.baseUrl}/health`)).ms;
  const lookup = async () => {
    n += 1;
    const answer = await timedGet(agent, `${ready.baseUrl}/api/cve/${ready.ids[n % ready.ids.length]}`, { 'x-api-key': keys[n % keys.length] ?? '' });
    if (answer.status !== 200) throw new Error(`a timed lookup answered ${answer.status}: give the bench more keys (BENCH_KEYS)`);
    return answer.ms;
  };
  const close = () => {
    client.destroy();
    agent.destroy();
  };
  return { bareGet, bareUpdate, bareBoth, health, lookup, close };
}

/**
 * One connection, one request after another, the kinds INTERLEAVED (a bare GetItem, then
 * /health, then a lookup, round after round) so that a machine whose load drifts during the run
 * weighs on all of them alike: the ratio, not the absolute time, is the figure. The lookup runs
 * with the key's authorizer answer cached by the gateway (as API Gateway does for a key's repeat
 * requests within the TTL: one round trip in series), then in a second phase with the
 * authorizer on every request (two), again beside bare GetItems.
 */
async function oneConnection(child: ChildProcess, ready: Ready, keys: readonly string[], seconds: number) {
  const probe = await probes(ready, keys);
  const rounds = async (steps: (() => Promise<number>)[]) => {
    const times: number[][] = steps.map(() => []);
    const end = performance.now() + seconds * 1000;
    // The first 20 rounds warm the connections and the JIT, and are not counted.
    for (let round = 0; performance.now() < end; round++) {
      for (const [i, step] of steps.entries()) {
        const ms = await step();
        if (round >= 20) times[i]?.push(ms);
      }
    }
    return times.map((t) => quantile(t, 0.5));
  };
  const [bare = 0, update = 0, both = 0, health = 0, cached = 0] = await rounds([probe.bareGet, probe.bareUpdate, probe.bareBoth, probe.health, probe.lookup]);
  await authorizerCache(child, 0);
  const [bareBeside = 0, uncached = 0] = await rounds([probe.bareGet, probe.lookup]);
  await authorizerCache(child, AUTHORIZER_CACHE_TTL_SECONDS);
  probe.close();
  return { bare, update, both, lookup: cached, health, uncached, bareBeside };
}

/**
 * What each kind of request costs in CPU, by process: this one (the bare calls' SDK client),
 * the stack's (gateway, functions and their SDK clients) and dynalite's, per request over a run
 * of `amount` requests of one kind. On this machine every millisecond of a local request is CPU
 * on one of two cores, so these figures bound the one-connection p50s from below: the lookup
 * cannot be faster than the CPU that must run in series for it.
 */
async function cpuPerRequest(child: ChildProcess, ready: Ready, keys: readonly string[], amount: number) {
  const probe = await probes(ready, keys);
  const kinds: [string, () => Promise<number>][] = [
    ['bare GetItem of the record', probe.bareGet],
    ["bare UpdateItem (the admission's write)", probe.bareUpdate],
    ['GET /health', probe.health],
    ['GET /api/cve/{id}, authorizer cached', probe.lookup],
  ];
  const rows = [];
  for (const [request, run] of kinds) {
    for (let i = 0; i < 50; i++) await run();
    const mine = process.cpuUsage();
    const stackBefore = processCpuSeconds(child.pid);
    const dynamoBefore = processCpuSeconds(ready.dynamoPid);
    const times: number[] = [];
    for (let i = 0; i < amount; i++) times.push(await run());
    const own = process.cpuUsage(mine);
    const perRequest = (after: number | undefined, before: number | undefined) =>
      after === undefined || before === undefined ? Number.NaN : +(((after - before) * 1000) / amount).toFixed(2);
    rows.push({
      request,
      'p50 ms': +quantile(times, 0.5).toFixed(2),
      'CPU ms, bench (client)': +((own.user + own.system) / 1000 / amount).toFixed(2),
      'CPU ms, stack (gateway + functions)': perRequest(processCpuSeconds(child.pid), stackBefore),
      'CPU ms, dynalite': perRequest(processCpuSeconds(ready.dynamoPid), dynamoBefore),
    });
  }
  probe.close();
  return rows;
}

export default async function lookupBench(options: BenchOptions): Promise<Headline[]> {
  const duration = options.quick ? 2 : 10;
  const limitedDuration = options.quick ? 1 : 5;
  const serialSeconds = options.quick ? 2 : 8;
  // Each key allows 100 requests a minute: enough keys that the timed run never meets the limit.
  const keyCount = Number(process.env.BENCH_KEYS ?? (options.quick ? 120 : 500));
  const apart = await databaseApart(keyCount, serialSeconds, options.quick ? 100 : 1500);
  const { child, ready } = await startStack(keyCount);
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
    console.log(`\nOne connection, sequential, the kinds interleaved round by round, ${serialSeconds} s per phase (p50):`);
    console.table(serialRows(serial));

    const real = await autocannon({ url: ready.baseUrl, connections: CONNECTIONS, duration, requests: rotating(ready, timed) });
    const limited = await autocannon({ url: ready.baseUrl, connections: CONNECTIONS, duration: limitedDuration, requests: rotating(ready, single) });
    console.log(`\nGET /api/cve/{id}, autocannon ${CONNECTIONS} connections:`);
    console.table([summary(`(a) ${timed.length} keys rotating, ${duration} s`, real), summary(`(b) one key, ${limitedDuration} s (429 after 100)`, limited)]);
    if (count(real, 429) > 0) console.log(`note: run (a) hit the per-key limit ${count(real, 429)} times: give the bench more keys (BENCH_KEYS).`);

    const okCalls = await dynamoCallsPerRequest(child, ready, spare, options.quick ? 200 : 1000);
    await authorizerCache(child, 0);
    const uncachedCalls = await dynamoCallsPerRequest(child, ready, spare, options.quick ? 200 : 1000);
    await authorizerCache(child, AUTHORIZER_CACHE_TTL_SECONDS);
    const limitedCalls = await dynamoCallsPerRequest(child, ready, single, options.quick ? 100 : 500);
    console.log('\nDynamoDB calls per request (counted at a proxy in front of dynalite):');
    console.table([
      {
        path: '200 lookup, authorizer cached',
        requests: okCalls.served,
        statuses: JSON.stringify(okCalls.status),
        calls: JSON.stringify(okCalls.calls),
        'calls/request': +okCalls.perRequest.toFixed(2),
      },
      {
        path: '200 lookup, authorizer every request',
        requests: uncachedCalls.served,
        statuses: JSON.stringify(uncachedCalls.status),
        calls: JSON.stringify(uncachedCalls.calls),
        'calls/request': +uncachedCalls.perRequest.toFixed(2),
      },
      {
        path: '429 rate limited (cached)',
        requests: limitedCalls.served,
        statuses: JSON.stringify(limitedCalls.status),
        calls: JSON.stringify(limitedCalls.calls),
        'calls/request': +limitedCalls.perRequest.toFixed(2),
      },
    ]);
    console.log(
      "In series per lookup: the authorizer's GetItem (skipped while the gateway holds its answer), then the admission's one UpdateItem of the account item (key check, rate counter, usage) and the record's GetItem together.",
    );
    console.log("A key's first request of a minute also writes the day's usage item (and closes older windows): the calls per request above include those.");
    console.log(
      `\nThe same, with dynalite in a process of its own (as DynamoDB is a service apart: its work no longer shares the functions' thread), ${serialSeconds} s per phase (p50):`,
    );
    console.table(serialRows(apart));
    console.log(`\nCPU per request by process, dynalite apart, ${options.quick ? 100 : 1500} requests of each kind one after another (/proc, Linux):`);
    console.table(apart.cpu);
    console.log("Every millisecond of these requests is CPU on one of two cores, so a request takes at least all its CPU / 2: the lookup's (client, stack and");
    console.log(
      'dynalite) / 2 over the bare GetItem\'s p50 is the lowest ratio this machine allows at that CPU (docs/architecture.md, "What a lookup costs on one machine").',
    );
    return [
      {
        figure: 'lookup p50 / bare GetItem, dynalite in its own process, authorizer cached',
        value: `${apart.lookup.toFixed(2)} / ${apart.bare.toFixed(2)} ms = ${(apart.lookup / apart.bare).toFixed(2)} ×; authorizer every request ${(apart.uncached / apart.bareBeside).toFixed(2)} ×`,
        goal: '≤ 1.5 ×',
      },
      { figure: 'CPU per lookup (stack + dynalite) / per bare GetItem (client + dynalite)', value: cpuFigure(apart.cpu) },
      {
        figure: 'lookup p50 / bare GetItem (1 connection, interleaved), dynalite in-process, authorizer cached',
        value: `${serial.lookup.toFixed(2)} / ${serial.bare.toFixed(2)} ms = ${(serial.lookup / serial.bare).toFixed(2)} ×`,
      },
      {
        figure: '  the same two calls alone (GetItem ∥ UpdateItem) / bare GetItem',
        value: `${serial.both.toFixed(2)} ms = ${(serial.both / serial.bare).toFixed(2)} × (the local floor: dynalite runs both on one thread)`,
      },
      {
        figure: 'lookup p50 / bare GetItem, authorizer every request',
        value: `${serial.uncached.toFixed(2)} / ${serial.bareBeside.toFixed(2)} ms = ${(serial.uncached / serial.bareBeside).toFixed(2)} ×`,
      },
      { figure: '/health p50 / bare GetItem', value: `${(serial.health / serial.bare).toFixed(2)} ×` },
      {
        figure: 'DynamoDB calls per lookup (200 cached / 200 uncached / 429)',
        value: `${okCalls.perRequest.toFixed(2)} / ${uncachedCalls.perRequest.toFixed(2)} / ${limitedCalls.perRequest.toFixed(2)}; round trips in series 1 / 2`,
      },
      { figure: `lookup, ${CONNECTIONS} connections`, value: `${Math.round(real.requests.average)} req/s, p50 ${real.latency.p50} ms` },
    ];
  } finally {
    await stopStack(child);
  }
}

/** The one-connection comparison as a table: each kind's p50 and its ratio to the bare GetItem beside it. */
function serialRows(serial: Awaited<ReturnType<typeof oneConnection>>) {
  const row = (request: string, p50: number, bare: number) => ({ request, 'p50 ms': +p50.toFixed(2), 'ratio to GetItem': +(p50 / bare).toFixed(2) });
  return [
    row('bare GetItem of the record, straight to dynalite', serial.bare, serial.bare),
    row("bare UpdateItem: the admission's write, straight to dynalite", serial.update, serial.bare),
    row("bare GetItem ∥ UpdateItem: the lookup's two calls alone", serial.both, serial.bare),
    row('GET /health (one GetItem through gateway + middleware)', serial.health, serial.bare),
    row('GET /api/cve/{id}, authorizer answer cached (1 round trip)', serial.lookup, serial.bare),
    row('phase 2: bare GetItem, beside the next row', serial.bareBeside, serial.bareBeside),
    row('GET /api/cve/{id}, authorizer on every request (2)', serial.uncached, serial.bareBeside),
  ];
}

/** The CPU table's lookup and bare GetItem rows as one figure. */
function cpuFigure(rows: Awaited<ReturnType<typeof cpuPerRequest>>): string {
  const [bare, , , lookup] = rows;
  if (!bare || !lookup) return 'not measured';
  const sum = (a: number, b: number) => +(a + b).toFixed(2);
  const lookupCpu = sum(lookup['CPU ms, stack (gateway + functions)'], lookup['CPU ms, dynalite']);
  const bareCpu = sum(bare['CPU ms, bench (client)'], bare['CPU ms, dynalite']);
  // All the CPU a lookup takes, its HTTP client's included, shared by at most two cores.
  const floor = (lookupCpu + lookup['CPU ms, bench (client)']) / 2 / bare['p50 ms'];
  return `${lookup['CPU ms, stack (gateway + functions)']} + ${lookup['CPU ms, dynalite']} = ${lookupCpu} ms / ${bare['CPU ms, bench (client)']} + ${bare['CPU ms, dynalite']} = ${bareCpu} ms = ${(lookupCpu / bareCpu).toFixed(2)} ×; lowest p50 ratio 2 cores allow (all the lookup's CPU, client's too, / 2 / bare p50) ${floor.toFixed(2)} ×`;
}

function stopStack(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
}

/**
 * The one-connection comparison again, with the functions' DynamoDB a dynalite in a process of
 * its own. In-process, dynalite's work for the lookup's two parallel calls runs one after the
 * other on the thread that also runs the gateway and the handler (the "local floor"); apart, it
 * runs beside them, as DynamoDB's does. The bare GetItem is measured against the same process.
 */
async function databaseApart(keyCount: number, serialSeconds: number, cpuRequests: number) {
  const { child, ready } = await startStack(keyCount, 'process');
  try {
    const timed = ready.keys.slice(50);
    await autocannon({ url: ready.baseUrl, connections: 10, amount: timed.length, requests: rotating(ready, timed) });
    const serial = await oneConnection(child, ready, timed, serialSeconds);
    return { ...serial, cpu: await cpuPerRequest(child, ready, timed, cpuRequests) };
  } finally {
    await stopStack(child);
  }
}
