import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as ingestHandler } from '../../functions/ingest.js';
import { lambdaContext } from '../../shared/local/lambda-context.js';
import { PROJECT_ROOT } from '../../shared/local/stack.js';
import { ingestLeaseHolder, withIngestLease } from '../../shared/ingest/use-cases/ingest-lease.js';
import { disguisedFixtureDir } from '../support/ingest-fixtures.js';
import { inventedCves, startNvdStandIn, type NvdStandIn } from '../support/nvd-stand-in.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/** As Lambda invokes it: with a context (the 15-minute ingest timeout). */
const handler = (event: unknown) => ingestHandler(event, lambdaContext('ingest', `ingest-${Date.now()}`, 900, 1024));

let stack: TestStack;
let nvd: NvdStandIn;
let localDir: string;
// One NVD window (under 120 days) back from now: the run pages once, without NVD's keyless pacing.
const SINCE = new Date(Date.now() - 30 * 86_400_000);

beforeAll(async () => {
  localDir = mkdtempSync(join(tmpdir(), 'plaincve-lease-'));
  stack = await startTestStack({ dataPath: join(localDir, 'dynamodb') });
  // What bin/local.ts writes: CLIs run through the running service's database.
  writeFileSync(join(localDir, 'stack.json'), JSON.stringify({ dynamoEndpoint: stack.dynamoEndpoint, baseUrl: stack.baseUrl, pid: process.pid }));
  nvd = await startNvdStandIn(inventedCves(3, SINCE));
});
afterAll(async () => {
  await nvd.close();
  await stack.close();
});

function ingestCli(...args: string[]): { done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'bin/ingest.ts'), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PLAINCVE_LOCAL_DIR: localDir, NVD_API_URL: nvd.url, NVD_API_KEY: 'local-test-key' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return {
    done: new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    }),
  };
}

describe('single-flight ingest', () => {
  it('two concurrent runs: the second exits with "another run holds the lease until …", the first completes', async () => {
    const gate = nvd.hold();
    const first = ingestCli('--nvd-api', '--since', SINCE.toISOString().slice(0, 10));
    // The first run is inside NVD paging, so it holds the lease.
    const early = await Promise.race([gate.reached.then(() => undefined), first.done]);
    expect(early, 'the first run ended before reaching NVD').toBeUndefined();
    expect(await ingestLeaseHolder()).toMatchObject({ holder: expect.stringContaining('npm run ingest') });

    const second = await ingestCli('--from-dir', disguisedFixtureDir()).done;
    expect(second.code).toBe(3);
    expect(second.stderr).toMatch(/another run holds the lease until \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/);
    expect(second.stdout).not.toContain('written');

    gate.release();
    const firstDone = await first.done;
    expect(firstDone.code, firstDone.stderr).toBe(0);
    expect(firstDone.stdout).toContain('3 written');
    // Released at the end: the next run goes ahead.
    expect(await ingestLeaseHolder()).toBeUndefined();
    const third = await ingestCli('--from-dir', disguisedFixtureDir()).done;
    expect(third.code, third.stderr).toBe(0);
  });

  it('the ingest Lambda skips (no error, so no retry or alarm) while another run holds the lease', async () => {
    let result: unknown;
    await withIngestLease('a backfill', async () => {
      result = await handler({ 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} });
    });
    expect(result).toMatchObject({ status: 'skipped', held_until: expect.stringMatching(/^\d{4}-/) });
  });

  it('the 15-minute resume tick does nothing when no backfill is in progress', async () => {
    expect(await handler({ resume: true })).toEqual({ status: 'idle' });
  });
});
