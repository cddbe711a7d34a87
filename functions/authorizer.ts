import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { handlerBase } from '../shared/http/handler-base.js';
import { headerValue } from '../shared/http/headers.js';
import { logger } from '../shared/http/logger.js';
import { authorizeApiKey } from '../shared/accounts/use-cases/authorize-api-key.js';

/**
 * The policy covers every method and path of the stage, because API Gateway may cache it per
 * key and reuse it for the next route the same key calls.
 */
function wholeApiResource(methodArn: string): string {
  const [arnPrefix, stage] = methodArn.split('/');
  return `${arnPrefix}/${stage}/*/*`;
}

async function authorize(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const key = headerValue(event.headers, 'x-api-key');
  // API Gateway already answers a missing header itself (identity source); this is the backstop.
  if (!key) throw new Error('Unauthorized');
  const decision = await authorizeApiKey(key);
  const resource = wholeApiResource(event.methodArn);
  if (decision.outcome === 'deny') {
    logger.info('api key denied', { request_id: event.requestContext?.requestId });
    return { principalId: 'anonymous', policyDocument: policy('Deny', resource) };
  }
  return {
    principalId: decision.accountId,
    policyDocument: policy('Allow', resource),
    context: { accountId: decision.accountId, keyId: decision.keyId },
  };
}

// No error mapping: a throw is what API Gateway reads as "Unauthorized" or an authorizer failure.
export const handler = handlerBase(authorize);

function policy(effect: 'Allow' | 'Deny', resource: string) {
  return { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }] };
}
