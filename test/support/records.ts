import type { CatalogueRecord } from '../../shared/domain/cve.js';

/** A complete, schema-valid catalogue record for tests (invented values, not real data). */
export function sampleRecord(overrides: Partial<CatalogueRecord> = {}): CatalogueRecord {
  return {
    cve_id: 'CVE-2024-12345',
    title: 'Example library lets remote users run code',
    severity: 'CRITICAL',
    cvss_score: 9.8,
    description: 'An example flaw used by the tests.',
    published_date: '2024-03-01',
    cwe_ids: ['CWE-94'],
    explanation: {
      summary: 'A crafted request makes the example library run attacker code.',
      affected: 'Anyone running example-lib before 2.4.1.',
      fix: 'Upgrade example-lib to 2.4.1 or later.',
      references: [{ title: 'Advisory', url: 'https://example.com/advisory', ref_type: 'vendor' }],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['nuclei'],
      exploit_sources: ['exploit-db'],
    },
    patch: { status: 'available', patch_date: '2024-03-05', patch_urls: ['https://example.com/patch'], days_unpatched: 0 },
    tags: [{ tag: 'example-lib', tag_type: 'product' }],
    cwe_names: { 'CWE-94': 'Code Injection' },
    in_kev: false,
    rejected: false,
    provenance: { cvss_score: 'test fixture' },
    ...overrides,
  };
}
