import { handlerBase } from '../shared/http/handler-base.js';
import { logger } from '../shared/http/logger.js';
import { dynamoStreamEventSchema, matchStreamEvent } from '../shared/keeping-up/use-cases/match-stream-changes.js';

/**
 * The change matcher, invoked by the catalogue table's DynamoDB stream (NEW_AND_OLD_IMAGES):
 * matches each changed record against the watchlists and queues the webhook deliveries (SQS).
 * A failure throws, so Lambda retries the batch (deliveries carry stable webhook ids: receivers
 * dedupe a batch matched twice). The event is Lambda's JSON: a Binary in an image is base64 text,
 * decoded by the schema's module (shared/repositories/stream-image.ts). docs/architecture.md, "Webhooks".
 */
export const handler = handlerBase(async (event: unknown) => {
  const batch = dynamoStreamEventSchema.parse(event);
  const result = await matchStreamEvent(batch);
  logger.info('changes matched', { records: batch.Records.length, ...result });
  return result;
});
