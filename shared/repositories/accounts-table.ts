import type { DeleteCommandInput, PutCommandInput, UpdateCommandInput, UpdateCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamoDbDocumentSdk } from './aws-sdk.js';
import { tableName } from '../config/index.js';
import { documentClient, dynamo, isConditionalCheckFailure } from './dynamo-client.js';
import { queryAll } from './pages.js';

const { DeleteCommand, GetCommand, PutCommand, UpdateCommand } = dynamoDbDocumentSdk;

/**
 * The `pk` prefixes of the accounts table, each item kind's: the one place they are spelled (the
 * other repositories of this table build their keys with accountsKeys; test/unit/key-prefixes.test.ts
 * looks for stray copies).
 */
export const ACCOUNTS_KEY_PREFIXES = {
  account: 'ACCOUNT#',
  key: 'KEY#',
  identity: 'IDENTITY#',
  session: 'SESSION#',
  oauthState: 'OAUTHSTATE#',
  feedToken: 'FEEDTOKEN#',
  watchlists: 'WATCHLISTS#',
  webhookSecret: 'WEBHOOKSECRET#',
  deliveries: 'DELIVERIES#',
} as const;
const P = ACCOUNTS_KEY_PREFIXES;

/**
 * The key shapes of the accounts table. Every item of an account carries `account_id`, so the
 * `byAccount` index finds an account's items (eventually consistent: nothing that must be right
 * at once relies on it).
 */
export const accountsKeys = {
  account: (accountId: string) => `${P.account}${accountId}`,
  key: (keyHash: string) => `${P.key}${keyHash}`,
  /** `ref` is `<provider>#<subject>` (identityRef). */
  identity: (ref: string) => `${P.identity}${ref}`,
  session: (hash: string) => `${P.session}${hash}`,
  oauthState: (hash: string) => `${P.oauthState}${hash}`,
  /** A watchlist feed's token, by its sha256. */
  feedToken: (tokenHash: string) => `${P.feedToken}${tokenHash}`,
  /** The one item holding an account's watchlists. */
  watchlists: (accountId: string) => `${P.watchlists}${accountId}`,
  webhookSecret: (accountId: string, watchlistId: string) => `${P.webhookSecret}${accountId}#${watchlistId}`,
  deliveries: (accountId: string, watchlistId: string) => `${P.deliveries}${accountId}#${watchlistId}`,
} as const;

export type AccountItemKind = 'account' | 'key' | 'identity' | 'session';

const KIND_PREFIX: Record<AccountItemKind, string> = { account: P.account, key: P.key, identity: P.identity, session: P.session };

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
      ? {
          ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
          ExpressionAttributeNames: Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])),
        }
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
