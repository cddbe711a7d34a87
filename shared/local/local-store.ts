import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { applyFunctionEnvironment, localConfig } from '../config/local.js';
import { resetDocumentClient } from '../repositories/dynamo-client.js';
import { localAdminClient, startLocalDynamo } from './dynalite-server.js';
import { ensureLocalTables, localTableEnvironment } from './local-tables.js';

/** Where `npm start` keeps its data, and the note that tells CLIs where the running one listens. */
export function localPaths() {
  const root = resolve(localConfig().PLAINCVE_LOCAL_DIR);
  return { root, dynamo: join(root, 'dynamodb'), stackNote: join(root, 'stack.json'), demoAccount: join(root, 'demo-account.json') };
}

interface StackNote {
  readonly dynamoEndpoint: string;
  readonly baseUrl: string;
  readonly pid: number;
}

export function writeStackNote(note: StackNote): void {
  mkdirSync(localPaths().root, { recursive: true });
  writeFileSync(localPaths().stackNote, JSON.stringify(note, null, 2));
}

export function removeStackNote(): void {
  rmSync(localPaths().stackNote, { force: true });
}

async function reachable(endpoint: string): Promise<boolean> {
  const client = localAdminClient(endpoint);
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

/**
 * Runs `work` against the local store that `npm start` serves: through the running service's
 * dynalite when it is up (LevelDB allows one process at a time), else by opening the folder here.
 */
export async function withLocalStore<T>(work: () => Promise<T>): Promise<T> {
  const { stackNote, dynamo: path } = localPaths();
  if (existsSync(stackNote)) {
    const note = JSON.parse(readFileSync(stackNote, 'utf8')) as StackNote;
    if (await reachable(note.dynamoEndpoint)) {
      const admin = localAdminClient(note.dynamoEndpoint);
      await ensureLocalTables(admin);
      admin.destroy();
      return runAgainst(note.dynamoEndpoint, work);
    }
  }
  mkdirSync(path, { recursive: true });
  const dynamo = await startLocalDynamo({ path });
  try {
    return await runAgainst(dynamo.endpoint, work);
  } finally {
    await dynamo.close();
  }
}

/** Points this process's functions' code at `endpoint` for the duration of `work`. */
async function runAgainst<T>(endpoint: string, work: () => Promise<T>): Promise<T> {
  applyFunctionEnvironment({ ...localTableEnvironment(), DYNAMODB_ENDPOINT: endpoint, AWS_REGION: 'local' });
  resetDocumentClient();
  try {
    return await work();
  } finally {
    resetDocumentClient();
  }
}
