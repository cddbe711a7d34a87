import { marshall } from '@aws-sdk/util-dynamodb';
import { catalogueItemOf } from '../../shared/repositories/catalogue-item.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import { MAX_DELIVERY_ATTEMPTS, type DeliveryJob } from '../../shared/domain/webhook-delivery.js';
import { toExportRecord } from '../../shared/render/export-record.js';
import { watchlistRepository } from '../../shared/repositories/watchlist-repository.js';
import { deliverQueuedWebhooks } from '../../shared/keeping-up/use-cases/deliver-queued-webhooks.js';
import { dynamoStreamEventSchema, matchStreamEvent } from '../../shared/keeping-up/use-cases/match-stream-changes.js';
import { asDelivered, dynamoStreamEvent, type StreamRecordInput } from '../../shared/local/lambda-events.js';
import { tableName } from '../../shared/config/index.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * The AWS side of webhooks, through the same use cases the two Lambdas call (their SQS and
 * stream clients aside): the matcher reads DynamoDB stream images (NEW_AND_OLD_IMAGES) of the
 * catalogue table; the delivery function sets a failed message's visibility to the backoff wait
 * and reports it failed, and pauses the webhook after the last attempt.
 */
let stack: TestStack;
let receiver: WebhookReceiver;
const ACCOUNT = 'acc_streamtest';
const WATCHLIST = 'wl_streamtest00000001';

beforeAll(async () => {
  stack = await startTestStack({ webhooks: { background: false } });
  receiver = await startWebhookReceiver((path) => ({ status: path === '/fail' ? 500 : 200 }));
  await watchlistRepository.putSecret(ACCOUNT, WATCHLIST, `whsec_${Buffer.alloc(32, 7).toString('base64')}`);
  await watchlistRepository.create(ACCOUNT, {
    id: WATCHLIST,
    name: 'Stream test',
    filters: { tag: 'stream-vendor' },
    events: ['cve.added', 'cve.risk_changed'],
    webhook_url: `${receiver.origin}/fail`,
    webhook_status: 'active',
    webhook_paused_reason: null,
    feed_url: null,
    paused: false,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  });
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

/** Stream records of the catalogue table, in the JSON Lambda hands the matcher. */
const streamOf = (records: readonly Omit<StreamRecordInput, 'keys' | 'at'>[]) =>
  dynamoStreamEvent(
    tableName('CATALOGUE_TABLE'),
    records.map((r) => ({ keys: ['pk'], at: Date.now(), ...r })),
  );
/** The item as the catalogue stores it now (catalogue-item.ts), as the SDK marshals it. */
const image = (record: CatalogueRecord) => marshall(catalogueItemOf(record), { removeUndefinedValues: true });
/** An item written before that layout: the record as a DynamoDB map. */
const mapImage = (record: CatalogueRecord) => marshall({ pk: record.cve_id, ...record }, { removeUndefinedValues: true });
const capture = () => {
  const queued: DeliveryJob[] = [];
  return { queued, queue: { enqueue: (jobs: readonly DeliveryJob[]) => Promise.resolve(void queued.push(...jobs)) } };
};

describe('change matcher on stream images', () => {
  test('matches changed CVE records from old and new images; skips other items, removals and unchanged writes', async () => {
    const tags = [{ tag: 'Stream-Vendor', tag_type: 'vendor' as const }];
    const before = makeRecord({
      tags,
      cvss_score: 5.0,
      severity: 'MEDIUM',
      in_kev: false,
      exploit_intel: { risk_level: 'HIGH', weaponized: true, detectable: false, detection_sources: [], exploit_sources: ['x'] },
    });
    const after = makeRecord({ ...before, in_kev: true, exploit_intel: { ...before.exploit_intel!, risk_level: 'CRITICAL_GAP' } });
    const added = makeRecord({ tags });
    const elsewhere = makeRecord({ tags: [{ tag: 'other', tag_type: 'vendor' }] });
    const event = streamOf([
      // The old image in the earlier layout: a record rewritten by the first run after the change.
      { sequenceNumber: '100', oldImage: mapImage(before), newImage: image(after) },
      { sequenceNumber: '101', newImage: image(added) },
      { sequenceNumber: '102', newImage: image(elsewhere) },
      { sequenceNumber: '103', oldImage: image(after), newImage: image(after) },
      { sequenceNumber: '106', oldImage: mapImage(elsewhere), newImage: image(elsewhere) },
      { sequenceNumber: '104', oldImage: image(added) },
      { sequenceNumber: '105', newImage: marshall({ pk: 'FILTERINDEX#pointer', version: 'v1' }) },
    ]);
    const { queued, queue } = capture();
    const result = await matchStreamEvent(dynamoStreamEventSchema.parse(event), queue);
    expect(result.jobs).toBe(2);
    expect(queued.map((j) => [j.cve_id, j.event_type, j.webhook_id])).toEqual([
      [after.cve_id, 'cve.risk_changed', `msg_s100_${WATCHLIST}`],
      [added.cve_id, 'cve.added', `msg_s101_${WATCHLIST}`],
    ]);
    expect(queued[0]?.fields).toEqual(expect.arrayContaining(['risk_level', 'in_kev']));
    expect(queued[0]?.risk_transition).toBe(
      'HIGH → CRITICAL_GAP: CISA now lists it as exploited in the wild (KEV); a public exploit exists and no detection rule exists yet',
    );
    expect(queued[1]?.record.cve_id).toBe(added.cve_id);
  });

  test('refuses images in a shape Lambda never delivers (Binary as a byte array), rather than misreading them', () => {
    const added = makeRecord({ tags: [{ tag: 'Stream-Vendor', tag_type: 'vendor' }] });
    const event = streamOf([{ sequenceNumber: '110', newImage: image(added) }]);
    const record = event.Records[0]!;
    // What marshall() gives and JSON turns into an object of indexes: {"0":123,"1":34,...}.
    const bytes = asDelivered(catalogueItemOf(added).record);
    const mangled = { Records: [{ ...record, dynamodb: { ...record.dynamodb, NewImage: { pk: { S: added.cve_id }, record: { B: bytes } } } }] };
    expect(dynamoStreamEventSchema.safeParse(mangled).success).toBe(false);
    expect(dynamoStreamEventSchema.safeParse(event).success).toBe(true);
  });
});

describe('delivery function over SQS messages', () => {
  const job = (cve: string): DeliveryJob => ({
    webhook_id: `msg_s200_${WATCHLIST}`,
    account_id: ACCOUNT,
    watchlist_id: WATCHLIST,
    event_type: 'cve.added',
    change_id: 's200',
    cve_id: cve,
    changed_at: '2026-11-22T10:00:00.000Z',
    fields: ['severity'],
    record: toExportRecord(makeRecord({ cve_id: cve }), '2026-11-22'),
  });

  test('a failed attempt waits its backoff (visibility) and is reported failed; the last one pauses the webhook; unreadable messages are dropped', async () => {
    const waits: [string, number][] = [];
    const controls = { retryLater: (handle: string, delayMs: number) => Promise.resolve(void waits.push([handle, delayMs])), now: Date.now };
    const body = JSON.stringify(job('CVE-2099-7000001'));
    const first = await deliverQueuedWebhooks(
      [
        { messageId: 'm1', body, receiptHandle: 'h1', receiveCount: 1 },
        { messageId: 'm2', body: '{"not":"a job"}', receiptHandle: 'h2', receiveCount: 1 },
        { messageId: 'm3', body: 'not json', receiptHandle: 'h3', receiveCount: 1 },
      ],
      controls,
    );
    expect(first.failedMessageIds).toEqual(['m1']);
    expect(waits).toEqual([['h1', 60_000]]);
    expect(receiver.on('/fail')).toHaveLength(1);

    const last = await deliverQueuedWebhooks([{ messageId: 'm1', body, receiptHandle: 'h4', receiveCount: MAX_DELIVERY_ATTEMPTS }], controls);
    expect(last.failedMessageIds).toEqual([]);
    expect(waits).toHaveLength(1);
    const [watchlist] = await watchlistRepository.list(ACCOUNT);
    expect(watchlist).toMatchObject({ webhook_status: 'paused' });
    expect(watchlist?.webhook_paused_reason).toContain('HTTP 500');

    // Paused: a message still queued is dropped without an attempt.
    const after = await deliverQueuedWebhooks([{ messageId: 'm5', body, receiptHandle: 'h5', receiveCount: 2 }], controls);
    expect(after.failedMessageIds).toEqual([]);
    expect(receiver.on('/fail')).toHaveLength(2);
  });
});
