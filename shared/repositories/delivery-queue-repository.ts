import type { SQSClient } from '@aws-sdk/client-sqs';
import { sqsSdk } from './aws-sdk.js';
import { config } from '../config/index.js';
import { ConfigurationError } from '../domain/errors.js';
import type { DeliveryJob, DeliveryQueue } from '../domain/webhook-delivery.js';

/**
 * The webhook delivery queue in AWS (SQS). The matcher sends one message per delivery; the
 * delivery function waits out a failed attempt's backoff by setting that message's visibility
 * timeout to the wait (at most 12 h, SQS's limit) and reporting it as a batch item failure, so
 * SQS hands it back when the wait is over and `ApproximateReceiveCount` is the attempt number
 * (docs/architecture.md, "Webhooks").
 */
let client: SQSClient | undefined;
const sqs = () => (client ??= new (sqsSdk().SQSClient)({ region: config().AWS_REGION, maxAttempts: 3 }));

function queueUrl(): string {
  const url = config().WEBHOOK_QUEUE_URL;
  if (!url) throw new ConfigurationError('WEBHOOK_QUEUE_URL is not set for this function', { variable: 'WEBHOOK_QUEUE_URL' });
  return url;
}

const SEND_BATCH = 10;
const MAX_ROUNDS = 5;

export const sqsDeliveryQueue: DeliveryQueue & { retryLater(receiptHandle: string, delayMs: number): Promise<void> } = {
  /** SendMessageBatch, 10 per call; entries SQS reports failed are sent again (then the call fails, and the stream batch is retried). */
  async enqueue(jobs: readonly DeliveryJob[]): Promise<void> {
    for (let start = 0; start < jobs.length; start += SEND_BATCH) {
      let pending = jobs.slice(start, start + SEND_BATCH).map((job, i) => ({ Id: String(i), MessageBody: JSON.stringify(job) }));
      for (let round = 0; pending.length > 0; round++) {
        if (round >= MAX_ROUNDS) throw new Error(`SQS refused ${pending.length} delivery messages after ${MAX_ROUNDS} rounds`);
        const out = await sqs().send(new (sqsSdk().SendMessageBatchCommand)({ QueueUrl: queueUrl(), Entries: pending }));
        const failed = new Set((out.Failed ?? []).map((f) => f.Id));
        pending = pending.filter((entry) => failed.has(entry.Id));
      }
    }
  },

  /** The message comes back after `delayMs` (rounded up to a second, at most 12 h). */
  async retryLater(receiptHandle: string, delayMs: number): Promise<void> {
    const seconds = Math.min(43_200, Math.max(1, Math.ceil(delayMs / 1000)));
    await sqs().send(new (sqsSdk().ChangeMessageVisibilityCommand)({ QueueUrl: queueUrl(), ReceiptHandle: receiptHandle, VisibilityTimeout: seconds }));
  },
};
