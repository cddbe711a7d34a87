import { LOG_METRICS, type LogMetric, type LogMetricId } from '../platform/metrics.js';
import { logger } from './logger.js';

/**
 * Writes the log line a metric filter counts (shared/platform/metrics.ts), named by the metric it
 * feeds rather than by its words, so that the line and its filter cannot part. `value` goes into
 * the metric's value field (`nvd_progress_percent`), for metrics that carry one.
 */
export function logMetricLine(id: LogMetricId, fields: Readonly<Record<string, unknown>> = {}, value?: number): void {
  const metric: LogMetric = LOG_METRICS[id];
  logger.info(metric.message, metric.valueField !== undefined && value !== undefined ? { ...fields, [metric.valueField]: value } : { ...fields });
}
