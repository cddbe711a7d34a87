import { describe, expect, it } from 'vitest';
import { buildFilterIndex, indexSourceOf, selectFromIndex } from '../../shared/query/filter-index.js';
import { indexSources } from '../../shared/query/filter-index-sources.js';
import { makeRecord } from '../support/records.js';

const text4shell = makeRecord({
  cve_id: 'CVE-2022-42889',
  title: 'Apache Commons Text runs code from interpolated strings',
  description: 'Variable interpolation in 1.5 to 1.9.',
});
const withAka = { ...text4shell, facts: { ...(text4shell.facts ?? {}), aka: ['Text4Shell', 'ACT4Shell'] } } as typeof text4shell;
const plain = makeRecord({ cve_id: 'CVE-2022-0001', title: 'A heap overflow', description: 'Nothing named.' });

describe('search over ids, descriptions, titles and aka names', () => {
  const index = buildFilterIndex([indexSourceOf(withAka), indexSourceOf(plain)], 'v', new Date(0).toISOString());
  const found = (search: string) => selectFromIndex(index, { search }, 10).ids;

  it('finds a CVE by an aka name or its title, case-insensitively, and never across two fields', () => {
    expect(found('text4shell')).toEqual(['CVE-2022-42889']);
    expect(found('ACT4SHELL')).toEqual(['CVE-2022-42889']);
    expect(found('interpolated strings')).toEqual(['CVE-2022-42889']);
    expect(found('heap overflow')).toEqual(['CVE-2022-0001']);
    expect(found('1.9.apache')).toEqual([]);
    expect(found('text4shellact4shell')).toEqual([]);
  });

  it('an index read back into sources keeps the title and the names (the incremental update rebuilds from them)', () => {
    const sources = indexSources(index, ['2022-10-13', '2022-01-01']);
    const rebuilt = buildFilterIndex(sources, 'v2', new Date(0).toISOString());
    expect(selectFromIndex(rebuilt, { search: 'act4shell' }, 10).ids).toEqual(['CVE-2022-42889']);
    expect(selectFromIndex(rebuilt, { search: 'variable interpolation' }, 10).ids).toEqual(['CVE-2022-42889']);
  });
});
