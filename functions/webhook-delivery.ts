import { handlerBase } from '../shared/http/handler-base.js';
import { deliverQueuedBatch, sqsDeliveryEventSchema } from '../shared/keeping-up/use-cases/deliver-queued-webhooks.js';

/**
 * Webhook delivery, invoked by the SQS delivery queue (ReportBatchItemFailures): one attempt per
 * message; a message to retry is reported failed after its visibility timeout was set to the
 * backoff wait. docs/architecture.md, "Webhooks".
 */
export const handler = handlerBase(async (event: unknown) => deliverQueuedBatch(sqsDeliveryEventSchema.parse(event)));
