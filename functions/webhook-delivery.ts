import * as z from 'zod/mini';
import { handlerBase } from '../shared/http/handler-base.js';
import { deliverQueuedWebhooks } from '../shared/use-cases/deliver-queued-webhooks.js';

/**
 * Webhook delivery, invoked by the SQS delivery queue (ReportBatchItemFailures): one attempt per
 * message; a message to retry is reported failed after its visibility timeout was set to the
 * backoff wait. docs/architecture.md, "Webhooks".
 */
const sqsEventSchema = z.object({
  Records: z.array(
    z.looseObject({
      messageId: z.string(),
      receiptHandle: z.string(),
      body: z.string(),
      attributes: z.looseObject({ ApproximateReceiveCount: z.coerce.number().check(z.int(), z.minimum(1)) }),
    }),
  ),
});

export const handler = handlerBase(async (event: unknown) => {
  const { Records } = sqsEventSchema.parse(event);
  const { failedMessageIds } = await deliverQueuedWebhooks(
    Records.map((r) => ({ messageId: r.messageId, body: r.body, receiptHandle: r.receiptHandle, receiveCount: r.attributes.ApproximateReceiveCount })),
  );
  return { batchItemFailures: failedMessageIds.map((itemIdentifier) => ({ itemIdentifier })) };
});
