import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { CATALOGUE_STREAM_READING, CHANGE_MATCHER_FUNCTION, DELIVERY_QUEUE, WEBHOOK_DELIVERY_FUNCTION } from '../shared/keeping-up/declaration.js';
import type { TableDefinition } from '../shared/platform/tables.js';
import { PlainCveFunction } from './plaincve-function.js';

export interface ChangeDeliveryStackProps extends StackProps {
  readonly tables: Record<TableDefinition['id'], ITableV2>;
  readonly deliveryQueue: IQueue;
  readonly deliveryDeadLetters: IQueue;
  readonly matcherFailures: IQueue;
  readonly alarmTopic: ITopic;
}

/**
 * The change pipeline's functions (docs/architecture.md, "Change delivery"): the catalogue
 * table's stream → the matcher → the delivery queue → the delivery function. Grants are exact:
 * only the matcher reads the stream and sends to the queue; only the delivery function consumes
 * it. The queues live in the stateful stack; alarms go to the alarm topic.
 */
export class ChangeDeliveryStack extends Stack {
  readonly matcher: PlainCveFunction;
  readonly delivery: PlainCveFunction;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: ChangeDeliveryStackProps) {
    super(scope, id, props);

    this.matcher = new PlainCveFunction(this, 'ChangeMatcherFn', { definition: CHANGE_MATCHER_FUNCTION });
    this.delivery = new PlainCveFunction(this, 'WebhookDeliveryFn', { definition: WEBHOOK_DELIVERY_FUNCTION });
    // Tables, the allWatchlists index and the queue (send for the matcher, consume for the
    // delivery function) exactly as the two declarations say.
    for (const fn of [this.matcher, this.delivery]) fn.bindResources({ tables: props.tables, queues: { delivery: props.deliveryQueue } });

    // The stream: the event source grants the matcher (and no one else) the stream reads. A failed
    // batch is retried whole (deliveries carry stable webhook ids), halved on each failure, and a
    // record that still fails goes to the failure queue instead of blocking its shard.
    this.matcher.function.addEventSource(
      new DynamoEventSource(props.tables.catalogue, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: CATALOGUE_STREAM_READING.batchSize,
        maxBatchingWindow: Duration.seconds(CATALOGUE_STREAM_READING.maxBatchingWindowSeconds),
        retryAttempts: CATALOGUE_STREAM_READING.retryAttempts,
        bisectBatchOnError: CATALOGUE_STREAM_READING.bisectBatchOnError,
        maxRecordAge: Duration.hours(CATALOGUE_STREAM_READING.maxRecordAgeHours),
        onFailure: new SqsDlq(props.matcherFailures),
      }),
    );

    // The queue: only the delivery function consumes it (receive, delete, change visibility for
    // the retry backoff), reporting each failed message on its own.
    this.delivery.function.addEventSource(new SqsEventSource(props.deliveryQueue, { batchSize: DELIVERY_QUEUE.batchSize, reportBatchItemFailures: true }));

    const action = new SnsAction(props.alarmTopic);
    // Every alarm here fires on one datapoint of 1 or more, and notifies on alarm and on recovery.
    const alarmOn = (alarmId: string, description: string, metric: IMetric) => {
      const alarm = new Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
    };
    const waiting = (queue: IQueue) => queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) });
    alarmOn(
      'DeliveryDeadLettersWaiting',
      'Webhook deliveries the delivery function failed on repeatedly are in the dead-letter queue',
      waiting(props.deliveryDeadLetters),
    );
    alarmOn('MatcherFailuresWaiting', 'The change matcher gave up on catalogue stream records (see the failure queue)', waiting(props.matcherFailures));
    alarmOn(
      'ChangeMatcherErrors',
      'The change matcher failed (a function error in the last 15 minutes)',
      this.matcher.function.metricErrors({ period: Duration.minutes(15) }),
    );
    alarmOn(
      'WebhookDeliveryErrors',
      'The webhook delivery function failed (a function error in the last 15 minutes)',
      this.delivery.function.metricErrors({ period: Duration.minutes(15) }),
    );
  }
}
