import { readFileSync } from 'node:fs';
import { cveIdOf, type Advisory } from '../../shared/domain/advisory.js';
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import { advisoryRepository } from '../../shared/repositories/advisory-repository.js';
import { makeRecord } from './records.js';

export const scanFixture = (name: string): string => readFileSync(new URL(`../fixtures/scan/${name}`, import.meta.url), 'utf8');

function advisory(
  id: string,
  aliases: string[],
  ecosystem: Advisory['affected'][number]['package']['ecosystem'],
  name: string,
  ranges: { introduced: string; fixed?: string; last_affected?: string }[],
  summary: string,
): Advisory {
  return {
    id,
    aliases,
    cve_id: cveIdOf(id, aliases),
    summary,
    details: `${summary} Details follow.`,
    modified: '2026-11-01T00:00:00Z',
    affected: [
      {
        package: { ecosystem, name },
        ranges: [
          {
            type: ecosystem === 'npm' ? 'SEMVER' : 'ECOSYSTEM',
            events: ranges.flatMap(({ introduced, fixed, last_affected }) => [
              { introduced },
              ...(fixed ? [{ fixed }] : []),
              ...(last_affected ? [{ last_affected }] : []),
            ]),
          },
        ],
      },
    ],
  };
}

/**
 * Advisories the scan fixtures hit (and miss): lodash 4.17.15 by a CVE with two ranges (fixed in
 * 3.10.2 and 4.17.19), the nested minimist 0.0.8 by an advisory with no CVE and no fix, qs 6.5.2
 * (v2 lockfile) by a CVE, Django 3.2.0 (requirements) by a CVE fixed in 3.2.1; minimist 1.2.5 and
 * left-pad are not affected by any.
 */
export const SCAN_ADVISORIES: Advisory[] = [
  advisory(
    'GHSA-p6mc-m468-83gw',
    ['CVE-2099-8203'],
    'npm',
    'lodash',
    [
      { introduced: '3.0.0', fixed: '3.10.2' },
      { introduced: '4.0.0', fixed: '4.17.19' },
    ],
    'Prototype pollution in lodash',
  ),
  advisory('GHSA-0000-nocv-e000', [], 'npm', 'minimist', [{ introduced: '0', last_affected: '0.0.9' }], 'Prototype pollution in minimist'),
  advisory('GHSA-hrpp-h998-j3pp', ['CVE-2099-24999'], 'npm', 'qs', [{ introduced: '6.5.0', fixed: '6.5.3' }], 'qs vulnerable to prototype pollution'),
  advisory('PYSEC-2099-1', ['CVE-2099-31542'], 'PyPI', 'django', [{ introduced: '3.2', fixed: '3.2.1' }], 'Django path traversal in uploads'),
];

/** Catalogue records of the CVEs above (lodash: CRITICAL_GAP, the worst risk; qs: LOW). */
export const SCAN_RECORDS: CatalogueRecord[] = [
  makeRecord({ cve_id: 'CVE-2099-8203', title: 'Lodash lets an attacker change every object', cvss_score: 7.4, severity: 'HIGH' }),
  makeRecord({ cve_id: 'CVE-2099-24999', title: 'qs lets a request change object prototypes', cvss_score: 5.0, severity: 'MEDIUM' }),
  makeRecord({ cve_id: 'CVE-2099-31542', title: 'Django uploads can write outside the folder', cvss_score: 9.1, severity: 'CRITICAL' }),
].map((r, i) => (r.exploit_intel ? { ...r, exploit_intel: { ...r.exploit_intel, risk_level: (['CRITICAL_GAP', 'LOW', 'HIGH'] as const)[i] ?? 'LOW' } } : r));

export async function seedScanAdvisories(): Promise<void> {
  await advisoryRepository.putMany(SCAN_ADVISORIES, new Map());
}
