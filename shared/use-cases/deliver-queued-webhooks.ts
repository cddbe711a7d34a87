/**
 * AWS: the delivery function's use case for one SQS batch. Each message is one delivery job;
 * its attempt number is SQS's receive count. A failed attempt with retries left sets the
 * message's visibility timeout to the backoff wait and reports the message as failed, so SQS
 * hands it back when the wait is over (no message is re-sent, no state is kept elsewhere).
 * A delivered, dropped or final attempt reports success and SQS deletes the message.
 */
import { deliveryJobSchema } from '../domain/webhook-delivery.js';
import { sqsDeliveryQueue } from '../repositories/delivery-queue-repository.js';
import { attemptDelivery } from './deliver-webhook.js';
import { platformClock } from '../platform/clock.js';

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

export async function deliverQueuedWebhooks(messages: readonly QueuedDelivery[], controls: QueueControls = sqsControls): Promise<{ failedMessageIds: string[] }> {
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
