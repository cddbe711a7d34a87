import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTEXT, buildApp, type PlainCveApp } from '../../infra/app.js';
import { FUNCTIONS } from '../../shared/platform/functions.js';
import { TABLE_DEFINITIONS } from '../../shared/platform/tables.js';
import { LOG_METRICS } from '../../shared/platform/metrics.js';
import { codeLines, productSources } from '../support/stray-limits.js';

let built: PlainCveApp;
let monitoring: Template;
let ingest: Template;
let stateful: Template;

type Alarm = {
  Properties: {
    AlarmActions?: unknown[];
    OKActions?: unknown[];
    MetricName?: string;
    Namespace?: string;
    AlarmDescription: string;
    TreatMissingData?: string;
    EvaluationPeriods: number;
    Metrics?: unknown[];
  };
};

beforeAll(() => {
  built = buildApp(new App({ context: { ...DEFAULT_CONTEXT, alarmEmail: 'ops@acme.test' } }));
  built.app.synth();
  monitoring = Template.fromStack(built.monitoring);
  ingest = Template.fromStack(built.ingest);
  stateful = Template.fromStack(built.stateful);
});

const alarmsOf = (template: Template) => Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Alarm[];
const topicRef = () => Object.keys(stateful.findResources('AWS::SNS::Topic'))[0] ?? '';

describe('alarms that reach a person', () => {
  it('one SNS topic, SSL only, with the e-mail subscription from context alarmEmail', () => {
    stateful.resourceCountIs('AWS::SNS::Topic', 1);
    stateful.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@acme.test' });
    stateful.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('without alarmEmail the topic has no subscription (and docs/deploy.md says how to add one)', () => {
    const plain = buildApp();
    Template.fromStack(plain.stateful).resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('every alarm of every stack notifies the topic, on alarm and on recovery', () => {
    const all = [...alarmsOf(monitoring), ...alarmsOf(ingest)];
    expect(all.length).toBeGreaterThan(0);
    for (const alarm of all) {
      expect(JSON.stringify(alarm.Properties.AlarmActions), alarm.Properties.AlarmDescription).toContain(topicRef());
      expect(JSON.stringify(alarm.Properties.OKActions), alarm.Properties.AlarmDescription).toContain(topicRef());
    }
  });

  it('API 5xx rate and p99 latency, from the API Gateway metrics', () => {
    const descriptions = alarmsOf(monitoring).map((a) => a.Properties.AlarmDescription);
    expect(descriptions.some((d) => /5xx/.test(d))).toBe(true);
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Metrics: Match.arrayWith([Match.objectLike({ Expression: '100 * errors / MAX([requests, 1])' })]),
    });
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'Latency', Namespace: 'AWS/ApiGateway', ExtendedStatistic: 'p99' });
  });

  it("authorizer errors, and each function's errors and throttles", () => {
    const descriptions = alarmsOf(monitoring).map((a) => a.Properties.AlarmDescription);
    expect(descriptions.some((d) => /authorizer failed/.test(d))).toBe(true);
    for (const id of Object.keys(FUNCTIONS)) {
      expect(descriptions.filter((d) => d.includes(`The ${id} function failed`))).toHaveLength(1);
      expect(descriptions.filter((d) => d.includes(`The ${id} function was throttled`))).toHaveLength(1);
    }
    expect(descriptions).toContain('The ingest function was throttled');
  });

  it('DynamoDB throttles and system errors on every table', () => {
    const descriptions = alarmsOf(monitoring).map((a) => a.Properties.AlarmDescription);
    for (const table of TABLE_DEFINITIONS) {
      expect(descriptions).toContain(`DynamoDB throttled requests on the ${table.id} table`);
      expect(descriptions).toContain(`DynamoDB system errors on the ${table.id} table`);
    }
  });

  it('ingest failure, dead-letter depth and staleness (no successful run for 3 hours, missing data breaching)', () => {
    ingest.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'Errors', Namespace: 'AWS/Lambda' });
    ingest.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'ApproximateNumberOfMessagesVisible', Namespace: 'AWS/SQS' });
    ingest.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'RunsSucceeded',
      Namespace: 'PlainCVE/Ingest',
      Period: 3600,
      EvaluationPeriods: 3,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
    });
    ingest.hasResourceProperties('AWS::Logs::MetricFilter', { FilterPattern: '{ $.message = "ingest finished" }' });
    ingest.hasResourceProperties('AWS::Logs::MetricFilter', {
      MetricTransformations: [Match.objectLike({ MetricName: 'NvdProgressPercent', MetricValue: '$.nvd_progress_percent' })],
    });
  });

  it('a CloudWatch dashboard with the same figures', () => {
    monitoring.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(monitoring.findResources('AWS::CloudWatch::Dashboard'));
    for (const figure of [
      '5XXError',
      'Latency',
      'Errors',
      'Throttles',
      'ReadThrottleEvents',
      'SystemErrors',
      'RunsSucceeded',
      'ApproximateNumberOfMessagesVisible',
    ]) {
      expect(body, figure).toContain(figure);
    }
  });
});

describe('tracing', () => {
  it('every function (API and ingest) has active X-Ray tracing, and the stage traces', () => {
    const functions = [
      ...Object.values(Template.fromStack(built.api).findResources('AWS::Lambda::Function')),
      ...Object.values(ingest.findResources('AWS::Lambda::Function')),
    ] as {
      Properties: { TracingConfig?: { Mode: string }; Description?: string };
    }[];
    const ours = functions.filter((f) => f.Properties.Description !== undefined);
    expect(ours.length).toBe(Object.keys(FUNCTIONS).length + 1);
    for (const fn of ours) expect(fn.Properties.TracingConfig, fn.Properties.Description).toEqual({ Mode: 'Active' });
    Template.fromStack(built.api).hasResourceProperties('AWS::ApiGateway::Stage', { TracingEnabled: true });
  });
});

describe('the backfill', () => {
  it('a 15-minute tick resumes an unfinished backfill; outputs name the function and the catalogue table', () => {
    ingest.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(15 minutes)', Targets: [Match.objectLike({ Input: '{"resume":true}' })] });
    ingest.hasOutput('IngestFunctionName', Match.anyValue());
    stateful.hasOutput('CatalogueTableName', Match.anyValue());
  });

  it('cdk-nag is clean on the monitoring stack', () => {
    expect(Annotations.fromStack(built.monitoring).findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
  });
});

type MetricRef = { Namespace?: string; MetricName?: string };
type AlarmProps = MetricRef & { AlarmDescription: string; Metrics?: { MetricStat?: { Metric?: MetricRef } }[] };
type FilterProps = { FilterPattern: string; MetricTransformations: (MetricRef & { MetricNamespace: string; MetricValue: string })[] };

/** An alarm's metrics, those inside a math expression included. */
function metricsOf(alarm: AlarmProps): MetricRef[] {
  const inner = (alarm.Metrics ?? []).flatMap((m) => (m.MetricStat?.Metric ? [m.MetricStat.Metric] : []));
  return alarm.MetricName ? [{ Namespace: alarm.Namespace, MetricName: alarm.MetricName }, ...inner] : inner;
}

describe('metric names: one constant each (shared/platform/metrics.ts), emitted by the code and read by the alarms', () => {
  const stacks = () => [built.stateful, built.api, built.web, built.ingest, built.monitoring, built.changeDelivery].map((s) => Template.fromStack(s));
  const filters = () =>
    stacks().flatMap((t) => Object.values(t.findResources('AWS::Logs::MetricFilter')).map((r) => (r as { Properties: FilterProps }).Properties));
  const ours = (m: MetricRef) => !String(m.Namespace).startsWith('AWS/');

  it("every alarm on a metric of ours watches a LOG_METRICS entry, counted by a filter on that entry's log line", () => {
    const alarms = stacks().flatMap((t) => Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((r) => (r as { Properties: AlarmProps }).Properties));
    const watched = alarms.flatMap((alarm) =>
      metricsOf(alarm)
        .filter(ours)
        .map((metric) => ({ alarm: alarm.AlarmDescription, metric })),
    );
    expect(watched.map((w) => w.metric.MetricName).sort()).toEqual(['ConfigurationErrors', 'RunsSucceeded']);
    for (const { alarm, metric } of watched) {
      const entry = Object.values(LOG_METRICS).find((m) => m.namespace === metric.Namespace && m.metricName === metric.MetricName);
      expect(entry, alarm).toBeDefined();
      const counting = filters().filter((f) =>
        f.MetricTransformations.some((t) => t.MetricNamespace === metric.Namespace && t.MetricName === metric.MetricName),
      );
      expect(counting.length, alarm).toBeGreaterThan(0);
      for (const f of counting) expect(f.FilterPattern, alarm).toBe(`{ $.message = "${entry?.message ?? ''}" }`);
    }
  });

  it('every LOG_METRICS line is written by product code through its constant, and its words appear nowhere else', () => {
    const root = join(import.meta.dirname, '..', '..');
    const sources = productSources(root)
      .filter((file) => file !== 'shared/platform/metrics.ts')
      .map((file) => ({ file, code: codeLines(readFileSync(join(root, file), 'utf8')).join('\n') }));
    for (const [id, metric] of Object.entries(LOG_METRICS)) {
      const writers = sources.filter(
        (s) => s.code.includes(`logMetricLine('${id}'`) || new RegExp(`logger\\.\\w+\\(LOG_METRICS\\.${id}\\.message`).test(s.code),
      );
      expect(
        writers.map((s) => s.file),
        id,
      ).not.toEqual([]);
      // A construct id may share the metric's name (renaming it would replace the alarm); a metricName may not.
      const copies = sources.filter((s) => s.code.includes(`'${metric.message}'`) || new RegExp(`metricName: '${metric.metricName}'`).test(s.code));
      expect(
        copies.map((s) => s.file),
        id,
      ).toEqual([]);
    }
    expect(filters().some((f) => f.MetricTransformations.some((t) => t.MetricValue === `$.${LOG_METRICS.ingestProgress.valueField}`))).toBe(true);
  });
});
