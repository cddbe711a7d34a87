import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * A webhook receiver on 127.0.0.1 (TEAM-RULES: tests send traffic only to loopback). Each path
 * answers what `answer` says (200 by default); every request is recorded.
 */
export interface WebhookReceiver {
  readonly origin: string;
  readonly port: number;
  readonly received: Received[];
  on(path: string): Received[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(
  answer: (path: string) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 }),
): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const { status, headers } = answer(path);
      res.writeHead(status, headers ?? {});
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    on: (path) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
