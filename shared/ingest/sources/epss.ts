/** FIRST EPSS scores: the daily CSV (`#model_version…` then `cve,epss,percentile`), or a table keyed by CVE. */
import { tsvParser, type LineSource } from './source.js';

const CVE_ID = /^CVE-\d{4}-\d{4,}$/;

/**
 * The day FIRST scored the file, from its comment line: `#model_version:v2025.03.14,score_date:2025-08-25T12:55:00Z`
 * (older files: `…,score_date:2023-04-13T00:00:00+0000`). Undefined when the line carries none.
 */
export function epssScoreDate(firstLine: string): string | undefined {
  const value = /score_date:\s*([^,\s]+)/.exec(firstLine)?.[1];
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  // A time without a zone is UTC; `+0000` is written `+00:00` for Date.
  const stamp = value.length === 10 ? `${value}T00:00:00Z` : /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2') : `${value}Z`;
  const date = new Date(stamp);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

const isProbability = (value: number) => Number.isFinite(value) && value >= 0 && value <= 1;

export const epssCsvParser: LineSource['parser'] = (firstLine) => {
  const date = epssScoreDate(firstLine);
  return (line, sink) => {
    if (!line || line.startsWith('#') || line.startsWith('cve,')) return;
    const [cve, epss, percentile] = line.replace(/\r$/, '').split(',');
    const id = cve?.trim().toUpperCase() ?? '';
    const score = Number(epss);
    const pct = Number(percentile);
    if (CVE_ID.test(id) && epss?.trim() && percentile?.trim() && isProbability(score) && isProbability(pct)) {
      sink.epss(id, { score, percentile: pct, ...(date ? { date } : {}) });
    }
  };
};

/**
 * `cve_id epss_score epss_percentile …` (EPSS values carried by other feeds, e.g. Nuclei templates).
 * These carry no score date (each was copied on its own day), so they are stored but not shown.
 */
export const epssTableParser: LineSource['parser'] = (firstLine) =>
  tsvParser(firstLine, (row, sink) => {
    const id = row.cve_id?.trim().toUpperCase() ?? '';
    const score = Number(row.epss_score);
    const pct = Number(row.epss_percentile);
    if (CVE_ID.test(id) && row.epss_score && row.epss_percentile && isProbability(score) && isProbability(pct)) sink.epss(id, { score, percentile: pct });
  });
