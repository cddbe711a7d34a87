import { App, type Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEFAULT_CONTEXT, buildApp } from '../../infra/app.js';
import { PROJECT_ROOT } from '../../infra/project-root.js';
import { FUNCTIONS } from '../../shared/platform/functions.js';
import { NVD_API_KEY_PLACEHOLDER, PUBLIC_BASE_URL_PARAMETER } from '../../shared/platform/deployment.js';
import { nvdApiKeyFrom } from '../../shared/ingest/fetch/nvd-api-key.js';

/** The context `cdk synth` starts from: cdk.json's, with nothing added by hand. */
const cdkJsonContext = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

describe('deploy-time settings have no silent default', () => {
  const built = buildApp(new App({ context: { ...cdkJsonContext, ...DEFAULT_CONTEXT } }));
  const web = Template.fromStack(built.web);
  const api = Template.fromStack(built.api);
  const all = JSON.stringify([web, api, Template.fromStack(built.stateful), Template.fromStack(built.ingest)].map((t) => t.toJSON()));

  test('cdk.json sets no public URL, and no template names example.com', () => {
    expect(cdkJsonContext.publicBaseUrl).toBeUndefined();
    expect(all).not.toMatch(/example\.(com|org)/);
  });

  test('with no context the web stack writes the CloudFront domain to the public-origin parameter', () => {
    const distribution = Object.keys(web.findResources('AWS::CloudFront::Distribution'))[0] ?? '';
    web.hasResourceProperties('AWS::SSM::Parameter', {
      Name: PUBLIC_BASE_URL_PARAMETER,
      Type: 'String',
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distribution, 'DomainName'] }]] },
    });
  });

  test('every API function learns the origin from that parameter (and may read it), none has PUBLIC_BASE_URL baked in', () => {
    const functions = Object.values(api.findResources('AWS::Lambda::Function')) as { Properties: { Environment?: { Variables?: Record<string, unknown> } } }[];
    expect(functions).toHaveLength(Object.keys(FUNCTIONS).length);
    for (const fn of functions) {
      expect(fn.Properties.Environment?.Variables?.PUBLIC_BASE_URL_PARAMETER).toBe(PUBLIC_BASE_URL_PARAMETER);
      expect(fn.Properties.Environment?.Variables?.PUBLIC_BASE_URL).toBeUndefined();
    }
    api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Action: 'ssm:GetParameter', Resource: Match.objectLike({ 'Fn::Join': Match.anyValue() }) })]),
      },
    });
  });

  test("outputs print the site URL, each provider's callback URL and the secrets to fill", () => {
    web.hasOutput('SiteUrl', { Value: Match.anyValue() });
    for (const label of ['GitHub', 'Google', 'Microsoft']) {
      const output = web.findOutputs(`${label}CallbackUrl`);
      expect(JSON.stringify(output)).toContain(`/auth/${label.toLowerCase()}/callback`);
    }
    Template.fromStack(built.stateful).hasOutput('OAuthSecretName', { Value: 'plaincve/oauth' });
    // Named by CloudFormation (the stateful stack keeps it across replacements of the ingest stack).
    Template.fromStack(built.stateful).hasOutput('NvdApiKeySecretName', { Value: Match.anyValue() });
    api.hasOutput('OriginVerifySecretName', { Value: Match.anyValue() });
  });
});

describe('a custom domain', () => {
  test('domainName with its certificate makes the parameter and outputs name the domain', () => {
    const built = buildApp(
      new App({ context: { ...DEFAULT_CONTEXT, domainName: 'cve.acme.test', certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc' } }),
    );
    const web = Template.fromStack(built.web);
    web.hasResourceProperties('AWS::SSM::Parameter', { Name: PUBLIC_BASE_URL_PARAMETER, Value: 'https://cve.acme.test' });
    web.hasOutput('GitHubCallbackUrl', { Value: 'https://cve.acme.test/auth/github/callback' });
  });
});

describe('the NVD key secret', () => {
  const built = buildApp(new App({ context: { ...cdkJsonContext, ...DEFAULT_CONTEXT } }));
  const stateful = Template.fromStack(built.stateful);

  test('is created holding the placeholder the ingest reads as "no key", never a generated value, and has no fixed name', () => {
    const secrets = Object.values(stateful.findResources('AWS::SecretsManager::Secret')) as {
      Properties: { Name?: string; SecretString?: string; GenerateSecretString?: unknown; Description: string };
    }[];
    const nvd = secrets.find((s) => s.Properties.Description.includes('NVD'));
    expect(nvd?.Properties.SecretString).toBe(NVD_API_KEY_PLACEHOLDER);
    expect(nvd?.Properties.GenerateSecretString).toBeUndefined();
    expect(nvd?.Properties.Name).toBeUndefined();
    expect(nvdApiKeyFrom(nvd?.Properties.SecretString)).toBeUndefined();
  });

  test('the ingest function is told its ARN and may read it, and the ingest stack creates no secret of its own', () => {
    const ingest = Template.fromStack(built.ingest);
    ingest.resourceCountIs('AWS::SecretsManager::Secret', 0);
    ingest.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ NVD_API_KEY_SECRET_ID: Match.objectLike({ 'Fn::ImportValue': Match.anyValue() }) }) },
    });
  });
});

describe('docs/deploy.md', () => {
  test('every output its table names is an output of the stack it names', () => {
    const doc = readFileSync(join(PROJECT_ROOT, 'docs/deploy.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| ((?:`\w+`(?:, )?)+)(?: \([^)]*\))? \| (PlainCve\w+) \|/gm)];
    expect(rows.length).toBeGreaterThan(5);
    const built = buildApp(new App({ context: { ...cdkJsonContext, ...DEFAULT_CONTEXT } }));
    for (const [, names, stackName] of rows) {
      const stack = built.app.node.findChild(stackName ?? '') as Stack;
      const outputs = Template.fromStack(stack).toJSON().Outputs as Record<string, unknown>;
      for (const name of (names ?? '').match(/\w+/g) ?? []) expect(Object.keys(outputs), `${stackName} ${name}`).toContain(name);
    }
  });
});
