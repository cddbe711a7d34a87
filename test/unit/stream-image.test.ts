import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoStreamEvent } from '../../shared/local/lambda-events.js';
import { dynamoStreamEventSchema, itemOfStreamImage } from '../../shared/repositories/stream-image.js';

/** Every DynamoDB type, Binary ones nested too: what a stream image can hold. */
const item = {
  pk: 'CVE-2099-0001',
  n: 42.5,
  flag: true,
  nothing: null,
  record: Buffer.from(JSON.stringify({ cve_id: 'CVE-2099-0001', note: 'ünïcode ✓' })),
  names: new Set(['a', 'b']),
  numbers: new Set([1, 2]),
  blobs: new Set([Buffer.from([0, 255, 7]), Buffer.from('x')]),
  nested: { list: [Buffer.from([1, 2, 3]), 'text', 7, { deeper: Buffer.from('deep') }] },
};

describe('stream images as Lambda delivers them', () => {
  it('carries every Binary as base64 text and reads the same item back', () => {
    const event = dynamoStreamEvent('catalogue', [{ keys: ['pk'], sequenceNumber: '1', at: 1_700_000_000_000, newImage: marshall(item) }]);
    const image = event.Records[0]!.dynamodb.NewImage as Record<string, Record<string, unknown>>;
    expect(image.record).toEqual({ B: item.record.toString('base64') });
    expect(image.blobs).toEqual({ BS: ['AP8H', 'eA=='] });
    expect(event.Records[0]).toMatchObject({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      dynamodb: { Keys: { pk: { S: item.pk } }, ApproximateCreationDateTime: 1_700_000_000, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });

    const parsed = dynamoStreamEventSchema.parse(event);
    const back = itemOfStreamImage(parsed.Records[0]!.dynamodb.NewImage!);
    expect(Buffer.from(back.record as Uint8Array).toString()).toBe(item.record.toString());
    expect(back).toEqual(item);
  });

  it('refuses a Binary that is not base64 text, and an unknown type', () => {
    const event = dynamoStreamEvent('catalogue', [{ keys: ['pk'], sequenceNumber: '1', at: 0, newImage: marshall({ pk: 'x' }) }]);
    const withImage = (image: unknown) => ({ Records: [{ ...event.Records[0], dynamodb: { ...event.Records[0]!.dynamodb, NewImage: image } }] });
    expect(dynamoStreamEventSchema.safeParse(withImage({ pk: { S: 'x' }, record: { B: { 0: 1, 1: 2 } } })).success).toBe(false);
    expect(dynamoStreamEventSchema.safeParse(withImage({ pk: { S: 'x' }, record: { B: 'not base64!' } })).success).toBe(false);
    expect(dynamoStreamEventSchema.safeParse(withImage({ pk: { S: 'x' }, other: { X: 'y' } })).success).toBe(false);
    expect(dynamoStreamEventSchema.safeParse(withImage({ pk: { S: 'x' }, record: { B: 'AP8H' } })).success).toBe(true);
  });
});
