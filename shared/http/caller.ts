import type { APIGatewayProxyEvent } from 'aws-lambda';
import { callerSchema, type Caller } from '../domain/caller.js';

/** The caller the authorizer put in the request context (its `context`: accountId, keyId). */
export function callerOf(event: APIGatewayProxyEvent): Caller {
  // API Gateway only invokes a protected function after the authorizer allowed it, so a
  // missing context is a wiring bug (500), not a client error.
  return callerSchema.parse(event.requestContext.authorizer);
}
