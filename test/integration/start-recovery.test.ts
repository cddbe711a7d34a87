import { CreateTableCommand, DescribeTableCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dynalite from 'dynalite';
import { afterAll, describe, expect, it } from 'vitest';
import { localAdminClient, startLocalDynamo } from '../../shared/local/dynalite-server.js';
import { localTableName } from '../../shared/local/local-tables.js';
import { TABLE_DEFINITIONS } from '../../shared/platform/tables.js';
import { PROJECT_ROOT } from '../../shared/local/stack.js';

const folders: string[] = [];
const children: ChildProcess[] = [];
/** npm runs tsx, which runs node: the whole process group goes, not npm alone (which would orphan the stack). */
function stop(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

afterAll(() => {
  for (const child of children) stop(child);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'plaincve-start-'));
  folders.push(folder);
  return folder;
}

/** `npm start` as a person types it, on its own data folder; resolves once it exits or prints its key. */
function npmStart(localDir: string, port: number): Promise<{ child: ChildProcess; code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['start'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PLAINCVE_LOCAL_DIR: localDir, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/Demo API key: \S+/.test(stdout)) resolve({ child, code: null, stdout, stderr });
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ child, code, stdout, stderr }));
  });
}

async function occupiedPort(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, port: (server.address() as AddressInfo).port };
}

async function freePort(): Promise<number> {
  const { server, port } = await occupiedPort();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a start that cannot leave a broken store', () => {
  it('repairs a table an earlier process left CREATING, and the table then takes items', async () => {
    const path = tempFolder();
    // A dynalite that never gets to mark its table ACTIVE: what a start that died half-way left.
    const stuck = dynalite({ path, createTableMs: 10 * 60_000 });
    await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', () => resolve()));
    const stuckClient = localAdminClient(`http://127.0.0.1:${(stuck.address() as AddressInfo).port}`);
    const advisories = TABLE_DEFINITIONS.find((t) => t.id === 'advisories') ?? TABLE_DEFINITIONS[0]!;
    const accounts = TABLE_DEFINITIONS.find((t) => t.globalIndexes.length > 0)!;
    for (const table of [advisories, accounts]) {
      const attributes = [
        table.partitionKey,
        ...(table.sortKey ? [table.sortKey] : []),
        ...table.globalIndexes.flatMap((i) => [i.partitionKey, ...(i.sortKey ? [i.sortKey] : [])]),
      ];
      await stuckClient.send(
        new CreateTableCommand({
          TableName: localTableName(table),
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [...new Map(attributes.map((a) => [a.name, a.type])).entries()].map(([AttributeName, AttributeType]) => ({
            AttributeName,
            AttributeType,
          })),
          KeySchema: [
            { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
            ...(table.sortKey ? [{ AttributeName: table.sortKey.name, KeyType: 'RANGE' as const }] : []),
          ],
          ...(table.globalIndexes.length
            ? {
                GlobalSecondaryIndexes: table.globalIndexes.map((i) => ({
                  IndexName: i.indexName,
                  KeySchema: [
                    { AttributeName: i.partitionKey.name, KeyType: 'HASH' as const },
                    ...(i.sortKey ? [{ AttributeName: i.sortKey.name, KeyType: 'RANGE' as const }] : []),
                  ],
                  Projection: { ProjectionType: 'ALL' as const },
                })),
              }
            : {}),
        }),
      );
      expect((await stuckClient.send(new DescribeTableCommand({ TableName: localTableName(table) }))).Table?.TableStatus).toBe('CREATING');
    }
    stuckClient.destroy();
    await new Promise<void>((resolve) => stuck.close(() => resolve()));

    const dynamo = await startLocalDynamo({ path });
    const client = localAdminClient(dynamo.endpoint);
    try {
      for (const table of TABLE_DEFINITIONS) {
        const described = await client.send(new DescribeTableCommand({ TableName: localTableName(table) }));
        expect(described.Table?.TableStatus, table.id).toBe('ACTIVE');
        expect(described.Table?.BillingModeSummary?.BillingMode, table.id).toBe('PAY_PER_REQUEST');
        for (const index of described.Table?.GlobalSecondaryIndexes ?? []) expect(index.IndexStatus).toBe('ACTIVE');
      }
      const item = { [advisories.partitionKey.name]: { S: 'probe' }, ...(advisories.sortKey ? { [advisories.sortKey.name]: { S: 'probe' } } : {}) };
      await client.send(new PutItemCommand({ TableName: localTableName(advisories), Item: item }));
    } finally {
      client.destroy();
      await dynamo.close();
    }
  });

  it('a start on a busy port says so in one line with the fix; a start on a free one then answers every endpoint', async () => {
    const localDir = tempFolder();
    const busy = await occupiedPort();
    const failed = await npmStart(localDir, busy.port);
    await new Promise<void>((resolve) => busy.server.close(() => resolve()));
    expect(failed.code).toBe(1);
    const complaint = failed.stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('>') && !line.startsWith('npm '));
    expect(complaint).toEqual([`Port ${busy.port} is already in use (another \`npm start\`?). Start on a free port: PORT=${busy.port + 1} npm start`]);
    expect(failed.stderr).not.toMatch(/\n\s+at /);

    const port = await freePort();
    const started = await npmStart(localDir, port);
    expect(started.code, started.stderr).toBeNull();
    const key = /Demo API key: (\S+)/.exec(started.stdout)?.[1] ?? '';
    const base = `http://127.0.0.1:${port}`;
    const get = (path: string) => fetch(`${base}${path}`, { headers: { 'X-API-Key': key } });
    expect((await get('/health')).status).toBe(200);
    const lookup = await get('/api/cve/CVE-2021-44228');
    expect(lookup.status).toBe(200);
    expect(((await lookup.json()) as { data: { cve_id: string } }).data.cve_id).toBe('CVE-2021-44228');
    // Each answers what the demo holds, as on a clean start: nothing is missing from the store.
    const answers: [string, (data: Record<string, unknown[]>) => unknown[]][] = [
      ['/api/packages/PyPI/django?version=3.2.13', (data) => data.vulnerabilities ?? []],
      ['/api/cves/export.json?min_score=9', (data) => data.cves ?? []],
    ];
    for (const [path, list] of answers) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(list(((await response.json()) as { data: Record<string, unknown[]> }).data).length, path).toBeGreaterThan(0);
    }
    const changes = await get('/api/changes');
    expect(changes.status).toBe(200);
    await changes.arrayBuffer();
    const scan = await fetch(`${base}/api/scan`, { method: 'POST', headers: { 'X-API-Key': key }, body: 'Django==3.2.13\n' });
    expect(scan.status).toBe(200);
    expect(((await scan.json()) as { data: { findings: unknown[] } }).data.findings.length).toBe(1);
    stop(started.child);
  });
});
