import type { ProviderId } from '../auth/providers.js';
import type { SealedSecret } from '../auth/session-secret.js';
import { accountsKeys, accountsTable, applied } from './accounts-table.js';

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

export const sessionRepository = {
  async create(hash: string, session: SessionItem): Promise<void> {
    await accountsTable.put({ pk: accountsKeys.session(hash), kind: 'session', ...session }, { ConditionExpression: 'attribute_not_exists(pk)' });
  },

  async get(hash: string): Promise<SessionItem | undefined> {
    return accountsTable.get<SessionItem>(accountsKeys.session(hash));
  },

  /** Slides the idle expiry; a session deleted meanwhile stays deleted (returns false). */
  async touch(hash: string, lastSeenAt: string, idleExpiresAt: number, expiresAt: number): Promise<boolean> {
    return applied(
      accountsTable.update(accountsKeys.session(hash), {
        UpdateExpression: 'SET last_seen_at = :seen, idle_expires_at = :idle, expires_at = :exp',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':seen': lastSeenAt, ':idle': idleExpiresAt, ':exp': expiresAt },
      }),
    );
  },

  async setIssuedKey(hash: string, issued: SessionItem['issued_key']): Promise<void> {
    await accountsTable.update(accountsKeys.session(hash), {
      UpdateExpression: 'SET issued_key = :k',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':k': issued },
    });
  },

  async delete(hash: string): Promise<void> {
    await accountsTable.delete(accountsKeys.session(hash));
  },

  /**
   * Records that an OAuth state was used, once: a replayed callback fails here even if the
   * browser still holds the state cookie. The item belongs to no account (no `account_id`, so
   * it stays out of the byAccount index) and expires with the flow.
   */
  async consumeState(stateHash: string, expiresAt: number): Promise<boolean> {
    return applied(
      accountsTable.put(
        { pk: accountsKeys.oauthState(stateHash), kind: 'oauth_state', expires_at: expiresAt },
        { ConditionExpression: 'attribute_not_exists(pk)' },
      ),
    );
  },
};
