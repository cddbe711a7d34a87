import type { CatalogueRecord } from '../domain/cve.js';
import { fromStoredJson, jsonBytes } from './stored-json.js';

/**
 * How a CVE record is stored in the catalogue table: its key, the two attributes the ingest
 * reads back to decide whether to rewrite it (`content_hash`, and `patch`'s status and date),
 * and the whole record as ONE attribute holding its JSON (`record`, stored-json.ts).
 *
 * Why one attribute and not a DynamoDB map: a record is a deep tree (versions, references,
 * provenance: hundreds of attribute values). As a map, every write and read marshals and
 * validates each value, in the SDK on our side and in DynamoDB (or dynalite) on the other: the
 * largest CPU cost of a bulk load (docs/ingest.md, "Speed"), and of a 1,000-record export's
 * BatchGetItem. As one attribute it is JSON.stringify / JSON.parse, native and a few times
 * cheaper, and the item is no larger (stored-json.ts: why bytes rather than a string). Nothing
 * queries inside a record: lookups and exports read it by key, the filter index is built from
 * whole records, and the stream matcher decodes both images with `recordOfItem`. Items written
 * before this layout (a map per record) are still read.
 */
export type CatalogueItem = {
  readonly pk: string;
  readonly content_hash?: string;
  readonly patch?: { readonly status: string; readonly patch_date?: string };
  readonly record: Uint8Array;
};

export function catalogueItemOf(record: CatalogueRecord): CatalogueItem {
  return {
    pk: record.cve_id,
    ...(record.content_hash ? { content_hash: record.content_hash } : {}),
    ...(record.patch ? { patch: { status: record.patch.status, ...(record.patch.patch_date ? { patch_date: record.patch.patch_date } : {}) } } : {}),
    record: jsonBytes(record),
  };
}

/** The record an item holds, whichever layout wrote it. */
export function recordOfItem(item: Record<string, unknown>): CatalogueRecord {
  if (item.record !== undefined) return fromStoredJson(item.record) as CatalogueRecord;
  const { pk: _pk, ...record } = item;
  return record as CatalogueRecord;
}
