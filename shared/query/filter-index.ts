import { promisify } from 'node:util';
import { gunzip, gunzipSync, gzipSync } from 'node:zlib';
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
  /**
   * CVE ids in export order (row order of product-decisions §4). An array when built; when
   * decoded, read one at a time from the index's bytes, so a cold export makes strings only for
   * the rows it returns, not for every CVE of the catalogue.
   */
  readonly ids: ListOf<string>;
  /** CVSS score, NaN when unscored. Float64, so `7.1 >= 7.1` holds exactly as in the record. */
  readonly scores: Float64Array;
  /** When PlainCVE's record last changed (ms since the epoch), NaN when not known. */
  readonly modified: Float64Array;
  /** Index into SEVERITY_CODES. */
  readonly severity: Uint8Array;
  /** Index into RISK_CODES, NONE when the record has no exploit intelligence. */
  readonly risk: Uint8Array;
  /** Index into PATCH_CODES, NONE when the record has no patch object. */
  readonly patch: Uint8Array;
  /** Distinct lower-cased tag values (decoded: split on first use, i.e. by a `tag` export only). */
  readonly tagNames: ListOf<string> & { indexOf(name: string): number };
  /** Record i carries tagIds[tagStart[i] .. tagStart[i+1]). */
  readonly tagStart: Uint32Array;
  readonly tagIds: Uint32Array;
  /**
   * The bytes `search` runs over: for each record, searchText's `<id>\u0001<description>…\u0000`, lower-cased,
   * UTF-8. One native Buffer.indexOf pass over one buffer is far faster than 300,000 `includes`
   * calls (and half the memory of a two-byte JS string); UTF-8 keeps a byte match a character
   * match, and the separators (control characters, which `search` may not contain) stop a
   * match from spanning two records or the id and the description.
   */
  readonly haystack: Buffer;
  /** Record i's text starts at byte haystackStart[i]; length count+1. */
  readonly haystackStart: Uint32Array;
}

/** What the index needs of a list: an array has it, and so do the lazily decoded columns. */
export interface ListOf<T> {
  readonly length: number;
  at(i: number): T | undefined;
}

export const SEVERITY_CODES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN'] as const;
export const RISK_CODES = ['CRITICAL_GAP', 'HIGH', 'MEDIUM', 'LOW'] as const;
export const PATCH_CODES = ['available', 'partial', 'workaround_only', 'not_available'] as const;
const NONE = 255;

/** The fields of a catalogue record the index is built from. */
export type IndexSource = Pick<
  CatalogueRecord,
  'cve_id' | 'cvss_score' | 'severity' | 'published_date' | 'description' | 'tags' | 'rejected' | 'modified_at'
> & {
  /** Searched beside the id and the description: the title and the names the CVE is known by ("Log4Shell"). */
  readonly title?: string;
  readonly facts?: { readonly aka: readonly string[] } | undefined;
  readonly exploit_intel?: Pick<NonNullable<CatalogueRecord['exploit_intel']>, 'risk_level'> | undefined;
  readonly patch?: Pick<NonNullable<CatalogueRecord['patch']>, 'status'> | undefined;
};

/** The fields of a record the index needs (a run, or a scan of the catalogue, keeps these, not whole records). */
export function indexSourceOf(
  record: Pick<
    CatalogueRecord,
    'cve_id' | 'cvss_score' | 'severity' | 'published_date' | 'description' | 'tags' | 'rejected' | 'modified_at' | 'exploit_intel' | 'patch'
  > &
    Partial<Pick<CatalogueRecord, 'title' | 'facts'>>,
): IndexSource {
  return {
    cve_id: record.cve_id,
    ...(record.title ? { title: record.title } : {}),
    ...(record.facts?.aka.length ? { facts: { aka: record.facts.aka } } : {}),
    cvss_score: record.cvss_score,
    severity: record.severity,
    published_date: record.published_date,
    description: record.description,
    tags: record.tags,
    rejected: record.rejected,
    ...(record.modified_at ? { modified_at: record.modified_at } : {}),
    ...(record.exploit_intel ? { exploit_intel: { risk_level: record.exploit_intel.risk_level } } : {}),
    ...(record.patch ? { patch: { status: record.patch.status } } : {}),
  };
}

function codeOf(codes: readonly string[], value: string | undefined): number {
  if (value === undefined) return NONE;
  const code = codes.indexOf(value);
  return code < 0 ? NONE : code;
}

/**
 * One record's search bytes: `<id>\u0001<description>[\u0002<title>(\u0003<aka>)*]\u0000`, lower-cased.
 * The separators are control characters, which a search may not hold, so no match spans two fields.
 */
export function searchText(record: Pick<IndexSource, 'cve_id' | 'description' | 'title' | 'facts'>): string {
  const aka = record.facts?.aka ?? [];
  const names = record.title || aka.length ? `\u0002${record.title ?? ''}${aka.map((a) => `\u0003${a}`).join('')}` : '';
  return `${record.cve_id}\u0001${record.description}${names}\u0000`.toLowerCase();
}

export function buildFilterIndex(records: Iterable<IndexSource>, version: string, builtAt: string): FilterIndex {
  // Rejected CVEs are never exported, so they are not in the index at all.
  const sorted = [...records].filter((r) => !r.rejected).sort(compareForExport);
  const count = sorted.length;
  const scores = new Float64Array(count);
  const modified = new Float64Array(count);
  const severity = new Uint8Array(count);
  const risk = new Uint8Array(count);
  const patch = new Uint8Array(count);
  const tagStart = new Uint32Array(count + 1);
  const haystackStart = new Uint32Array(count + 1);
  const tagIdOf = new Map<string, number>();
  const tagIds: number[] = [];
  const texts: Buffer[] = [];
  let offset = 0;
  sorted.forEach((record, i) => {
    scores[i] = record.cvss_score ?? Number.NaN;
    modified[i] = record.modified_at ? Date.parse(record.modified_at) : Number.NaN;
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
    const text = Buffer.from(searchText(record), 'utf8');
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
    modified,
    severity,
    risk,
    patch,
    tagNames: [...tagIdOf.keys()],
    tagStart,
    tagIds: Uint32Array.from(tagIds),
    haystack: Buffer.concat(texts, offset),
    haystackStart,
  };
}

export interface Selection {
  /** All matches, before the row cap. */
  readonly total: number;
  /** The first `limit` matching ids, in export order. */
  readonly ids: string[];
}

/** Which records contain `needle` in their id, description, title or aka names (one pass over the haystack). */
function searchHits(index: FilterIndex, search: string): Uint8Array {
  const hits = new Uint8Array(index.count);
  const { haystack, haystackStart } = index;
  const needle = Buffer.from(search.toLowerCase(), 'utf8');
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
export function selectFromIndex(index: FilterIndex, filters: ExportFilters, limit: number, offset = 0): Selection {
  const severity = filters.severity === undefined ? -1 : codeOf(SEVERITY_CODES, filters.severity);
  const risk = filters.risk_level === undefined ? -1 : codeOf(RISK_CODES, filters.risk_level);
  const patch = filters.patch_status === undefined ? -1 : codeOf(PATCH_CODES, filters.patch_status);
  const minScore = filters.min_score;
  const modifiedSince = filters.modified_since === undefined ? undefined : Date.parse(filters.modified_since);
  let tagId = -1;
  if (filters.tag !== undefined) {
    tagId = index.tagNames.indexOf(filters.tag.toLowerCase());
    if (tagId < 0) return { total: 0, ids: [] };
  }
  const hits = filters.search === undefined ? undefined : searchHits(index, filters.search);

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
    // NaN again: a record with no known modification time never matches modified_since.
    if (modifiedSince !== undefined && !((index.modified[i] ?? Number.NaN) >= modifiedSince)) continue;
    total++;
    // A later page (export paging) skips the rows earlier pages held.
    if (total > offset && ids.length < limit) ids.push(index.ids.at(i) ?? '');
  }
  return { total, ids };
}

function hasTag(index: FilterIndex, record: number, tagId: number): boolean {
  const end = index.tagStart[record + 1] ?? 0;
  for (let j = index.tagStart[record] ?? 0; j < end; j++) if (index.tagIds[j] === tagId) return true;
  return false;
}

/**
 * On-disk form, gzip-compressed: `PCVEIDX` + format byte, a u32 header length, a small JSON
 * header, then the columns as raw little-endian arrays, 8-byte aligned, then the ids, the tag
 * names and the search bytes. Decoding is one gunzip and a few typed-array views: no JSON.parse
 * of large arrays (seconds at 300,000 records), and since format 4 no string per CVE either.
 *
 * Format 4 (format 3 is still read: a store written before it keeps working until its next
 * ingest): each record's tag count (u16) instead of u32 offsets, summed up on load; the ids at
 * a fixed width, padded with spaces, so that id i is a slice (a cold export makes strings for its
 * 1000 rows, not for 300,000); the tag names NUL-separated and split only when a `tag` export
 * needs them; and the search offsets left out of the columns part, which has no search bytes.
 * At 176,557 real records: the columns part 2.41 → 2.03 MB gzip, and its load makes no id
 * strings and parses no tag names (74,314 of them) unless the export asks for a tag.
 */
export const FILTER_INDEX_FORMAT = 4;
const MAGIC_PREFIX = Buffer.from('PCVEIDX', 'latin1');
const magicOf = (format: number) => Buffer.concat([MAGIC_PREFIX, Buffer.from([format])]);

interface IndexHeader {
  version: string;
  builtAt: string;
  count: number;
  tagIdCount: number;
  /** Format 3 only: the tag names themselves. */
  tagNames?: readonly string[];
  /** Format 4: bytes of the NUL-separated tag names, and how many there are. */
  tagNamesBytes?: number;
  tagNameCount?: number;
  /** Format 4: each id's width in bytes (ids padded with spaces). */
  idWidth?: number;
  idsBytes: number;
  /** Format 4: false when the search offsets are left out (the columns part). */
  searchStarts?: boolean;
  haystackBytes: number;
}

const pad8 = (n: number) => (8 - (n % 8)) % 8;

/** Ids at a fixed width (ASCII CVE ids, space-padded): id i is bytes [i × width, (i + 1) × width). */
class FixedWidthIds implements ListOf<string> {
  constructor(
    private readonly bytes: Buffer,
    private readonly width: number,
    readonly length: number,
  ) {}

  at(i: number): string | undefined {
    if (!(i >= 0 && i < this.length)) return undefined;
    return this.bytes.toString('latin1', i * this.width, (i + 1) * this.width).trimEnd();
  }
}

/** NUL-separated names, split on first use. */
class SeparatedNames implements ListOf<string> {
  private names: string[] | undefined;

  constructor(
    private readonly bytes: Buffer,
    readonly length: number,
  ) {}

  private all(): string[] {
    this.names ??= this.length === 0 ? [] : this.bytes.toString('utf8').split('\u0000');
    return this.names;
  }

  at(i: number): string | undefined {
    return this.all()[i];
  }

  indexOf(name: string): number {
    return this.all().indexOf(name);
  }
}

function listItems<T>(list: ListOf<T>): T[] {
  const items: T[] = [];
  for (let i = 0; i < list.length; i++) items.push(list.at(i) as T);
  return items;
}

export function encodeFilterIndex(index: FilterIndex, options: { readonly searchStarts?: boolean } = {}): Buffer {
  const searchStarts = options.searchStarts ?? true;
  const idList = listItems(index.ids);
  const idWidth = idList.reduce((w, id) => Math.max(w, id.length), 0);
  const ids = Buffer.from(idList.map((id) => id.padEnd(idWidth, ' ')).join(''), 'latin1');
  const tagNameList = listItems(index.tagNames);
  const tagNames = Buffer.from(tagNameList.join('\u0000'), 'utf8');
  const tagCounts = new Uint16Array(index.count);
  for (let i = 0; i < index.count; i++) {
    const n = (index.tagStart[i + 1] ?? 0) - (index.tagStart[i] ?? 0);
    if (n > 0xffff) throw new Error(`A record with ${n} tags does not fit the filter index`);
    tagCounts[i] = n;
  }
  const header: IndexHeader = {
    version: index.version,
    builtAt: index.builtAt,
    count: index.count,
    tagIdCount: index.tagIds.length,
    tagNamesBytes: tagNames.length,
    tagNameCount: tagNameList.length,
    idWidth,
    idsBytes: ids.length,
    searchStarts,
    haystackBytes: index.haystack.length,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  const magic = magicOf(FILTER_INDEX_FORMAT);
  const parts: Buffer[] = [magic, length, headerBytes];
  let size = magic.length + 4 + headerBytes.length;
  const add = (part: Buffer) => {
    const padding = pad8(size);
    if (padding) parts.push(Buffer.alloc(padding));
    parts.push(part);
    size += padding + part.length;
  };
  const raw = (view: ArrayBufferView) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);
  const columns: ArrayBufferView[] = [
    index.scores,
    index.modified,
    tagCounts,
    index.tagIds,
    ...(searchStarts ? [index.haystackStart] : []),
    index.severity,
    index.risk,
    index.patch,
  ];
  for (const column of columns) add(raw(column));
  add(ids);
  add(tagNames);
  add(index.haystack);
  return gzipSync(Buffer.concat(parts), { level: 6 });
}

/**
 * The index in two parts that a reader loads apart: the columns every export needs (ids,
 * scores, codes, tags: a few MB at 300,000 records) and the search bytes only a `search` export
 * needs (about three quarters of the whole). A cold export without `search` then reads and
 * decodes only the first. Each part is gzip-compressed on its own.
 */
export interface FilterIndexParts {
  readonly columns: Buffer;
  readonly search: Buffer;
}

export function encodeFilterIndexParts(index: FilterIndex): FilterIndexParts {
  // The columns part is the one-buffer form without search bytes or their offsets.
  const columns = encodeFilterIndex({ ...index, haystack: Buffer.alloc(0) }, { searchStarts: false });
  const count = Buffer.alloc(4);
  count.writeUInt32LE(index.count);
  const starts = Buffer.from(index.haystackStart.buffer, index.haystackStart.byteOffset, index.haystackStart.byteLength);
  const search = gzipSync(Buffer.concat([count, starts, index.haystack]), { level: 6 });
  return { columns, search };
}

/** The columns part alone: an index that answers every filter except `search`. */
export function decodeFilterIndexColumns(columns: Buffer): FilterIndex {
  return decodeFilterIndex(columns);
}

/**
 * gunzip on libuv's thread pool: a cold load inflates megabytes, and the event loop stays free
 * meanwhile for the request's other calls (and, locally, for the in-process store's answers).
 */
const inflate = promisify(gunzip);

/** `decodeFilterIndexColumns` (or a whole index) with the inflating off the event loop. */
export async function inflateFilterIndex(compressed: Buffer): Promise<FilterIndex> {
  return parseFilterIndex(await inflate(compressed));
}

/**
 * The search part inflated off the event loop (at the same time as the columns part, if need
 * be): resolves with what `withSearchBytes` does to a columns index.
 */
export async function inflateSearchPart(search: Buffer): Promise<(index: FilterIndex) => FilterIndex> {
  const data = await inflate(search);
  return (index) => searchBytesOf(index, data);
}

/** The columns part completed with its search bytes. */
export function withSearchBytes(index: FilterIndex, search: Buffer): FilterIndex {
  return searchBytesOf(index, gunzipSync(search));
}

function searchBytesOf(index: FilterIndex, data: Buffer): FilterIndex {
  const count = data.readUInt32LE(0);
  if (count !== index.count) throw new Error('Filter index parts do not match');
  const startsBytes = (count + 1) * 4;
  const haystackStart = new Uint32Array(data.buffer.slice(data.byteOffset + 4, data.byteOffset + 4 + startsBytes));
  return { ...index, haystackStart, haystack: data.subarray(4 + startsBytes) };
}

export function decodeFilterIndex(compressed: Buffer): FilterIndex {
  return parseFilterIndex(gunzipSync(compressed));
}

/** The inflated form (see encodeFilterIndex) as an index. */
function parseFilterIndex(data: Buffer): FilterIndex {
  const format = data[MAGIC_PREFIX.length];
  if (!data.subarray(0, MAGIC_PREFIX.length).equals(MAGIC_PREFIX) || (format !== 3 && format !== FILTER_INDEX_FORMAT))
    throw new Error('Unsupported filter index format');
  const headerLength = data.readUInt32LE(MAGIC_PREFIX.length + 1);
  let offset = MAGIC_PREFIX.length + 1 + 4;
  const header = JSON.parse(data.subarray(offset, offset + headerLength).toString('utf8')) as IndexHeader;
  offset += headerLength;
  const take = (bytes: number): Buffer => {
    offset += pad8(offset);
    const part = data.subarray(offset, offset + bytes);
    offset += bytes;
    return part;
  };
  // A typed-array view of the inflated buffer where the column is aligned in memory (no copy of
  // megabytes; the columns are 8-byte aligned within the data), else a copy into a fresh buffer.
  const column = <T>(bytes: number, width: number, Type: new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T): T => {
    const part = take(bytes);
    if (part.byteOffset % width === 0) return new Type(part.buffer, part.byteOffset, bytes / width);
    return new Type(part.buffer.slice(part.byteOffset, part.byteOffset + bytes), 0, bytes / width);
  };
  const n = header.count;
  const scores = column(n * 8, 8, Float64Array);
  const modified = column(n * 8, 8, Float64Array);
  let tagStart: Uint32Array;
  if (format === 3) {
    tagStart = column((n + 1) * 4, 4, Uint32Array);
  } else {
    const counts = column(n * 2, 2, Uint16Array);
    tagStart = new Uint32Array(n + 1);
    for (let i = 0; i < n; i++) tagStart[i + 1] = (tagStart[i] ?? 0) + (counts[i] ?? 0);
  }
  const tagIds = column(header.tagIdCount * 4, 4, Uint32Array);
  const haystackStart = header.searchStarts === false ? new Uint32Array(n + 1) : column((n + 1) * 4, 4, Uint32Array);
  const severity = column(n, 1, Uint8Array);
  const risk = column(n, 1, Uint8Array);
  const patch = column(n, 1, Uint8Array);
  const idBytes = take(header.idsBytes);
  const ids: ListOf<string> = format === 3 ? (n === 0 ? [] : idBytes.toString('utf8').split('\n')) : new FixedWidthIds(idBytes, header.idWidth ?? 0, n);
  const tagNames = format === 3 ? (header.tagNames ?? []) : new SeparatedNames(take(header.tagNamesBytes ?? 0), header.tagNameCount ?? 0);
  const haystack = take(header.haystackBytes);
  return {
    version: header.version,
    builtAt: header.builtAt,
    count: n,
    ids,
    scores,
    modified,
    severity,
    risk,
    patch,
    tagNames,
    tagStart,
    tagIds,
    haystack,
    haystackStart,
  };
}
