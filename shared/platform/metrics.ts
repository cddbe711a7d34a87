/**
 * The service's own metrics, each counted from one JSON log line (a metric filter on the
 * function's log group; no SDK call on the request path): the message the code logs, the field
 * that carries the value where there is one, and the metric's namespace and name. The code that
 * logs the line and the filters and alarms that read it (infra/) import the same entry, and
 * test/infra/metric-names.test.ts holds every alarm's metric to a line the code writes.
 */
export interface LogMetric {
  /** The line's `message`, which the filter matches exactly. */
  readonly message: string;
  readonly namespace: string;
  readonly metricName: string;
  /** The line's field that is the metric's value (`$.field`); absent: each line counts 1. */
  readonly valueField?: string;
}

const FUNCTIONS_NAMESPACE = 'PlainCVE/Functions';
const INGEST_NAMESPACE = 'PlainCVE/Ingest';

export const LOG_METRICS = {
  /**
   * A function lacks a variable or a grant its code needs (shared/http/error-envelope.ts): every
   * function's log group counts these, and one alarm watches them, so a deployment bug is named.
   */
  configurationErrors: { message: 'configuration error', namespace: FUNCTIONS_NAMESPACE, metricName: 'ConfigurationErrors' },
  /** A scheduled ingest run that finished (or paused a long backfill): the staleness alarm's heartbeat. */
  ingestSucceeded: { message: 'ingest finished', namespace: INGEST_NAMESPACE, metricName: 'RunsSucceeded' },
  /** How far a backfill of NVD's history has come, in percent (the dashboard's graph). */
  ingestProgress: { message: 'ingest progress', namespace: INGEST_NAMESPACE, metricName: 'NvdProgressPercent', valueField: 'nvd_progress_percent' },
} as const satisfies Record<string, LogMetric>;

export type LogMetricId = keyof typeof LOG_METRICS;
