import * as z from './zod.js';
import { byUrgency, packageVulnerabilitySchema, type PackageVulnerability } from './package-vulnerability.js';

/** One vulnerability of a component: the shape GET /api/packages answers too (package-vulnerability.ts). */
export const scanVulnerabilitySchema = packageVulnerabilitySchema;
export type ScanVulnerability = PackageVulnerability;

export const scanComponentSchema = z
  .object({
    name: z.string(),
    version: z.string(),
    purl: z.nullable(z.string()),
    /** 1-based line that declares the component (lockfile, requirements); null in an SBOM. */
    line: z.nullable(z.number().check(z.int(), z.minimum(1))),
  })
  .register(z.globalRegistry, { id: 'ScanComponent' });

export const notCheckedSchema = z
  .object({ entry: z.string(), line: z.nullable(z.number().check(z.int(), z.minimum(1))), reason: z.string() })
  .register(z.globalRegistry, { id: 'ScanNotChecked' });

export const scanFindingSchema = z
  .object({ component: scanComponentSchema, vulnerabilities: z.array(scanVulnerabilitySchema).check(z.minLength(1)) })
  .register(z.globalRegistry, { id: 'ScanFinding' });
export type ScanFinding = z.infer<typeof scanFindingSchema>;

export const scanReportSchema = z
  .object({
    components: z.number().check(z.int(), z.minimum(0)),
    checked: z.number().check(z.int(), z.minimum(0)),
    /** The first 1,000 entries; `not_checked_total` counts them all. */
    not_checked: z.array(notCheckedSchema),
    not_checked_total: z.number().check(z.int(), z.minimum(0)),
    /** Worst first, up to 2,000 vulnerabilities in all; the totals count what was left out. */
    findings: z.array(scanFindingSchema),
    findings_total: z.number().check(z.int(), z.minimum(0)),
    vulnerabilities_total: z.number().check(z.int(), z.minimum(0)),
  })
  .register(z.globalRegistry, { id: 'ScanReport' });
export type ScanReport = z.infer<typeof scanReportSchema>;

/** Most urgent first (byUrgency: KEV, public exploit, EPSS, CVSS, id). */
export const compareVulnerabilities = byUrgency;

/** Findings most urgent first (by each one's most urgent vulnerability), then by line and name. */
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
