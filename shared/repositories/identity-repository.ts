import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config/index.js';
import type { ProviderId } from '../auth/providers.js';
import { documentClient, dynamo, isConditionalCheckFailure } from './dynamo-client.js';

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

export const identityPk = (provider: ProviderId, subject: string) => `IDENTITY#${provider}#${subject}`;
/** The account item keeps the set of its identities (this form) to guard the last unlink. */
export const identityRef = (provider: ProviderId, subject: string) => `${provider}#${subject}`;

export type ClaimResult = { outcome: 'claimed' } | { outcome: 'taken'; existing: IdentityItem };

export const identityRepository = {
  async find(provider: ProviderId, subject: string): Promise<IdentityItem | undefined> {
    const out = await dynamo(() =>
      documentClient().send(
        new GetCommand({ TableName: tableName('ACCOUNTS_TABLE'), Key: { pk: identityPk(provider, subject) }, ConsistentRead: true }),
      ),
    );
    return out.Item as IdentityItem | undefined;
  },

  /** Puts the identity only if no account holds it yet; otherwise returns who does. */
  async claim(identity: IdentityItem): Promise<ClaimResult> {
    try {
      await dynamo(() =>
        documentClient().send(
          new PutCommand({
            TableName: tableName('ACCOUNTS_TABLE'),
            Item: { pk: identityPk(identity.provider, identity.subject), kind: 'identity', ...identity },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      return { outcome: 'claimed' };
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      const existing = await this.find(identity.provider, identity.subject);
      if (!existing) return this.claim(identity);
      return { outcome: 'taken', existing };
    }
  },

  /** Deletes the identity only while it still belongs to `accountId`. */
  async remove(provider: ProviderId, subject: string, accountId: string): Promise<void> {
    try {
      await dynamo(() =>
        documentClient().send(
          new DeleteCommand({
            TableName: tableName('ACCOUNTS_TABLE'),
            Key: { pk: identityPk(provider, subject) },
            ConditionExpression: 'account_id = :a',
            ExpressionAttributeValues: { ':a': accountId },
          }),
        ),
      );
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  },
};
