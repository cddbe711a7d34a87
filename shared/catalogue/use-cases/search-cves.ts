import type { CatalogueRecord } from '../../domain/cve.js';
import { normaliseCveId } from '../../domain/cve-id.js';
import { ApiError } from '../../domain/errors.js';
import { MAX_SEARCH_QUERY_LENGTH, SEARCH_RESULTS } from '../../domain/limits.js';
import { selectFromIndex, type FilterIndex } from '../../query/filter-index.js';
import { createIndexCache } from '../../query/index-cache.js';
import { cveRepository } from '../../repositories/cve-repository.js';
import { renderSearchPage } from '../../render/search-page.js';
import { filterIndexRepository } from '../../repositories/filter-index-repository.js';

export const MAX_QUERY_LENGTH = MAX_SEARCH_QUERY_LENGTH;

/** One per Lambda container: the warm filter index, as in the exports. */
const indexCache = createIndexCache(filterIndexRepository);

export type SearchOutcome =
  | { readonly kind: 'page'; readonly location: string }
  | { readonly kind: 'results'; readonly query: string; readonly total: number; readonly records: CatalogueRecord[] };

/** Trimmed, inner whitespace collapsed: `  apache   log4j ` searches `apache log4j`. */
export function normaliseQuery(raw: string | undefined): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Which ids match: a tag (vendor, product or technology, case-insensitive exact) when the
 * query names one, else the query as a substring of ids, descriptions, titles and aka names ("log4shell"). Both in export order
 * (highest score first), so the first pages are the most severe.
 */
export function matchIds(index: FilterIndex, query: string, limit: number): { total: number; ids: string[] } {
  const byTag = selectFromIndex(index, { tag: query }, limit);
  return byTag.total > 0 ? byTag : selectFromIndex(index, { search: query }, limit);
}

/**
 * The home page's search (GET /search?q=): a CVE id goes straight to its public page; anything
 * else lists the first matching CVEs. An empty query lists nothing.
 */
export async function searchCves(raw: string | undefined): Promise<SearchOutcome> {
  const query = normaliseQuery(raw);
  if (query.length > MAX_QUERY_LENGTH) {
    throw new ApiError('INVALID_PARAMETER', `Search for at most ${MAX_QUERY_LENGTH} characters: a CVE id, a product or a keyword.`);
  }
  if ([...query].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    throw new ApiError('INVALID_PARAMETER', 'The search must not contain control characters.');
  }
  const cveId = normaliseCveId(query);
  if (cveId) return { kind: 'page', location: `/cve/${cveId}` };
  if (query === '') return { kind: 'results', query, total: 0, records: [] };
  const selection = matchIds(await indexCache.get(), query, SEARCH_RESULTS);
  const records = (await cveRepository.getMany(selection.ids)).filter((r) => !r.rejected);
  return { kind: 'results', query, total: selection.total, records };
}

/** The search's answer as the page shows it: a redirect to a CVE page, or the results page's HTML. */
export async function searchPage(
  raw: string | undefined,
): Promise<{ readonly kind: 'page'; readonly location: string } | { readonly kind: 'html'; readonly html: string }> {
  const outcome = await searchCves(raw);
  if (outcome.kind === 'page') return outcome;
  return { kind: 'html', html: renderSearchPage(outcome.query, outcome.total, outcome.records) };
}
