/**
 * A CNA that writes the bound into the version string ("version": "< 2.146.1", HaloITSM, CVE-2024-6200, found by the
 * eighth reading of twenty) means a range; the affected text once showed it as "version < 2.146.1".
 */
import { describe, expect, it } from 'vitest';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';

const record = (versions: Record<string, string>[]) =>
  parseCve5Record({
    dataType: 'CVE_RECORD',
    cveMetadata: { cveId: 'CVE-2024-6200', state: 'PUBLISHED' },
    containers: { cna: { descriptions: [{ lang: 'en', value: 'x' }], affected: [{ vendor: 'Halo', product: 'HaloITSM', versions }] } },
  })!.cna.products[0]!;

describe('a CVE 5 version written with its bound', () => {
  it('reads "< X" as versions before X and "<= X" as up to X', () => {
    expect(record([{ version: '< 2.146.1', status: 'affected', versionType: 'custom' }]).ranges).toEqual([{ endExcluding: '2.146.1' }]);
    expect(record([{ version: '<= 3.2', status: 'affected', versionType: 'custom' }]).ranges).toEqual([{ endIncluding: '3.2' }]);
  });

  it('leaves a plain version and an entry with its own bound alone', () => {
    expect(record([{ version: '2.146.1', status: 'affected', versionType: 'custom' }]).ranges).toEqual([{ exact: '2.146.1' }]);
    expect(record([{ version: '1.0', lessThan: '2.0', status: 'affected', versionType: 'custom' }]).ranges).toEqual([
      { startIncluding: '1.0', endExcluding: '2.0' },
    ]);
  });
});
