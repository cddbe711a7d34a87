import type { CatalogueRecord } from '../../shared/domain/cve.js';

/**
 * The export rules of product-decisions §4, written out a second time, plainly and
 * independently of the service's filter index, to compute what an export should return.
 */
export interface Filters {
  severity?: string;
  risk_level?: string;
  patch_status?: string;
  tag?: string;
  min_score?: number;
  search?: string;
  /** An ISO timestamp or date: records whose modified_at is at or after it. */
  modified_since?: string;
}

function idParts(id: string): [number, number] {
  const [, year, seq] = id.split('-');
  return [Number(year), Number(seq)];
}

export function exportOrder(a: CatalogueRecord, b: CatalogueRecord): number {
  if (a.cvss_score !== b.cvss_score) {
    if (a.cvss_score === null) return 1;
    if (b.cvss_score === null) return -1;
    return b.cvss_score - a.cvss_score;
  }
  if (a.published_date !== b.published_date) return b.published_date.localeCompare(a.published_date);
  const [ay, an] = idParts(a.cve_id);
  const [by, bn] = idParts(b.cve_id);
  return ay - by || an - bn;
}

/** A bare date means 00:00 UTC of that day. */
function sinceTime(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

export function expectedExport(records: readonly CatalogueRecord[], f: Filters): { total: number; ids: string[] } {
  const search = f.search?.toLowerCase();
  const matches = records.filter(
    (r) =>
      !r.rejected &&
      (f.severity === undefined || r.severity === f.severity.toUpperCase()) &&
      (f.risk_level === undefined || r.exploit_intel?.risk_level === f.risk_level.toUpperCase()) &&
      (f.patch_status === undefined || r.patch?.status === f.patch_status.toLowerCase()) &&
      (f.tag === undefined || r.tags.some((t) => t.tag.toLowerCase() === f.tag?.toLowerCase())) &&
      (f.min_score === undefined || (r.cvss_score !== null && r.cvss_score >= f.min_score)) &&
      (search === undefined || [r.cve_id, r.description, r.title, ...(r.facts?.aka ?? [])].some((text) => text.toLowerCase().includes(search))) &&
      (f.modified_since === undefined || (r.modified_at !== undefined && new Date(r.modified_at) >= sinceTime(f.modified_since))),
  );
  return {
    total: matches.length,
    ids: [...matches]
      .sort(exportOrder)
      .slice(0, 1000)
      .map((r) => r.cve_id),
  };
}

export function queryString(f: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined) params.append(k, String(v));
  return params.toString();
}
