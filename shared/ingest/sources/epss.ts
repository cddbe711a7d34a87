/** FIRST EPSS scores: the daily CSV (`#model_version…` then `cve,epss,percentile`), or a table keyed by CVE. */
import { hasColumns, tsvParser, type LineSource } from './source.js';

const CVE_ID = /^CVE-\d{4}-\d{4,}$/;

export const epssCsvSource: LineSource = {
  kind: 'epss',
  label: 'FIRST EPSS',
  detect: (firstLine) => firstLine.startsWith('#model_version') || firstLine.replace(/\r$/, '') === 'cve,epss,percentile',
  parser: () => (line, sink) => {
    if (!line || line.startsWith('#') || line.startsWith('cve,')) return;
    const [cve, epss, percentile] = line.replace(/\r$/, '').split(',');
    const id = cve?.trim().toUpperCase() ?? '';
    const score = Number(epss);
    const pct = Number(percentile);
    if (CVE_ID.test(id) && Number.isFinite(score) && Number.isFinite(pct)) sink.epss(id, { score, percentile: pct });
  },
};

/** `cve_id epss_score epss_percentile …` (EPSS values carried by other feeds, e.g. Nuclei templates). */
export const epssTableSource: LineSource = {
  kind: 'epss',
  label: 'FIRST EPSS',
  detect: (firstLine) => hasColumns(firstLine, 'cve_id', 'epss_score', 'epss_percentile'),
  parser: (firstLine) =>
    tsvParser(firstLine, (row, sink) => {
      const id = row.cve_id?.trim().toUpperCase() ?? '';
      const score = Number(row.epss_score);
      const pct = Number(row.epss_percentile);
      if (CVE_ID.test(id) && row.epss_score && Number.isFinite(score) && Number.isFinite(pct)) sink.epss(id, { score, percentile: pct });
    }),
};
