import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/project-root.js';

const out = mkdtempSync(join(tmpdir(), 'plaincve-synth-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: PROJECT_ROOT,
      // Offline: no version check, no notices, no telemetry.
      env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1', CDK_DISABLE_CLI_TELEMETRY: 'true', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('npx cdk synth', () => {
  it('synthesises every stack offline with cdk-nag AwsSolutions clean (an unacknowledged error fails synth)', async () => {
    const synth = await run('npx', ['cdk', 'synth', '--quiet', '--no-notices', '-o', out]);
    expect(synth.code, synth.output).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { artifacts: Record<string, { type: string }> };
    const stacks = Object.entries(manifest.artifacts).filter(([, a]) => a.type === 'aws:cloudformation:stack').map(([name]) => name);
    expect(stacks.sort()).toEqual(['PlainCveApi', 'PlainCveChangeDelivery', 'PlainCveIngest', 'PlainCveMonitoring', 'PlainCveStateful', 'PlainCveWeb']);
    const report = JSON.parse(readFileSync(join(out, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; conclusion: string; violations: unknown[]; suppressedViolations: { reason?: string }[] }[];
    };
    const nag = report.pluginReports.find((p) => p.pluginName === 'AwsSolutions');
    expect(nag?.conclusion).toBe('success');
    expect(nag?.violations).toEqual([]);
    // Every acknowledgement gives its reason.
    for (const suppressed of nag?.suppressedViolations ?? []) expect(suppressed.reason?.length ?? 0).toBeGreaterThan(20);
  });
});
