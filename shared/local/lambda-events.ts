import { createHash, randomUUID } from 'node:crypto';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { LOCAL_API } from './proxy-event.js';

/**
 * Events as Lambda's event source mappings hand them to a function: JSON. Each builder ends in
 * `asDelivered`, a trip through JSON text, so what a function receives here has exactly the
 * types it receives in AWS (no Uint8Array, no undefined, no Date survives).
 */
export function asDelivered<T>(event: T): T {
  return JSON.parse(JSON.stringify(event)) as T;
}

/** An attribute value as the stream's wire format (and so Lambda's event) carries it: Binary as base64 text. */
function wireValue(value: AttributeValue): unknown {
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS !== undefined) return { BS: value.BS.map((member) => Buffer.from(member).toString('base64')) };
  if (value.M !== undefined) return { M: wireImage(value.M) };
  if (value.L !== undefined) return { L: value.L.map(wireValue) };
  return value;
}

function wireImage(image: Record<string, AttributeValue>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, wireValue(value)]));
}

export interface StreamRecordInput {
  /** The table's key attributes (the stream's `Keys`). */
  readonly keys: readonly string[];
  /** Items exactly as a DynamoDB read returns them (GetItem through the low-level client). */
  readonly oldImage?: Record<string, AttributeValue> | undefined;
  readonly newImage?: Record<string, AttributeValue> | undefined;
  readonly sequenceNumber: string;
  /** When the change was made (ms); the stream gives whole seconds. */
  readonly at: number;
}

/** A batch of DynamoDB stream records (StreamViewType NEW_AND_OLD_IMAGES) of the given table. */
export function dynamoStreamEvent(table: string, records: readonly StreamRecordInput[]) {
  const streamArn = `arn:aws:dynamodb:${LOCAL_API.region}:${LOCAL_API.accountId}:table/${table}/stream/2026-01-01T00:00:00.000`;
  return asDelivered({
    Records: records.map((record) => {
      const image = record.newImage ?? record.oldImage ?? {};
      const keys = Object.fromEntries(record.keys.flatMap((name) => (image[name] ? [[name, image[name]]] : [])));
      const eventName = !record.newImage ? 'REMOVE' : record.oldImage ? 'MODIFY' : 'INSERT';
      const wire = {
        ApproximateCreationDateTime: Math.floor(record.at / 1000),
        Keys: wireImage(keys),
        ...(record.newImage ? { NewImage: wireImage(record.newImage) } : {}),
        ...(record.oldImage ? { OldImage: wireImage(record.oldImage) } : {}),
        SequenceNumber: record.sequenceNumber,
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      };
      return {
        eventID: createHash('md5').update(`${streamArn}/${record.sequenceNumber}`).digest('hex'),
        eventName,
        eventVersion: '1.1',
        eventSource: 'aws:dynamodb',
        awsRegion: LOCAL_API.region,
        dynamodb: { ...wire, SizeBytes: Buffer.byteLength(JSON.stringify(wire)) },
        eventSourceARN: streamArn,
      };
    }),
  });
}

export interface QueueMessageInput {
  readonly messageId: string;
  readonly receiptHandle: string;
  readonly body: string;
  /** How many times the message has been received, this time included. */
  readonly receiveCount: number;
  readonly sentAt: number;
  readonly firstReceivedAt: number;
}

/** A batch of SQS messages of the given queue, as the SQS event source mapping delivers it. */
export function sqsEvent(queueName: string, messages: readonly QueueMessageInput[]) {
  return asDelivered({
    Records: messages.map((message) => ({
      messageId: message.messageId,
      receiptHandle: message.receiptHandle,
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: LOCAL_API.accountId,
        ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt),
      },
      messageAttributes: {},
      md5OfBody: createHash('md5').update(message.body).digest('hex'),
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:${LOCAL_API.region}:${LOCAL_API.accountId}:${queueName}`,
      awsRegion: LOCAL_API.region,
    })),
  });
}

/** A new receipt handle: SQS gives one per receive, and only the latest one changes the message. */
export function receiptHandle(): string {
  return Buffer.from(randomUUID()).toString('base64');
}
