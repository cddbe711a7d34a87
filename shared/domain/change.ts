import { isDeepStrictEqual } from 'node:util';
import * as z from './zod.js';
import type { CatalogueRecord } from './cve.js';

/**
 * product-decisions §7: what one ingest write did to one record, in the product's own terms.
 * Computed from the record before and after (a pure function), so the ingest's write path and
 * the AWS stream handler (old and new images) share it.
 */
export const changeKindSchema = z.enum(['added', 'updated', 'rejected']);
export type ChangeKind = z.infer<typeof changeKindSchema>;

export interface ComputedChange {
  readonly kind: ChangeKind;
  /** Product fields that moved, in PRODUCT_FIELD_ORDER, then any other field name alphabetically. */
  readonly fields: string[];
}

/**
 * The product fields, flattened: `exploit_intel` and `patch` are split into the names users
 * filter and alert on (`risk_level`, `weaponized`, `patch_status`, …). Known fields come first
 * in this order; a field the record gains later (e.g. a new export field) is still compared and
 * named, after these.
 */
export const PRODUCT_FIELD_ORDER = [
  'cvss_score',
  'severity',
  'cvss_version',
  'cvss_vector',
  'risk_level',
  'weaponized',
  'detectable',
  'in_kev',
  'patch_status',
  'patch_date',
  'patch_urls',
  'epss',
  'exploit_sources',
  'detection_sources',
  'explanation',
  'title',
  'description',
  'published_date',
  'cwe_ids',
  'tags',
] as const;

/**
 * Stored fields that are not the product's: bookkeeping (hash, provenance, timestamps), values
 * derived from a compared field (CWE names from `cwe_ids`), and `rejected`, which is the change's
 * kind rather than a field. `days_unpatched` moves with the calendar, not with the data.
 */
const NOT_PRODUCT_FIELDS = new Set([
  'cve_id',
  'content_hash',
  'modified_at',
  'provenance',
  'source_modified',
  'cwe_names',
  'demo',
  'rejected',
  'kev_date_added',
  'kev_required_action',
]);

/** Strips `undefined` (a stored item never holds it) so a stored and a derived value compare equal. */
function normalise(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** The record's product fields as one flat map of name → value (absent fields left out). */
export function productFields(record: CatalogueRecord): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const put = (name: string, value: unknown) => {
    if (value !== undefined) out.set(name, normalise(value));
  };
  for (const [name, value] of Object.entries(record)) {
    if (NOT_PRODUCT_FIELDS.has(name) || name === 'exploit_intel' || name === 'patch') continue;
    put(name, value);
  }
  const intel = record.exploit_intel as Record<string, unknown> | undefined;
  if (intel) for (const [name, value] of Object.entries(intel)) put(name, value);
  const patch = record.patch;
  if (patch) {
    put('patch_status', patch.status);
    put('patch_date', patch.patch_date);
    put('patch_urls', patch.patch_urls);
  }
  return out;
}

/**
 * The names `productFields` would hold, without copying any value: an added record's change
 * lists names only, and normalising every value of every new record was a measurable share of
 * a first ingest's CPU. A defined value survives `normalise`, so the names are the same.
 */
function productFieldNames(record: CatalogueRecord): string[] {
  const names: string[] = [];
  for (const [name, value] of Object.entries(record)) {
    if (NOT_PRODUCT_FIELDS.has(name) || name === 'exploit_intel' || name === 'patch') continue;
    if (value !== undefined) names.push(name);
  }
  const intel = record.exploit_intel as Record<string, unknown> | undefined;
  if (intel) for (const [name, value] of Object.entries(intel)) if (value !== undefined) names.push(name);
  const patch = record.patch;
  if (patch) {
    if (patch.status !== undefined) names.push('patch_status');
    if (patch.patch_date !== undefined) names.push('patch_date');
    if (patch.patch_urls !== undefined) names.push('patch_urls');
  }
  return names;
}

const ORDER = new Map<string, number>(PRODUCT_FIELD_ORDER.map((name, i) => [name, i]));

function byProductOrder(a: string, b: string): number {
  const ia = ORDER.get(a) ?? Number.MAX_SAFE_INTEGER;
  const ib = ORDER.get(b) ?? Number.MAX_SAFE_INTEGER;
  return ia - ib || a.localeCompare(b);
}

/** Field names whose values differ between the two maps (present on one side only counts). */
function movedFields(before: Map<string, unknown>, after: Map<string, unknown>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => !isDeepStrictEqual(before.get(name), after.get(name))).sort(byProductOrder);
}

/**
 * The change from `before` (undefined: the catalogue did not hold the record) to `after`, or
 * undefined when no product field moved.
 *
 * - `added`: a live record appears, or a rejected one comes back; `fields` lists every product
 *   field it has, so a client filtering on a field (e.g. `in_kev`) also sees new records.
 * - `rejected`: a live record becomes rejected; `fields` is empty (the record leaves the product).
 *   A record that arrives already rejected was never in the product: no change.
 * - `updated`: a live record whose product fields moved; `fields` names them.
 */
export function computeChange(before: CatalogueRecord | undefined, after: CatalogueRecord): ComputedChange | undefined {
  const wasLive = before !== undefined && !before.rejected;
  if (after.rejected) return wasLive ? { kind: 'rejected', fields: [] } : undefined;
  if (!wasLive) return { kind: 'added', fields: [...new Set(productFieldNames(after))].sort(byProductOrder) };
  const fields = movedFields(productFields(before), productFields(after));
  return fields.length > 0 ? { kind: 'updated', fields } : undefined;
}
