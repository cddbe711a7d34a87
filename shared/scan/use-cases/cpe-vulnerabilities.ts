/**
 * CPE index entries + catalogue record -> the vulnerability a user reads (product-decisions §8),
 * for one SBOM component matched by its CPE against NVD's configurations. The same shape as an
 * OSV finding (package-vulnerabilities.ts): severity, score, risk, title and summary are
 * PlainCVE's record of the CVE; the fix names the nearest version NVD gives as fixing it.
 */
import type { CatalogueRecord } from '../../domain/cve.js';
import { urgencyOf, type PackageVulnerability } from '../../domain/package-vulnerability.js';
import type { ComponentCpe } from '../../domain/cpe/component-cpe.js';
import { cpeEntryAffects, cpeFixedVersions, type CpeIndexEntry } from '../../domain/cpe/cpe-index.js';
import { fixAdvice } from '../../catalogue/public.js';

/** One CVE whose NVD configuration holds the component's version. */
export interface CpeFinding {
  readonly cveId: string;
  readonly fixedVersions: string[];
}

/** The CVEs (of the product's index entries) that affect the component's CPE, one per CVE, by id. */
export function affectingCpeFindings(entries: readonly CpeIndexEntry[], cpe: ComponentCpe): CpeFinding[] {
  const byCve = new Map<string, CpeIndexEntry[]>();
  for (const entry of entries) byCve.set(entry.cveId, [...(byCve.get(entry.cveId) ?? []), entry]);
  const found: CpeFinding[] = [];
  for (const [cveId, cveEntries] of byCve) {
    if (!cveEntries.some((entry) => cpeEntryAffects(entry, cpe))) continue;
    found.push({ cveId, fixedVersions: cpeFixedVersions(cveEntries, cpe) });
  }
  return found.sort((a, b) => a.cveId.localeCompare(b.cveId));
}

/** The fix for a component matched by CPE: the nearest fixed version NVD names, else PlainCVE's advice for the CVE. */
export function cpeFixAdvice(name: string, cpe: ComponentCpe, finding: CpeFinding, record: CatalogueRecord | undefined): string {
  if (finding.fixedVersions.length > 0) return fixAdvice({ name, version: cpe.version }, finding.fixedVersions, finding.cveId);
  const noFix = `NVD's configuration for ${finding.cveId} names no version of ${name} after ${cpe.version} that fixes it`;
  const advice = record?.explanation?.fix;
  return advice ? `${noFix}. ${advice}` : `${noFix}: check ${cpe.vendor}'s advisory, and remove or replace ${name} until a fix is published.`;
}

export function toCpeVulnerability(name: string, cpe: ComponentCpe, finding: CpeFinding, record: CatalogueRecord | undefined): PackageVulnerability {
  const described = `NVD's configuration for ${finding.cveId} lists ${cpe.vendor} ${cpe.product} ${cpe.version} as vulnerable.`;
  return {
    id: finding.cveId,
    cve_id: finding.cveId,
    severity: record?.severity ?? 'UNKNOWN',
    cvss_score: record?.cvss_score ?? null,
    ...urgencyOf(record),
    fixed_versions: finding.fixedVersions,
    title: record?.title ?? `${finding.cveId} in ${cpe.product} ${cpe.version}`,
    summary: record?.explanation?.summary ?? (record?.description.trim() || described),
    fix: cpeFixAdvice(name, cpe, finding, record),
  };
}
