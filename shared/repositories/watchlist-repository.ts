import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config/index.js';
import { MAX_WATCHLISTS, type Watchlist } from '../domain/watchlist.js';
import { documentClient, dynamo, isConditionalCheckFailure } from './dynamo-client.js';

/**
 * An account's watchlists: one item `WATCHLISTS#<account id>` in the accounts table whose map
 * `lists` holds them by id (at most 20 small objects, far below an item's 400 KB). One item makes
 * every change a single atomic, conditional UpdateItem — the 20 limit holds under concurrent
 * creates with no transaction and no counter that could drift — and a list is one strongly
 * consistent read. The item carries `account_id`, so the account export and deletion find it
 * through `byAccount` like every other item of the account.
 */
const pkOf = (accountId: string) => `WATCHLISTS#${accountId}`;

async function ensureItem(accountId: string): Promise<void> {
  await dynamo(() =>
    documentClient().send(
      new UpdateCommand({
        TableName: tableName('ACCOUNTS_TABLE'),
        Key: { pk: pkOf(accountId) },
        UpdateExpression: 'SET lists = if_not_exists(lists, :empty), account_id = :account',
        ExpressionAttributeValues: { ':empty': {}, ':account': accountId },
      }),
    ),
  );
}

export const watchlistRepository = {
  pkOf,

  async list(accountId: string): Promise<Watchlist[]> {
    const out = await dynamo(() =>
      documentClient().send(new GetCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: pkOf(accountId) }, ConsistentRead: true })),
    );
    const lists = (out.Item?.lists ?? {}) as Record<string, Watchlist>;
    return Object.values(lists).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  },

  /** Adds one; false when the account already has the maximum. */
  async create(accountId: string, watchlist: Watchlist): Promise<boolean> {
    await ensureItem(accountId);
    try {
      await dynamo(() =>
        documentClient().send(
          new UpdateCommand({
            TableName: tableName('ACCOUNTS_TABLE'),
            Key: { pk: pkOf(accountId) },
            UpdateExpression: 'SET lists.#id = :watchlist',
            ConditionExpression: 'size(lists) < :max AND attribute_not_exists(lists.#id)',
            ExpressionAttributeNames: { '#id': watchlist.id },
            ExpressionAttributeValues: { ':watchlist': watchlist, ':max': MAX_WATCHLISTS },
          }),
        ),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailure(error)) return false;
      throw error;
    }
  },

  /** Replaces one that exists; false when there is none of that id. */
  async replace(accountId: string, watchlist: Watchlist): Promise<boolean> {
    try {
      await dynamo(() =>
        documentClient().send(
          new UpdateCommand({
            TableName: tableName('ACCOUNTS_TABLE'),
            Key: { pk: pkOf(accountId) },
            UpdateExpression: 'SET lists.#id = :watchlist',
            ConditionExpression: 'attribute_exists(lists.#id)',
            ExpressionAttributeNames: { '#id': watchlist.id },
            ExpressionAttributeValues: { ':watchlist': watchlist },
          }),
        ),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailure(error)) return false;
      throw error;
    }
  },

  /** Removes one; false when there is none of that id. */
  async remove(accountId: string, id: string): Promise<boolean> {
    try {
      await dynamo(() =>
        documentClient().send(
          new UpdateCommand({
            TableName: tableName('ACCOUNTS_TABLE'),
            Key: { pk: pkOf(accountId) },
            UpdateExpression: 'REMOVE lists.#id',
            ConditionExpression: 'attribute_exists(lists.#id)',
            ExpressionAttributeNames: { '#id': id },
          }),
        ),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailure(error)) return false;
      throw error;
    }
  },
};
