import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as z from 'zod';

/** What the authorizer hands to every protected function (never the key itself). */
export const authorizerContextSchema = z.object({ accountId: z.string().min(1), keyId: z.string().min(1) });
export type Caller = z.infer<typeof authorizerContextSchema>;

export function callerOf(event: APIGatewayProxyEvent): Caller {
  // API Gateway only invokes a protected function after the authorizer allowed it, so a
  // missing context is a wiring bug (500), not a client error.
  return authorizerContextSchema.parse(event.requestContext.authorizer);
}
