/**
 * AWS: the change matcher behind the catalogue table's DynamoDB stream (NEW_AND_OLD_IMAGES).
 * Each stream record's old and new images go through the same `computeChange` the ingest uses
 * for the change log (which the ingest writes itself); a record that is a watchlist event is
 * matched and its jobs go to the SQS delivery queue. Items that are not CVE records (the export
 * filter index, the health probe) are skipped.
 */
import { computeChange } from '../../domain/change.js';
import { CVE_ID_PATTERN, type CatalogueRecord } from '../../domain/cve.js';
import { utcDay } from '../../domain/days-unpatched.js';
import { riskStateOf } from '../../domain/risk-transition.js';
import type { DeliveryQueue } from '../../domain/webhook-delivery.js';
import { recordOfItem } from '../../repositories/catalogue-item.js';
import { sqsDeliveryQueue } from '../../repositories/delivery-queue-repository.js';
import { itemOfStreamImage, type DynamoStreamEvent, type StreamImage } from '../../repositories/stream-image.js';
import { toExportRecord } from '../../render/export-record.js';
import { dispatchChanges, type MatchableChange } from './match-changes.js';
import { platformClock } from '../../platform/clock.js';

export { dynamoStreamEventSchema, type DynamoStreamEvent } from '../../repositories/stream-image.js';

export interface StreamChange {
  /** The stream record's sequence number: unique and the same when Lambda retries the batch. */
  readonly sequenceNumber: string;
  /** When DynamoDB made the change (seconds), when the stream gives it. */
  readonly approximateCreationTime?: number | undefined;
  /** The images as Lambda delivers them: JSON, a Binary as base64 text (stream-image.ts). */
  readonly oldImage?: StreamImage | undefined;
  readonly newImage?: StreamImage | undefined;
}

function recordOf(image: StreamImage | undefined): CatalogueRecord | undefined {
  if (!image) return undefined;
  const item = itemOfStreamImage(image);
  return typeof item.pk === 'string' && CVE_ID_PATTERN.test(item.pk) ? recordOfItem(item) : undefined;
}

/** The change one stream record stands for, or undefined when it is none (not a CVE, removed, nothing moved). */
export function changeOfStreamRecord(entry: StreamChange, nowMs: number): MatchableChange | undefined {
  const after = recordOf(entry.newImage);
  if (!after) return undefined;
  const before = recordOf(entry.oldImage);
  const change = computeChange(before, after);
  if (!change) return undefined;
  const at = after.modified_at ?? new Date(entry.approximateCreationTime ? entry.approximateCreationTime * 1000 : nowMs).toISOString();
  return {
    change_id: `s${entry.sequenceNumber}`,
    cve_id: after.cve_id,
    changed_at: at,
    kind: change.kind,
    fields: change.fields,
    ...(change.kind === 'rejected' ? {} : { record: toExportRecord(after, utcDay(nowMs)), risk_after: riskStateOf(after) }),
    ...(before && !before.rejected ? { risk_before: riskStateOf(before) } : {}),
  };
}

export async function matchStreamChanges(entries: readonly StreamChange[], queue: DeliveryQueue = sqsDeliveryQueue, nowMs: number = platformClock.now()) {
  const changes = entries.flatMap((entry) => changeOfStreamRecord(entry, nowMs) ?? []);
  return dispatchChanges(changes, queue);
}

/** One batch of the catalogue table's stream, as the event source mapping hands it to the function. */
export function matchStreamEvent(event: DynamoStreamEvent, queue: DeliveryQueue = sqsDeliveryQueue, nowMs: number = Date.now()) {
  const entries = event.Records.map(({ dynamodb }) => ({
    sequenceNumber: dynamodb.SequenceNumber,
    approximateCreationTime: dynamodb.ApproximateCreationDateTime,
    oldImage: dynamodb.OldImage,
    newImage: dynamodb.NewImage,
  }));
  return matchStreamChanges(entries, queue, nowMs);
}
