import { utcDay } from '../domain/days-unpatched.js';
import { counterRepository, type DailyUsage, type UsageMetric } from '../repositories/counter-repository.js';

/** The dashboard's chart covers the last 30 UTC days, today included. */
export const USAGE_DAYS = 30;

export interface UsageDay {
  readonly date: string;
  readonly requests: number;
  readonly rate_limited: number;
  readonly exports: number;
}

/** GET /account/usage: per day and per key, zero-filled, oldest day first. */
export interface UsageHistory {
  readonly days: UsageDay[];
  readonly keys: { readonly key_id: string; readonly days: UsageDay[] }[];
}

/**
 * Counts one key's usage for today (UTC). Usage is a record, not a limit: a failed write must
 * never fail the request it counts, so errors go to `onError` (the caller logs them). Resolves
 * with whether the count was recorded.
 */
export async function recordUsage(
  who: { readonly accountId: string; readonly keyId: string },
  counts: Partial<Record<UsageMetric, number>>,
  onError: (error: unknown) => void,
  nowMs = Date.now(),
): Promise<boolean> {
  try {
    await counterRepository.addUsage(who.accountId, who.keyId, utcDay(nowMs), counts);
    return true;
  } catch (error) {
    onError(error);
    return false;
  }
}

function lastDays(nowMs: number): string[] {
  return Array.from({ length: USAGE_DAYS }, (_, i) => utcDay(nowMs - (USAGE_DAYS - 1 - i) * 86_400_000));
}

function fill(dates: readonly string[], items: readonly DailyUsage[]): UsageDay[] {
  return dates.map((date) => {
    const ofDay = items.filter((i) => i.day === date);
    const sum = (m: UsageMetric) => ofDay.reduce((total, i) => total + i[m], 0);
    return { date, requests: sum('requests'), rate_limited: sum('rate_limited'), exports: sum('exports') };
  });
}

export async function usageHistory(accountId: string, nowMs = Date.now()): Promise<UsageHistory> {
  const dates = lastDays(nowMs);
  const items = await counterRepository.usageSince(accountId, dates[0] ?? utcDay(nowMs));
  const keyIds = [...new Set(items.map((i) => i.keyId))].sort();
  return {
    days: fill(dates, items),
    keys: keyIds.map((keyId) => ({ key_id: keyId, days: fill(dates, items.filter((i) => i.keyId === keyId)) })),
  };
}
