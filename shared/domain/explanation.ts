import type { CatalogueRecord, CveExplanation } from './cve.js';
import { daysUnpatched } from './days-unpatched.js';
import { withRiskMeaning } from './risk-meaning.js';

/**
 * Interface §2.2 from the stored record: lookup and exports read the same item. Beside the
 * interface's fields it carries what a JSON export record does (product decisions §9), with
 * `patch.days_unpatched` counted to `today` as an export counts it to its day.
 */
export function toCveExplanation(record: CatalogueRecord, today: string): CveExplanation {
  const explanation = record.explanation;
  const kev = record.in_kev
    ? {
        ...(record.kev_date_added ? { date_added: record.kev_date_added } : {}),
        ...(record.kev_required_action ? { required_action: record.kev_required_action } : {}),
      }
    : undefined;
  return {
    cve_id: record.cve_id,
    title: record.title,
    severity: record.severity,
    cvss_score: record.cvss_score,
    summary: explanation?.summary ?? record.description,
    affected: explanation?.affected ?? 'The public record does not yet say which products are affected.',
    fix: explanation?.fix ?? "No fix is recorded yet; follow the references for the vendor's guidance.",
    references: (explanation?.references ?? []).map(({ title, url }) => ({ title, url })),
    cvss_version: record.cvss_version ?? null,
    cvss_vector: record.cvss_vector ?? null,
    epss: record.exploit_intel?.epss ?? null,
    description: record.description,
    published_date: record.published_date,
    cwe_ids: record.cwe_ids,
    ...(record.exploit_intel ? { exploit_intel: withRiskMeaning(record.exploit_intel) } : {}),
    ...(record.patch ? { patch: { ...record.patch, days_unpatched: daysUnpatched(record, today) } } : {}),
    tags: record.tags,
    in_kev: record.in_kev,
    ...(kev ? { kev } : {}),
    ...(record.facts ? { facts: record.facts } : {}),
  };
}
