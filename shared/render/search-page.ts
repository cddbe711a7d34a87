import type { CatalogueRecord } from '../domain/cve.js';
import { escapeHtml, page, withInlineCode } from './html.js';

function result(record: CatalogueRecord): string {
  const score = record.cvss_score === null ? '' : ` · CVSS ${record.cvss_score.toFixed(1)}`;
  return `<li><a href="/cve/${escapeHtml(record.cve_id)}">${escapeHtml(record.cve_id)}: ${escapeHtml(record.title)}</a><br><span class="meta">${escapeHtml(record.severity)}${escapeHtml(score)} · published ${escapeHtml(record.published_date)}</span><br>${withInlineCode(record.explanation?.summary ?? record.description)}</li>`;
}

/** The search results page: the first matching public CVE pages, most severe first. */
export function renderSearchPage(query: string, total: number, records: readonly CatalogueRecord[]): string {
  if (query === '') {
    return page(
      'Search · PlainCVE',
      '<h1>Search CVEs</h1><p>Type a CVE id (CVE-2021-44228), a product (log4j) or a keyword (deserialization) in the search box.</p>',
    );
  }
  const heading = `<h1>Search results for “${escapeHtml(query)}”</h1>`;
  if (records.length === 0) {
    return page(`No results for ${query} · PlainCVE`, `${heading}<p>No CVE in the catalogue matches. Try a product name (openssl), a vendor or a CVE id.</p>`, {
      query,
    });
  }
  const shown =
    total > records.length
      ? `The first ${records.length} of ${total} matching CVEs, most severe first.`
      : `${total} matching CVE${total === 1 ? '' : 's'}, most severe first.`;
  return page(
    `${query}: ${total} CVE${total === 1 ? '' : 's'} · PlainCVE`,
    `${heading}<p class="meta">${escapeHtml(shown)}</p><ol class="results">${records.map(result).join('')}</ol>`,
    { query },
  );
}
