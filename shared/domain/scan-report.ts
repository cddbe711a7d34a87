import * as z from 'zod';
import { riskLevelSchema, severitySchema, type RiskLevel } from './cve.js';

/**
 * product-decisions §8: one vulnerability that affects a component (or a package version). The
 * same shape answers GET /api/packages/{ecosystem}/{name}. `id` is the advisory's own id (OSV)
 * or the CVE id for a CPE match; `cve_id` joins it to the catalogue (null when the advisory has
 * no CVE alias, and then severity, score and risk come from the advisory alone).
 */
export const scanVulnerabilitySchema = z
  .object({
    id: z.string().min(1),
    cve_id: z.string().nullable(),
    severity: severitySchema,
    cvss_score: z.number().min(0).max(10).nullable(),
    risk_level: riskLevelSchema.nullable(),
    fixed_versions: z.array(z.string()),
    title: z.string().min(1),
    summary: z.string().min(1),
    fix: z.string().min(1),
  })
  .meta({ id: 'ScanVulnerability' });
export type ScanVulnerability = z.infer<typeof scanVulnerabilitySchema>;

export const scanComponentSchema = z
  .object({
    name: z.string(),
    version: z.string(),
    purl: z.string().nullable(),
    /** 1-based line that declares the component (lockfile, requirements); null in an SBOM. */
    line: z.number().int().min(1).nullable(),
  })
  .meta({ id: 'ScanComponent' });

export const notCheckedSchema = z
  .object({ entry: z.string(), line: z.number().int().min(1).nullable(), reason: z.string() })
  .meta({ id: 'ScanNotChecked' });

export const scanFindingSchema = z
  .object({ component: scanComponentSchema, vulnerabilities: z.array(scanVulnerabilitySchema).min(1) })
  .meta({ id: 'ScanFinding' });
export type ScanFinding = z.infer<typeof scanFindingSchema>;

export const scanReportSchema = z
  .object({
    components: z.number().int().min(0),
    checked: z.number().int().min(0),
    not_checked: z.array(notCheckedSchema),
    findings: z.array(scanFindingSchema),
  })
  .meta({ id: 'ScanReport' });
export type ScanReport = z.infer<typeof scanReportSchema>;

const RISK_RANK: Record<RiskLevel, number> = { CRITICAL_GAP: 4, HIGH: 3, MEDIUM: 2, LOW: 1 };

/** Worst first: risk level, then CVSS score (unknown last), then id for a stable order. */
export function compareVulnerabilities(a: ScanVulnerability, b: ScanVulnerability): number {
  const risk = (b.risk_level ? RISK_RANK[b.risk_level] : 0) - (a.risk_level ? RISK_RANK[a.risk_level] : 0);
  if (risk !== 0) return risk;
  const score = (b.cvss_score ?? -1) - (a.cvss_score ?? -1);
  if (score !== 0) return score;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Findings worst first (by each one's worst vulnerability), then by line and name. */
export function compareFindings(a: ScanFinding, b: ScanFinding): number {
  const [worstA, worstB] = [a.vulnerabilities[0], b.vulnerabilities[0]];
  if (worstA && worstB) {
    const byRisk = compareVulnerabilities(worstA, worstB);
    if (byRisk !== 0) return byRisk;
  }
  const line = (a.component.line ?? 0) - (b.component.line ?? 0);
  if (line !== 0) return line;
  return a.component.name.localeCompare(b.component.name) || a.component.version.localeCompare(b.component.version);
}
