import { dynamoDbDocumentSdk } from './aws-sdk.js';
import { tableName } from '../config/index.js';
import { documentClient, dynamo, isConditionalCheckFailure } from './dynamo-client.js';

const { DeleteCommand, GetCommand, PutCommand, UpdateCommand } = dynamoDbDocumentSdk;

/** A lease item in the catalogue table: `LEASE#<name>`, its holder and when it lapses (epoch ms). */
const LEASE_PREFIX = 'LEASE#';

export interface LeaseState {
  readonly holder: string;
  readonly expiresAtMs: number;
}

export type LeaseAttempt = { readonly acquired: true } | { readonly acquired: false; readonly heldBy: LeaseState };

const key = (name: string) => ({ pk: `${LEASE_PREFIX}${name}` });

/**
 * Leases with expiry, by conditional writes: taking one succeeds only when nobody holds it or
 * the holder's lease has lapsed (a run killed at its timeout cannot release; its lease expires).
 */
export const leaseRepository = {
  async acquire(name: string, holder: string, nowMs: number, expiresAtMs: number): Promise<LeaseAttempt> {
    try {
      await dynamo(() =>
        documentClient().send(
          new PutCommand({
            TableName: tableName('CATALOGUE_TABLE'),
            Item: { ...key(name), holder, expires_at_ms: expiresAtMs, acquired_at: new Date(nowMs).toISOString() },
            ConditionExpression: 'attribute_not_exists(pk) OR expires_at_ms < :now',
            ExpressionAttributeValues: { ':now': nowMs },
          }),
        ),
      );
      return { acquired: true };
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      const current = await leaseRepository.read(name);
      // Released between the two calls: report it as just lapsed; the caller may try again.
      return { acquired: false, heldBy: current ?? { holder: 'unknown', expiresAtMs: nowMs } };
    }
  },

  /** Extends the lease while the holder still has it; false when another run took it over. */
  async renew(name: string, holder: string, expiresAtMs: number): Promise<boolean> {
    try {
      await dynamo(() =>
        documentClient().send(
          new UpdateCommand({
            TableName: tableName('CATALOGUE_TABLE'),
            Key: key(name),
            UpdateExpression: 'SET expires_at_ms = :expires',
            ConditionExpression: 'holder = :holder',
            ExpressionAttributeValues: { ':expires': expiresAtMs, ':holder': holder },
          }),
        ),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailure(error)) return false;
      throw error;
    }
  },

  async release(name: string, holder: string): Promise<void> {
    try {
      await dynamo(() =>
        documentClient().send(
          new DeleteCommand({
            TableName: tableName('CATALOGUE_TABLE'),
            Key: key(name),
            ConditionExpression: 'holder = :holder',
            ExpressionAttributeValues: { ':holder': holder },
          }),
        ),
      );
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  },

  async read(name: string): Promise<LeaseState | undefined> {
    const out = await dynamo(() => documentClient().send(new GetCommand({ TableName: tableName('CATALOGUE_TABLE'), Key: key(name), ConsistentRead: true })));
    if (!out.Item) return undefined;
    return { holder: String(out.Item.holder), expiresAtMs: Number(out.Item.expires_at_ms) };
  },
};
