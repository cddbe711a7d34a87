import type { CatalogueRecord, CveExplanation } from './cve.js';

/** Interface §2.2 from the stored record: lookup and exports read the same item. */
export function toCveExplanation(record: CatalogueRecord): CveExplanation {
  const explanation = record.explanation;
  return {
    cve_id: record.cve_id,
    title: record.title,
    severity: record.severity,
    cvss_score: record.cvss_score,
    summary: explanation?.summary ?? record.description,
    affected: explanation?.affected ?? 'The public record does not yet say which products are affected.',
    fix: explanation?.fix ?? 'No fix is recorded yet; follow the references for the vendor\'s guidance.',
    references: (explanation?.references ?? []).map(({ title, url }) => ({ title, url })),
    cvss_version: record.cvss_version ?? null,
    cvss_vector: record.cvss_vector ?? null,
    epss: record.exploit_intel?.epss ?? null,
  };
}
