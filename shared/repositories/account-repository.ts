import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config/index.js';
import { displayPrefixOf, generateApiKey, hashApiKey, keyIdOf } from '../domain/api-key.js';
import { documentClient, dynamo, isConditionalCheckFailure } from './dynamo-client.js';

/** The account item (`ACCOUNT#<id>`): what the dashboard shows about an account. */
export interface AccountItem {
  readonly account_id: string;
  readonly email: string;
  readonly status: 'active' | 'deleting';
  readonly created_at: string;
  readonly current_key?: { readonly key_id: string; readonly prefix: string; readonly created_at: string };
  /**
   * The current key item's `pk` (`KEY#<sha256>`), so that deletion can revoke it with a strongly
   * consistent delete even before the account index has caught up. Never shown or exported.
   */
  readonly current_key_pk?: string;
  /** `<provider>#<subject>` of each linked identity: guards "unlink only while another remains". */
  readonly identities?: ReadonlySet<string>;
  /** Set when deletion starts: TTL finishes an abandoned deletion even if nobody retries. */
  readonly expires_at?: number;
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
          // An empty prefix means every item of the account.
          KeyConditionExpression: pkPrefix ? 'account_id = :a AND begins_with(pk, :p)' : 'account_id = :a',
          ExpressionAttributeValues: pkPrefix ? { ':a': accountId, ':p': pkPrefix } : { ':a': accountId },
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

  newAccountId(): string {
    return `acc_${randomUUID().replaceAll('-', '')}`;
  },

  /**
   * Creates the account item. With `options.accountId` (sign-in) the identity item already
   * points at that id; if the item exists meanwhile (a concurrent sign-in), that one is returned.
   */
  async createAccount(email: string, options: { accountId?: string; identity?: string } = {}): Promise<AccountItem> {
    const account: AccountItem = {
      account_id: options.accountId ?? this.newAccountId(),
      email,
      status: 'active',
      created_at: new Date().toISOString(),
      ...(options.identity ? { identities: new Set([options.identity]) } : {}),
    };
    try {
      await dynamo(() =>
        documentClient().send(
          new PutCommand({
            TableName: tableName('ACCOUNTS_TABLE'),
            Item: { pk: accountPk(account.account_id), kind: 'account', ...account },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    } catch (error) {
      if (!options.accountId || !isConditionalCheckFailure(error)) throw error;
      const existing = await this.getAccount(options.accountId);
      if (!existing) throw error;
      return existing;
    }
    return account;
  },

  /** Records a linked identity on the active account (after its identity item exists). */
  async addIdentityRef(accountId: string, ref: string): Promise<void> {
    await dynamo(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('ACCOUNTS_TABLE'),
          Key: { pk: accountPk(accountId) },
          UpdateExpression: 'ADD identities :ref',
          ConditionExpression: 'attribute_exists(pk) AND #s = :active',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':ref': new Set([ref]), ':active': 'active' },
        }),
      ),
    );
  },

  /**
   * Takes an identity off the account's set only while another one remains: one conditional
   * write, so two racing unlinks cannot both succeed. Returns false when refused.
   */
  async removeIdentityRef(accountId: string, ref: string): Promise<boolean> {
    try {
      await dynamo(() =>
        documentClient().send(
          new UpdateCommand({
            TableName: tableName('ACCOUNTS_TABLE'),
            Key: { pk: accountPk(accountId) },
            UpdateExpression: 'DELETE identities :ref',
            ConditionExpression: '#s = :active AND contains(identities, :one) AND size(identities) > :min',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':ref': new Set([ref]), ':one': ref, ':active': 'active', ':min': 1 },
          }),
        ),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailure(error)) return false;
      throw error;
    }
  },

  async updateEmail(accountId: string, email: string): Promise<void> {
    await dynamo(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('ACCOUNTS_TABLE'),
          Key: { pk: accountPk(accountId) },
          UpdateExpression: 'SET email = :e',
          ConditionExpression: 'attribute_exists(pk) AND #s = :active',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':e': email, ':active': 'active' },
        }),
      ),
    );
  },

  /** First step of deletion: from here no sign-in, session or key issue accepts the account. */
  async markDeleting(accountId: string, expiresAt: number): Promise<void> {
    await dynamo(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('ACCOUNTS_TABLE'),
          Key: { pk: accountPk(accountId) },
          UpdateExpression: 'SET #s = :deleting, expires_at = if_not_exists(expires_at, :exp)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':deleting': 'deleting', ':exp': expiresAt },
        }),
      ),
    );
  },

  /** Deletes one item of the account's (never an item of another account). */
  async deleteItem(pk: string, accountId: string): Promise<void> {
    try {
      await dynamo(() =>
        documentClient().send(
          new DeleteCommand({
            TableName: tableName('ACCOUNTS_TABLE'),
            Key: { pk },
            ConditionExpression: 'account_id = :a',
            ExpressionAttributeValues: { ':a': accountId },
          }),
        ),
      );
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  },

  accountPk,

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
    try {
      await dynamo(() =>
        documentClient().send(
          new UpdateCommand({
            TableName: table,
            Key: { pk: accountPk(accountId) },
            UpdateExpression: 'SET current_key = :k, current_key_pk = :pk',
            ConditionExpression: 'attribute_exists(pk) AND #s = :active',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':k': { key_id: issued.keyId, prefix: issued.prefix, created_at: issued.createdAt },
              ':pk': keyPk(keyHash),
              ':active': 'active',
            },
          }),
        ),
      );
    } catch (error) {
      // The account is gone or being deleted: take the new key back so it never outlives it.
      await dynamo(() => documentClient().send(new DeleteCommand({ TableName: table, Key: { pk: keyPk(keyHash) } })));
      throw error;
    }
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
