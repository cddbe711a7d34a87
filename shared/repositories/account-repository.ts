import { randomUUID } from 'node:crypto';
import { displayPrefixOf, generateApiKey, hashApiKey, keyHashPrefixOf, keyIdOf } from '../domain/api-key.js';
import { ApiError } from '../domain/errors.js';
import { ACCOUNT_WIDE } from '../domain/limits.js';
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
  /**
   * Also: one attribute per open window of the per-minute allowance, `rate#account#<window
   * start>` = requests of all the account's keys (the limit), and `rate#<key id>#<window start>`
   * = that key's (its usage history) (`takeRequestUnit`), read with `rateWindowsOf`.
   */
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

/** A window of the per-minute allowance as the account item holds it. */
export interface RateWindowCount {
  readonly keyId: string;
  /** Unix seconds. */
  readonly windowStart: number;
  readonly used: number;
}

/**
 * One request's admission (`takeRequestUnit`): `taken` with the units used in the window after
 * taking one — and, when this request opened the window, the older windows the item still holds
 * (`closed`: theirs to remove and record, `closeRateWindows`); `limited` when the window is used
 * up; `superseded` when the account names another key; `gone` when the account is deleted or
 * being deleted.
 */
export type RequestUnit =
  | { readonly outcome: 'taken'; readonly used: number; readonly closed?: readonly RateWindowCount[] }
  | { readonly outcome: 'limited'; readonly used?: number }
  | { readonly outcome: 'superseded' }
  | { readonly outcome: 'gone' };

const RATE_PREFIX = 'rate#';

function rateAttribute(keyId: string, windowStart: number): string {
  return `${RATE_PREFIX}${keyId}#${windowStart}`;
}

/** The allowance windows an account item holds (its `rate#` attributes). */
function windowsIn(item: Record<string, unknown> | undefined): RateWindowCount[] {
  return Object.entries(item ?? {}).flatMap(([name, value]) => {
    if (!name.startsWith(RATE_PREFIX)) return [];
    const [keyId = '', start = ''] = name.slice(RATE_PREFIX.length).split('#');
    return [{ keyId, windowStart: Number(start), used: Number(value) }];
  });
}

type KeyDecidingFields = Pick<AccountItem, 'status' | 'current_key_pk'>;

/**
 * The rule of the account item (see accountRepository): `current` when the account is active and
 * its `current_key_pk` is this key's; `superseded` when it names another key (rotated, revoked);
 * `gone` when the account is deleted or being deleted. The key id is the hash's first 48 bits
 * (keyIdOf), and the authorizer has already matched the whole hash to this account's key item,
 * so a superseded key passes only if two keys of one account share those 48 bits (about 2^-48
 * per rotation). takeRequestUnit's condition (`begins_with(current_key_pk, …)`) is the same test.
 */
function keyStateIn(account: KeyDecidingFields | undefined, keyId: string): 'current' | 'superseded' | 'gone' {
  if (account?.status !== 'active') return 'gone';
  const currentHash = account.current_key_pk?.slice(accountsKeys.key('').length);
  return currentHash !== undefined && keyIdOf(currentHash) === keyId ? 'current' : 'superseded';
}

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
   * every protected request is also admitted by `takeRequestUnit` below, whose one conditional
   * write requires the account item to name the key.
   */
  async findKey(keyHash: string): Promise<{ accountId: string; keyId: string } | undefined> {
    const key = await accountsTable.get<KeyItem>(accountsKeys.key(keyHash));
    if (!key) return undefined;
    return { accountId: key.account_id, keyId: key.key_id };
  },

  /**
   * Admits one request of `keyId`: the key check and one unit of the per-minute allowance in ONE
   * conditional write to the account item, the item that decides whether the key is valid. The
   * window's count is an attribute of that item (`rate#<key id>#<window start>`), so a revoked,
   * rotated or deleted key is refused by the very write that would count it (at once, whatever
   * the authorizer cache holds), and a refused request counts nothing. The write adds 1 while the
   * key is current and the window has room; DynamoDB applies each write atomically against the
   * value it sees, so N racing requests for k remaining units get exactly k successes, and a new
   * window needs no reset (its attribute starts from nothing). Its old item names the windows
   * the item still holds: the request that opens a window gets the older ones to close.
   * Refused, one consistent read says why: the key (`gone`, `superseded`) or else the limit —
   * a key never becomes current again, so a key current now was current when refused.
   */
  async takeRequestUnit(accountId: string, keyId: string, windowStart: number, limit: number, units = 1): Promise<RequestUnit> {
    const pk = accountsKeys.account(accountId);
    const window = rateAttribute(keyId, windowStart);
    // The limit is the account's (issue 24: a rotated key must not start a fresh minute); the
    // key's own count beside it is what the usage history records per key.
    const accountWindow = rateAttribute(ACCOUNT_WIDE, windowStart);
    try {
      const out = await accountsTable.update(pk, {
        UpdateExpression: 'SET #n = if_not_exists(#n, :zero) + :units, #a = if_not_exists(#a, :zero) + :units',
        // All the units or none: a batch never takes part of what it needs.
        ConditionExpression: '#s = :active AND begins_with(current_key_pk, :keyPk) AND (attribute_not_exists(#a) OR #a <= :most)',
        ExpressionAttributeNames: { '#s': 'status', '#n': window, '#a': accountWindow },
        ExpressionAttributeValues: {
          ':active': 'active',
          ':keyPk': accountsKeys.key(keyHashPrefixOf(keyId)),
          ':zero': 0,
          ':units': units,
          ':most': limit - units,
        },
        ReturnValues: 'ALL_OLD',
      });
      const used = Number(out.Attributes?.[accountWindow] ?? 0) + units;
      if (Number(out.Attributes?.[window] ?? 0) > 0) return { outcome: 'taken', used };
      // Never a later window (another instance's clock a little ahead): that one is still open;
      // nor the account's window of this minute, which other keys' requests share.
      const closed = windowsIn(out.Attributes).filter(
        (w) => w.windowStart < windowStart || (w.windowStart === windowStart && w.keyId !== keyId && w.keyId !== ACCOUNT_WIDE),
      );
      return { outcome: 'taken', used, closed };
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
    const account = await accountsTable.get<KeyDecidingFields & Record<string, unknown>>(pk, ['status', 'current_key_pk', accountWindow]);
    const keyState = keyStateIn(account, keyId);
    // A batch refused for want of units leaves the window as it was: the headers say what is left.
    return keyState === 'current' ? { outcome: 'limited', used: Number(account?.[accountWindow] ?? limit) } : { outcome: keyState };
  },

  /**
   * Removes closed windows from the account item, each only while it still holds the count seen
   * (so exactly one request removes — and records — a window). False when refused: another
   * request has closed them, or the account is gone; the windows are then not this caller's.
   */
  async closeRateWindows(accountId: string, windows: readonly RateWindowCount[]): Promise<boolean> {
    if (windows.length === 0) return true;
    const names = Object.fromEntries(windows.map((w, i) => [`#w${i}`, rateAttribute(w.keyId, w.windowStart)]));
    return applied(
      accountsTable.update(accountsKeys.account(accountId), {
        UpdateExpression: `REMOVE ${windows.map((_, i) => `#w${i}`).join(', ')}`,
        ConditionExpression: windows.map((_, i) => `#w${i} = :w${i}`).join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: Object.fromEntries(windows.map((w, i) => [`:w${i}`, w.used])),
      }),
    );
  },

  /** The keys' allowance windows the account item holds (for the dashboard's usage and the data export). */
  async rateWindows(accountId: string): Promise<RateWindowCount[]> {
    return windowsIn(await accountsTable.get<Record<string, unknown>>(accountsKeys.account(accountId))).filter((w) => w.keyId !== ACCOUNT_WIDE);
  },

  /** The same, from an account item already read (the session's). */
  rateWindowsOf(account: AccountItem): RateWindowCount[] {
    return windowsIn(account as unknown as Record<string, unknown>).filter((w) => w.keyId !== ACCOUNT_WIDE);
  },

  /** Requests the account has made in the minute window starting at `windowStart` (all its keys). */
  accountWindowUsed(account: AccountItem, windowStart: number): number {
    return windowsIn(account as unknown as Record<string, unknown>).find((w) => w.keyId === ACCOUNT_WIDE && w.windowStart === windowStart)?.used ?? 0;
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
