import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../shared/demo/catalogue.js';
import {
  catalogueRecordSchema,
  patchStatusSchema,
  riskLevelSchema,
  severitySchema,
  type CatalogueRecord,
  type RiskLevel,
  type Severity,
} from '../../shared/domain/cve.js';

// Product decisions §6, re-implemented here so the records are checked against the rule itself.
function expectedRisk(r: CatalogueRecord): RiskLevel {
  const { weaponized, detectable } = r.exploit_intel!;
  if (weaponized && !detectable) return (r.cvss_score ?? 0) >= 7.0 || r.in_kev ? 'CRITICAL_GAP' : 'HIGH';
  if (weaponized) return 'HIGH';
  return detectable ? 'MEDIUM' : 'LOW';
}

function expectedSeverity(score: number | null): Severity {
  if (score === null) return 'UNKNOWN';
  if (score >= 9) return 'CRITICAL';
  if (score >= 7) return 'HIGH';
  if (score >= 4) return 'MEDIUM';
  if (score > 0) return 'LOW';
  return 'UNKNOWN';
}

function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}

const EXPLOIT_SOURCES = new Set(['CISA KEV', 'Metasploit', 'Exploit-DB', 'GitHub PoC']);
const DETECTION_SOURCES = new Set(['Nuclei', 'Sigma', 'Suricata ET Open', 'YARA', 'Semgrep', 'OSV']);
const REF_TYPES = new Set(['advisory', 'patch', 'exploit', 'mitigation', 'article', 'kev']);

describe('demo catalogue', () => {
  it('has at least 25 records with unique ids', () => {
    expect(demoCatalogue.length).toBeGreaterThanOrEqual(25);
    const ids = demoCatalogue.map((r) => r.cve_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(demoCatalogue.map((r) => [r.cve_id, r] as const))('%s is a complete demo record', (_id, record) => {
    expect(() => catalogueRecordSchema.parse(record)).not.toThrow();
    expect(record.demo).toBe(true);
    expect(record.rejected).toBe(false);
    expect(record.explanation).toBeDefined();
    expect(record.exploit_intel).toBeDefined();
    expect(record.patch).toBeDefined();
    expect(Object.keys(record.provenance).length).toBeGreaterThan(0);
    expect(record.tags.length).toBeGreaterThan(0);
    for (const tag of record.tags) expect(tag.tag).toBe(tag.tag.toLowerCase());

    const refs = record.explanation!.references;
    expect(refs.length).toBeGreaterThanOrEqual(2);
    expect(refs.length).toBeLessThanOrEqual(4);
    for (const ref of refs) expect(REF_TYPES.has(ref.ref_type)).toBe(true);
    expect(refs.some((ref) => ref.url === `https://nvd.nist.gov/vuln/detail/${record.cve_id}`)).toBe(true);

    for (const id of record.cwe_ids) expect(record.cwe_names[id]?.length ?? 0).toBeGreaterThan(0);
  });

  it.each(demoCatalogue.map((r) => [r.cve_id, r] as const))('%s follows the severity and risk rules', (_id, record) => {
    expect(record.severity).toBe(expectedSeverity(record.cvss_score));
    const intel = record.exploit_intel!;
    expect(intel.weaponized).toBe(intel.exploit_sources.length > 0);
    expect(intel.detectable).toBe(intel.detection_sources.length > 0);
    for (const s of intel.exploit_sources) expect(EXPLOIT_SOURCES.has(s)).toBe(true);
    for (const s of intel.detection_sources) expect(DETECTION_SOURCES.has(s)).toBe(true);
    expect(intel.risk_level).toBe(expectedRisk(record));
    if (record.in_kev) {
      expect(intel.weaponized).toBe(true);
      expect(intel.exploit_sources).toContain('CISA KEV');
    } else {
      expect(intel.exploit_sources).not.toContain('CISA KEV');
    }
  });

  it.each(demoCatalogue.map((r) => [r.cve_id, r] as const))('%s has consistent patch data', (_id, record) => {
    const patch = record.patch!;
    expect(Number.isInteger(patch.days_unpatched)).toBe(true);
    expect(patch.days_unpatched).toBeGreaterThanOrEqual(0);
    const patched = patch.status === 'available' || patch.status === 'partial';
    if (patched) {
      expect(patch.patch_date).toBeDefined();
      expect(patch.patch_date! >= record.published_date).toBe(true);
      const days = (Date.parse(patch.patch_date!) - Date.parse(record.published_date)) / 86_400_000;
      expect(patch.days_unpatched).toBe(days);
    } else {
      expect(patch.patch_date).toBeUndefined();
    }
  });

  it('covers every severity, risk level and patch status', () => {
    const severities = new Set(demoCatalogue.map((r) => r.severity));
    for (const s of severitySchema.options) expect(severities).toContain(s);
    const risks = new Set(demoCatalogue.map((r) => r.exploit_intel?.risk_level));
    for (const r of riskLevelSchema.options) expect(risks).toContain(r);
    const statuses = new Set(demoCatalogue.map((r) => r.patch?.status));
    for (const s of patchStatusSchema.options) expect(statuses).toContain(s);
  });

  it('contains no "undefined" or "null" text', () => {
    for (const record of demoCatalogue) {
      for (const text of allStrings(record)) {
        expect(text.toLowerCase(), record.cve_id).not.toMatch(/undefined|null/);
      }
    }
  });
});
