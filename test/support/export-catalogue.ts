import type { CatalogueRecord, PatchStatus, RiskLevel } from '../../shared/domain/cve.js';
import { fixtureRecord, seededRandom } from './export-fixtures.js';

const RISKS: (RiskLevel | null)[] = ['CRITICAL_GAP', 'HIGH', 'MEDIUM', 'LOW', null];
const PATCHES: (PatchStatus | null)[] = ['available', 'partial', 'workaround_only', 'not_available', null];
const TAGS = ['Vendor-A', 'vendor-b', 'Product-X', 'product-y', 'nginx', 'OpenSSL'];
const WORDS = ['buffer', 'overflow', 'injection', 'remote', 'crafted', 'request', 'memory', 'kernel', 'parser', 'plugin'];

/**
 * A catalogue for the export tests: 1,150 generated records (so an unfiltered export hits the
 * 1000-row cap) plus hand-made ones at the edges the rules care about. Deterministic.
 */
export function exportTestCatalogue(): CatalogueRecord[] {
  const random = seededRandom(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const records: CatalogueRecord[] = [];
  for (let i = 0; i < 1150; i++) {
    const year = 2019 + Math.floor(random() * 6);
    const score = random() < 0.08 ? null : Math.round(random() * 100) / 10;
    const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
    const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
    const words = Array.from({ length: 6 }, () => pick(WORDS)).join(' ');
    records.push(
      fixtureRecord({
        id: `CVE-${year}-${String(1000 + i)}`,
        score,
        // Few distinct dates, so ties on score and date reach the id order.
        published: random() < 0.5 ? `${year}-${month}-${day}` : '2022-06-01',
        description: `A ${words} flaw${random() < 0.05 ? ' reachable through the NeedleParser module' : ''}.`,
        risk: pick(RISKS),
        patch: pick(PATCHES),
        tags: [pick(TAGS), ...(random() < 0.3 ? [pick(TAGS)] : [])],
        cwes: random() < 0.2 ? [] : [pick(['CWE-79', 'CWE-89', 'CWE-787', 'CWE-20'])],
      }),
    );
  }
  records.push(
    // Score edges for min_score and the SARIF level mapping.
    fixtureRecord({ id: 'CVE-2024-70000', score: 7.0, description: 'Edge seven.' }),
    fixtureRecord({ id: 'CVE-2024-69000', score: 6.9, description: 'Edge six point nine.' }),
    fixtureRecord({ id: 'CVE-2024-40000', score: 4.0, description: 'Edge four.' }),
    fixtureRecord({ id: 'CVE-2024-39000', score: 3.9, description: 'Edge three point nine.' }),
    fixtureRecord({ id: 'CVE-2024-10000', score: 10.0, description: 'Edge ten.' }),
    fixtureRecord({ id: 'CVE-2024-00001', score: 0.0, description: 'Edge zero.' }),
    // Same score and date: the id order decides, numerically (9999 before 10001).
    fixtureRecord({ id: 'CVE-2023-9999', score: 8.8, published: '2023-03-03', description: 'Tie one.' }),
    fixtureRecord({ id: 'CVE-2023-10001', score: 8.8, published: '2023-03-03', description: 'Tie two.' }),
    // search must not match across the id/description boundary or across two records.
    fixtureRecord({ id: 'CVE-2021-5555', score: 5.5, description: 'Zebra crossing overflow in the tail' }),
    fixtureRecord({ id: 'CVE-2021-5556', score: 5.5, description: 'Head of quagga parsing' }),
    // Rejected: matches almost any filter but is never exported.
    fixtureRecord({ id: 'CVE-2024-99999', score: 10.0, description: 'A rejected NeedleParser entry.', tags: ['Vendor-A'], rejected: true }),
  );
  return records;
}
