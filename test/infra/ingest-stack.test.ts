import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTEXT, buildApp, type PlainCveApp } from '../../infra/app.js';

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

  it('sends a run that failed after its retries to the dead-letter queue, and alarms on errors and on that queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    template.resourceCountIs('AWS::SQS::Queue', 1);
    template.resourcePropertiesCountIs('AWS::CloudWatch::Alarm', { MetricName: 'Errors', Namespace: 'AWS/Lambda', Threshold: 1 }, 1);
    template.resourcePropertiesCountIs('AWS::CloudWatch::Alarm', { MetricName: 'ApproximateNumberOfMessagesVisible', Namespace: 'AWS/SQS', Threshold: 1 }, 1);
  });

  it('lets the function write (and scan, to rebuild the filter index) the catalogue table and read only the NVD key secret', () => {
    const policies = template.findResources('AWS::IAM::Policy');
    const statements = Object.values(policies).flatMap((p) => (p as { Properties: { PolicyDocument: { Statement: { Action: string | string[] }[] } } }).Properties.PolicyDocument.Statement);
    const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    expect(actions).toContain('dynamodb:BatchWriteItem');
    expect(actions).toContain('secretsmanager:GetSecretValue');
    expect(actions).toContain('dynamodb:Scan');
    expect(actions.filter((a) => a.startsWith('dynamodb:')).length).toBe(new Set(actions.filter((a) => a.startsWith('dynamodb:'))).size);
    expect(actions.some((a) => a.endsWith('*'))).toBe(false);
  });
});
