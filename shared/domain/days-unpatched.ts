import type { ExportRecord } from './cve.js';

const DAY_MS = 86_400_000;

function dayNumber(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export function utcDay(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/**
 * product-decisions §4: whole days from `published_date` to `patch_date` when the CVE is
 * patched (status `available` with a known date), else to the export day (UTC). Computed at
 * export time, so a stored count never goes stale. A patch dated before publication (vendors do
 * ship fixes before disclosure) counts as 0 days, never a negative number.
 */
export function daysUnpatched(record: Pick<ExportRecord, 'published_date' | 'patch'>, exportDay: string): number {
  const patch = record.patch;
  const until = patch?.status === 'available' && patch.patch_date ? patch.patch_date : exportDay;
  return Math.max(0, dayNumber(until) - dayNumber(record.published_date));
}
