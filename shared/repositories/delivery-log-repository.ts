import { dynamoDbDocumentSdk } from './aws-sdk.js';
import { tableName } from '../config/index.js';
import { DELIVERY_LOG_SIZE, type DeliveryAttempt } from '../domain/webhook-delivery.js';
import { documentClient, dynamo, isConditionalCheckFailure } from './dynamo-client.js';
import { accountsKeys } from './accounts-table.js';

const { DeleteCommand, GetCommand, UpdateCommand } = dynamoDbDocumentSdk;

/**
 * The delivery log (product-decisions §7): the newest attempts of one watchlist's webhook, one
 * item `DELIVERIES#<account>#<watchlist>` in the accounts table holding a list, newest first.
 * An attempt is one UpdateItem that prepends it (`list_append`, atomic under concurrent
 * deliveries); once the list has grown TRIM_AT long, one more conditional UpdateItem removes the
 * tail past the newest 50 (entries prepended meanwhile only shift the tail, so the newest 50
 * always stay). The item carries `account_id`: deleting the account deletes it.
 */
const pkOf = accountsKeys.deliveries;
const TRIM_AT = DELIVERY_LOG_SIZE + 10;

export const deliveryLogRepository = {
  async append(accountId: string, watchlistId: string, attempt: DeliveryAttempt): Promise<void> {
    const table = tableName('ACCOUNTS_TABLE');
    const pk = pkOf(accountId, watchlistId);
    const out = await dynamo(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: table,
          Key: { pk },
          UpdateExpression: 'SET attempts = list_append(:one, if_not_exists(attempts, :empty)), account_id = :account',
          ExpressionAttributeValues: { ':one': [attempt], ':empty': [], ':account': accountId },
          ReturnValues: 'UPDATED_NEW',
        }),
      ),
    );
    const length = (out.Attributes?.attempts as unknown[] | undefined)?.length ?? 0;
    if (length < TRIM_AT) return;
    const tail = Array.from({ length: length - DELIVERY_LOG_SIZE }, (_, i) => `attempts[${DELIVERY_LOG_SIZE + i}]`);
    try {
      await dynamo(() =>
        documentClient().send(
          new UpdateCommand({
            TableName: table,
            Key: { pk },
            UpdateExpression: `REMOVE ${tail.join(', ')}`,
            ConditionExpression: 'size(attempts) >= :length',
            ExpressionAttributeValues: { ':length': length },
          }),
        ),
      );
    } catch (error) {
      // Another delivery trimmed first: nothing left to do.
      if (!isConditionalCheckFailure(error)) throw error;
    }
  },

  /** The newest attempts first, at most 50 (strongly consistent: the dashboard shows the latest). */
  async recent(accountId: string, watchlistId: string): Promise<DeliveryAttempt[]> {
    const out = await dynamo(() =>
      documentClient().send(new GetCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: pkOf(accountId, watchlistId) }, ConsistentRead: true })),
    );
    return ((out.Item?.attempts ?? []) as DeliveryAttempt[]).slice(0, DELIVERY_LOG_SIZE);
  },

  async remove(accountId: string, watchlistId: string): Promise<void> {
    await dynamo(() => documentClient().send(new DeleteCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: pkOf(accountId, watchlistId) } })));
  },
};
