import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config/index.js';
import type { ProviderId } from '../auth/providers.js';
import type { SealedSecret } from '../auth/session-secret.js';
import { documentClient, dynamo, isConditionalCheckFailure } from './dynamo-client.js';

/**
 * `SESSION#<sha256 of the session id>`: a dashboard session. `expires_at` (the TTL attribute)
 * is the earlier of the idle and the absolute expiry; TTL deletion is lazy (and dynalite has no
 * TTL at all), so readers check the expiry themselves and never trust an item past it.
 */
export interface SessionItem {
  readonly account_id: string;
  readonly provider: ProviderId;
  readonly created_at: string;
  readonly last_seen_at: string;
  /** Unix seconds. */
  readonly idle_expires_at: number;
  readonly absolute_expires_at: number;
  readonly expires_at: number;
  /** Sent by the dashboard in X-CSRF-Token on every state-changing call. */
  readonly csrf_token: string;
  /** The API key this session issued, sealed under the session id (see shared/auth/session-secret.ts). */
  readonly issued_key?: SealedSecret & { readonly key_id: string };
}

const sessionPk = (hash: string) => `SESSION#${hash}`;
const statePk = (hash: string) => `OAUTHSTATE#${hash}`;

export const sessionRepository = {
  async create(hash: string, session: SessionItem): Promise<void> {
    await dynamo(() =>
      documentClient().send(
        new PutCommand({
          TableName: tableName('ACCOUNTS_TABLE'),
          Item: { pk: sessionPk(hash), kind: 'session', ...session },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  },

  async get(hash: string): Promise<SessionItem | undefined> {
    const out = await dynamo(() =>
      documentClient().send(
        new GetCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: sessionPk(hash) }, ConsistentRead: true }),
      ),
    );
    return out.Item as SessionItem | undefined;
  },

  /** Slides the idle expiry; a session deleted meanwhile stays deleted (returns false). */
  async touch(hash: string, lastSeenAt: string, idleExpiresAt: number, expiresAt: number): Promise<boolean> {
    try {
      await dynamo(() =>
        documentClient().send(
          new UpdateCommand({
            TableName: tableName('ACCOUNTS_TABLE'),
            Key: { pk: sessionPk(hash) },
            UpdateExpression: 'SET last_seen_at = :seen, idle_expires_at = :idle, expires_at = :exp',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':seen': lastSeenAt, ':idle': idleExpiresAt, ':exp': expiresAt },
          }),
        ),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailure(error)) return false;
      throw error;
    }
  },

  async setIssuedKey(hash: string, issued: SessionItem['issued_key']): Promise<void> {
    await dynamo(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('ACCOUNTS_TABLE'),
          Key: { pk: sessionPk(hash) },
          UpdateExpression: 'SET issued_key = :k',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':k': issued },
        }),
      ),
    );
  },

  async delete(hash: string): Promise<void> {
    await dynamo(() =>
      documentClient().send(new DeleteCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: sessionPk(hash) } })),
    );
  },

  /**
   * Records that an OAuth state was used, once: a replayed callback fails here even if the
   * browser still holds the state cookie. The item belongs to no account (no `account_id`, so
   * it stays out of the byAccount index) and expires with the flow.
   */
  async consumeState(stateHash: string, expiresAt: number): Promise<boolean> {
    try {
      await dynamo(() =>
        documentClient().send(
          new PutCommand({
            TableName: tableName('ACCOUNTS_TABLE'),
            Item: { pk: statePk(stateHash), kind: 'oauth_state', expires_at: expiresAt },
            ConditionExpression: 'attribute_not_exists(pk)',
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
