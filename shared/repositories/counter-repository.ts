import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoDbDocumentSdk } from './aws-sdk.js';
import { tableName } from '../config/index.js';
import type { RateResource } from '../domain/limits.js';
import type { ExportCursorState } from '../query/export-cursor.js';
import { batchDeleteAll } from './batch.js';
import { documentClient, dynamo, isConditionalCheckFailure } from './dynamo-client.js';
import { queryAll } from './pages.js';

const { GetCommand, PutCommand, UpdateCommand } = dynamoDbDocumentSdk;

export interface CounterKey {
  readonly accountId: string;
  readonly keyId: string;
  readonly resource: RateResource;
  /** Unix seconds of the window start. */
  readonly windowStart: number;
}

export class LimitReachedError extends Error {
  constructor() {
    super('The window allowance is used up');
    this.name = 'LimitReachedError';
  }
}

/** What the daily usage items count (the dashboard's 30-day chart). */
export type UsageMetric = 'requests' | 'rate_limited' | 'exports';
export const USAGE_METRICS: readonly UsageMetric[] = ['requests', 'rate_limited', 'exports'];
export const USAGE_SK_PREFIX = 'usage#';
/** A day's usage item is kept for 31 days after the day ends (TTL), enough for a 30-day chart. */
export const USAGE_KEEP_SECONDS = 31 * 86_400;

export interface DailyUsage {
  readonly keyId: string;
  /** The UTC day, YYYY-MM-DD. */
  readonly day: string;
  readonly requests: number;
  readonly rate_limited: number;
  readonly exports: number;
}

/** Counter items outlive their window by a margin so that TTL never deletes a live one. */
const TTL_MARGIN_SECONDS = 3600;

function keyOf(counter: CounterKey) {
  return { pk: counter.accountId, sk: `${counter.resource}#${counter.keyId}#${counter.windowStart}` };
}

/**
 * Fixed-window counters enforced by conditional writes. dynalite (and DynamoDB) apply each
 * UpdateItem atomically, so N concurrent callers racing for k remaining units get exactly k
 * successes: the condition is evaluated against the value each write actually sees.
 */
/** Every counter item the key condition selects (one account's partition), page by page. */
async function counterItems(query: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Record<string, unknown>[]> {
  const { items } = await queryAll({ TableName: tableName('COUNTERS_TABLE'), ...query });
  return items;
}

const cursorKey = (accountId: string, hash: string) => ({ pk: accountId, sk: `cursor#${hash}` });

export const counterRepository = {
  /** An export cursor's state (sk `cursor#<sha256 of the token>`), removed by TTL when it expires. */
  async putExportCursor(accountId: string, hash: string, state: ExportCursorState): Promise<void> {
    await dynamo(() =>
      documentClient().send(
        new PutCommand({
          TableName: tableName('COUNTERS_TABLE'),
          Item: { ...cursorKey(accountId, hash), state: JSON.stringify(state), expires_at: state.expiresAt },
        }),
      ),
    );
  },

  async getExportCursor(accountId: string, hash: string): Promise<ExportCursorState | undefined> {
    const out = await dynamo(() =>
      documentClient().send(new GetCommand({ TableName: tableName('COUNTERS_TABLE'), Key: cursorKey(accountId, hash), ConsistentRead: true })),
    );
    return typeof out.Item?.state === 'string' ? (JSON.parse(out.Item.state) as ExportCursorState) : undefined;
  },

  /** Takes one unit; returns the count after taking it, or throws LimitReachedError. */
  async take(counter: CounterKey, limit: number, windowSeconds: number): Promise<number> {
    try {
      const out = await dynamo(() =>
        documentClient().send(
          new UpdateCommand({
            TableName: tableName('COUNTERS_TABLE'),
            Key: keyOf(counter),
            UpdateExpression: 'SET n = if_not_exists(n, :zero) + :one, expires_at = :expiresAt',
            // Named condition: the window still has room (or has not been touched yet).
            ConditionExpression: 'attribute_not_exists(n) OR n < :limit',
            ExpressionAttributeValues: {
              ':zero': 0,
              ':one': 1,
              ':limit': limit,
              ':expiresAt': counter.windowStart + windowSeconds + TTL_MARGIN_SECONDS,
            },
            ReturnValues: 'UPDATED_NEW',
          }),
        ),
      );
      return Number(out.Attributes?.n ?? limit);
    } catch (error) {
      if (isConditionalCheckFailure(error)) throw new LimitReachedError();
      throw error;
    }
  },

  /** Units used so far in the window (0 when untouched): for headers and the dashboard's usage bars. */
  async used(counter: CounterKey): Promise<number> {
    const out = await dynamo(() =>
      documentClient().send(new GetCommand({ TableName: tableName('COUNTERS_TABLE'), Key: keyOf(counter), ConsistentRead: true })),
    );
    return Number(out.Item?.n ?? 0);
  },

  /** Gives a unit back (an export that failed after taking it). Never goes below zero. */
  async giveBack(counter: CounterKey): Promise<void> {
    try {
      await dynamo(() =>
        documentClient().send(
          new UpdateCommand({
            TableName: tableName('COUNTERS_TABLE'),
            Key: keyOf(counter),
            UpdateExpression: 'ADD n :minusOne',
            ConditionExpression: 'n > :zero',
            ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
          }),
        ),
      );
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  },

  /**
   * Adds to one key's counts for one UTC day (sk `usage#<keyId>#<day>`), beside the rate
   * counters: one unconditional ADD, expiring USAGE_KEEP_SECONDS after the day.
   */
  async addUsage(accountId: string, keyId: string, day: string, counts: Partial<Record<UsageMetric, number>>): Promise<void> {
    const metrics = USAGE_METRICS.filter((m) => counts[m]);
    if (metrics.length === 0) return;
    const dayEnd = Date.parse(`${day}T00:00:00Z`) / 1000 + 86_400;
    await dynamo(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('COUNTERS_TABLE'),
          Key: { pk: accountId, sk: `${USAGE_SK_PREFIX}${keyId}#${day}` },
          UpdateExpression: `ADD ${metrics.map((m) => `${m} :${m}`).join(', ')} SET expires_at = :expiresAt`,
          ExpressionAttributeValues: {
            ...Object.fromEntries(metrics.map((m) => [`:${m}`, counts[m]])),
            ':expiresAt': dayEnd + USAGE_KEEP_SECONDS,
          },
        }),
      ),
    );
  },

  /**
   * Deletes one key's usage item of one day: what a request of a deleted account's key may have
   * written after the deletion's sweep (the per-request key check refuses the next one).
   */
  async forgetUsage(accountId: string, keyId: string, day: string): Promise<void> {
    await batchDeleteAll(tableName('COUNTERS_TABLE'), [{ pk: accountId, sk: `${USAGE_SK_PREFIX}${keyId}#${day}` }]);
  },

  /** The account's daily usage items from `fromDay` on (every key), for the dashboard. */
  async usageSince(accountId: string, fromDay: string): Promise<DailyUsage[]> {
    const items = await counterItems({
      KeyConditionExpression: 'pk = :a AND begins_with(sk, :usage)',
      ExpressionAttributeValues: { ':a': accountId, ':usage': USAGE_SK_PREFIX },
    });
    return items.flatMap((item) => {
      const [, keyId = '', day = ''] = String(item.sk).split('#');
      return day < fromDay
        ? []
        : [{ keyId, day, requests: Number(item.requests ?? 0), rate_limited: Number(item.rate_limited ?? 0), exports: Number(item.exports ?? 0) }];
    });
  },

  /** Every counter item of the account (for the account export and deletion). */
  async countersOf(accountId: string): Promise<{ sk: string; n: number; expires_at?: number }[]> {
    const items = await counterItems({ KeyConditionExpression: 'pk = :a', ExpressionAttributeValues: { ':a': accountId }, ConsistentRead: true });
    return items.map((item) => ({ sk: String(item.sk), n: Number(item.n ?? 0), ...(item.expires_at ? { expires_at: Number(item.expires_at) } : {}) }));
  },

  /** Deletes every counter of the account (account deletion), in batches of 25 until none is left. */
  async deleteAccountCounters(accountId: string): Promise<void> {
    const counters = await this.countersOf(accountId);
    await batchDeleteAll(
      tableName('COUNTERS_TABLE'),
      counters.map((c) => ({ pk: accountId, sk: c.sk })),
    );
  },
};
