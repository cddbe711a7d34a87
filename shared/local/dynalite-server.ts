import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Server } from 'node:http';
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

/** dynalite in this process, with the service's tables created. */
export async function startLocalDynamo(options: LocalDynamoOptions = {}): Promise<LocalDynamo> {
  const server: Server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, ...(options.path ? { path: options.path } : {}) });
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
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export function localAdminClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}
