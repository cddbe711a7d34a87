import type { ProviderId } from '../auth/providers.js';
import { accountsKeys, accountsTable, applied } from './accounts-table.js';

/**
 * `IDENTITY#<provider>#<subject>`: a sign-in identity and the account it opens. Accounts are
 * found by identity only, never by e-mail (an e-mail address proves nothing across providers).
 */
export interface IdentityItem {
  readonly account_id: string;
  readonly provider: ProviderId;
  readonly subject: string;
  /** The address the provider reported at link time (kept for the export, not for lookups). */
  readonly email: string;
  readonly linked_at: string;
}

/** The account item keeps the set of its identities (this form) to guard the last unlink. */
export const identityRef = (provider: ProviderId, subject: string) => `${provider}#${subject}`;
const identityPk = (provider: ProviderId, subject: string) => accountsKeys.identity(identityRef(provider, subject));

export type ClaimResult = { outcome: 'claimed' } | { outcome: 'taken'; existing: IdentityItem };

export const identityRepository = {
  async find(provider: ProviderId, subject: string): Promise<IdentityItem | undefined> {
    return accountsTable.get<IdentityItem>(identityPk(provider, subject));
  },

  /** The identities of an account, as the (eventually consistent) account index shows them. */
  async indexedOf(accountId: string): Promise<IdentityItem[]> {
    return (await accountsTable.itemsOf(accountId, 'identity')) as unknown as IdentityItem[];
  },

  /** Puts the identity only if no account holds it yet; otherwise returns who does. */
  async claim(identity: IdentityItem): Promise<ClaimResult> {
    const item = { pk: identityPk(identity.provider, identity.subject), kind: 'identity', ...identity };
    if (await applied(accountsTable.put(item, { ConditionExpression: 'attribute_not_exists(pk)' }))) return { outcome: 'claimed' };
    const existing = await this.find(identity.provider, identity.subject);
    if (!existing) return this.claim(identity);
    return { outcome: 'taken', existing };
  },

  /** Deletes the identity only while it still belongs to `accountId`. */
  async remove(provider: ProviderId, subject: string, accountId: string): Promise<void> {
    await accountsTable.deleteOwned(identityPk(provider, subject), accountId);
  },
};
