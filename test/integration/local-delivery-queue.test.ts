import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RETRY_DELAYS_MS, type DeliveryJob } from '../../shared/domain/webhook-delivery.js';
import { DELIVERY_QUEUE } from '../../shared/keeping-up/declaration.js';
import { toExportRecord } from '../../shared/render/export-record.js';
import { deliveryLogRepository } from '../../shared/repositories/delivery-log-repository.js';
import { watchlistRepository } from '../../shared/repositories/watchlist-repository.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * The local stack's delivery queue behaves as SQS with its Lambda event source mapping: jobs are
 * messages, a batch goes to the delivery use case as Lambda's SQS event, what the function
 * reports in `batchItemFailures` stays (visible again when its wait is over) and the rest is
 * deleted; a failed invocation keeps the whole batch for the queue's visibility timeout, and the
 * receive count is the attempt number either way.
 */
let stack: TestStack;
let receiver: WebhookReceiver;
let offset = 0;
const clock = () => Date.now() + offset;
const ACCOUNT = 'acc_localqueue';
// On disk, so the store can stop and start again with its data.
const dataPath = mkdtempSync(join(tmpdir(), 'plaincve-local-queue-'));

beforeAll(async () => {
  stack = await startTestStack({ dataPath, webhooks: { background: false, clock } });
  receiver = await startWebhookReceiver((path) => ({ status: path === '/fail' ? 500 : 200 }));
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
  rmSync(dataPath, { recursive: true, force: true });
});

async function watchlist(id: string, path: string): Promise<void> {
  await watchlistRepository.putSecret(ACCOUNT, id, `whsec_${Buffer.alloc(32, 5).toString('base64')}`);
  await watchlistRepository.create(ACCOUNT, {
    id,
    name: id,
    filters: { tag: 'queue-test' },
    events: ['cve.added'],
    webhook_url: `${receiver.origin}${path}`,
    webhook_status: 'active',
    webhook_paused_reason: null,
    feed_url: null,
    paused: false,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  });
}

function job(watchlistId: string, change: string): DeliveryJob {
  const record = makeRecord();
  return {
    webhook_id: `msg_${change}_${watchlistId}`,
    account_id: ACCOUNT,
    watchlist_id: watchlistId,
    event_type: 'cve.added',
    change_id: change,
    cve_id: record.cve_id,
    changed_at: '2026-11-22T10:00:00.000Z',
    fields: ['severity'],
    record: toExportRecord(record, '2026-11-22'),
  };
}

describe('the local delivery queue, as SQS and its event source mapping', () => {
  test('one batch: the delivered message is deleted, the failed one stays until its backoff wait is over and comes back as attempt 2', async () => {
    await watchlist('wl_queueok000000000001', '/ok');
    await watchlist('wl_queuefail0000000001', '/fail');
    offset = 0;
    const queue = stack.webhooks.queue;
    await queue.enqueue([job('wl_queueok000000000001', 'q1'), job('wl_queuefail0000000001', 'q2')]);
    expect(await queue.runDue()).toBe(2);
    expect(receiver.on('/ok')).toHaveLength(1);
    expect(receiver.on('/fail')).toHaveLength(1);
    expect(queue.size).toBe(1);
    const due = queue.nextDue()!;
    expect(due - clock()).toBeGreaterThan(RETRY_DELAYS_MS[0] - 5_000);
    expect(due - clock()).toBeLessThanOrEqual(RETRY_DELAYS_MS[0]);

    offset = due - Date.now() - 1000;
    expect(await queue.runDue()).toBe(0);
    offset = due - Date.now();
    expect(await queue.runDue()).toBe(1);
    const attempts = (await deliveryLogRepository.recent(ACCOUNT, 'wl_queuefail0000000001')).map((d) => d.attempt);
    expect(attempts).toEqual([2, 1]);
    expect(receiver.on('/ok')).toHaveLength(1);
  });

  test('a failed invocation (the store down) keeps the batch for the visibility timeout and counts the receive', async () => {
    await watchlist('wl_queuestore000000001', '/ok');
    offset = 0;
    const queue = stack.webhooks.queue;
    const before = receiver.on('/ok').length;
    const pending = queue.size;
    await queue.enqueue([job('wl_queuestore000000001', 'q3')]);
    await stack.stopDatabase();
    try {
      await queue.runDue();
    } finally {
      await stack.startDatabase();
    }
    expect(queue.size).toBe(pending + 1);
    expect(receiver.on('/ok')).toHaveLength(before);

    // Not before the visibility timeout ends (the message left over from the test above may come meanwhile)...
    const visibleAgain = clock() + DELIVERY_QUEUE.visibilityTimeoutSeconds * 1000;
    offset = visibleAgain - Date.now() - 10_000;
    await queue.runDue();
    expect(receiver.on('/ok')).toHaveLength(before);
    // ...and then as the second receive.
    offset = visibleAgain - Date.now();
    await queue.runDue();
    expect(receiver.on('/ok')).toHaveLength(before + 1);
    const attempts = (await deliveryLogRepository.recent(ACCOUNT, 'wl_queuestore000000001')).map((d) => d.attempt);
    expect(attempts).toEqual([2]);
  });

  test('a message whose invocations keep failing moves to the dead letters after maxReceiveCount receives, as the redrive policy does', async () => {
    offset = 0;
    const queue = stack.webhooks.queue;
    const body = job('wl_queuestore000000001', 'q4');
    // Other tests' messages may still wait in the queue: this one is told apart by its webhook id.
    const deadIds = () => queue.deadLetters.map((letter) => (JSON.parse(letter) as DeliveryJob).webhook_id);
    await queue.enqueue([body]);
    await stack.stopDatabase();
    try {
      for (let receive = 1; receive <= DELIVERY_QUEUE.maxReceiveCount; receive++) {
        expect(deadIds()).not.toContain(body.webhook_id);
        await queue.runDue();
        offset += DELIVERY_QUEUE.visibilityTimeoutSeconds * 1000;
      }
    } finally {
      await stack.startDatabase();
    }
    expect(deadIds()).toContain(body.webhook_id);
  });
});
