import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { INGEST_FUNCTION, INGEST_SCHEDULE } from '../shared/ingest/declaration.js';
import type { TableDefinition } from '../shared/platform/tables.js';
import { PlainCveFunction } from './plaincve-function.js';
import { LOG_METRICS } from '../shared/platform/metrics.js';

export interface IngestStackProps extends StackProps {
  readonly tables: Record<TableDefinition['id'], ITableV2>;
  /** Extra side-source URLs for every run (INGEST_SOURCE_URLS), comma-separated. */
  readonly sourceUrls?: string;
  readonly alarmTopic: ITopic;
  /** The optional NVD API key (stateful stack), read at each run. */
  readonly nvdApiKey: ISecret;
}

/** No successful run for this long is an alarm (the schedule runs hourly). */
export const INGEST_STALE_HOURS = 3;

/**
 * The catalogue's scheduled ingest: one Lambda run every hour by EventBridge, reading NVD changes
 * since its stored cursor. A failed run is retried twice by Lambda, then its event lands in the
 * dead-letter queue; an alarm fires on any function error and on any message in that queue.
 */
export class IngestStack extends Stack {
  readonly function: PlainCveFunction;
  readonly deadLetterQueue: Queue;
  readonly nvdApiKey: ISecret;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: IngestStackProps) {
    super(scope, id, props);

    this.nvdApiKey = props.nvdApiKey;

    this.deadLetterQueue = new Queue(this, 'IngestDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });

    this.function = new PlainCveFunction(this, 'IngestFn', {
      definition: INGEST_FUNCTION,
      ...(props.sourceUrls ? { environment: { INGEST_SOURCE_URLS: props.sourceUrls } } : {}),
    });
    this.function.bindResources({ tables: props.tables, secrets: { nvdApiKey: this.nvdApiKey } });
    // One run at a time: two overlapping runs would page the same NVD window twice.
    this.function.function.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
      onFailure: new SqsDestination(this.deadLetterQueue),
    });

    new Rule(this, 'Hourly', {
      description: 'Hourly incremental catalogue ingest',
      schedule: Schedule.cron(INGEST_SCHEDULE),
      targets: [
        new LambdaFunction(this.function.function, {
          event: RuleTargetInput.fromObject({}),
          deadLetterQueue: this.deadLetterQueue,
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
        }),
      ],
    });

    // A backfill pauses before the 15-minute limit; this tick resumes it (and does nothing,
    // one read, when no backfill is in progress). The lease keeps it from overlapping the hourly run.
    new Rule(this, 'BackfillResume', {
      description: 'Resumes an unfinished catalogue backfill every 15 minutes',
      schedule: Schedule.rate(Duration.minutes(15)),
      targets: [
        new LambdaFunction(this.function.function, {
          event: RuleTargetInput.fromObject({ resume: true }),
          deadLetterQueue: this.deadLetterQueue,
          retryAttempts: 0,
          maxEventAge: Duration.minutes(15),
        }),
      ],
    });

    // Metrics from the function's JSON log lines: successful runs and the backfill's progress.
    const succeeded = new MetricFilter(this, 'IngestSucceededFilter', {
      logGroup: this.function.logGroup,
      filterPattern: FilterPattern.stringValue('$.message', '=', LOG_METRICS.ingestSucceeded.message),
      metricNamespace: LOG_METRICS.ingestSucceeded.namespace,
      metricName: LOG_METRICS.ingestSucceeded.metricName,
      metricValue: '1',
    }).metric({ statistic: 'Sum', period: Duration.hours(1) });
    new MetricFilter(this, 'BackfillProgressFilter', {
      logGroup: this.function.logGroup,
      filterPattern: FilterPattern.stringValue('$.message', '=', LOG_METRICS.ingestProgress.message),
      metricNamespace: LOG_METRICS.ingestProgress.namespace,
      metricName: LOG_METRICS.ingestProgress.metricName,
      metricValue: `$.${LOG_METRICS.ingestProgress.valueField}`,
    });
    const stale = new Alarm(this, 'IngestStale', {
      alarmDescription: `No successful catalogue ingest for ${INGEST_STALE_HOURS} hours`,
      metric: succeeded,
      threshold: 1,
      evaluationPeriods: INGEST_STALE_HOURS,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      // No log line at all is exactly the trouble this alarm is for.
      treatMissingData: TreatMissingData.BREACHING,
    });
    this.alarms.push(stale);

    new CfnOutput(this, 'IngestFunctionName', {
      description: 'Invoke with {"since":"1999-01-01"} to backfill (docs/deploy.md)',
      value: this.function.function.functionName,
    });

    const errors = new Alarm(this, 'IngestErrors', {
      alarmDescription: 'The catalogue ingest failed (a function error in the last hour)',
      metric: this.function.function.metricErrors({ period: Duration.hours(1) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.alarms.push(errors);
    const deadLetters = new Alarm(this, 'IngestDeadLettersWaiting', {
      alarmDescription: 'A catalogue ingest run failed after its retries (its event is in the dead-letter queue)',
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    this.alarms.push(deadLetters);
    const action = new SnsAction(props.alarmTopic);
    for (const alarm of this.alarms) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }

    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the ingest (Lambda on-failure destination and rule target DLQ).',
    });
  }
}
