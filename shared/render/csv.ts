import { stringify } from 'csv-stringify/sync';
import { CSV_HEADER, type CatalogueRecord } from '../domain/cve.js';
import { daysUnpatched } from '../domain/days-unpatched.js';
import { riskMeaning } from '../domain/risk-meaning.js';

/** OWASP CSV-injection guidance: a cell a spreadsheet could read as a formula gets a leading `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

type CsvRow = Record<(typeof CSV_HEADER)[number], string | number>;

export { CSV_HEADER };

/** Interface §2.3 from a stored record; empty cells where the value is unknown or not applicable. */
export function toCsvRow(record: CatalogueRecord, exportDay: string): CsvRow {
  const status = record.patch?.status;
  return {
    cve_id: neutraliseFormula(record.cve_id),
    title: neutraliseFormula(record.title),
    severity: record.severity,
    // Numbers are written plainly (never prefixed): they are data, not formulas.
    cvss_score: record.cvss_score ?? '',
    published_date: record.published_date,
    patch_status: status ?? '',
    // "given if unpatched": empty when a patch is available, and when the patch status is unknown.
    days_unpatched: status === undefined || status === 'available' ? '' : daysUnpatched(record, exportDay),
    risk_level: record.exploit_intel?.risk_level ?? '',
    cvss_version: record.cvss_version ?? '',
    // A vector starts with a letter or "CVSS:", never a formula character; neutralised all the same.
    cvss_vector: neutraliseFormula(record.cvss_vector ?? ''),
    epss_score: record.exploit_intel?.epss?.score ?? '',
    epss_percentile: record.exploit_intel?.epss?.percentile ?? '',
    // Starts with a level's name ("HIGH: …"), never a formula character; neutralised all the same.
    risk_meaning: neutraliseFormula(record.exploit_intel ? riskMeaning(record.exploit_intel.risk_level, record.exploit_intel) : ''),
  };
}

/** RFC 4180: header row, CRLF line ends, fields quoted when they hold `"`, `,`, CR or LF. */
export function renderCsv(records: readonly CatalogueRecord[], exportDay: string): string {
  return stringify(
    records.map((r) => toCsvRow(r, exportDay)),
    {
      header: true,
      columns: [...CSV_HEADER],
      record_delimiter: '\r\n',
      quoted_match: /[\r\n]/,
      cast: { number: (value) => String(value) },
    },
  );
}
