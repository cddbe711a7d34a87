import { randomUUID } from 'node:crypto';
import type { DeliveryJob, DeliveryQueue } from '../domain/webhook-delivery.js';
import { DELIVERY_QUEUE } from '../keeping-up/declaration.js';
import { deliverQueuedBatch, sqsDeliveryEventSchema, type BatchResponse } from '../keeping-up/use-cases/deliver-queued-webhooks.js';
import { receiptHandle, sqsEvent } from './lambda-events.js';

/**
 * The local stack's delivery queue, behaving as the SQS queue and its event source mapping do in
 * AWS: a job is sent as one message (its JSON, as SendMessageBatch sends it); due messages are
 * received in batches and handed to the delivery use case as the SQS event Lambda delivers
 * (string attributes, the receive count as the attempt number); a message the function reports
 * in `batchItemFailures` stays and comes back when its visibility ends — the backoff wait the
 * function set (ChangeMessageVisibility), or the queue's visibility timeout after a failed
 * invocation — and every other message is deleted. After `maxReceiveCount` receives a message
 * moves to the dead letters, as the redrive policy does.
 *
 * Time is the injected clock (tests advance a test clock instead of waiting 24 hours). Messages
 * live as long as the process: a restart of `npm start` forgets pending retries.
 */
interface Message {
  readonly messageId: string;
  readonly body: string;
  readonly sentAt: number;
  receiveCount: number;
  firstReceivedAt: number | undefined;
  receiptHandle: string | undefined;
  visibleAt: number;
}

export const LOCAL_DELIVERY_QUEUE_NAME = 'plaincve-local-webhook-deliveries';

/** SQS's limit on a visibility timeout. */
const MAX_VISIBILITY_MS = 12 * 3_600_000;

export class InProcessDeliveryQueue implements DeliveryQueue {
  private messages: Message[] = [];
  private running: Promise<number> | undefined;
  /** Bodies of the messages the redrive policy set aside (AWS: the dead-letter queue, which alarms). */
  readonly deadLetters: string[] = [];

  constructor(private readonly clock: () => number = Date.now) {}

  enqueue(jobs: readonly DeliveryJob[]): Promise<void> {
    const now = this.clock();
    for (const job of jobs) {
      this.messages.push({
        messageId: randomUUID(),
        body: JSON.stringify(job),
        sentAt: now,
        receiveCount: 0,
        firstReceivedAt: undefined,
        receiptHandle: undefined,
        visibleAt: now,
      });
    }
    return Promise.resolve();
  }

  /** Messages in the queue (waiting for their first receive or their next). */
  get size(): number {
    return this.messages.length;
  }

  /** When the next message becomes visible (ms), or undefined when none waits. */
  nextDue(): number | undefined {
    return this.messages.length > 0 ? Math.min(...this.messages.map((m) => m.visibleAt)) : undefined;
  }

  /** Delivers every message visible now (and those that become visible meanwhile); the number of receives. One run at a time. */
  runDue(): Promise<number> {
    const previous = this.running ?? Promise.resolve(0);
    const run = previous.then(() => this.receiveDue());
    this.running = run.finally(() => {
      if (this.running === run) this.running = undefined;
    });
    return run;
  }

  private async receiveDue(): Promise<number> {
    let receives = 0;
    for (;;) {
      const now = this.clock();
      const batch = this.messages.filter((m) => m.visibleAt <= now).slice(0, DELIVERY_QUEUE.batchSize);
      if (batch.length === 0) return receives;
      for (const message of batch) {
        message.receiveCount++;
        message.firstReceivedAt ??= now;
        message.receiptHandle = receiptHandle();
        message.visibleAt = now + DELIVERY_QUEUE.visibilityTimeoutSeconds * 1000;
      }
      receives += batch.length;
      const failed = await this.invoke(batch);
      this.messages = this.messages.filter((m) => !batch.includes(m) || failed.has(m.messageId));
      for (const message of batch) {
        if (failed.has(message.messageId) && message.receiveCount >= DELIVERY_QUEUE.maxReceiveCount) {
          this.messages = this.messages.filter((m) => m !== message);
          this.deadLetters.push(message.body);
          console.error(`[delivery queue] message ${message.messageId} moved to the dead letters after ${message.receiveCount} receives`);
        }
      }
    }
  }

  /** One invocation of the delivery function's use case; the ids of the messages to keep. */
  private async invoke(batch: readonly Message[]): Promise<Set<string>> {
    const event = sqsEvent(
      LOCAL_DELIVERY_QUEUE_NAME,
      batch.map((m) => ({
        messageId: m.messageId,
        receiptHandle: m.receiptHandle ?? '',
        body: m.body,
        receiveCount: m.receiveCount,
        sentAt: m.sentAt,
        firstReceivedAt: m.firstReceivedAt ?? m.sentAt,
      })),
    );
    let response: BatchResponse;
    try {
      response = await deliverQueuedBatch(sqsDeliveryEventSchema.parse(event), {
        retryLater: (handle, delayMs) => Promise.resolve(this.changeVisibility(handle, delayMs)),
        now: this.clock,
      });
    } catch {
      // A failed invocation: SQS keeps the whole batch until the visibility timeout ends.
      return new Set(batch.map((m) => m.messageId));
    }
    return new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
  }

  /** ChangeMessageVisibility: whole seconds, at most 12 h, and only with the latest receipt handle. */
  private changeVisibility(handle: string, delayMs: number): void {
    const message = this.messages.find((m) => m.receiptHandle === handle);
    if (!message) throw new Error('ReceiptHandleIsInvalid');
    message.visibleAt = this.clock() + Math.min(MAX_VISIBILITY_MS, Math.max(1000, Math.ceil(delayMs / 1000) * 1000));
  }
}
