import type { ExportRecord } from '../domain/cve.js';
import type { ExportFilters } from './export-query.js';
import { buildFilterIndex, indexSourceOf, selectFromIndex } from './filter-index.js';

/**
 * Whether one record passes an export's filters, decided by the export's own code: the record
 * becomes a one-row filter index and the export's selection runs over it, so a watchlist (its
 * feed and preview) can never disagree with an export of the same filters. `modifiedAt` is when
 * PlainCVE's record changed (for a change-log entry: the change's time), which `modified_since`
 * compares against.
 */
export function recordMatchesFilters(record: ExportRecord, modifiedAt: string, filters: ExportFilters): boolean {
  // A change-log entry with a record is a live record (a rejection carries none).
  const index = buildFilterIndex([indexSourceOf({ ...record, modified_at: modifiedAt, rejected: false })], 'one-record', modifiedAt);
  return selectFromIndex(index, filters, 1).total === 1;
}
