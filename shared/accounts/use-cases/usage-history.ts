import { utcDay } from '../../domain/days-unpatched.js';
import { ACCOUNT_WIDE } from '../../domain/limits.js';
import { accountRepository, type RateWindowCount } from '../../repositories/account-repository.js';
import { counterRepository, type DailyUsage, type UsageMetric } from '../../repositories/counter-repository.js';
import { platformClock } from '../../platform/clock.js';

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
  nowMs = platformClock.now(),
): Promise<boolean> {
  try {
    await counterRepository.addUsage(who.accountId, who.keyId, utcDay(nowMs), counts);
    return true;
  } catch (error) {
    onError(error);
    return false;
  }
}

/**
 * The requests a window of the per-minute allowance holds that no usage item has yet: its
 * first request wrote the day's item itself (`countWindowRequests`), the rest are added when the
 * window is closed.
 */
function uncounted(window: RateWindowCount): number {
  return Math.max(0, window.used - 1);
}

/**
 * The usage record of the request that opened a window of the per-minute allowance
 * (shared/accounts/use-cases/admit-request.ts). Requests are counted per window on the account item, by
 * the admission's own write, so a request in an open window writes no usage item at all. The
 * opening request writes the day's item: +1 for itself (so a key's day has its item from its
 * first request on), and it closes the older windows the account item still holds, adding their
 * other requests to their keys' days. If the process stops between closing a window and this
 * write, those counts are lost: usage is a record, not a limit.
 */
export async function countWindowRequests(
  who: { readonly accountId: string; readonly keyId: string },
  closed: readonly RateWindowCount[],
  onError: (error: unknown) => void,
  nowMs: number,
): Promise<void> {
  const closedNow = await accountRepository.closeRateWindows(who.accountId, closed).catch((error: unknown) => {
    onError(error);
    return false;
  });
  const counts = new Map<string, { keyId: string; atMs: number; requests: number }>();
  const add = (keyId: string, atMs: number, requests: number) => {
    const id = `${keyId}#${utcDay(atMs)}`;
    counts.set(id, { keyId, atMs, requests: (counts.get(id)?.requests ?? 0) + requests });
  };
  add(who.keyId, nowMs, 1);
  // The account's own windows are the limit's; their requests are counted in the keys' windows.
  if (closedNow) for (const w of closed) if (w.keyId !== ACCOUNT_WIDE && uncounted(w) > 0) add(w.keyId, w.windowStart * 1000, uncounted(w));
  await Promise.all([...counts.values()].map((c) => recordUsage({ accountId: who.accountId, keyId: c.keyId }, { requests: c.requests }, onError, c.atMs)));
}

/**
 * The account's daily usage from `fromDay` on, every key: the usage items plus what the
 * allowance windows on the account item hold that they do not have yet.
 */
export async function dailyUsageSince(accountId: string, fromDay: string): Promise<DailyUsage[]> {
  const [items, windows] = await Promise.all([counterRepository.usageSince(accountId, fromDay), accountRepository.rateWindows(accountId)]);
  const byDay = new Map(items.map((i) => [`${i.keyId}#${i.day}`, i]));
  for (const w of windows) {
    const day = utcDay(w.windowStart * 1000);
    if (day < fromDay || uncounted(w) === 0) continue;
    const base = byDay.get(`${w.keyId}#${day}`) ?? { keyId: w.keyId, day, requests: 0, rate_limited: 0, exports: 0 };
    byDay.set(`${w.keyId}#${day}`, { ...base, requests: base.requests + uncounted(w) });
  }
  return [...byDay.values()];
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

export async function usageHistory(accountId: string, nowMs = platformClock.now()): Promise<UsageHistory> {
  const dates = lastDays(nowMs);
  const items = await dailyUsageSince(accountId, dates[0] ?? utcDay(nowMs));
  const keyIds = [...new Set(items.map((i) => i.keyId))].sort();
  return {
    days: fill(dates, items),
    keys: keyIds.map((keyId) => ({
      key_id: keyId,
      days: fill(
        dates,
        items.filter((i) => i.keyId === keyId),
      ),
    })),
  };
}
