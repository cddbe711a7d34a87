import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CONTEXT, buildApp, type PlainCveApp } from '../../infra/app.js';
import { PROJECT_ROOT } from '../../infra/project-root.js';
import { LOCAL_STORE_NODE_FLAGS } from '../../shared/local/dynalite-server.js';
import { INGEST_FUNCTION } from '../../shared/ingest/declaration.js';

let built: PlainCveApp;
let template: Template;

// buildApp runs cdk-nag's AwsSolutions checks as a validation plugin: an unacknowledged finding fails the build here.
beforeAll(() => {
  built = buildApp(new App({ context: DEFAULT_CONTEXT }));
  template = Template.fromStack(built.ingest);
});

describe('ingest stack', () => {
  it('runs the ingest Lambda every hour from EventBridge, with a dead-letter queue for the rule target', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(17 * * * ? *)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ DeadLetterConfig: { Arn: Match.anyValue() }, RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 2 }) })],
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Timeout: 900,
      Environment: { Variables: Match.objectLike({ CATALOGUE_TABLE: Match.anyValue(), NVD_API_KEY_SECRET_ID: Match.anyValue() }) },
    });
  });

  it('gives the function a /tmp that holds every source a run downloads before reading (OSV.dev alone is hundreds of MB zipped)', () => {
    template.hasResourceProperties('AWS::Lambda::Function', { Timeout: 900, EphemeralStorage: { Size: 4096 } });
  });

  it("starts the function with the ingest's V8 flags, which `npm run ingest` (and `npm start`, the local store) use too", () => {
    expect(INGEST_FUNCTION.nodeFlags).toContain('--max-semi-space-size=64');
    template.hasResourceProperties('AWS::Lambda::Function', {
      Timeout: 900,
      Environment: { Variables: Match.objectLike({ NODE_OPTIONS: ['--enable-source-maps', ...(INGEST_FUNCTION.nodeFlags ?? [])].join(' ') }) },
    });
    const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.ingest).toBe(`tsx ${(INGEST_FUNCTION.nodeFlags ?? []).join(' ')} bin/ingest.ts`);
    expect(scripts.start).toBe(`tsx ${LOCAL_STORE_NODE_FLAGS.join(' ')} bin/local.ts`);
  });

  it('sends a run that failed after its retries to the dead-letter queue, and alarms on errors and on that queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    template.resourceCountIs('AWS::SQS::Queue', 1);
    template.resourcePropertiesCountIs('AWS::CloudWatch::Alarm', { MetricName: 'Errors', Namespace: 'AWS/Lambda', Threshold: 1 }, 1);
    template.resourcePropertiesCountIs('AWS::CloudWatch::Alarm', { MetricName: 'ApproximateNumberOfMessagesVisible', Namespace: 'AWS/SQS', Threshold: 1 }, 1);
  });

  it('lets the function write (and scan, to rebuild the filter index) the catalogue table, write the change log and the package advisories, and read only the NVD key secret', () => {
    const policies = template.findResources('AWS::IAM::Policy');
    type Statement = { Action: string | string[]; Resource: unknown };
    const statements = Object.values(policies).flatMap(
      (p) => (p as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument.Statement,
    );
    const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
    const actions = statements.flatMap(actionsOf);
    expect(actions).toContain('dynamodb:BatchWriteItem');
    expect(actions).toContain('secretsmanager:GetSecretValue');
    for (const statement of statements) expect(actionsOf(statement).length).toBe(new Set(actionsOf(statement)).size);
    expect(actions.some((a) => a.endsWith('*'))).toBe(false);
    // One statement per table: Scan only on the catalogue table, writes on all three.
    const dynamoStatements = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
    const tableOf = (s: Statement) => JSON.stringify(s.Resource);
    expect(dynamoStatements).toHaveLength(3);
    const scanning = dynamoStatements.filter((s) => actionsOf(s).includes('dynamodb:Scan'));
    expect(scanning).toHaveLength(1);
    expect(tableOf(scanning[0]!)).toMatch(/catalogue/i);
    const changes = dynamoStatements.find((s) => /changes/i.test(tableOf(s)));
    expect(changes && actionsOf(changes)).toEqual(expect.arrayContaining(['dynamodb:BatchWriteItem', 'dynamodb:Query']));
    const advisories = dynamoStatements.find((s) => /advisor/i.test(tableOf(s)));
    expect(advisories && actionsOf(advisories)).toEqual(expect.arrayContaining(['dynamodb:BatchWriteItem']));
    expect(advisories && actionsOf(advisories)).not.toContain('dynamodb:Scan');
  });
});
