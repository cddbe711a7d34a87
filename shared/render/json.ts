import type { CatalogueRecord, ExportMeta } from '../domain/cve.js';
import { toExportRecord } from './export-record.js';

/** Interface §4.4: the envelope with `data.cves` and `data.meta`. */
export function renderJson(records: readonly CatalogueRecord[], meta: ExportMeta, exportDay: string): string {
  return JSON.stringify({ ok: true, data: { cves: records.map((r) => toExportRecord(r, exportDay)), meta } });
}
