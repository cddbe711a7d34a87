import * as z from 'zod/mini';
import { handlerBase } from '../shared/http/handler-base.js';
import { logger } from '../shared/http/logger.js';
import { matchStreamChanges } from '../shared/use-cases/match-stream-changes.js';

/**
 * The change matcher, invoked by the catalogue table's DynamoDB stream (NEW_AND_OLD_IMAGES):
 * matches each changed record against the watchlists and queues the webhook deliveries (SQS).
 * A failure throws, so Lambda retries the batch (deliveries carry stable webhook ids: receivers
 * dedupe a batch matched twice). docs/architecture.md, "Webhooks".
 */
const streamEventSchema = z.object({
  Records: z.array(
    z.looseObject({
      eventName: z.optional(z.string()),
      dynamodb: z.looseObject({
        SequenceNumber: z.string(),
        ApproximateCreationDateTime: z.optional(z.number()),
        OldImage: z.optional(z.record(z.string(), z.unknown())),
        NewImage: z.optional(z.record(z.string(), z.unknown())),
      }),
    }),
  ),
});

export const handler = handlerBase(async (event: unknown) => {
  const { Records } = streamEventSchema.parse(event);
  const result = await matchStreamChanges(
    Records.map(({ dynamodb }) => ({
      sequenceNumber: dynamodb.SequenceNumber,
      approximateCreationTime: dynamodb.ApproximateCreationDateTime,
      oldImage: dynamodb.OldImage,
      newImage: dynamodb.NewImage,
    })),
  );
  logger.info('changes matched', { records: Records.length, ...result });
  return result;
});
