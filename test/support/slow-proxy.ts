import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SlowProxy {
  readonly endpoint: string;
  /** Requests whose second half was held back. */
  stalled(): number;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a database that holds back the second half of every `every`-th chunk a
 * client sends for `delayMs`: the database has read half a request when a client with a shorter
 * timeout gives up and closes the connection, which is exactly what the SDK does to a slow call.
 */
export async function startSlowProxy(upstream: string, options: { every: number; delayMs: number }): Promise<SlowProxy> {
  const target = new URL(upstream);
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let chunks = 0;
  let stalled = 0;
  const server: Server = createServer((client) => {
    const database = connect(Number(target.port), target.hostname);
    sockets.add(client);
    sockets.add(database);
    const closeBoth = () => {
      client.destroy();
      database.destroy();
    };
    client.on('error', closeBoth).on('close', closeBoth);
    database.on('error', closeBoth).on('close', closeBoth);
    database.pipe(client);
    client.on('data', (chunk: Buffer) => {
      chunks++;
      if (chunks % options.every !== 0 || chunk.length < 2) {
        database.write(chunk);
        return;
      }
      stalled++;
      const half = Math.floor(chunk.length / 2);
      database.write(chunk.subarray(0, half));
      client.pause();
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!database.destroyed) database.write(chunk.subarray(half));
        client.resume();
      }, options.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stalled: () => stalled,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
