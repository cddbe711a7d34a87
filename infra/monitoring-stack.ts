import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Operation, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import type { FunctionId } from '../shared/platform/functions.js';
import { LOG_METRICS } from '../shared/platform/metrics.js';
import type { TableDefinition } from '../shared/platform/tables.js';
import { API_STAGE } from './api-stack.js';
import type { PlainCveFunction } from './plaincve-function.js';

export interface MonitoringStackProps extends StackProps {
  readonly api: RestApi;
  readonly functions: Record<FunctionId, PlainCveFunction>;
  readonly ingestFunction: PlainCveFunction;
  readonly tables: Record<TableDefinition['id'], ITableV2>;
  readonly alarmTopic: ITopic;
  /** Alarms of other stacks (the ingest's), shown on the dashboard too. */
  readonly ingestAlarms: readonly Alarm[];
}

const USED_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.SCAN,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
];

/** Thresholds, stated once: what counts as trouble worth waking someone for. */
export const ALARM_THRESHOLDS = {
  /** Share of API answers that are 5xx, over 5 minutes, three periods in a row. */
  api5xxPercent: 1,
  /** p99 of API Gateway's latency (includes the functions), in ms. */
  apiP99LatencyMs: 3000,
} as const;

/**
 * Alarms that reach a person (every one notifies the alarm topic, which e-mails the address
 * given as context `alarmEmail`) and one CloudWatch dashboard with the same figures.
 */
export class MonitoringStack extends Stack {
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const action = new SnsAction(props.alarmTopic);
    const alarm = (
      id: string,
      description: string,
      metric: IMetric,
      threshold: number,
      comparison = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods = 1,
    ) => {
      const created = new Alarm(this, id, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods,
        comparisonOperator: comparison,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
      return created;
    };

    const apiMetric = (metricName: string, statistic: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiName: props.api.restApiName, Stage: API_STAGE },
        statistic,
        period: Duration.minutes(5),
      });
    const fivexxRate = new MathExpression({
      expression: '100 * errors / MAX([requests, 1])',
      usingMetrics: { errors: apiMetric('5XXError', 'Sum'), requests: apiMetric('Count', 'Sum') },
      label: 'API 5xx (%)',
      period: Duration.minutes(5),
    });
    const p99 = apiMetric('Latency', 'p99');
    alarm(
      'Api5xxRate',
      `More than ${ALARM_THRESHOLDS.api5xxPercent}% of API answers are 5xx (three 5-minute periods)`,
      fivexxRate,
      ALARM_THRESHOLDS.api5xxPercent,
      ComparisonOperator.GREATER_THAN_THRESHOLD,
      3,
    );
    alarm(
      'ApiP99Latency',
      `API p99 latency above ${ALARM_THRESHOLDS.apiP99LatencyMs} ms (three 5-minute periods)`,
      p99,
      ALARM_THRESHOLDS.apiP99LatencyMs,
      ComparisonOperator.GREATER_THAN_THRESHOLD,
      3,
    );
    // Any function deployed without a variable or grant its code needs (answers 500, logs the name).
    alarm(
      'ConfigurationErrors',
      'A function lacks a variable or a permission its code needs (its log line "configuration error" names it)',
      new Metric({
        namespace: LOG_METRICS.configurationErrors.namespace,
        metricName: LOG_METRICS.configurationErrors.metricName,
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      1,
    );
    alarm(
      'AuthorizerErrors',
      'The API key authorizer failed (callers get 503)',
      props.functions.authorizer.function.metricErrors({ period: Duration.minutes(5) }),
      1,
    );

    const errorMetrics: IMetric[] = [];
    const throttleMetrics: IMetric[] = [];
    for (const [id, fn] of Object.entries(props.functions) as [FunctionId, PlainCveFunction][]) {
      const errors = fn.function.metricErrors({ period: Duration.minutes(5), label: id });
      const throttles = fn.function.metricThrottles({ period: Duration.minutes(5), label: id });
      errorMetrics.push(errors);
      throttleMetrics.push(throttles);
      // Five errors in 5 minutes: a single bad request answers 4xx, so errors here are failures.
      alarm(`${id}Errors`, `The ${id} function failed (5 or more errors in 5 minutes)`, errors, 5);
      alarm(`${id}Throttles`, `The ${id} function was throttled (account concurrency reached)`, throttles, 1);
    }
    const ingestThrottles = props.ingestFunction.function.metricThrottles({ period: Duration.minutes(5), label: 'ingest' });
    alarm('ingestThrottles', 'The ingest function was throttled', ingestThrottles, 1);

    const dynamoWidgets: GraphWidget[] = [];
    for (const [id, table] of Object.entries(props.tables) as [TableDefinition['id'], ITableV2][]) {
      const throttled = new MathExpression({
        expression: `${id}Reads + ${id}Writes`,
        usingMetrics: {
          [`${id}Reads`]: table.metric('ReadThrottleEvents', { statistic: 'Sum', period: Duration.minutes(5) }),
          [`${id}Writes`]: table.metric('WriteThrottleEvents', { statistic: 'Sum', period: Duration.minutes(5) }),
        },
        label: `${id} throttles`,
        period: Duration.minutes(5),
      });
      // The operations the service uses (an alarm's expression takes at most 10 metrics).
      const systemErrors = table.metricSystemErrorsForOperations({ operations: USED_OPERATIONS, period: Duration.minutes(5), label: `${id} system errors` });
      alarm(`${id}TableThrottles`, `DynamoDB throttled requests on the ${id} table`, throttled, 1);
      alarm(`${id}TableSystemErrors`, `DynamoDB system errors on the ${id} table`, systemErrors, 1);
      // One graph per table: the per-operation metrics of two tables share ids.
      dynamoWidgets.push(new GraphWidget({ title: `DynamoDB ${id}: throttles and system errors`, left: [throttled, systemErrors], width: 8 }));
    }

    const dashboard = new Dashboard(this, 'Dashboard', { dashboardName: 'PlainCVE', defaultInterval: Duration.days(1) });
    dashboard.addWidgets(
      new TextWidget({
        markdown: '# PlainCVE\nAPI, functions, tables and the ingest. Every graph here has an alarm that e-mails the alarm topic.',
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'API requests and 5xx (%)', left: [apiMetric('Count', 'Sum')], right: [fivexxRate], width: 8 }),
      new GraphWidget({ title: 'API latency p99 (ms)', left: [p99], width: 8 }),
      new GraphWidget({ title: 'API 4xx', left: [apiMetric('4XXError', 'Sum')], width: 8 }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Function errors', left: errorMetrics, width: 12 }),
      new GraphWidget({ title: 'Function throttles', left: [...throttleMetrics, ingestThrottles], width: 12 }),
    );
    dashboard.addWidgets(...dynamoWidgets);
    dashboard.addWidgets(
      new GraphWidget({ title: 'Ingest: failures, dead letters, successful runs', left: props.ingestAlarms.map((a) => a.metric), width: 12 }),
      new GraphWidget({
        title: 'Backfill progress (% of the NVD history)',
        left: [
          new Metric({
            namespace: LOG_METRICS.ingestProgress.namespace,
            metricName: LOG_METRICS.ingestProgress.metricName,
            statistic: 'Maximum',
            period: Duration.minutes(15),
          }),
        ],
        width: 12,
      }),
    );
  }
}
