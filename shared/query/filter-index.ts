import { gunzipSync, gzipSync } from 'node:zlib';
import type { CatalogueRecord } from '../domain/cve.js';
import type { ExportFilters } from './export-query.js';
import { compareForExport } from './export-order.js';

/**
 * The export filter index: every exportable CVE of the catalogue reduced to what the filters
 * and the row order need, as columns, already sorted in export order. A warm export Lambda keeps
 * it in memory, so an export walks these arrays once (no table scan, no sort) and then reads
 * only the records it returns. See docs/architecture.md, "Export filter index".
 */
export interface FilterIndex {
  /** Opaque, changes on every rebuild; the pointer item names the current one. */
  readonly version: string;
  readonly builtAt: string;
  readonly count: number;
  /** CVE ids in export order (row order of product-decisions §4). */
  readonly ids: readonly string[];
  /** CVSS score, NaN when unscored. Float64, so `7.1 >= 7.1` holds exactly as in the record. */
  readonly scores: Float64Array;
  /** Index into SEVERITY_CODES. */
  readonly severity: Uint8Array;
  /** Index into RISK_CODES, NONE when the record has no exploit intelligence. */
  readonly risk: Uint8Array;
  /** Index into PATCH_CODES, NONE when the record has no patch object. */
  readonly patch: Uint8Array;
  /** Distinct lower-cased tag values. */
  readonly tagNames: readonly string[];
  /** Record i carries tagIds[tagStart[i] .. tagStart[i+1]). */
  readonly tagStart: Uint32Array;
  readonly tagIds: Uint32Array;
  /**
   * One string for `search`: for each record, `<id>\u0001<description>\u0000`, lower-cased.
   * One indexOf pass over one string is far faster than 300,000 `includes` calls, and the
   * separators (control characters, which `search` may not contain) stop a match from spanning
   * two records or the id and the description.
   */
  readonly haystack: string;
  /** Record i's text starts at haystackStart[i]; length count+1. */
  readonly haystackStart: Uint32Array;
}

export const SEVERITY_CODES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN'] as const;
export const RISK_CODES = ['CRITICAL_GAP', 'HIGH', 'MEDIUM', 'LOW'] as const;
export const PATCH_CODES = ['available', 'partial', 'workaround_only', 'not_available'] as const;
const NONE = 255;

/** The fields of a catalogue record the index is built from. */
export type IndexSource = Pick<
  CatalogueRecord,
  'cve_id' | 'cvss_score' | 'severity' | 'published_date' | 'description' | 'tags' | 'rejected'
> & {
  readonly exploit_intel?: Pick<NonNullable<CatalogueRecord['exploit_intel']>, 'risk_level'> | undefined;
  readonly patch?: Pick<NonNullable<CatalogueRecord['patch']>, 'status'> | undefined;
};

function codeOf(codes: readonly string[], value: string | undefined): number {
  if (value === undefined) return NONE;
  const code = codes.indexOf(value);
  return code < 0 ? NONE : code;
}

export function buildFilterIndex(records: Iterable<IndexSource>, version: string, builtAt: string): FilterIndex {
  // Rejected CVEs are never exported, so they are not in the index at all.
  const sorted = [...records].filter((r) => !r.rejected).sort(compareForExport);
  const count = sorted.length;
  const scores = new Float64Array(count);
  const severity = new Uint8Array(count);
  const risk = new Uint8Array(count);
  const patch = new Uint8Array(count);
  const tagStart = new Uint32Array(count + 1);
  const haystackStart = new Uint32Array(count + 1);
  const tagIdOf = new Map<string, number>();
  const tagIds: number[] = [];
  const texts: string[] = [];
  let offset = 0;
  sorted.forEach((record, i) => {
    scores[i] = record.cvss_score ?? Number.NaN;
    severity[i] = codeOf(SEVERITY_CODES, record.severity);
    risk[i] = codeOf(RISK_CODES, record.exploit_intel?.risk_level);
    patch[i] = codeOf(PATCH_CODES, record.patch?.status);
    tagStart[i] = tagIds.length;
    for (const name of new Set(record.tags.map((t) => t.tag.toLowerCase()))) {
      let id = tagIdOf.get(name);
      if (id === undefined) {
        id = tagIdOf.size;
        tagIdOf.set(name, id);
      }
      tagIds.push(id);
    }
    const text = `${record.cve_id.toLowerCase()}\u0001${record.description.toLowerCase()}\u0000`;
    haystackStart[i] = offset;
    offset += text.length;
    texts.push(text);
  });
  tagStart[count] = tagIds.length;
  haystackStart[count] = offset;
  return {
    version,
    builtAt,
    count,
    ids: sorted.map((r) => r.cve_id),
    scores,
    severity,
    risk,
    patch,
    tagNames: [...tagIdOf.keys()],
    tagStart,
    tagIds: Uint32Array.from(tagIds),
    haystack: texts.join(''),
    haystackStart,
  };
}

export interface Selection {
  /** All matches, before the row cap. */
  readonly total: number;
  /** The first `limit` matching ids, in export order. */
  readonly ids: string[];
}

/** Which records contain `needle` in their id or description (one pass over the haystack). */
function searchHits(index: FilterIndex, needle: string): Uint8Array {
  const hits = new Uint8Array(index.count);
  const { haystack, haystackStart } = index;
  let record = 0;
  let at = haystack.indexOf(needle);
  while (at >= 0) {
    // Advance to the record holding position `at` (hits arrive in increasing order).
    let lo = record;
    let hi = index.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((haystackStart[mid] ?? 0) <= at) lo = mid;
      else hi = mid - 1;
    }
    record = lo;
    hits[record] = 1;
    // One hit is enough: continue from the next record's text.
    at = haystack.indexOf(needle, haystackStart[record + 1] ?? haystack.length);
  }
  return hits;
}

/**
 * The filters of product-decisions §4, combined with AND, over the index: counts every match
 * and keeps the first `limit` ids. The index is already in export order, so no sort happens here.
 */
export function selectFromIndex(index: FilterIndex, filters: ExportFilters, limit: number): Selection {
  const severity = filters.severity === undefined ? -1 : codeOf(SEVERITY_CODES, filters.severity);
  const risk = filters.risk_level === undefined ? -1 : codeOf(RISK_CODES, filters.risk_level);
  const patch = filters.patch_status === undefined ? -1 : codeOf(PATCH_CODES, filters.patch_status);
  const minScore = filters.min_score;
  let tagId = -1;
  if (filters.tag !== undefined) {
    tagId = index.tagNames.indexOf(filters.tag.toLowerCase());
    if (tagId < 0) return { total: 0, ids: [] };
  }
  const hits = filters.search === undefined ? undefined : searchHits(index, filters.search.toLowerCase());

  let total = 0;
  const ids: string[] = [];
  for (let i = 0; i < index.count; i++) {
    if (hits && hits[i] === 0) continue;
    if (severity >= 0 && index.severity[i] !== severity) continue;
    if (risk >= 0 && index.risk[i] !== risk) continue;
    if (patch >= 0 && index.patch[i] !== patch) continue;
    // NaN >= x is false: unscored records never match min_score.
    if (minScore !== undefined && !((index.scores[i] ?? Number.NaN) >= minScore)) continue;
    if (tagId >= 0 && !hasTag(index, i, tagId)) continue;
    total++;
    if (ids.length < limit) ids.push(index.ids[i] ?? '');
  }
  return { total, ids };
}

function hasTag(index: FilterIndex, record: number, tagId: number): boolean {
  const end = index.tagStart[record + 1] ?? 0;
  for (let j = index.tagStart[record] ?? 0; j < end; j++) if (index.tagIds[j] === tagId) return true;
  return false;
}

/** On-disk form: versioned JSON of the columns, gzip-compressed. */
export const FILTER_INDEX_FORMAT = 1;

interface SerialisedIndex {
  format: typeof FILTER_INDEX_FORMAT;
  version: string;
  builtAt: string;
  ids: readonly string[];
  scores: (number | null)[];
  severity: number[];
  risk: number[];
  patch: number[];
  tagNames: readonly string[];
  tagStart: number[];
  tagIds: number[];
  haystack: string;
  haystackStart: number[];
}

export function encodeFilterIndex(index: FilterIndex): Buffer {
  const serialised: SerialisedIndex = {
    format: FILTER_INDEX_FORMAT,
    version: index.version,
    builtAt: index.builtAt,
    ids: index.ids,
    scores: Array.from(index.scores, (s) => (Number.isNaN(s) ? null : s)),
    severity: Array.from(index.severity),
    risk: Array.from(index.risk),
    patch: Array.from(index.patch),
    tagNames: index.tagNames,
    tagStart: Array.from(index.tagStart),
    tagIds: Array.from(index.tagIds),
    haystack: index.haystack,
    haystackStart: Array.from(index.haystackStart),
  };
  return gzipSync(JSON.stringify(serialised), { level: 6 });
}

export function decodeFilterIndex(compressed: Buffer): FilterIndex {
  const s = JSON.parse(gunzipSync(compressed).toString('utf8')) as SerialisedIndex;
  if (s.format !== FILTER_INDEX_FORMAT) throw new Error(`Unsupported filter index format ${String(s.format)}`);
  return {
    version: s.version,
    builtAt: s.builtAt,
    count: s.ids.length,
    ids: s.ids,
    scores: Float64Array.from(s.scores, (v) => v ?? Number.NaN),
    severity: Uint8Array.from(s.severity),
    risk: Uint8Array.from(s.risk),
    patch: Uint8Array.from(s.patch),
    tagNames: s.tagNames,
    tagStart: Uint32Array.from(s.tagStart),
    tagIds: Uint32Array.from(s.tagIds),
    haystack: s.haystack,
    haystackStart: Uint32Array.from(s.haystackStart),
  };
}
