import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import * as z from '../domain/zod.js';
import { dynamoDbUtil } from './aws-sdk.js';

/**
 * A DynamoDB stream record as Lambda hands it to a function: JSON. Unlike what the SDK returns
 * from a read (a Binary as a Uint8Array), a `B` value in a stream image is base64 TEXT, and so is
 * each member of a `BS`; a number is a decimal string as everywhere in DynamoDB's JSON. A byte
 * array cannot reach a function through an event, so it is refused here rather than half-read.
 */
export type StreamAttributeValue =
  | { readonly S: string }
  | { readonly N: string }
  | { readonly B: string }
  | { readonly BOOL: boolean }
  | { readonly NULL: true }
  | { readonly SS: readonly string[] }
  | { readonly NS: readonly string[] }
  | { readonly BS: readonly string[] }
  | { readonly M: Readonly<Record<string, StreamAttributeValue>> }
  | { readonly L: readonly StreamAttributeValue[] };

const base64 = z.base64('a Binary in a stream image is base64 text');

const attributeValueSchema: z.ZodMiniType<StreamAttributeValue> = z.lazy(() =>
  z.union([
    z.strictObject({ S: z.string() }),
    z.strictObject({ N: z.string() }),
    z.strictObject({ B: base64 }),
    z.strictObject({ BOOL: z.boolean() }),
    z.strictObject({ NULL: z.literal(true) }),
    z.strictObject({ SS: z.array(z.string()) }),
    z.strictObject({ NS: z.array(z.string()) }),
    z.strictObject({ BS: z.array(base64) }),
    z.strictObject({ M: z.record(z.string(), attributeValueSchema) }),
    z.strictObject({ L: z.array(attributeValueSchema) }),
  ]),
);

export const streamImageSchema = z.record(z.string(), attributeValueSchema);
export type StreamImage = z.infer<typeof streamImageSchema>;

/** The event of a DynamoDB stream event source mapping (NEW_AND_OLD_IMAGES), the fields the matcher reads. */
export type DynamoStreamEvent = z.infer<typeof dynamoStreamEventSchema>;
export const dynamoStreamEventSchema = z.object({
  Records: z.array(
    z.looseObject({
      eventName: z.enum(['INSERT', 'MODIFY', 'REMOVE']),
      eventSourceARN: z.optional(z.string()),
      dynamodb: z.looseObject({
        SequenceNumber: z.string(),
        ApproximateCreationDateTime: z.optional(z.number()),
        OldImage: z.optional(streamImageSchema),
        NewImage: z.optional(streamImageSchema),
      }),
    }),
  ),
});

function sdkValueOf(value: StreamAttributeValue): AttributeValue {
  if ('B' in value) return { B: Buffer.from(value.B, 'base64') };
  if ('BS' in value) return { BS: value.BS.map((member) => Buffer.from(member, 'base64')) };
  if ('M' in value) return { M: sdkImageOf(value.M) };
  if ('L' in value) return { L: value.L.map(sdkValueOf) };
  if ('SS' in value) return { SS: [...value.SS] };
  if ('NS' in value) return { NS: [...value.NS] };
  return value;
}

function sdkImageOf(image: Readonly<Record<string, StreamAttributeValue>>): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, sdkValueOf(value)]));
}

/** The item a stream image holds, with Binary values as bytes, as a read through the SDK gives it. */
export function itemOfStreamImage(image: StreamImage): Record<string, unknown> {
  return dynamoDbUtil.unmarshall(sdkImageOf(image));
}
