import { describe, expect, it } from 'vitest';
import { byUrgency, type PackageVulnerability } from '../../shared/domain/package-vulnerability.js';

function vulnerability(id: string, fields: Partial<PackageVulnerability>): PackageVulnerability {
  return {
    id,
    cve_id: id,
    severity: 'HIGH',
    cvss_score: 7.5,
    risk_level: 'HIGH',
    risk_meaning: null,
    in_kev: false,
    weaponized: false,
    epss_score: null,
    fixed_versions: [],
    title: id,
    summary: id,
    fix: id,
    ...fields,
  };
}

describe('scan findings by urgency (product decisions §10)', () => {
  it('KEV first, then a public exploit, then EPSS, then CVSS, then id; never by risk level', () => {
    const list = [
      vulnerability('E-cvss-low', { cvss_score: 5 }),
      vulnerability('D-epss', { epss_score: 0.2, cvss_score: 4 }),
      vulnerability('C-epss-high', { epss_score: 0.9, cvss_score: 4 }),
      vulnerability('B-poc-gap', { weaponized: true, risk_level: 'CRITICAL_GAP', epss_score: 0.95, cvss_score: 9.8 }),
      vulnerability('A-kev', { in_kev: true, weaponized: true, risk_level: 'HIGH', epss_score: 0.1 }),
      vulnerability('F-unknown', { cvss_score: null, severity: 'UNKNOWN', risk_level: null }),
      vulnerability('E-cvss-high', { cvss_score: 9 }),
      vulnerability('E-cvss-high-2', { cvss_score: 9 }),
    ];
    expect([...list].sort(byUrgency).map((v) => v.id)).toEqual([
      'A-kev',
      'B-poc-gap',
      'C-epss-high',
      'D-epss',
      'E-cvss-high',
      'E-cvss-high-2',
      'E-cvss-low',
      'F-unknown',
    ]);
  });
});
