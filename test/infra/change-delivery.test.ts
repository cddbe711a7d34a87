import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTEXT, buildApp, type PlainCveApp } from '../../infra/app.js';
import { CATALOGUE_STREAM_READING, DELIVERY_QUEUE } from '../../shared/keeping-up/declaration.js';

let built: PlainCveApp;
let stateful: Template;
let pipeline: Template;

// buildApp runs cdk-nag's AwsSolutions checks as a validation plugin: an unacknowledged finding fails the build here.
beforeAll(() => {
  built = buildApp(new App({ context: DEFAULT_CONTEXT }));
  stateful = Template.fromStack(built.stateful);
  pipeline = Template.fromStack(built.changeDelivery);
});

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
type Policy = { Properties: { PolicyDocument: { Statement: Statement[] }; Roles: { Ref: string }[] } };
const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

/** Every IAM statement of every stack, with the logical id of the role it is attached to. */
function statementsByRole(): { stack: string; role: string; statement: Statement }[] {
  const out: { stack: string; role: string; statement: Statement }[] = [];
  for (const stack of [built.stateful, built.api, built.web, built.ingest, built.monitoring, built.changeDelivery]) {
    const policies = Template.fromStack(stack).findResources('AWS::IAM::Policy') as Record<string, Policy>;
    for (const policy of Object.values(policies)) {
      for (const role of policy.Properties.Roles ?? []) {
        for (const statement of policy.Properties.PolicyDocument.Statement) out.push({ stack: stack.stackName, role: role.Ref, statement });
      }
    }
  }
  return out;
}

describe('change pipeline: catalogue stream → matcher → delivery queue → delivery', () => {
  it('streams the catalogue table with new and old images, and no other table', () => {
    stateful.resourcePropertiesCountIs('AWS::DynamoDB::GlobalTable', { StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' } }, 1);
    const tables = stateful.findResources('AWS::DynamoDB::GlobalTable') as Record<string, { Properties: { StreamSpecification?: unknown } }>;
    const streamed = Object.entries(tables)
      .filter(([, t]) => t.Properties.StreamSpecification)
      .map(([id]) => id);
    expect(streamed).toHaveLength(1);
    expect(streamed[0]).toMatch(/^catalogueTable/);
  });

  it('keeps the delivery queue, its dead-letter queue and the matcher failure queue in the stateful stack, encrypted, TLS-only and retained', () => {
    stateful.resourceCountIs('AWS::SQS::Queue', 3);
    pipeline.resourceCountIs('AWS::SQS::Queue', 0);
    stateful.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: DELIVERY_QUEUE.visibilityTimeoutSeconds,
      MessageRetentionPeriod: DELIVERY_QUEUE.retentionDays * 86_400,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^DeliveryDeadLetters'), 'Arn'] },
        maxReceiveCount: DELIVERY_QUEUE.maxReceiveCount,
      },
      SqsManagedSseEnabled: true,
    });
    const queues = stateful.findResources('AWS::SQS::Queue') as Record<string, { DeletionPolicy?: string }>;
    for (const queue of Object.values(queues)) expect(queue.DeletionPolicy).toBe('Retain');
    // enforceSSL: every queue has a policy denying plain HTTP.
    stateful.resourcePropertiesCountIs(
      'AWS::SQS::QueuePolicy',
      { PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) } },
      3,
    );
    // The delivery queue's visibility outlasts the delivery function (Lambda refuses the mapping otherwise).
    const deliveryFn = pipeline.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('^Delivery queue') } });
    const timeout = (Object.values(deliveryFn)[0] as { Properties: { Timeout: number } }).Properties.Timeout;
    expect(DELIVERY_QUEUE.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(timeout);
  });

  it('feeds the matcher from the stream (new records first come from the trim horizon) with a failure destination, and the delivery function from the queue', () => {
    pipeline.resourceCountIs('AWS::Lambda::EventSourceMapping', 2);
    pipeline.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: Match.anyValue(),
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: CATALOGUE_STREAM_READING.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: CATALOGUE_STREAM_READING.retryAttempts,
      MaximumRecordAgeInSeconds: CATALOGUE_STREAM_READING.maxRecordAgeHours * 3600,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
      FunctionName: { Ref: Match.stringLikeRegexp('^ChangeMatcherFn') },
    });
    pipeline.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: DELIVERY_QUEUE.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FunctionName: { Ref: Match.stringLikeRegexp('^WebhookDeliveryFn') },
    });
  });

  it('alarms to the alarm topic on any message in the dead-letter queue and the matcher failure queue, and on either function failing', () => {
    pipeline.resourcePropertiesCountIs(
      'AWS::CloudWatch::Alarm',
      {
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [Match.anyValue()],
      },
      2,
    );
    const alarms = pipeline.findResources('AWS::CloudWatch::Alarm', { Properties: { MetricName: 'ApproximateNumberOfMessagesVisible' } }) as Record<
      string,
      { Properties: { Dimensions: { Name: string; Value: unknown }[] } }
    >;
    const watched = Object.values(alarms).map((a) => JSON.stringify(a.Properties.Dimensions[0]?.Value));
    expect(watched.some((v) => /DeliveryDeadLetters/.test(v))).toBe(true);
    expect(watched.some((v) => /MatcherFailures/.test(v))).toBe(true);
    pipeline.resourcePropertiesCountIs('AWS::CloudWatch::Alarm', { MetricName: 'Errors', Namespace: 'AWS/Lambda', Threshold: 1 }, 2);
  });

  it('grants exactly: only the matcher reads the stream and sends to the queue; only the delivery function consumes it', () => {
    const all = statementsByRole().filter((s) => s.statement.Effect === 'Allow');
    const streamReaders = new Set(
      all.filter((s) => actionsOf(s.statement).some((a) => a === 'dynamodb:GetRecords' || a === 'dynamodb:GetShardIterator')).map((s) => s.role),
    );
    expect([...streamReaders]).toHaveLength(1);
    expect([...streamReaders][0]).toMatch(/^ChangeMatcherFnRole/);

    const consumers = new Set(
      all.filter((s) => actionsOf(s.statement).some((a) => a === 'sqs:ReceiveMessage' || a === 'sqs:DeleteMessage')).map((s) => s.role),
    );
    expect([...consumers]).toHaveLength(1);
    expect([...consumers][0]).toMatch(/^WebhookDeliveryFnRole/);

    // Senders: the matcher to the delivery queue, and the matcher's stream failures to their queue.
    const senders = all.filter((s) => actionsOf(s.statement).includes('sqs:SendMessage'));
    for (const sender of senders) expect(sender.role, JSON.stringify(sender.statement.Resource)).toMatch(/^(ChangeMatcherFnRole|IngestFnRole)/);
    expect(
      senders
        .filter((s) => /ChangeMatcherFnRole/.test(s.role))
        .map((s) => JSON.stringify(s.statement.Resource))
        .join(' '),
    ).toMatch(/DeliveryQueue/);

    // The delivery function never touches the stream, the catalogue or the change log.
    const deliveryResources = all
      .filter((s) => /^WebhookDeliveryFnRole/.test(s.role))
      .map((s) => JSON.stringify(s.statement.Resource))
      .join(' ');
    expect(deliveryResources).not.toMatch(/catalogueTable|changesTable|StreamArn/);
    // The matcher reads the watchlists (accounts table) and nothing else of the tables.
    const matcherTableReads = all.filter((s) => /^ChangeMatcherFnRole/.test(s.role) && actionsOf(s.statement).includes('dynamodb:GetItem'));
    expect(matcherTableReads).toHaveLength(1);
    expect(JSON.stringify(matcherTableReads[0]!.statement.Resource)).toMatch(/accountsTable/);
    expect(actionsOf(matcherTableReads[0]!.statement)).not.toContain('dynamodb:PutItem');
    // Both learn the queue's URL.
    pipeline.resourcePropertiesCountIs('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ WEBHOOK_QUEUE_URL: Match.anyValue() }) } }, 2);
    // No wildcard actions anywhere in the pipeline.
    for (const s of all.filter((x) => /^(ChangeMatcherFnRole|WebhookDeliveryFnRole)/.test(x.role))) {
      for (const action of actionsOf(s.statement)) expect(action.endsWith('*'), action).toBe(false);
    }
  });
});
