import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GetItemCommand, PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tableName } from '../../shared/config/index.js';
import { positionAtEndOf, positionBefore } from '../../shared/domain/change-log.js';
import type { DeliveryJob } from '../../shared/domain/webhook-delivery.js';
import { localAdminClient } from '../../shared/local/dynalite-server.js';
import { dynamoStreamEvent, sqsEvent, type StreamRecordInput } from '../../shared/local/lambda-events.js';
import { changeRepository } from '../../shared/repositories/change-repository.js';
import { cveRepository } from '../../shared/repositories/cve-repository.js';
import { watchlistRepository } from '../../shared/repositories/watchlist-repository.js';
import { deliverQueuedBatch, sqsDeliveryEventSchema } from '../../shared/keeping-up/use-cases/deliver-queued-webhooks.js';
import { ingestCatalogue } from '../../shared/ingest/use-cases/ingest-catalogue.js';
import { dynamoStreamEventSchema, matchStreamEvent } from '../../shared/keeping-up/use-cases/match-stream-changes.js';
import { rebuildFilterIndex } from '../../shared/ingest/use-cases/rebuild-filter-index.js';
import { handler as changeMatcher } from '../../functions/change-matcher.js';
import { lambdaContext } from '../../shared/local/lambda-context.js';
import { ALL_FIXTURES, disguisedFixtureDir } from '../support/ingest-fixtures.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * Issue 22, finding 4: in AWS the matcher gets the catalogue table's stream as Lambda's JSON, in
 * which the stored record (a Binary) is base64 text. Here the items are the ones the real ingest
 * writes to the store, read back raw, turned into the event Lambda would deliver, and taken
 * through the matcher's schema and use case; the queued jobs then go through the delivery
 * function's SQS event to a receiver.
 */
const NOW = new Date('2025-03-01T12:00:00Z');
const CHANGED = 'CVE-2017-9006';
const ACCOUNT = 'acc_lambdashape';
const WATCHLIST = 'wl_lambdashape0000001';
const filesOf = (dir: string) => readdirSync(dir).map((f) => join(dir, f));

let stack: TestStack;
let receiver: WebhookReceiver;
beforeAll(async () => {
  stack = await startTestStack({ webhooks: { background: false } });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

async function storedItem(pk: string): Promise<Record<string, AttributeValue>> {
  const out = await localAdminClient(stack.dynamoEndpoint).send(
    new GetItemCommand({ TableName: tableName('CATALOGUE_TABLE'), Key: { pk: { S: pk } }, ConsistentRead: true }),
  );
  if (!out.Item) throw new Error(`${pk} is not in the catalogue`);
  return out.Item;
}

describe('a stream event in Lambda JSON shape, built from real catalogue items', () => {
  test('yields the change the ingest logged, and the queued delivery reaches the receiver through an SQS event', async () => {
    // The first run without KEV's CSV, the second with it: exactly CVE-2017-9006 changes (ingest-changes.test.ts).
    await ingestCatalogue({ files: filesOf(disguisedFixtureDir(ALL_FIXTURES.filter((name) => name !== 'kev.csv'))), now: NOW });
    const inserted = await storedItem(CHANGED);
    const firstRecord = await cveRepository.get(CHANGED);
    const since = positionBefore(Date.now());
    await ingestCatalogue({ files: filesOf(disguisedFixtureDir()), now: NOW, afterWrite: rebuildFilterIndex });
    const modified = await storedItem(CHANGED);
    const [logged] = (await changeRepository.readRange(since, positionAtEndOf(Date.now() + 60_000), 100)).filter((c) => c.cve_id === CHANGED);
    expect(logged?.kind).toBe('updated');

    // The same record as the layout before one-attribute records stored it (a map), still in tables written then.
    const legacy = 'CVE-2099-0000001';
    await localAdminClient(stack.dynamoEndpoint).send(
      new PutItemCommand({
        TableName: tableName('CATALOGUE_TABLE'),
        Item: marshall({ ...firstRecord, pk: legacy, cve_id: legacy }, { removeUndefinedValues: true }),
      }),
    );
    const legacyOld = await storedItem(legacy);
    await cveRepository.putMany([{ ...(await cveRepository.get(CHANGED))!, cve_id: legacy }]);
    const legacyNew = await storedItem(legacy);

    const tag = firstRecord?.tags?.[0]?.tag;
    if (!tag) throw new Error(`${CHANGED} has no tag to watch`);
    await watchlistRepository.putSecret(ACCOUNT, WATCHLIST, `whsec_${Buffer.alloc(32, 9).toString('base64')}`);
    await watchlistRepository.create(ACCOUNT, {
      id: WATCHLIST,
      name: 'Lambda shapes',
      filters: { tag },
      events: ['cve.added', 'cve.risk_changed', 'cve.updated'],
      webhook_url: `${receiver.origin}/hook`,
      webhook_status: 'active',
      webhook_paused_reason: null,
      feed_url: null,
      paused: false,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    });

    const records: Omit<StreamRecordInput, 'keys' | 'at'>[] = [
      { sequenceNumber: '300', newImage: inserted },
      { sequenceNumber: '301', oldImage: inserted, newImage: modified },
      { sequenceNumber: '302', oldImage: modified, newImage: modified },
      { sequenceNumber: '303', oldImage: modified },
      { sequenceNumber: '304', newImage: await storedItem('INDEX#current') },
      { sequenceNumber: '305', oldImage: legacyOld, newImage: legacyNew },
    ];
    const event = dynamoStreamEvent(
      tableName('CATALOGUE_TABLE'),
      records.map((r) => ({ keys: ['pk'], at: Date.now(), ...r })),
    );
    // The record is base64 text in the event, exactly as the stream's wire format carries a Binary.
    const delivered = event.Records[1]?.dynamodb.NewImage as Record<string, { B?: unknown }> | undefined;
    expect(typeof delivered?.record?.B).toBe('string');
    expect(event.Records.map((r) => r.eventName)).toEqual(['INSERT', 'MODIFY', 'MODIFY', 'REMOVE', 'INSERT', 'MODIFY']);
    expect(event.Records[5]?.dynamodb.OldImage).toHaveProperty('exploit_intel.M');

    const queued: DeliveryJob[] = [];
    await matchStreamEvent(dynamoStreamEventSchema.parse(event), { enqueue: (jobs) => Promise.resolve(void queued.push(...jobs)) });
    expect(queued.map((j) => [j.cve_id, j.change_id, j.watchlist_id])).toEqual([
      [CHANGED, 's300', WATCHLIST],
      [CHANGED, 's301', WATCHLIST],
      [legacy, 's305', WATCHLIST],
    ]);
    // The stream's change is the one the ingest logged: same kind of event, same fields.
    const change = queued[1]!;
    expect([...change.fields].sort()).toEqual([...logged!.fields].sort());
    expect([...queued[2]!.fields].sort()).toEqual([...logged!.fields].sort());
    expect(change.fields).toContain('in_kev');
    expect(change.record).toEqual(logged?.record);
    expect(queued[0]?.event_type).toBe('cve.added');

    // The queue: each job is one message (its JSON, as SendMessageBatch sends it), delivered in an SQS batch.
    const batch = sqsEvent(
      'plaincve-webhook-deliveries',
      queued.map((job, i) => ({
        messageId: `m${i}`,
        receiptHandle: `h${i}`,
        body: JSON.stringify(job),
        receiveCount: 1,
        sentAt: Date.now(),
        firstReceivedAt: Date.now(),
      })),
    );
    const response = await deliverQueuedBatch(sqsDeliveryEventSchema.parse(batch), {
      retryLater: () => Promise.reject(new Error('nothing should wait')),
      now: Date.now,
    });
    expect(response).toEqual({ batchItemFailures: [] });
    const posts = receiver.on('/hook').map((r) => JSON.parse(r.body) as { type: string; data: { cve_id: string; fields?: string[] } });
    expect(posts.map((p) => [p.type, p.data.cve_id]).sort()).toEqual(
      [
        ['cve.added', CHANGED],
        [change.event_type, CHANGED],
        [change.event_type, legacy],
      ].sort(),
    );
  });

  test('the matcher function itself reads the batch: a rewrite that changes nothing, a removal and a non-CVE item queue nothing; a byte-array image is refused', async () => {
    const record = makeRecord({ tags: [{ tag: 'matcher-function', tag_type: 'vendor' }] });
    await cveRepository.putMany([record]);
    const item = await storedItem(record.cve_id);
    const event = dynamoStreamEvent(tableName('CATALOGUE_TABLE'), [
      { keys: ['pk'], at: Date.now(), sequenceNumber: '400', oldImage: item, newImage: item },
      { keys: ['pk'], at: Date.now(), sequenceNumber: '401', oldImage: item },
    ]);
    const invoke = (payload: unknown) => changeMatcher(payload, lambdaContext('changeMatcher', `m-${Date.now()}`, 120, 1024));
    // Both images decoded and compared (a record left as base64 text would throw here): no change, no SQS call.
    await expect(invoke(event)).resolves.toEqual({ changes: 0, jobs: 0 });

    const first = event.Records[0]!;
    const asBytes = {
      Records: [
        {
          ...first,
          dynamodb: { ...first.dynamodb, NewImage: { ...first.dynamodb.NewImage, record: { B: JSON.parse(JSON.stringify(item.record?.B)) as unknown } } },
        },
      ],
    };
    await expect(invoke(asBytes)).rejects.toThrow();
  });
});
