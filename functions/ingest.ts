import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { handlerBase } from '../shared/http/handler-base.js';
import { logger } from '../shared/http/logger.js';
import { logMetricLine } from '../shared/http/metric-lines.js';
import { lazyFilterIndexUpdate } from '../shared/ingest/use-cases/ingest-index-hooks.js';
import { IngestLeaseHeldError } from '../shared/ingest/use-cases/ingest-lease.js';
import { runScheduledIngest } from '../shared/ingest/use-cases/run-scheduled-ingest.js';

/**
 * The ingest Lambda, invoked by the hourly EventBridge schedule (a Scheduled Event), by the
 * 15-minute backfill tick (`{"resume": true}`), or by hand with `{"since": "<ISO date>"}` to
 * (re)load a range, e.g. the backfill from 1999. A failure throws, so Lambda retries the
 * asynchronous invocation and then hands it to the dead-letter queue; the alarm watches both.
 * Another run holding the lease is not a failure: this one logs it and ends.
 */
const eventSchema = z.looseObject({ since: z.optional(z.union([z.iso.datetime({ offset: true }), z.iso.date()])), resume: z.optional(z.boolean()) });

/** Leave this long before the timeout: the last page's write and the filter index rebuild. */
const STOP_BEFORE_TIMEOUT_MS = 150_000;

export const handler = handlerBase(async (event: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>) => {
  const parsed = eventSchema.safeParse(event ?? {});
  if (!parsed.success) throw new Error(`Invalid ingest event: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const remaining = context?.getRemainingTimeInMillis?.();
  try {
    // A run that changed records updates the export filter index with them, so exports see them at once.
    const outcome = await runScheduledIngest({
      ...lazyFilterIndexUpdate(),
      ...(parsed.data.since ? { since: new Date(parsed.data.since) } : {}),
      ...(parsed.data.resume ? { resumeOnly: true } : {}),
      ...(remaining ? { deadline: new Date(Date.now() + remaining - STOP_BEFORE_TIMEOUT_MS) } : {}),
      onProgress: ({ cursor, percent }) => logMetricLine('ingestProgress', { nvd_window_start: cursor.windowStart, nvd_until: cursor.until }, percent),
    });
    if (outcome.status !== 'done') {
      logger.info(outcome.status === 'idle' ? 'ingest idle: no backfill in progress' : 'ingest paused: the next run resumes', {
        status: outcome.status,
        ...(outcome.status === 'paused' ? { pages: outcome.pages, nvd_window_start: outcome.cursor.windowStart } : {}),
      });
      // A paused backfill is a successful run: staleness is about runs that fail, not long loads.
      if (outcome.status === 'paused') logMetricLine('ingestSucceeded', { status: 'paused', ingest_succeeded: 1 });
      return { status: outcome.status };
    }
    const { sources, ignored, unknown, ...counts } = outcome.summary;
    logMetricLine('ingestSucceeded', {
      ...counts,
      status: 'done',
      ingest_succeeded: 1,
      sources: sources.map((s) => `${s.label}: ${s.lines}`),
      ignored: ignored.length,
      unknown: unknown.length,
    });
    return { status: 'done', ...counts };
  } catch (error) {
    if (!(error instanceof IngestLeaseHeldError)) throw error;
    logger.warn('ingest skipped', { reason: error.message });
    return { status: 'skipped', held_until: error.heldUntil.toISOString() };
  }
});
