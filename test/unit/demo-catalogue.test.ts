import { describe, expect, it } from 'vitest';
import { demoCatalogue, loadDemoCatalogue, type DemoRecord } from '../../shared/ingest/demo/catalogue.js';
import { FROM_THE_INTERNET, namesVersion, saysCodeExecution, saysNoFix } from '../../bench/support/gold-agreement.js';
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

// §6 "Scores": v2 has NVD's own three-level rating (no CRITICAL); v3.x and v4.0 share one scale.
function expectedSeverity(score: number | null, version: DemoRecord['cvss_version']): Severity {
  if (score === null) return 'UNKNOWN';
  if (version === '2.0') return score >= 7 ? 'HIGH' : score >= 4 ? 'MEDIUM' : 'LOW';
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
    expect(record.severity).toBe(expectedSeverity(record.cvss_score, record.cvss_version));
    // The score says which CVSS version and vector it comes from.
    expect(record.cvss_version === null).toBe(record.cvss_score === null);
    if (record.cvss_version === '2.0') expect(record.cvss_vector).toMatch(/^AV:[NAL]\/AC:[LMH]\/Au:[NSM]\/C:[NPC]\/I:[NPC]\/A:[NPC]$/);
    else if (record.cvss_version) expect(record.cvss_vector?.startsWith(`CVSS:${record.cvss_version}/`)).toBe(true);
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

  it('covers every scored severity, risk level and patch status', () => {
    // UNKNOWN belongs to a CVE no source scores in any CVSS version (§6); none of the demo CVEs is one.
    const severities = new Set(demoCatalogue.map((r) => r.severity));
    for (const s of severitySchema.options.filter((o) => o !== 'UNKNOWN')) expect(severities).toContain(s);
    expect(new Set(demoCatalogue.map((r) => r.cvss_version))).toEqual(new Set(['3.1', '3.0', '2.0']));
    const risks = new Set(demoCatalogue.map((r) => r.exploit_intel?.risk_level));
    for (const r of riskLevelSchema.options) expect(risks).toContain(r);
    const statuses = new Set(demoCatalogue.map((r) => r.patch?.status));
    for (const s of patchStatusSchema.options) expect(statuses).toContain(s);
  });

  it('the loader validates every record with the schema and keeps `demo: true`', () => {
    const [first] = demoCatalogue;
    expect(() => loadDemoCatalogue([{ ...first, demo: false }])).toThrow();
    // Every answer of a demo record shows its facts (product decisions §9): a record without them is refused.
    expect(() => loadDemoCatalogue([{ ...first, facts: undefined }])).toThrow();
    expect(() => loadDemoCatalogue([{ ...first, facts: { ...first!.facts, impacts: ['runs code'] } }])).toThrow();
    expect(() => loadDemoCatalogue([{ ...first, cvss_version: '3.2' }])).toThrow();
    expect(() => loadDemoCatalogue([{ ...first, published_date: '10 Dec 2021' }])).toThrow();
    expect(loadDemoCatalogue([first])).toEqual([first]);
  });

  it('states the facts corrected in issue 8', () => {
    const byId = new Map(demoCatalogue.map((r) => [r.cve_id, r]));
    const bleed = byId.get('CVE-2023-4966')!;
    expect(bleed.explanation!.affected).toContain('12.1-FIPS and 12.1-NDcPP before 12.1-55.300');
    expect(bleed.explanation!.fix).toContain('12.1-55.300 (12.1-FIPS and 12.1-NDcPP)');
    for (const id of ['CVE-2019-0708', 'CVE-2017-5754', 'CVE-2016-0777']) expect(byId.get(id)?.cvss_version, id).toBe('3.0');
    expect(byId.get('CVE-2023-38545')).toMatchObject({ cvss_score: 8.8, severity: 'HIGH', cvss_version: '3.1' });
  });

  describe.each(demoCatalogue.map((r) => [r.cve_id, r] as const))('%s: the facts and the hand-written texts agree', (_id, record) => {
    const { facts, explanation } = record;
    const { summary, affected, fix } = explanation!;

    it('says where the facts come from and states at least one gain and the attacker', () => {
      expect(record.provenance.facts).toMatch(/^written by hand from /);
      expect(facts.impacts.length).toBeGreaterThan(0);
      expect(new Set(facts.impacts).size).toBe(facts.impacts.length);
      expect(facts.attack.position).not.toBeNull();
      expect(facts.products.length).toBeGreaterThan(0);
    });

    it('names every fixed version in the fix text and every newest affected version in the affected text', () => {
      for (const v of facts.fixed_in) expect(namesVersion(fix, v.version), `${v.product} ${v.version} in "${fix}"`).toBe(true);
      for (const v of facts.last_affected) expect(namesVersion(affected, v.version), `${v.product} ${v.version} in "${affected}"`).toBe(true);
      const products = new Set(facts.products.map((p) => p.product));
      for (const v of [...facts.fixed_in, ...facts.last_affected]) expect(products, v.product).toContain(v.product);
      // A fixed version is only stated where a fix is.
      if (facts.fixed_in.length > 0) expect(facts.fix_stated).toBe(true);
    });

    it('says code runs exactly when code execution is a stated gain', () => {
      expect(saysCodeExecution(summary), summary).toBe(facts.impacts.includes('code_execution'));
    });

    it('shows every name the bug is known by in its title or summary', () => {
      for (const name of facts.aka) expect(`${record.title} ${summary}`.toLowerCase(), name).toContain(name.toLowerCase());
    });

    it('never denies a stated fix or a public exploit, never puts an on-path attacker on the internet nor calls an authenticated one anyone', () => {
      if (facts.fix_stated) expect(saysNoFix(fix), fix).toBe(false);
      const texts = [record.description, summary, affected, fix].join(' ');
      if (facts.exploit_public) expect(texts).not.toMatch(/\bno (?:public |known )?exploit\b|\bnot (?:been )?(?:publicly )?exploited\b/i);
      if (facts.attack.position === 'man_in_the_middle') expect(FROM_THE_INTERNET.test(summary), summary).toBe(false);
      if (facts.attack.privileges !== 'none') expect(summary).not.toMatch(/\banyone\b/i);
      if (facts.attack.position === 'local') expect(summary).toMatch(/\blocal|on the (?:same )?(?:machine|computer)|log in to/i);
    });
  });

  it('contains no "undefined" or "null" text', () => {
    for (const record of demoCatalogue) {
      for (const text of allStrings(record)) {
        expect(text.toLowerCase(), record.cve_id).not.toMatch(/undefined|null/);
      }
    }
  });
});
