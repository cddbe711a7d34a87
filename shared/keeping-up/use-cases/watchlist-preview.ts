/**
 * `GET /account/watchlists/{id}/preview`: today's matches of a watchlist, answered by the
 * export's own path (the filter index, then the records), with `modified_since` moved to the
 * start of today (UTC) unless the watchlist's own is later: the records whose PlainCVE record
 * changed today and that its filters match. The watchlist's events do not narrow it (an export
 * knows records, not events); the count is every such record, the list at most 20.
 */
import { utcDay } from '../../domain/days-unpatched.js';
import type { ExportRecord } from '../../domain/cve.js';
import type { ExportFilters, ExportQuery } from '../../query/export-query.js';
import { toExportRecord } from '../../render/export-record.js';
import { selectExportRows } from '../../catalogue/public.js';
import type { ActiveSession } from '../../accounts/public.js';
import { findWatchlist } from './watchlists.js';
import { PREVIEW_MATCHES } from '../../domain/limits.js';

export async function previewWatchlist(active: ActiveSession, id: string, nowMs: number = Date.now()): Promise<{ matches: ExportRecord[]; count: number }> {
  const watchlist = await findWatchlist(active, id);
  const filters = watchlist.filters as ExportFilters;
  const today = utcDay(nowMs);
  const startOfToday = `${today}T00:00:00.000Z`;
  const since = filters.modified_since && filters.modified_since > startOfToday ? filters.modified_since : startOfToday;
  const query: ExportQuery = { format: 'json', filters: { ...filters, modified_since: since }, sarifPath: '' };
  const rows = await selectExportRows(query, nowMs, undefined, PREVIEW_MATCHES);
  return { matches: rows.records.map((record) => toExportRecord(record, rows.exportDay)), count: rows.meta.total };
}
