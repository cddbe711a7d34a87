import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import { ensureLocalTables } from './local-tables.js';

export interface LocalDynamo {
  readonly endpoint: string;
  readonly port: number;
  close(): Promise<void>;
}

export interface LocalDynamoOptions {
  /** LevelDB folder; omitted means in memory. */
  readonly path?: string;
  readonly port?: number;
  readonly host?: string;
}

/**
 * V8 flags for a process that hosts dynalite (`npm start`, the benches' database process).
 * dynalite keeps every item in memory; on a bulk load each request's short-lived objects, with
 * V8's default young generation, outlived their scavenges and were swept by full collections of
 * that whole heap. A larger young generation (3 × 64 MB) lets them die young (docs/ingest.md).
 */
export const LOCAL_STORE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

/** dynalite in this process, with the service's tables created. */
export async function startLocalDynamo(options: LocalDynamoOptions = {}): Promise<LocalDynamo> {
  const server: Server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, ...(options.path ? { path: options.path } : {}) });
  const inFlight = survivingAbortedRequests(server);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const endpoint = `http://${host}:${port}`;
  const client = localAdminClient(endpoint);
  await ensureLocalTables(client);
  client.destroy();
  return {
    endpoint,
    port,
    close: async () => {
      await inFlight.drained();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/**
 * dynalite answers a request's 'error' event with `throw`, so a client that gives up mid-request
 * (the SDK aborts any attempt that outlives its timeout) would take down the whole process it
 * runs in: `npm start`, the ingest CLI, a test. Here the aborted request is only dropped; the
 * client has already moved on (and retries), and the database is untouched by a half-read body.
 *
 * A request whose client gave up after sending it whole is still being carried out; closing the
 * database under it makes dynalite throw "Database is closed". So the requests being carried
 * out are counted (from the body's end to the answer), and closing waits for them.
 */
function survivingAbortedRequests(server: Server): { drained(): Promise<void> } {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  let active = 0;
  const idle: (() => void)[] = [];
  const done = () => {
    active--;
    if (active === 0) for (const resolve of idle.splice(0)) resolve();
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    req.once('end', () => {
      active++;
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      let ended = false;
      res.end = ((...args: unknown[]) => {
        if (!ended) {
          ended = true;
          done();
        }
        return end(...args);
      }) as ServerResponse['end'];
    });
    for (const handler of handlers) handler.call(server, req, res);
    req.removeAllListeners('error');
    req.on('error', () => res.destroy());
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  return {
    drained: () =>
      active === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            // Bounded: a request dynalite never answers must not keep the process from ending.
            const timer = setTimeout(resolve, 30_000);
            idle.push(() => {
              clearTimeout(timer);
              resolve();
            });
          }),
  };
}

export function localAdminClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}
