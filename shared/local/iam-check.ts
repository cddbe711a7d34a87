import { DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import { allows } from '../platform/grants.js';
import { useDynamoCallGuard } from '../repositories/dynamo-client.js';
import { localTableArn, runningFunction } from './function-scope.js';

/** One IAM authorisation a DynamoDB request needs: an action on a table or index ARN. */
export interface DynamoAuthorisation {
  readonly action: string;
  readonly resource: string;
}

interface TableRequest {
  readonly TableName?: string;
  readonly IndexName?: string;
}

const TRANSACT_ACTIONS: Readonly<Record<string, string>> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
  Get: 'dynamodb:GetItem',
};

/**
 * What IAM checks for one DynamoDB request, as the service authorises it: the command's action on
 * the table (or on the index a Query or Scan names); each table of a batch; for a transaction,
 * each item's own action on its table. An operation without a table (ListTables) needs `*`.
 */
export function dynamoAuthorisations(commandName: string, input: object): DynamoAuthorisation[] {
  const operation = commandName.replace(/Command$/, '');
  const request = input as TableRequest & { RequestItems?: Record<string, unknown>; TransactItems?: Record<string, TableRequest>[] };
  if (request.RequestItems) return Object.keys(request.RequestItems).map((table) => ({ action: `dynamodb:${operation}`, resource: localTableArn(table) }));
  if (request.TransactItems) {
    return request.TransactItems.flatMap((item) =>
      Object.entries(item).map(([kind, part]) => ({ action: TRANSACT_ACTIONS[kind] ?? `dynamodb:${kind}`, resource: localTableArn(part.TableName ?? '') })),
    );
  }
  if (!request.TableName) return [{ action: `dynamodb:${operation}`, resource: '*' }];
  const table = localTableArn(request.TableName);
  return [{ action: `dynamodb:${operation}`, resource: request.IndexName ? `${table}/index/${request.IndexName}` : table }];
}

/** The error DynamoDB answers a role without the grant, as the SDK raises it (HTTP 400, not retried). */
export function accessDenied(functionId: string, { action, resource }: DynamoAuthorisation): DynamoDBServiceException {
  return new DynamoDBServiceException({
    name: 'AccessDeniedException',
    $fault: 'client',
    $metadata: { httpStatusCode: 400 },
    message: `User: arn:aws:sts::000000000000:assumed-role/plaincve-${functionId}/local is not authorized to perform: ${action} on resource: ${resource} because no identity-based policy allows the ${action} action`,
  });
}

/**
 * The local stack's IAM: a DynamoDB call made while a function runs (shared/local/function-scope.ts)
 * must be allowed by that function's statements, derived from its declaration exactly as the CDK
 * role's are; anything else is refused with AccessDeniedException before it is sent. Calls outside
 * any function (the test harness seeding data, the CLIs, the stack's own sweeper) are the
 * operator's and pass.
 */
export function enforceFunctionGrants(): void {
  useDynamoCallGuard((commandName, input) => {
    const scope = runningFunction();
    if (!scope) return;
    for (const needed of dynamoAuthorisations(commandName, input)) {
      if (!allows(scope.statements, needed.action, needed.resource)) throw accessDenied(scope.definition.id, needed);
    }
  });
}

export function stopEnforcingFunctionGrants(): void {
  useDynamoCallGuard(undefined);
}
