import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../shared/local/stack.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { disguisedFixtureDir } from '../support/ingest-fixtures.js';

const run = promisify(execFile);
const dataDir = disguisedFixtureDir();

/** `npm run ingest` as a user runs it, against the local store in `localDir`. */
async function ingestCli(localDir: string, ...args: string[]) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'bin/ingest.ts'), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PLAINCVE_LOCAL_DIR: localDir },
  });
  return stdout;
}

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe('npm run ingest', () => {
  it('loads the local store while the service is stopped; `npm start` then serves the records', async () => {
    const localDir = mkdtempSync(join(tmpdir(), 'plaincve-local-'));
    const out = await ingestCli(localDir, '--from-dir', dataDir);
    expect(out).toContain('Records: 9 derived, 9 written, 0 unchanged');
    expect(out).toMatch(/NVD\s+2 file\(s\)/);
    expect(out).toContain('skipped');

    const again = await ingestCli(localDir, '--from-dir', dataDir);
    expect(again).toContain('9 derived, 0 written, 9 unchanged');

    stack = await startTestStack({ dataPath: join(localDir, 'dynamodb') });
    const key = await stack.newKey();
    const response = await stack.get('/api/cve/CVE-2023-40001', { key });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { title: string; fix: string } };
    expect(body.data.title).toBe('Acme Widget Server SQL Injection Vulnerability');
    expect(body.data.fix).toContain('Update Acme Widget Server to version 4.2.1 or later');
  });

  it('loads through the running service when `npm start` is up (one process owns the store)', async () => {
    const localDir = mkdtempSync(join(tmpdir(), 'plaincve-local-'));
    stack = await startTestStack({ dataPath: join(localDir, 'dynamodb') });
    // What bin/local.ts writes for CLIs: where the running service's database listens.
    writeFileSync(join(localDir, 'stack.json'), JSON.stringify({ dynamoEndpoint: stack.dynamoEndpoint, baseUrl: stack.baseUrl, pid: process.pid }));
    const key = await stack.newKey();
    expect((await stack.get('/api/cve/CVE-2021-45005', { key })).status).toBe(404);
    expect(await ingestCli(localDir, '--from-dir', dataDir)).toContain('9 written');
    const response = await stack.get('/api/cve/CVE-2021-45005', { key });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { summary: string } }).data.summary).toContain('CISA says attackers are using it in real attacks.');
    // The run rebuilt the export filter index, so the running service exports the new records at once.
    const exported = await stack.get('/api/cves/export.json?search=CVE-2021-45005', { key });
    expect(exported.status).toBe(200);
    const body = (await exported.json()) as { data: { cves: { cve_id: string }[]; meta: { total: number } } };
    expect(body.data.meta.total).toBe(1);
    expect(body.data.cves.map((c) => c.cve_id)).toEqual(['CVE-2021-45005']);
  });

  it('--dry-run writes nothing; a bad flag is refused with the usage', async () => {
    const localDir = mkdtempSync(join(tmpdir(), 'plaincve-local-'));
    expect(await ingestCli(localDir, '--from-dir', dataDir, '--dry-run')).toContain('Dry run: nothing was written.');
    expect(await ingestCli(localDir, '--from-dir', dataDir)).toContain('9 written');
    await expect(ingestCli(localDir, '--from-dri', dataDir)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run ingest') });
  });

  it('a folder with no catalogue source fails with one line naming the files, and exits non-zero', async () => {
    const localDir = mkdtempSync(join(tmpdir(), 'plaincve-local-'));
    const input = mkdtempSync(join(tmpdir(), 'plaincve-input-'));
    writeFileSync(join(input, 'notes.txt'), 'not a feed\n');
    writeFileSync(join(input, 'data.json'), '{"hello": "world"}');
    const failure = (await ingestCli(localDir, '--from-dir', input).then(
      () => undefined,
      (error: unknown) => error,
    )) as { code?: number; stderr?: string } | undefined;
    expect(failure?.code).toBe(1);
    // Progress bars (drawn with block characters) may precede it; the failure itself is one line.
    const lines = (failure?.stderr ?? '').split('\n').filter((l) => l.trim() && !l.startsWith('npm ') && !/[█░]/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/No input file was recognised/);
    expect(lines[0]).toContain(join(input, 'notes.txt'));
    expect(lines[0]).toContain(join(input, 'data.json'));
  });
});
