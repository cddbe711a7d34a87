import { describe, expect, it } from 'vitest';
import { buildFilterIndex, encodeFilterIndexParts, selectFromIndex } from '../../shared/query/filter-index.js';
import { createIndexCache } from '../../shared/query/index-cache.js';
import { fixtureRecord } from '../support/export-fixtures.js';

/** A version stored in two parts, as the rebuild writes it; counts what is read of each part. */
function twoPartStore() {
  const index = buildFilterIndex(
    [
      fixtureRecord({ id: 'CVE-2024-0001', description: 'Heap overflow in the parser', tags: ['Apache'] }),
      fixtureRecord({ id: 'CVE-2024-0002', description: 'SQL injection in the login form', tags: ['nginx'] }),
    ],
    'v1',
    'now',
  );
  const parts = encodeFilterIndexParts(index);
  const reads = { columns: 0, search: 0 };
  return {
    reads,
    readPointer: async () => ({ version: 'v1', chunks: 1, searchChunks: 1, bytes: 0, count: index.count, builtAt: 'now' }),
    readChunks: async (_pointer: unknown, part: 'columns' | 'search' = 'columns') => {
      reads[part]++;
      return parts[part];
    },
  };
}

describe('index cache, two-part versions', () => {
  it('loads only the columns for an export without search, and the search bytes once one asks', async () => {
    const store = twoPartStore();
    const cache = createIndexCache(store);
    const columns = await cache.get({ search: false });
    expect(selectFromIndex(columns, { tag: 'nginx' }, 10)).toEqual({ total: 1, ids: ['CVE-2024-0002'] });
    expect(store.reads).toEqual({ columns: 1, search: 0 });

    const full = await cache.get({ search: true });
    expect(selectFromIndex(full, { search: 'sql injection' }, 10)).toEqual({ total: 1, ids: ['CVE-2024-0002'] });
    expect(selectFromIndex(full, { search: 'cve-2024-0001' }, 10)).toEqual({ total: 1, ids: ['CVE-2024-0001'] });
    expect(store.reads).toEqual({ columns: 1, search: 1 });

    // Warm: nothing more is read, whatever the query needs.
    await cache.get({ search: false });
    await cache.get({ search: true });
    expect(store.reads).toEqual({ columns: 1, search: 1 });
  });

  it('reads both parts at once for a cold export that searches', async () => {
    const store = twoPartStore();
    const index = await createIndexCache(store).get({ search: true });
    expect(selectFromIndex(index, { search: 'heap overflow' }, 10).ids).toEqual(['CVE-2024-0001']);
    expect(store.reads).toEqual({ columns: 1, search: 1 });
  });
});
