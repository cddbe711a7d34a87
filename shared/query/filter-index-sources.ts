import { gunzipSync, gzipSync } from 'node:zlib';
import { PATCH_CODES, RISK_CODES, SEVERITY_CODES, type FilterIndex, type IndexSource } from './filter-index.js';

/**
 * What an index was built from, read back out of the index: the ingest updates the index from
 * the previous version and the records a run wrote, instead of rescanning the catalogue
 * (docs/architecture.md, "Export filter index"). The index keeps every field the filters and the
 * row order need except the published date, which its `dates` part holds (in index order).
 * Rebuilding an index from these sources gives the same index (descriptions and tags come back
 * lower-cased, which the index lower-cases anyway).
 */

/** The published dates in index order, gzip-compressed, one per line. */
export function encodeIndexDates(dates: readonly string[]): Buffer {
  return gzipSync(Buffer.from(dates.join('\n'), 'utf8'), { level: 6 });
}

export function decodeIndexDates(data: Buffer, count: number): string[] {
  const dates = count === 0 ? [] : gunzipSync(data).toString('utf8').split('\n');
  if (dates.length !== count) throw new Error('Filter index dates do not match the index');
  return dates;
}

/** The published dates of `sources` in the order of `index` (which was built from them). */
export function indexDates(index: FilterIndex, sources: Iterable<IndexSource>): string[] {
  const published = new Map<string, string>();
  for (const source of sources) published.set(source.cve_id, source.published_date);
  const dates: string[] = [];
  for (let i = 0; i < index.count; i++) dates.push(published.get(index.ids.at(i) ?? '') ?? '');
  return dates;
}

const codeAt = <T extends string>(codes: readonly T[], code: number | undefined): T | undefined => (code === undefined ? undefined : codes[code]);

function namesOf(body: string): Pick<IndexSource, 'description' | 'title' | 'facts'> {
  const cut = body.indexOf('\u0002');
  if (cut < 0) return { description: body };
  const [title = '', ...aka] = body.slice(cut + 1).split('\u0003');
  return { description: body.slice(0, cut), ...(title ? { title } : {}), ...(aka.length ? { facts: { aka } } : {}) };
}

/** The index's records as index sources (with `dates` from the dates part). */
export function indexSources(index: FilterIndex, dates: readonly string[]): IndexSource[] {
  const sources: IndexSource[] = [];
  for (let i = 0; i < index.count; i++) {
    const score = index.scores[i] ?? Number.NaN;
    const modified = index.modified[i] ?? Number.NaN;
    const severity = codeAt(SEVERITY_CODES, index.severity[i]);
    const risk = codeAt(RISK_CODES, index.risk[i]);
    const status = codeAt(PATCH_CODES, index.patch[i]);
    const text = index.haystack.toString('utf8', index.haystackStart[i], index.haystackStart[i + 1]);
    const tags = [];
    for (let j = index.tagStart[i] ?? 0; j < (index.tagStart[i + 1] ?? 0); j++)
      tags.push({ tag: index.tagNames.at(index.tagIds[j] ?? 0) ?? '', tag_type: 'product' as const });
    sources.push({
      cve_id: index.ids.at(i) ?? '',
      cvss_score: Number.isNaN(score) ? null : score,
      // Severity is always set on a record; an unknown code reads as no severity, which the index codes alike.
      severity: severity ?? ('' as IndexSource['severity']),
      published_date: dates[i] ?? '',
      // searchText's layout: the id has no \u0001, the description no \u0002, the title no \u0003.
      ...namesOf(text.slice(text.indexOf('\u0001') + 1, -1)),
      tags,
      rejected: false,
      ...(Number.isNaN(modified) ? {} : { modified_at: new Date(modified).toISOString() }),
      ...(risk ? { exploit_intel: { risk_level: risk } } : {}),
      ...(status ? { patch: { status } } : {}),
    });
  }
  return sources;
}
