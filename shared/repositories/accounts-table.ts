import type { DeleteCommandInput, PutCommandInput, UpdateCommandInput, UpdateCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamoDbDocumentSdk } from './aws-sdk.js';
import { tableName } from '../config/index.js';
import { documentClient, dynamo, isConditionalCheckFailure } from './dynamo-client.js';
import { queryAll } from './pages.js';

const { DeleteCommand, GetCommand, PutCommand, UpdateCommand } = dynamoDbDocumentSdk;

/**
 * The key shapes of the accounts table: the only place that knows them. Every item of an
 * account carries `account_id`, so the `byAccount` index finds an account's items (eventually
 * consistent: nothing that must be right at once relies on it).
 */
export const accountsKeys = {
  account: (accountId: string) => `ACCOUNT#${accountId}`,
  key: (keyHash: string) => `KEY#${keyHash}`,
  /** `ref` is `<provider>#<subject>` (identityRef). */
  identity: (ref: string) => `IDENTITY#${ref}`,
  session: (hash: string) => `SESSION#${hash}`,
  oauthState: (hash: string) => `OAUTHSTATE#${hash}`,
} as const;

export type AccountItemKind = 'account' | 'key' | 'identity' | 'session';

const KIND_PREFIX: Record<AccountItemKind, string> = {
  account: 'ACCOUNT#',
  key: 'KEY#',
  identity: 'IDENTITY#',
  session: 'SESSION#',
};

/** Which kind of item a `pk` of this table names (undefined for items of no account). */
export function kindOfPk(pk: unknown): AccountItemKind | undefined {
  const value = String(pk);
  return (Object.keys(KIND_PREFIX) as AccountItemKind[]).find((kind) => value.startsWith(KIND_PREFIX[kind]));
}

type Values = Record<string, unknown>;
type Condition = Pick<PutCommandInput, 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>;

/** Runs a conditional write: true when it was applied, false when its condition refused it. */
export async function applied(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

const name = () => tableName('ACCOUNTS_TABLE');

/** The table's calls, each through `dynamo()` (a failing store is a DependencyError, 503). */
export const accountsTable = {
  /** Strongly consistent: every decision (authorizer, sessions, issuance) reads the latest write. */
  async get<T>(pk: string, attributes?: readonly string[]): Promise<T | undefined> {
    // A projection (named attributes only) keeps a hot read small: the account item also holds identities.
    const projection = attributes?.length
      ? { ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '), ExpressionAttributeNames: Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])) }
      : {};
    const out = await dynamo(() => documentClient().send(new GetCommand({ TableName: name(), Key: { pk }, ConsistentRead: true, ...projection })));
    return out.Item as T | undefined;
  },

  async put(item: Values & { pk: string }, condition: Condition = {}): Promise<void> {
    await dynamo(() => documentClient().send(new PutCommand({ TableName: name(), Item: item, ...condition })));
  },

  async update(pk: string, input: Omit<UpdateCommandInput, 'TableName' | 'Key'>): Promise<UpdateCommandOutput> {
    return dynamo(() => documentClient().send(new UpdateCommand({ TableName: name(), Key: { pk }, ...input })));
  },

  async delete(pk: string, condition: Pick<DeleteCommandInput, 'ConditionExpression' | 'ExpressionAttributeValues'> = {}): Promise<void> {
    await dynamo(() => documentClient().send(new DeleteCommand({ TableName: name(), Key: { pk }, ...condition })));
  },

  /** Deletes an item only while it belongs to `accountId` (never another account's). */
  async deleteOwned(pk: string, accountId: string): Promise<void> {
    await applied(this.delete(pk, { ConditionExpression: 'account_id = :a', ExpressionAttributeValues: { ':a': accountId } }));
  },

  /** The account's items of one kind (all when omitted), through the eventually consistent index. */
  async itemsOf(accountId: string, kind?: AccountItemKind): Promise<(Values & { pk: string })[]> {
    const { items } = await queryAll({
      TableName: name(),
      IndexName: 'byAccount',
      KeyConditionExpression: kind ? 'account_id = :a AND begins_with(pk, :p)' : 'account_id = :a',
      ExpressionAttributeValues: kind ? { ':a': accountId, ':p': KIND_PREFIX[kind] } : { ':a': accountId },
    });
    return items as (Values & { pk: string })[];
  },
};
