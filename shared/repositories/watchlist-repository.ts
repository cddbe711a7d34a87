import { dynamoDbDocumentSdk } from './aws-sdk.js';
import { tableName } from '../config/index.js';
import { MAX_WATCHLISTS, type Watchlist } from '../domain/watchlist.js';
import { documentClient, dynamo, isConditionalCheckFailure } from './dynamo-client.js';
import { queryPages } from './pages.js';
import { accountsKeys } from './accounts-table.js';

const { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, UpdateCommand } = dynamoDbDocumentSdk;

/**
 * An account's watchlists: one item `WATCHLISTS#<account id>` in the accounts table whose map
 * `lists` holds them by id (at most 20 small objects, far below an item's 400 KB). One item makes
 * every change a single atomic, conditional UpdateItem — the 20 limit holds under concurrent
 * creates with no transaction and no counter that could drift — and a list is one strongly
 * consistent read. The item carries `account_id`, so the account export and deletion find it
 * through `byAccount` like every other item of the account.
 *
 * The item also carries `watchlist_set = ALL`, the key of the sparse `allWatchlists` index: the
 * change matcher reads every account's watchlists with one paged Query of that index (never a
 * Scan of the table) and keeps them cached (docs/architecture.md, "Webhooks").
 *
 * A webhook's signing secret is an item of its own, `WEBHOOKSECRET#<account>#<watchlist>`: never
 * in the watchlists item, so no read that lists watchlists (the dashboard, the account export,
 * the matcher's index) can carry it. It has `account_id`, so deleting the account deletes it.
 */
const pkOf = accountsKeys.watchlists;
const secretPkOf = accountsKeys.webhookSecret;
export const WATCHLIST_INDEX = 'allWatchlists';
const WATCHLIST_SET = 'ALL';

/** Items written before webhooks existed lack their fields: read them as "no webhook". */
function withDefaults(watchlist: Watchlist): Watchlist {
  return {
    ...watchlist,
    webhook_url: watchlist.webhook_url ?? null,
    webhook_status: watchlist.webhook_status ?? null,
    webhook_paused_reason: watchlist.webhook_paused_reason ?? null,
    // A watchlist stored before feeds existed has no feed until one is issued.
    feed_url: watchlist.feed_url ?? null,
  };
}

function sortWatchlists(lists: Record<string, Watchlist>): Watchlist[] {
  return Object.values(lists)
    .map(withDefaults)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** One account's watchlist as the matcher sees it. */
export interface AccountWatchlist {
  readonly account_id: string;
  readonly watchlist: Watchlist;
}

async function ensureItem(accountId: string): Promise<void> {
  await dynamo(() =>
    documentClient().send(
      new UpdateCommand({
        TableName: tableName('ACCOUNTS_TABLE'),
        Key: { pk: pkOf(accountId) },
        UpdateExpression: 'SET lists = if_not_exists(lists, :empty), account_id = :account, watchlist_set = :set',
        ExpressionAttributeValues: { ':empty': {}, ':account': accountId, ':set': WATCHLIST_SET },
      }),
    ),
  );
}

/**
 * One conditional change of the account's watchlists item, from its named condition: true when it
 * was made, false when the condition did not hold (the maximum reached, no such id).
 */
async function changeLists(accountId: string, change: { update: string; condition: string; id: string; values?: Record<string, unknown> }): Promise<boolean> {
  // Every change also (re)sets the index key, so an item written before the index existed joins it.
  const update = change.update.startsWith('SET ') ? change.update.replace('SET ', 'SET watchlist_set = :wset, ') : `${change.update} SET watchlist_set = :wset`;
  try {
    await dynamo(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('ACCOUNTS_TABLE'),
          Key: { pk: pkOf(accountId) },
          UpdateExpression: update,
          ConditionExpression: change.condition,
          ExpressionAttributeNames: { '#id': change.id },
          ExpressionAttributeValues: { ...change.values, ':wset': WATCHLIST_SET },
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
      documentClient().send(
        new GetCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: pkOf(accountId) }, ConsistentRead: true, ProjectionExpression: 'lists' }),
      ),
    );
    return sortWatchlists((out.Item?.lists ?? {}) as Record<string, Watchlist>);
  },

  /**
   * Every account's watchlists: a paged Query of the sparse `allWatchlists` index (only
   * watchlists items carry its key). Eventually consistent: a watchlist made a moment ago may be
   * missed by a read that starts at once; the matcher rereads within WATCHLIST_CACHE_MS.
   */
  async listAll(): Promise<AccountWatchlist[]> {
    const found: AccountWatchlist[] = [];
    const pages = queryPages({
      TableName: tableName('ACCOUNTS_TABLE'),
      IndexName: WATCHLIST_INDEX,
      KeyConditionExpression: 'watchlist_set = :set',
      ExpressionAttributeValues: { ':set': WATCHLIST_SET },
      ProjectionExpression: 'account_id, lists',
    });
    for await (const page of pages) {
      for (const item of page) {
        const accountId = String(item.account_id);
        for (const watchlist of sortWatchlists((item.lists ?? {}) as Record<string, Watchlist>)) found.push({ account_id: accountId, watchlist });
      }
    }
    return found;
  },

  /**
   * What a delivery needs, read at delivery time (so a paused, changed or deleted webhook and a
   * rotated secret apply at once): the watchlist and its secret, one strongly consistent
   * BatchGetItem of the two items.
   */
  async forDelivery(accountId: string, id: string): Promise<{ watchlist: Watchlist; secret: string } | undefined> {
    const table = tableName('ACCOUNTS_TABLE');
    const keys = [{ pk: pkOf(accountId) }, { pk: secretPkOf(accountId, id) }];
    const out = await dynamo(() => documentClient().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } })));
    let items = out.Responses?.[table] ?? [];
    // Two small items are never left unprocessed in practice; if they are, read them one by one.
    if (Object.keys(out.UnprocessedKeys ?? {}).length > 0) {
      items = (
        await Promise.all(keys.map((Key) => dynamo(() => documentClient().send(new GetCommand({ TableName: table, Key, ConsistentRead: true })))))
      ).flatMap((o) => (o.Item ? [o.Item] : []));
    }
    const listsItem = items.find((item) => item.pk === pkOf(accountId));
    const secretItem = items.find((item) => item.pk === secretPkOf(accountId, id));
    const watchlist = (listsItem?.lists as Record<string, Watchlist> | undefined)?.[id];
    if (!watchlist || typeof secretItem?.secret !== 'string') return undefined;
    return { watchlist: withDefaults(watchlist), secret: secretItem.secret };
  },

  /** Stores (or replaces) a watchlist's webhook secret. */
  async putSecret(accountId: string, id: string, secret: string): Promise<void> {
    await dynamo(() =>
      documentClient().send(
        new PutCommand({ TableName: tableName('ACCOUNTS_TABLE'), Item: { pk: secretPkOf(accountId, id), account_id: accountId, watchlist_id: id, secret } }),
      ),
    );
  },

  async deleteSecret(accountId: string, id: string): Promise<void> {
    await dynamo(() => documentClient().send(new DeleteCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: secretPkOf(accountId, id) } })));
  },

  /**
   * Pauses a webhook after its last retry failed; false when the watchlist is gone or its URL
   * changed meanwhile (a new URL starts afresh, it is not paused for the old one's failures).
   */
  async pauseWebhook(accountId: string, id: string, url: string, reason: string, nowIso: string): Promise<boolean> {
    return changeLists(accountId, {
      update: 'SET lists.#id.webhook_status = :paused, lists.#id.webhook_paused_reason = :reason, lists.#id.updated_at = :now',
      condition: 'attribute_exists(lists.#id) AND lists.#id.webhook_url = :url',
      id,
      values: { ':paused': 'paused', ':reason': reason, ':now': nowIso, ':url': url },
    });
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
    return changeLists(accountId, {
      update: 'SET lists.#id = :watchlist',
      condition: 'attribute_exists(lists.#id)',
      id: watchlist.id,
      values: { ':watchlist': watchlist },
    });
  },

  /** Removes one; false when there is none of that id. */
  async remove(accountId: string, id: string): Promise<boolean> {
    return changeLists(accountId, { update: 'REMOVE lists.#id', condition: 'attribute_exists(lists.#id)', id });
  },
};
