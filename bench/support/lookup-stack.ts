/**
 * The local stack for bench/lookup.bench.ts, in a process of its own so that autocannon does
 * not share an event loop with the service. Between runs it can route the functions' DynamoDB
 * calls through a counting proxy in front of dynalite (off during timed runs: the proxy costs
 * latency) and report how many calls of each kind reached the database, and switch the
 * gateway's authorizer cache off (the authorizer on every request) or back on.
 */
import { createServer, request, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tableName } from '../../shared/config/index.js';
import { AUTHORIZER_CACHE_TTL_SECONDS } from '../../shared/platform/gateway.js';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { startTestStack } from '../../test/support/stack.js';
import { makeRecords } from '../../test/support/records.js';
import { startDynaliteProcess } from './dynalite-process.js';

const KEY_COUNT = Number(process.env.BENCH_KEYS ?? 500);
/**
 * 'process': the functions talk to a dynalite in a process of its own, as they talk to DynamoDB
 * (a service apart, whose work does not run on the functions' thread); otherwise the stack's own
 * in-process dynalite, which runs every call on the same thread as the gateway and the handlers.
 */
const DYNAMO_PLACE = process.env.BENCH_DYNAMO === 'process' ? 'process' : 'in-process';

/** The gateway's authorizer cache TTL, switchable between runs (0: the authorizer runs on every request). */
const authorizerCache = { ttlSeconds: AUTHORIZER_CACHE_TTL_SECONDS };
const stack = await startTestStack({ authorizerCache });
const database = DYNAMO_PLACE === 'process' ? await startDynaliteProcess() : { endpoint: stack.dynamoEndpoint, pid: undefined, stop: async () => undefined };
if (DYNAMO_PLACE === 'process') route(database.endpoint);
const records = makeRecords(5);
await stack.seed(records);
const keys: string[] = [];
for (let i = 0; i < KEY_COUNT; i++) keys.push(await stack.newKey(`bench-${i}@example.com`));

const calls = new Map<string, number>();
const upstream = new URL(database.endpoint);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const proxy = createServer((req, res) => {
  const operation =
    String(req.headers['x-amz-target'] ?? 'unknown')
      .split('.')
      .pop() ?? 'unknown';
  calls.set(operation, (calls.get(operation) ?? 0) + 1);
  const forward = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  forward.on('error', () => res.destroy());
  req.pipe(forward);
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const proxyEndpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

function route(endpoint: string) {
  applyFunctionEnvironment({ DYNAMODB_ENDPOINT: endpoint });
  resetDocumentClient();
}

type Message = { type: 'count'; on: boolean } | { type: 'calls' } | { type: 'authorizer-cache'; ttlSeconds: number } | { type: 'stop' };
process.on('message', (message: Message) => {
  if (message.type === 'count') {
    calls.clear();
    route(message.on ? proxyEndpoint : database.endpoint);
    process.send?.({ type: 'ok' });
  } else if (message.type === 'authorizer-cache') {
    authorizerCache.ttlSeconds = message.ttlSeconds;
    process.send?.({ type: 'ok' });
  } else if (message.type === 'calls') {
    process.send?.({ type: 'calls', calls: Object.fromEntries(calls) });
  } else if (message.type === 'stop') {
    proxy.close();
    agent.destroy();
    void stack
      .close()
      .then(() => database.stop())
      .then(() => process.exit(0));
  }
});

process.send?.({
  type: 'ready',
  baseUrl: stack.baseUrl,
  dynamoEndpoint: database.endpoint,
  dynamoPid: database.pid,
  catalogueTable: tableName('CATALOGUE_TABLE'),
  accountsTable: tableName('ACCOUNTS_TABLE'),
  keys,
  ids: records.map((r) => r.cve_id),
});
