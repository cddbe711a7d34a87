import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config/index.js';
import { displayPrefixOf, generateApiKey, hashApiKey, keyIdOf } from '../domain/api-key.js';
import { documentClient, dynamo } from './dynamo-client.js';

/** The account item (`ACCOUNT#<id>`): what the dashboard shows about an account. */
export interface AccountItem {
  readonly account_id: string;
  readonly email: string;
  readonly status: 'active' | 'deleting';
  readonly created_at: string;
  readonly current_key?: { readonly key_id: string; readonly prefix: string; readonly created_at: string };
}

/** A key item (`KEY#<sha256>`). Its existence is what makes a key valid. */
export interface KeyItem {
  readonly account_id: string;
  readonly key_id: string;
  readonly prefix: string;
  readonly created_at: string;
}

export interface IssuedKey {
  /** The secret: returned once, to the caller that asked for it, never stored. */
  readonly apiKey: string;
  readonly keyId: string;
  readonly prefix: string;
  readonly createdAt: string;
}

const accountPk = (accountId: string) => `ACCOUNT#${accountId}`;
const keyPk = (keyHash: string) => `KEY#${keyHash}`;

async function itemsOfAccount(accountId: string, pkPrefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo(() =>
      documentClient().send(
        new QueryCommand({
          TableName: tableName('ACCOUNTS_TABLE'),
          IndexName: 'byAccount',
          KeyConditionExpression: 'account_id = :a AND begins_with(pk, :p)',
          ExpressionAttributeValues: { ':a': accountId, ':p': pkPrefix },
          ExclusiveStartKey: start,
        }),
      ),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Accounts and API keys. DynamoDB-compatible stores here have no transactions, so every
 * multi-item change is ordered so that stopping after any step leaves the data valid and safe.
 * The rule that makes that possible: a key is valid exactly while its `KEY#<hash>` item exists,
 * and revoking a key is deleting that item.
 */
export const accountRepository = {
  /** The authorizer's one read: strongly consistent, so a revoked key fails at once. */
  async findKey(keyHash: string): Promise<KeyItem | undefined> {
    const out = await dynamo(() =>
      documentClient().send(
        new GetCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: keyPk(keyHash) }, ConsistentRead: true }),
      ),
    );
    return out.Item as KeyItem | undefined;
  },

  async getAccount(accountId: string): Promise<AccountItem | undefined> {
    const out = await dynamo(() =>
      documentClient().send(
        new GetCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: accountPk(accountId) }, ConsistentRead: true }),
      ),
    );
    return out.Item as AccountItem | undefined;
  },

  async createAccount(email: string): Promise<AccountItem> {
    const account: AccountItem = {
      account_id: `acc_${randomUUID().replaceAll('-', '')}`,
      email,
      status: 'active',
      created_at: new Date().toISOString(),
    };
    await dynamo(() =>
      documentClient().send(
        new PutCommand({
          TableName: tableName('ACCOUNTS_TABLE'),
          Item: { pk: accountPk(account.account_id), kind: 'account', ...account },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    return account;
  },

  /**
   * Issues a new key and revokes every other key of the account. Order:
   * 1. put the new key item (valid from here, but nobody knows the key until we return it);
   * 2. record it as the account's current key (what the dashboard shows);
   * 3. delete every other key item of the account (the old key stops working).
   * A crash before 3 leaves the old key working and the call failed, exactly as before the call;
   * a retry finishes the job because step 3 finds all stale key items through the account index.
   */
  async issueKey(accountId: string): Promise<IssuedKey> {
    const apiKey = generateApiKey();
    const keyHash = hashApiKey(apiKey);
    const issued: IssuedKey = {
      apiKey,
      keyId: keyIdOf(keyHash),
      prefix: displayPrefixOf(apiKey),
      createdAt: new Date().toISOString(),
    };
    const table = tableName('ACCOUNTS_TABLE');
    const keyItem: KeyItem = {
      account_id: accountId,
      key_id: issued.keyId,
      prefix: issued.prefix,
      created_at: issued.createdAt,
    };
    await dynamo(() =>
      documentClient().send(
        new PutCommand({
          TableName: table,
          Item: { pk: keyPk(keyHash), kind: 'key', ...keyItem },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    await dynamo(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: table,
          Key: { pk: accountPk(accountId) },
          UpdateExpression: 'SET current_key = :k',
          ConditionExpression: 'attribute_exists(pk) AND #s = :active',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':k': { key_id: issued.keyId, prefix: issued.prefix, created_at: issued.createdAt },
            ':active': 'active',
          },
        }),
      ),
    );
    await this.revokeKeysExcept(accountId, keyPk(keyHash));
    return issued;
  },

  /** Deletes every key item of the account except `keepPk` (none when omitted). */
  async revokeKeysExcept(accountId: string, keepPk?: string): Promise<void> {
    const stale = (await itemsOfAccount(accountId, 'KEY#')).filter((item) => item.pk !== keepPk);
    for (const item of stale) {
      await dynamo(() =>
        documentClient().send(new DeleteCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: item.pk } })),
      );
    }
  },

  itemsOfAccount,
};
