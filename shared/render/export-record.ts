import type { CatalogueRecord, ExportRecord } from '../domain/cve.js';
import { daysUnpatched } from '../domain/days-unpatched.js';
import { withRiskMeaning } from '../domain/risk-meaning.js';

/**
 * Interface §2.4 from a stored record: only the exported fields, in the interface's order,
 * optional objects present only when known, and `patch.days_unpatched` computed for the export
 * day (product-decisions §4) rather than read back from the ingest; the risk level with its
 * meaning in words (product decisions §10).
 */
export function toExportRecord(record: CatalogueRecord, exportDay: string): ExportRecord {
  return {
    cve_id: record.cve_id,
    title: record.title,
    severity: record.severity,
    cvss_score: record.cvss_score,
    description: record.description,
    published_date: record.published_date,
    cwe_ids: record.cwe_ids,
    ...(record.explanation ? { explanation: record.explanation } : {}),
    ...(record.exploit_intel ? { exploit_intel: withRiskMeaning(record.exploit_intel) } : {}),
    ...(record.patch ? { patch: { ...record.patch, days_unpatched: daysUnpatched(record, exportDay) } } : {}),
    tags: record.tags,
    cvss_version: record.cvss_version ?? null,
    cvss_vector: record.cvss_vector ?? null,
    ...(record.facts ? { facts: record.facts } : {}),
  };
}
