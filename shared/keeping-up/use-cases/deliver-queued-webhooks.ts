/**
 * AWS: the delivery function's use case for one SQS batch. Each message is one delivery job;
 * its attempt number is SQS's receive count. A failed attempt with retries left sets the
 * message's visibility timeout to the backoff wait and reports the message as failed, so SQS
 * hands it back when the wait is over (no message is re-sent, no state is kept elsewhere).
 * A delivered, dropped or final attempt reports success and SQS deletes the message.
 */
import { deliveryJobSchema } from '../../domain/webhook-delivery.js';
import * as z from '../../domain/zod.js';
import { sqsDeliveryQueue } from '../../repositories/delivery-queue-repository.js';
import { attemptDelivery } from './deliver-webhook.js';
import { platformClock } from '../../platform/clock.js';

/** The SQS event (Lambda's JSON: every attribute a string), the fields the delivery reads. */
export const sqsDeliveryEventSchema = z.object({
  Records: z.array(
    z.looseObject({
      messageId: z.string(),
      receiptHandle: z.string(),
      body: z.string(),
      attributes: z.looseObject({ ApproximateReceiveCount: z.coerce.number().check(z.int(), z.minimum(1)) }),
    }),
  ),
});
export type SqsDeliveryEvent = z.infer<typeof sqsDeliveryEventSchema>;

/** What the function returns with ReportBatchItemFailures on: the messages SQS keeps; it deletes the others. */
export interface BatchResponse {
  readonly batchItemFailures: { readonly itemIdentifier: string }[];
}

export interface QueuedDelivery {
  readonly messageId: string;
  readonly body: string;
  readonly receiptHandle: string;
  readonly receiveCount: number;
}

export interface QueueControls {
  /** Makes the message come back after `delayMs` (SQS: its visibility timeout). */
  retryLater(receiptHandle: string, delayMs: number): Promise<void>;
  readonly now: () => number;
}

const sqsControls: QueueControls = { retryLater: (handle, delayMs) => sqsDeliveryQueue.retryLater(handle, delayMs), now: platformClock.now };

export async function deliverQueuedWebhooks(
  messages: readonly QueuedDelivery[],
  controls: QueueControls = sqsControls,
): Promise<{ failedMessageIds: string[] }> {
  const failed: string[] = [];
  await Promise.all(
    messages.map(async (message) => {
      let json: unknown;
      try {
        json = JSON.parse(message.body);
      } catch {
        json = undefined;
      }
      const job = deliveryJobSchema.safeParse(json);
      // A message this code cannot read will not be readable on a retry either: it is dropped.
      if (!job.success) return;
      try {
        const result = await attemptDelivery(job.data, Math.max(1, message.receiveCount), controls.now());
        if (result.status === 'retry') {
          await controls.retryLater(message.receiptHandle, result.retryInMs);
          failed.push(message.messageId);
        }
      } catch {
        // The store or SQS failed: the message returns after the queue's visibility timeout.
        failed.push(message.messageId);
      }
    }),
  );
  return { failedMessageIds: failed };
}

/** One SQS batch as the event source mapping delivers it, answered in its partial-batch form. */
export async function deliverQueuedBatch(event: SqsDeliveryEvent, controls: QueueControls = sqsControls): Promise<BatchResponse> {
  const { failedMessageIds } = await deliverQueuedWebhooks(
    event.Records.map((r) => ({ messageId: r.messageId, body: r.body, receiptHandle: r.receiptHandle, receiveCount: r.attributes.ApproximateReceiveCount })),
    controls,
  );
  return { batchItemFailures: failedMessageIds.map((itemIdentifier) => ({ itemIdentifier })) };
}
