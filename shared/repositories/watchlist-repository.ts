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

/**
 * One conditional change of the account's watchlists item, from its named condition: true when it
 * was made, false when the condition did not hold (the maximum reached, no such id).
 */
async function changeLists(
  accountId: string,
  change: { update: string; condition: string; id: string; values?: Record<string, unknown> },
): Promise<boolean> {
  try {
    await dynamo(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('ACCOUNTS_TABLE'),
          Key: { pk: pkOf(accountId) },
          UpdateExpression: change.update,
          ConditionExpression: change.condition,
          ExpressionAttributeNames: { '#id': change.id },
          ...(change.values ? { ExpressionAttributeValues: change.values } : {}),
        }),
      ),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

export const watchlistRepository = {
  pkOf,

  async list(accountId: string): Promise<Watchlist[]> {
    const out = await dynamo(() =>
      documentClient().send(new GetCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: pkOf(accountId) }, ConsistentRead: true })),
    );
    const lists = (out.Item?.lists ?? {}) as Record<string, Watchlist>;
    // A watchlist stored before feeds existed has no feed until one is issued.
    return Object.values(lists).map((w) => ({ ...w, feed_url: w.feed_url ?? null })).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  },

  /** Adds one; false when the account already has the maximum. */
  async create(accountId: string, watchlist: Watchlist): Promise<boolean> {
    await ensureItem(accountId);
    return changeLists(accountId, {
      update: 'SET lists.#id = :watchlist',
      condition: 'size(lists) < :max AND attribute_not_exists(lists.#id)',
      id: watchlist.id,
      values: { ':watchlist': watchlist, ':max': MAX_WATCHLISTS },
    });
  },

  /** Replaces one that exists; false when there is none of that id. */
  async replace(accountId: string, watchlist: Watchlist): Promise<boolean> {
    return changeLists(accountId, { update: 'SET lists.#id = :watchlist', condition: 'attribute_exists(lists.#id)', id: watchlist.id, values: { ':watchlist': watchlist } });
  },

  /** Removes one; false when there is none of that id. */
  async remove(accountId: string, id: string): Promise<boolean> {
    return changeLists(accountId, { update: 'REMOVE lists.#id', condition: 'attribute_exists(lists.#id)', id });
  },
};
