import * as z from './zod.js';
import { exploitIntelSchema, exportRecordSchema } from './cve.js';
import { withRiskMeaning } from './risk-meaning.js';
import { watchlistEventSchema } from './watchlist.js';

/**
 * Webhook delivery (product-decisions §7): what one delivery is, its body, its retry schedule
 * and the delivery log's entries. Sending, signing and queueing live outside the domain.
 */

/**
 * The waits after each failed attempt: 8 attempts over 23 h 36 min (1 min, 5 min, 30 min, 2 h,
 * 5 h, 8 h, 8 h). Every wait is at most 12 h, SQS's longest visibility timeout, which is how the
 * AWS delivery function waits (docs/architecture.md, "Webhooks"). After the 8th failure the
 * webhook is paused.
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 8 * 3_600_000, 8 * 3_600_000] as const;
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** How long to wait after failed attempt `attempt` (1-based) before the next; undefined after the last. */
export function retryDelayAfter(attempt: number): number | undefined {
  return RETRY_DELAYS_MS[attempt - 1];
}

/** The delivery log keeps the newest 50 attempts per watchlist. */
export const DELIVERY_LOG_SIZE = 50;

/**
 * One message to deliver: a change, for one watchlist. `webhook_id` is the same for every attempt
 * and every re-match of the same change (a redelivered stream batch), so receivers dedupe on it.
 */
export const deliveryJobSchema = z.object({
  webhook_id: z.string().check(z.minLength(1)),
  account_id: z.string().check(z.minLength(1)),
  watchlist_id: z.string().check(z.minLength(1)),
  event_type: watchlistEventSchema,
  change_id: z.string().check(z.minLength(1)),
  cve_id: z.string().check(z.minLength(1)),
  changed_at: z.string(),
  fields: z.array(z.string()),
  risk_transition: z.optional(z.string()),
  // Read with the stored exploit intelligence (a job queued before the answers carried
  // `risk_meaning` lacks it); the body writes the meaning afresh.
  record: z.extend(exportRecordSchema, { exploit_intel: z.optional(exploitIntelSchema) }),
});
export type DeliveryJob = z.infer<typeof deliveryJobSchema>;

/** `msg_<change id>_<watchlist id>`: deterministic, so a re-matched change keeps its id. */
export function webhookMessageId(changeId: string, watchlistId: string): string {
  return `msg_${changeId}_${watchlistId}`;
}

/**
 * The body (product-decisions §7): `{type, timestamp, data: {watchlist_id, cve_id, fields,
 * record}}`. `timestamp` is when the change was made (the `webhook-timestamp` header is when it
 * was sent); `fields` names what moved, as `/api/changes` does; a `cve.risk_changed` also says how
 * the risk level moved in words (`risk_transition`, describeRiskTransition), and the record's
 * `exploit_intel.risk_meaning` what the level now means.
 */
export function webhookBody(job: DeliveryJob): string {
  return JSON.stringify({
    type: job.event_type,
    timestamp: job.changed_at,
    data: {
      watchlist_id: job.watchlist_id,
      cve_id: job.cve_id,
      fields: job.fields,
      ...(job.risk_transition ? { risk_transition: job.risk_transition } : {}),
      record: job.record.exploit_intel ? { ...job.record, exploit_intel: withRiskMeaning(job.record.exploit_intel) } : job.record,
    },
  });
}

export const deliveryOutcomeSchema = z.enum(['delivered', 'failed', 'refused']);

/** One entry of `GET /account/watchlists/{id}/deliveries`. */
export const deliveryAttemptSchema = z
  .object({
    webhook_id: z.string(),
    event_type: watchlistEventSchema,
    cve_id: z.string(),
    attempt: z.number().check(z.int(), z.minimum(1)),
    attempted_at: z.iso.datetime(),
    status_code: z.nullable(z.number().check(z.int())),
    // A copy: deliveryOutcomeSchema itself stays without this description.
    outcome: deliveryOutcomeSchema
      .clone()
      .register(z.globalRegistry, { description: '`refused`: the URL pointed to an address webhooks may not reach; nothing was sent.' }),
    error: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'WebhookDeliveryAttempt' });
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

/** Where the matcher hands its jobs: SQS in AWS, an in-process queue in the local stack. */
export interface DeliveryQueue {
  enqueue(jobs: readonly DeliveryJob[]): Promise<void>;
}
