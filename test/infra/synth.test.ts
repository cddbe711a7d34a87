import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTEXT } from '../../infra/app.js';
import { PROJECT_ROOT } from '../../infra/project-root.js';

/** Not the infra project's default account: the acknowledgements must hold for any account. */
const DEPLOY_ACCOUNT = '210987654321';
const out = mkdtempSync(join(tmpdir(), 'plaincve-synth-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: PROJECT_ROOT,
      // Offline: no version check, no notices, no telemetry. A concrete account and region, as
      // `cdk deploy` sets them from the credentials: the templates and cdk-nag then see literal ARNs.
      env: {
        ...process.env,
        CDK_DEFAULT_ACCOUNT: DEPLOY_ACCOUNT,
        // The CLI sets CDK_DEFAULT_REGION itself, from the AWS region.
        AWS_REGION: 'us-east-1',
        CDK_DEFAULT_REGION: 'us-east-1',
        CDK_DISABLE_VERSION_CHECK: '1',
        CDK_DISABLE_CLI_TELEMETRY: 'true',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
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
  it('synthesises every stack offline for a real account, cdk-nag AwsSolutions clean and with no CloudFormation schema warning', async () => {
    const synth = await run('npx', ['cdk', 'synth', '--quiet', '--no-notices', '-o', out]);
    expect(synth.code, synth.output).toBe(0);
    // Neither an error nor a warning from the validations (a schema finding prints "[Warning]").
    expect(synth.output).not.toMatch(/\bERROR\b|\bWARNING\b|\[Warning|\[Error/);
    const webTemplate = JSON.parse(readFileSync(join(out, 'PlainCveWeb.template.json'), 'utf8')) as unknown;
    expect(JSON.stringify(webTemplate)).toContain(`cdk-hnb659fds-assets-${DEPLOY_ACCOUNT}-us-east-1`);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { artifacts: Record<string, { type: string }> };
    const stacks = Object.entries(manifest.artifacts)
      .filter(([, a]) => a.type === 'aws:cloudformation:stack')
      .map(([name]) => name);
    expect(stacks.sort()).toEqual(['PlainCveApi', 'PlainCveChangeDelivery', 'PlainCveIngest', 'PlainCveMonitoring', 'PlainCveStateful', 'PlainCveWeb']);
    const report = JSON.parse(readFileSync(join(out, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; conclusion: string; violations: unknown[]; suppressedViolations: { reason?: string }[] }[];
    };
    const nag = report.pluginReports.find((p) => p.pluginName === 'AwsSolutions');
    expect(nag?.conclusion).toBe('success');
    expect(nag?.violations).toEqual([]);
    // CDK's own check of every template against CloudFormation's schema (F3032 and the like).
    const schema = report.pluginReports.find((p) => p.pluginName === 'CloudFormation Validate');
    expect(schema?.conclusion).toBe('success');
    expect(schema?.violations).toEqual([]);
    // Every acknowledgement gives its reason.
    for (const suppressed of nag?.suppressedViolations ?? []) expect(suppressed.reason?.length ?? 0).toBeGreaterThan(20);
  });
});

describe("the app's context", () => {
  it('turns a CloudFormation schema finding into a failed synth (F3032: a block with an empty header list)', () => {
    const app = new App({ context: DEFAULT_CONTEXT, outdir: mkdtempSync(join(tmpdir(), 'plaincve-schema-')) });
    const stack = new Stack(app, 'Probe', { env: { account: DEPLOY_ACCOUNT, region: 'us-east-1' } });
    const visibility = { cloudWatchMetricsEnabled: false, metricName: 'probe', sampledRequestsEnabled: false };
    new CfnWebACL(stack, 'Acl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility,
      customResponseBodies: { body: { contentType: 'TEXT_PLAIN', content: 'no' } },
      rules: [
        {
          name: 'r',
          priority: 0,
          statement: { labelMatchStatement: { scope: 'LABEL', key: 'x' } },
          action: { block: { customResponse: { responseCode: 403, customResponseBodyKey: 'body', responseHeaders: [] } } },
          visibilityConfig: visibility,
        },
      ],
    });
    try {
      expect(() => app.synth()).toThrow(/ResponseHeaders: expected minimum item count: 1/);
    } finally {
      rmSync(app.outdir, { recursive: true, force: true });
    }
  });
});
