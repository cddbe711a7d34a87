import { describe, expect, it } from 'vitest';
import { dynamoAuthorisations } from '../../shared/local/iam-check.js';
import { FUNCTIONS } from '../../shared/platform/functions.js';
import { allows, grantStatements } from '../../shared/platform/grants.js';
import { LOCAL_RESOURCES } from '../../shared/local/function-scope.js';

const arn = (table: string) => `arn:aws:dynamodb:local:000000000000:table/${table}`;

describe('what IAM authorises for a DynamoDB request (the local stack check)', () => {
  it('is the command action on the table, or on the index a Query names', () => {
    expect(dynamoAuthorisations('GetItemCommand', { TableName: 't', Key: {} })).toEqual([{ action: 'dynamodb:GetItem', resource: arn('t') }]);
    expect(dynamoAuthorisations('QueryCommand', { TableName: 't', IndexName: 'byAccount' })).toEqual([
      { action: 'dynamodb:Query', resource: `${arn('t')}/index/byAccount` },
    ]);
  });

  it('is the batch action on every table of a batch, and each item action of a transaction', () => {
    expect(dynamoAuthorisations('BatchWriteItemCommand', { RequestItems: { a: [], b: [] } })).toEqual([
      { action: 'dynamodb:BatchWriteItem', resource: arn('a') },
      { action: 'dynamodb:BatchWriteItem', resource: arn('b') },
    ]);
    expect(dynamoAuthorisations('TransactWriteItemsCommand', { TransactItems: [{ Put: { TableName: 'a' } }, { ConditionCheck: { TableName: 'b' } }] })).toEqual(
      [
        { action: 'dynamodb:PutItem', resource: arn('a') },
        { action: 'dynamodb:ConditionCheckItem', resource: arn('b') },
      ],
    );
  });

  it('needs `*` for an operation without a table, which no function is granted', () => {
    const [needed] = dynamoAuthorisations('ListTablesCommand', {});
    expect(needed).toEqual({ action: 'dynamodb:ListTables', resource: '*' });
    for (const definition of Object.values(FUNCTIONS))
      expect(allows(grantStatements(definition, LOCAL_RESOURCES), needed!.action, needed!.resource)).toBe(false);
  });

  it('allows a read-only grant to read and refuses it the write', () => {
    const statements = grantStatements(FUNCTIONS.authorizer, LOCAL_RESOURCES);
    const table = LOCAL_RESOURCES.table('accounts').arn;
    expect(allows(statements, 'dynamodb:GetItem', table)).toBe(true);
    expect(allows(statements, 'dynamodb:UpdateItem', table)).toBe(false);
    expect(allows(statements, 'dynamodb:Query', `${table}/index/byAccount`)).toBe(false);
  });
});
