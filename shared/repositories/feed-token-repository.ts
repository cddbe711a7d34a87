import { dynamoDbDocumentSdk } from './aws-sdk.js';
import { tableName } from '../config/index.js';
import { documentClient, dynamo } from './dynamo-client.js';
import { accountsKeys } from './accounts-table.js';

const { DeleteCommand, GetCommand, PutCommand } = dynamoDbDocumentSdk;

/**
 * Feed tokens: one item `FEEDTOKEN#<sha256 of the token>` in the accounts table naming the
 * account and watchlist it opens. A feed request is one GetItem by the hash (no scan, no index);
 * the item carries `account_id`, so deleting the account (which removes every item on the
 * `byAccount` index) removes it too.
 */
const pkOf = accountsKeys.feedToken;

export interface FeedTokenTarget {
  readonly account_id: string;
  readonly watchlist_id: string;
}

export const feedTokenRepository = {
  pkOf,

  async put(tokenHash: string, target: FeedTokenTarget, createdAt: string): Promise<void> {
    await dynamo(() =>
      documentClient().send(
        new PutCommand({
          TableName: tableName('ACCOUNTS_TABLE'),
          Item: { pk: pkOf(tokenHash), account_id: target.account_id, watchlist_id: target.watchlist_id, created_at: createdAt },
          // 256 random bits never collide; the condition makes an impossible collision an error, not a takeover.
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  },

  async find(tokenHash: string): Promise<FeedTokenTarget | undefined> {
    const out = await dynamo(() => documentClient().send(new GetCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: pkOf(tokenHash) } })));
    if (!out.Item) return undefined;
    return { account_id: String(out.Item.account_id), watchlist_id: String(out.Item.watchlist_id) };
  },

  async remove(tokenHash: string): Promise<void> {
    await dynamo(() => documentClient().send(new DeleteCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: pkOf(tokenHash) } })));
  },
};
