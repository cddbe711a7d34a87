import * as z from 'zod';
import { handlerBase } from '../shared/http/handler-base.js';
import { logger } from '../shared/http/logger.js';
import { rebuildFilterIndex } from '../shared/use-cases/rebuild-filter-index.js';
import { runScheduledIngest } from '../shared/use-cases/run-scheduled-ingest.js';

/**
 * The ingest Lambda, invoked by the hourly EventBridge schedule (a Scheduled Event) or by hand
 * with `{"since": "<ISO date>"}` to reload a range. A failure throws, so Lambda retries the
 * asynchronous invocation and then hands it to the dead-letter queue; the alarm watches both.
 */
const eventSchema = z.looseObject({ since: z.iso.datetime({ offset: true }).or(z.iso.date()).optional() });

export const handler = handlerBase(async (event: unknown) => {
  const parsed = eventSchema.safeParse(event ?? {});
  if (!parsed.success) throw new Error(`Invalid ingest event: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  // A run that changed records rebuilds the export filter index, so exports see them at once.
  const summary = await runScheduledIngest({
    afterWrite: rebuildFilterIndex,
    ...(parsed.data.since ? { since: new Date(parsed.data.since) } : {}),
  });
  const { sources, ignored, unknown, ...counts } = summary;
  logger.info('ingest finished', { ...counts, sources: sources.map((s) => `${s.label}: ${s.lines}`), ignored: ignored.length, unknown: unknown.length });
  return counts;
});
