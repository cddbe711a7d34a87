import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWellFormedApiKey } from '../../shared/domain/api-key.js';
import { localPaths, removeStackNote, writeStackNote } from '../../shared/local/local-store.js';
import { PROJECT_ROOT } from '../../shared/local/stack.js';
import { makeRecord } from '../support/records.js';
import { startTestStack } from '../support/stack.js';

const localDir = mkdtempSync(join(tmpdir(), 'plaincve-cli-'));
const record = makeRecord({ cve_id: 'CVE-2021-44228' });

/** `npm run key -- <args>` as a person types it, on the local folder of this test. */
function runKeyCli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'key', '--', ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PLAINCVE_LOCAL_DIR: localDir, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function printedKey(stdout: string): string {
  const key = /^API key: (\S+)$/m.exec(stdout)?.[1];
  expect(key, stdout).toBeDefined();
  expect(isWellFormedApiKey(key ?? '')).toBe(true);
  return key ?? '';
}

beforeAll(() => {
  // This process plays `npm start`: the stack note goes into the same folder the CLI reads.
  process.env.PLAINCVE_LOCAL_DIR = localDir;
});
afterAll(() => {
  delete process.env.PLAINCVE_LOCAL_DIR;
  rmSync(localDir, { recursive: true, force: true });
});

describe('npm run key -- create --email <e-mail>', () => {
  it('refuses a missing or malformed e-mail with the usage line and exit code 2', async () => {
    for (const args of [['create'], ['create', '--email', 'not-an-email'], ['delete', '--email', 'a@b.c']]) {
      const run = await runKeyCli(...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('Usage: npm run key -- create --email <e-mail>');
      expect(run.stdout).not.toMatch(/API key:/);
    }
  });

  it('prints a key that works against a stack started later on the same data folder', async () => {
    const run = await runKeyCli('create', '--email', 'a@b.c');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Account: acc_[0-9a-f]+ \(a@b\.c\)$/m);
    const key = printedKey(run.stdout);

    const stack = await startTestStack({ dataPath: localPaths().dynamo });
    try {
      await stack.seed([record]);
      const response = await stack.get('/api/cve/CVE-2021-44228', { key });
      expect(response.status).toBe(200);
    } finally {
      await stack.close();
    }
  });

  it('goes through the running stack when one serves the folder, and falls back when its note is stale', async () => {
    const stack = await startTestStack({ dataPath: localPaths().dynamo });
    try {
      writeStackNote({ dynamoEndpoint: stack.dynamoEndpoint, baseUrl: stack.baseUrl, pid: process.pid });
      // The running stack holds the LevelDB folder: a CLI that opened it itself would fail.
      const run = await runKeyCli('create', '--email', 'running@example.com');
      expect(run.code, run.stderr).toBe(0);
      const key = printedKey(run.stdout);
      await stack.seed([record]);
      expect((await stack.get('/api/cve/CVE-2021-44228', { key })).status).toBe(200);
    } finally {
      await stack.close();
    }

    // The note outlived its stack (a crash): the CLI opens the folder itself.
    expect(existsSync(localPaths().stackNote)).toBe(true);
    const late = await runKeyCli('create', '--email', 'late@example.com');
    expect(late.code, late.stderr).toBe(0);
    const lateKey = printedKey(late.stdout);
    removeStackNote();
    const again = await startTestStack({ dataPath: localPaths().dynamo });
    try {
      expect((await again.get('/api/cve/CVE-2021-44228', { key: lateKey })).status).toBe(200);
    } finally {
      await again.close();
    }
  });
});
