import { catalogueRecordSchema, type CatalogueRecord } from '../../shared/domain/cve.js';

/**
 * Complete catalogue records for tests, independent of the demo catalogue. Every field of the
 * JSON export record is present unless an override removes it; `makeRecord` validates the result
 * against the catalogue schema, so a test never runs on a record the service could not hold.
 *
 *   makeRecord({ cve_id: 'CVE-2024-0001', severity: 'LOW', cvss_score: 3.1 })
 *   makeRecord({ explanation: undefined })   // a record without an explanation
 */
export type RecordOverrides = { [K in keyof CatalogueRecord]?: CatalogueRecord[K] | undefined };

let sequence = 0;

/** A fresh, well-formed CVE id each call (CVE-2099-1000001, CVE-2099-1000002, ...). */
export function nextCveId(year = 2099): string {
  sequence += 1;
  return `CVE-${year}-${1_000_000 + sequence}`;
}

export function makeRecord(overrides: RecordOverrides = {}): CatalogueRecord {
  const cveId = overrides.cve_id ?? nextCveId();
  const base: CatalogueRecord = {
    cve_id: cveId,
    title: `Test vulnerability ${cveId}`,
    severity: 'HIGH',
    cvss_score: 8.1,
    description: `A test description of ${cveId}: a crafted request lets a remote attacker run code.`,
    published_date: '2024-03-15',
    cwe_ids: ['CWE-502'],
    explanation: {
      summary: `${cveId} lets an attacker run their own code on an affected server.`,
      affected: 'Servers running Example Server 1.0 up to 1.4.',
      fix: 'Upgrade Example Server to 1.5 or later.',
      references: [
        { title: 'Vendor advisory', url: `https://example.com/advisories/${cveId}`, ref_type: 'vendor-advisory' },
        { title: 'NVD entry', url: `https://nvd.nist.gov/vuln/detail/${cveId}`, ref_type: 'nvd' },
      ],
    },
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['nuclei'],
      exploit_sources: ['exploit-db'],
      epss: { score: 0.42, percentile: 0.97, date: '2025-08-25' },
    },
    patch: {
      status: 'available',
      patch_date: '2024-04-01',
      patch_urls: ['https://example.com/downloads/example-server-1.5'],
      days_unpatched: 17,
    },
    tags: [
      { tag: 'example', tag_type: 'vendor' },
      { tag: 'example-server', tag_type: 'product' },
    ],
    cwe_names: { 'CWE-502': 'Deserialization of Untrusted Data' },
    in_kev: false,
    rejected: false,
    demo: false,
    provenance: { cvss_score: 'test fixture', explanation: 'test fixture' },
    cvss_version: '3.1',
    cvss_vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H',
  };
  const merged: Record<string, unknown> = { ...base };
  for (const [field, value] of Object.entries(overrides)) {
    if (value === undefined) delete merged[field];
    else merged[field] = value;
  }
  return catalogueRecordSchema.parse(merged);
}

/** `count` distinct records, each built with `overrides(i)`. */
export function makeRecords(count: number, overrides: (index: number) => RecordOverrides = () => ({})): CatalogueRecord[] {
  return Array.from({ length: count }, (_, i) => makeRecord(overrides(i)));
}
