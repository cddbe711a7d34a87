/**
 * bench/dynalite-child.ts started as a process of its own: an in-memory dynalite with the
 * service's tables, as DynamoDB is a service apart from the code that calls it (and as
 * `npm start` runs it beside an ingest CLI). It stops when its stdin closes.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { LOCAL_STORE_NODE_FLAGS } from '../../shared/local/dynalite-server.js';

export interface DynaliteProcess {
  readonly endpoint: string;
  /** For the bench's CPU accounting (/proc/<pid>/stat). */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

export async function startDynaliteProcess(): Promise<DynaliteProcess> {
  const child = spawn(process.execPath, [...LOCAL_STORE_NODE_FLAGS, '--import', 'tsx', fileURLToPath(new URL('../dynalite-child.ts', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const [endpoint] = (await Promise.race([once(lines, 'line'), once(child, 'error').then(([error]) => Promise.reject(error as Error))])) as [string];
  lines.close();
  return {
    endpoint,
    pid: child.pid,
    async stop() {
      const exited = once(child, 'exit');
      child.stdin.end();
      await exited;
    },
  };
}
