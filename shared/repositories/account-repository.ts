import { randomUUID } from 'node:crypto';
import { displayPrefixOf, generateApiKey, hashApiKey, keyIdOf } from '../domain/api-key.js';
import { ApiError } from '../domain/errors.js';
import { accountsKeys, accountsTable, applied, kindOfPk, type AccountItemKind } from './accounts-table.js';
import { isConditionalCheckFailure } from './dynamo-client.js';

/** The account item (`ACCOUNT#<id>`): what the dashboard shows about an account. */
export interface AccountItem {
  readonly account_id: string;
  readonly email: string;
  readonly status: 'active' | 'deleting';
  readonly created_at: string;
  readonly current_key?: { readonly key_id: string; readonly prefix: string; readonly created_at: string };
  /**
   * The current key item's `pk` (`KEY#<sha256>`): the one key of the account that is valid.
   * The authorizer accepts a key only when this names it. Never shown or exported.
   */
  readonly current_key_pk?: string;
  /** The last issuance ticket taken (`ADD key_version 1`): every issuance gets its own number. */
  readonly key_version?: number;
  /** The ticket of the current key: a key becomes current only over an older ticket. */
  readonly current_key_version?: number;
  /** `<provider>#<subject>` of each linked identity: guards "unlink only while another remains". */
  readonly identities?: ReadonlySet<string>;
  /** Set when deletion starts: TTL finishes an abandoned deletion even if nobody retries. */
  readonly expires_at?: number;
}

/** A key item (`KEY#<sha256>`): which account a key hash belongs to. */
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

/** An account's items as the byAccount index shows them, by kind (for the data export). */
export type AccountItemsByKind = Record<AccountItemKind, Record<string, unknown>[]>;

const accountConditionActive = {
  ConditionExpression: 'attribute_exists(pk) AND #s = :active',
  ExpressionAttributeNames: { '#s': 'status' },
} as const;

/**
 * Accounts and API keys. DynamoDB-compatible stores here have no transactions, so every
 * multi-item change is ordered so that stopping after any step leaves the data valid and safe.
 * The rule that makes that possible: a key is valid exactly while the account item is active and
 * names the key's hash as `current_key_pk`. One item decides, so one conditional write changes
 * it, and key items left behind by an interrupted call grant nothing.
 */
export const accountRepository = {
  /**
   * The authorizer's read, one strongly consistent GetItem: which account a key hash belongs to.
   * A key item alone grants nothing (an interrupted issuance or deletion can leave one behind):
   * every protected request also passes `keyState` below, read beside its other calls.
   */
  async findKey(keyHash: string): Promise<{ accountId: string; keyId: string } | undefined> {
    const key = await accountsTable.get<KeyItem>(accountsKeys.key(keyHash));
    if (!key) return undefined;
    return { accountId: key.account_id, keyId: key.key_id };
  },

  /**
   * Whether `keyId` is the account's valid key right now, from one strongly consistent GetItem
   * of the account item (the one item that decides, see above): `current` when the account is
   * active and its `current_key_pk` is this key's; `superseded` when the account is active and
   * names another key (rotated, revoked); `gone` when the account is deleted or being deleted.
   * The key id is the hash's first 48 bits (keyIdOf), and the authorizer has already matched the
   * whole hash to this account's key item, so a superseded key passes only if two keys of one
   * account share those 48 bits (about 2^-48 per rotation).
   */
  async keyState(accountId: string, keyId: string): Promise<'current' | 'superseded' | 'gone'> {
    const account = await accountsTable.get<Pick<AccountItem, 'status' | 'current_key_pk'>>(accountsKeys.account(accountId), ['status', 'current_key_pk']);
    if (account?.status !== 'active') return 'gone';
    const currentHash = account.current_key_pk?.slice(accountsKeys.key('').length);
    return currentHash !== undefined && keyIdOf(currentHash) === keyId ? 'current' : 'superseded';
  },

  async getAccount(accountId: string): Promise<AccountItem | undefined> {
    return accountsTable.get<AccountItem>(accountsKeys.account(accountId));
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
    const item = { pk: accountsKeys.account(account.account_id), kind: 'account', ...account };
    if (await applied(accountsTable.put(item, { ConditionExpression: 'attribute_not_exists(pk)' }))) return account;
    const existing = options.accountId ? await this.getAccount(options.accountId) : undefined;
    if (!existing) throw new ApiError('CONFLICT');
    return existing;
  },

  /** Records a linked identity on the active account (after its identity item exists). */
  async addIdentityRef(accountId: string, ref: string): Promise<void> {
    await accountsTable.update(accountsKeys.account(accountId), {
      UpdateExpression: 'ADD identities :ref',
      ...accountConditionActive,
      ExpressionAttributeValues: { ':ref': new Set([ref]), ':active': 'active' },
    });
  },

  /**
   * Takes an identity off the account's set only while another one remains: one conditional
   * write, so two racing unlinks cannot both succeed. Returns false when refused.
   */
  async removeIdentityRef(accountId: string, ref: string): Promise<boolean> {
    return applied(
      accountsTable.update(accountsKeys.account(accountId), {
        UpdateExpression: 'DELETE identities :ref',
        ConditionExpression: '#s = :active AND contains(identities, :one) AND size(identities) > :min',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':ref': new Set([ref]), ':one': ref, ':active': 'active', ':min': 1 },
      }),
    );
  },

  async updateEmail(accountId: string, email: string): Promise<void> {
    await accountsTable.update(accountsKeys.account(accountId), {
      UpdateExpression: 'SET email = :e',
      ...accountConditionActive,
      ExpressionAttributeValues: { ':e': email, ':active': 'active' },
    });
  },

  /** First step of deletion: from here no key, sign-in, session or key issue accepts the account. */
  async markDeleting(accountId: string, expiresAt: number): Promise<void> {
    await accountsTable.update(accountsKeys.account(accountId), {
      UpdateExpression: 'SET #s = :deleting, expires_at = if_not_exists(expires_at, :exp)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':deleting': 'deleting', ':exp': expiresAt },
    });
  },

  /**
   * Issues a new key; it replaces the account's current one unless a later issuance already has.
   * No reads, no retries, four calls whatever the concurrency:
   * 1. put the new key item (it grants nothing yet: the account does not name it);
   * 2. take a ticket: `ADD key_version 1` on the active account, one atomic write, so every
   *    issuance gets its own number and the order of the numbers is the order of issuance;
   * 3. make the key current — `current_key_pk`, `current_key` (what the dashboard shows) and
   *    `current_key_version` in one write — on condition that no later ticket is current
   *    already; from this write on it is the only valid key;
   * 4. delete the key item it replaced (housekeeping: invalid since step 3). If step 3 was
   *    refused, a later issuance won: this key never becomes valid, and its item goes instead.
   * Whatever the interleaving, the valid key is the one with the highest ticket: the last issued.
   * Neither a stop between steps nor the lagging byAccount index can leave two valid keys or none.
   */
  async issueKey(accountId: string): Promise<IssuedKey> {
    const apiKey = generateApiKey();
    const keyHash = hashApiKey(apiKey);
    const issued: IssuedKey = { apiKey, keyId: keyIdOf(keyHash), prefix: displayPrefixOf(apiKey), createdAt: new Date().toISOString() };
    const pk = accountsKeys.key(keyHash);
    const accountKey = accountsKeys.account(accountId);
    const keyItem: KeyItem = { account_id: accountId, key_id: issued.keyId, prefix: issued.prefix, created_at: issued.createdAt };
    await accountsTable.put({ pk, kind: 'key', ...keyItem }, { ConditionExpression: 'attribute_not_exists(pk)' });
    let ticket: number;
    try {
      const out = await accountsTable.update(accountKey, {
        UpdateExpression: 'ADD key_version :one',
        ...accountConditionActive,
        ExpressionAttributeValues: { ':one': 1, ':active': 'active' },
        ReturnValues: 'UPDATED_NEW',
      });
      ticket = Number(out.Attributes?.key_version);
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      // The account is gone or being deleted: take the key item back, so it never outlives it.
      await accountsTable.delete(pk);
      throw new ApiError('CONFLICT');
    }
    let stale = pk;
    try {
      const out = await accountsTable.update(accountKey, {
        UpdateExpression: 'SET current_key = :k, current_key_pk = :pk, current_key_version = :v',
        ConditionExpression: '#s = :active AND (attribute_not_exists(current_key_version) OR current_key_version < :v)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':k': { key_id: issued.keyId, prefix: issued.prefix, created_at: issued.createdAt },
          ':pk': pk,
          ':v': ticket,
          ':active': 'active',
        },
        ReturnValues: 'UPDATED_OLD',
      });
      stale = String(out.Attributes?.current_key_pk ?? '');
    } catch (error) {
      // Refused: a later ticket is current already (or a deletion started); this key never becomes valid.
      if (!isConditionalCheckFailure(error)) throw error;
    }
    if (stale) await accountsTable.deleteOwned(stale, accountId);
    return issued;
  },

  /**
   * Deletes the account's key items: the current one by its recorded pk (consistent), then any
   * the index shows. Housekeeping for deletion — the key is already invalid once the account
   * is marked deleting.
   */
  async deleteKeys(account: AccountItem): Promise<void> {
    if (account.current_key_pk) await accountsTable.deleteOwned(account.current_key_pk, account.account_id);
    for (const item of await accountsTable.itemsOf(account.account_id, 'key')) {
      await accountsTable.deleteOwned(item.pk, account.account_id);
    }
  },

  /** Every item of the account the index shows, by kind. */
  async itemsByKind(accountId: string): Promise<AccountItemsByKind> {
    const byKind: AccountItemsByKind = { account: [], key: [], identity: [], session: [] };
    for (const item of await accountsTable.itemsOf(accountId)) {
      const kind = kindOfPk(item.pk);
      if (kind) byKind[kind].push(item);
    }
    return byKind;
  },

  /**
   * Deletion's sweep: the identities the account item lists (consistent), then every item the
   * index shows except the account item and the caller's own session, which go last.
   */
  async deleteItemsExcept(account: AccountItem, ownSessionHash: string): Promise<void> {
    const keep = new Set([accountsKeys.account(account.account_id), accountsKeys.session(ownSessionHash)]);
    for (const ref of account.identities ?? []) await accountsTable.deleteOwned(accountsKeys.identity(ref), account.account_id);
    for (const item of await accountsTable.itemsOf(account.account_id)) {
      if (!keep.has(item.pk)) await accountsTable.deleteOwned(item.pk, account.account_id);
    }
  },

  /** Deletion's last step. */
  async deleteAccountItem(accountId: string): Promise<void> {
    await accountsTable.deleteOwned(accountsKeys.account(accountId), accountId);
  },

  /** Whether an exported session item is the caller's own. */
  isSessionItem(item: Record<string, unknown>, sessionHash: string): boolean {
    return item.pk === accountsKeys.session(sessionHash);
  },
};
