import type { ExportRecord } from '../domain/cve.js';

type Orderable = Pick<ExportRecord, 'cve_id' | 'cvss_score' | 'published_date'>;

/** `CVE-2021-9999` before `CVE-2021-10000`: ids compare by year, then by number. */
export function compareCveIds(a: string, b: string): number {
  const [, ay = '', an = ''] = a.split('-');
  const [, by = '', bn = ''] = b.split('-');
  return Number(ay) - Number(by) || an.length - bn.length || (an < bn ? -1 : an > bn ? 1 : 0);
}

/**
 * product-decisions §4 row order: `cvss_score` descending with unscored CVEs last, then
 * `published_date` descending, then `cve_id` ascending (numerically, see compareCveIds).
 */
export function compareForExport(a: Orderable, b: Orderable): number {
  const as = a.cvss_score ?? -1;
  const bs = b.cvss_score ?? -1;
  if (as !== bs) return bs - as;
  if (a.published_date !== b.published_date) return a.published_date < b.published_date ? 1 : -1;
  return compareCveIds(a.cve_id, b.cve_id);
}
