import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import type { ExportFilters } from '../../shared/query/export-query.js';
import { buildFilterIndex, decodeFilterIndex, encodeFilterIndex, selectFromIndex } from '../../shared/query/filter-index.js';
import { createIndexCache } from '../../shared/query/index-cache.js';
import { fixtureRecord } from '../support/export-fixtures.js';
import { expectedExport } from '../support/export-expectations.js';

const recordArb = fc
  .record({
    year: fc.integer({ min: 2019, max: 2024 }),
    n: fc.integer({ min: 1000, max: 120000 }),
    score: fc.option(
      fc.integer({ min: 0, max: 100 }).map((s) => s / 10),
      { nil: null },
    ),
    day: fc.integer({ min: 1, max: 5 }),
    risk: fc.constantFrom('CRITICAL_GAP', 'HIGH', 'MEDIUM', 'LOW', null),
    patch: fc.constantFrom('available', 'partial', 'workaround_only', 'not_available', null),
    tags: fc.subarray(['Apache', 'nginx', 'OpenSSL', 'linux']),
    words: fc.array(fc.constantFrom('Heap', 'overflow', 'SQL', 'injection', 'ümlaut', 'İstanbul', 'a'), { maxLength: 5 }),
    rejected: fc.boolean(),
    modifiedHour: fc.option(fc.integer({ min: 0, max: 47 }), { nil: undefined }),
  })
  .map((r) => ({
    ...fixtureRecord({
      id: `CVE-${r.year}-${r.n}`,
      score: r.score,
      published: `2024-01-0${r.day}`,
      risk: r.risk as never,
      patch: r.patch as never,
      tags: r.tags,
      description: r.words.join(' '),
      rejected: r.rejected && r.n % 7 === 0,
    }),
    ...(r.modifiedHour === undefined ? {} : { modified_at: new Date(Date.UTC(2026, 0, 1, r.modifiedHour, 30)).toISOString() }),
  }));

const filtersArb: fc.Arbitrary<ExportFilters> = fc.record(
  {
    severity: fc.constantFrom('CRITICAL', 'HIGH', 'MEDIUM', 'LOW'),
    risk_level: fc.constantFrom('CRITICAL_GAP', 'HIGH', 'MEDIUM', 'LOW'),
    patch_status: fc.constantFrom('available', 'partial', 'workaround_only', 'not_available'),
    tag: fc.constantFrom('apache', 'NGINX', 'OpenSSL', 'windows'),
    min_score: fc.integer({ min: 0, max: 100 }).map((s) => s / 10),
    search: fc.constantFrom('heap', 'SQL INJ', 'cve-2021', '-2024-1', 'ümlaut', 'i̇stanbul', 'a', 'flow sql'),
    // Normalised as the query parser leaves it: an ISO timestamp in UTC.
    modified_since: fc.integer({ min: 0, max: 48 }).map((h) => new Date(Date.UTC(2026, 0, 1, h, 30)).toISOString()),
  },
  { requiredKeys: [] },
);

function unique(records: CatalogueRecord[]): CatalogueRecord[] {
  return [...new Map(records.map((r) => [r.cve_id, r])).values()];
}

describe('filter index', () => {
  it('selects exactly what the rules select, in the export order, with the exact total (property)', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 80 }).map(unique), filtersArb, fc.integer({ min: 1, max: 50 }), (records, filters, limit) => {
        const index = buildFilterIndex(records, 'v', '2024-01-01T00:00:00Z');
        const selection = selectFromIndex(index, filters, limit);
        const expected = expectedExport(records, filters);
        expect(selection.total).toBe(expected.total);
        expect(selection.ids).toEqual(expected.ids.slice(0, limit));
      }),
      { numRuns: 300 },
    );
  });

  it('survives encoding and decoding unchanged', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 60 }).map(unique), filtersArb, (records, filters) => {
        const index = buildFilterIndex(records, 'v1', '2024-01-01T00:00:00Z');
        const decoded = decodeFilterIndex(encodeFilterIndex(index));
        expect(decoded.version).toBe('v1');
        expect(selectFromIndex(decoded, filters, 1000)).toEqual(selectFromIndex(index, filters, 1000));
      }),
      { numRuns: 100 },
    );
  });

  it('an unknown tag matches nothing; a search never spans two records', () => {
    const index = buildFilterIndex(
      [fixtureRecord({ id: 'CVE-2024-0001', description: 'ends with abc' }), fixtureRecord({ id: 'CVE-2024-0002', description: 'def starts' })],
      'v',
      'now',
    );
    expect(selectFromIndex(index, { tag: 'nope' }, 10)).toEqual({ total: 0, ids: [] });
    expect(selectFromIndex(index, { search: 'abccve' }, 10).total).toBe(0);
    expect(selectFromIndex(index, { search: '0001ends' }, 10).total).toBe(0);
    expect(selectFromIndex(index, { search: 'ABC' }, 10).ids).toEqual(['CVE-2024-0001']);
  });
});

describe('index cache', () => {
  function store(versions: Record<string, Buffer>, pointer: { current: string | undefined }) {
    const reads = { pointer: 0, chunks: 0 };
    return {
      reads,
      readPointer: async () => {
        reads.pointer++;
        return pointer.current ? { version: pointer.current, chunks: 1, bytes: 0, count: 0, builtAt: '' } : undefined;
      },
      readChunks: async (p: { version: string }) => {
        reads.chunks++;
        return versions[p.version];
      },
    };
  }

  it('loads once per version, reads only the pointer while warm, and follows a new version', async () => {
    const v1 = encodeFilterIndex(buildFilterIndex([fixtureRecord({ id: 'CVE-2024-0001' })], 'v1', 'now'));
    const v2 = encodeFilterIndex(buildFilterIndex([fixtureRecord({ id: 'CVE-2024-0002' })], 'v2', 'now'));
    const pointer = { current: 'v1' as string | undefined };
    const s = store({ v1, v2 }, pointer);
    const cache = createIndexCache(s);
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(selectFromIndex(a, {}, 10).ids).toEqual(['CVE-2024-0001']);
    expect(b).toBe(a);
    expect(await cache.get()).toBe(a);
    expect(s.reads).toEqual({ pointer: 3, chunks: 1 });
    pointer.current = 'v2';
    expect(selectFromIndex(await cache.get(), {}, 10).ids).toEqual(['CVE-2024-0002']);
    expect(s.reads.chunks).toBe(2);
  });

  it('follows the pointer once when a rebuild removed the chunks it was about to read', async () => {
    const v2 = encodeFilterIndex(buildFilterIndex([fixtureRecord({ id: 'CVE-2024-0002' })], 'v2', 'now'));
    const pointer = { current: 'v1' as string | undefined };
    const s = store({ v2 }, pointer);
    const original = s.readChunks;
    s.readChunks = async (p) => {
      pointer.current = 'v2';
      return original(p);
    };
    expect(selectFromIndex(await createIndexCache(s).get(), {}, 10).ids).toEqual(['CVE-2024-0002']);
  });

  it('is empty when no index was ever built', async () => {
    const cache = createIndexCache(store({}, { current: undefined }));
    expect((await cache.get()).count).toBe(0);
  });

  it('reads an index of format 3 (written before the fixed-width ids and tag counts): a store keeps exporting until its next ingest', () => {
    // Encoded by format 3's encoder from two records (CVE-2024-0001: CRITICAL 9.8, tags acme + widget; CVE-2023-12345: unscored, nginx).
    const whole = Buffer.from(FORMAT_3_WHOLE, 'base64');
    const columns = Buffer.from(FORMAT_3_COLUMNS, 'base64');
    for (const index of [decodeFilterIndex(whole), decodeFilterIndex(columns)]) {
      expect(index.version).toBe('v3-sample');
      expect(selectFromIndex(index, {}, 10)).toEqual({ total: 2, ids: ['CVE-2024-0001', 'CVE-2023-12345'] });
      expect(selectFromIndex(index, { tag: 'NGINX' }, 10)).toEqual({ total: 1, ids: ['CVE-2023-12345'] });
      expect(selectFromIndex(index, { min_score: 9 }, 10).ids).toEqual(['CVE-2024-0001']);
    }
    expect(selectFromIndex(decodeFilterIndex(whole), { search: 'heap overflow' }, 10).ids).toEqual(['CVE-2023-12345']);
  });

  it('decodes ids of different lengths at a fixed width, and tag names only when a tag is asked for', () => {
    const records = [fixtureRecord({ id: 'CVE-2024-1234567', tags: ['Ächtung GmbH'] }), fixtureRecord({ id: 'CVE-1999-0001', tags: ['b'] })];
    const decoded = decodeFilterIndex(encodeFilterIndex(buildFilterIndex(records, 'v', 'now')));
    expect([decoded.ids.at(0), decoded.ids.at(1), decoded.ids.at(2)].sort()).toEqual(['CVE-1999-0001', 'CVE-2024-1234567', undefined].sort());
    expect(selectFromIndex(decoded, { tag: 'ächtung gmbh' }, 10).ids).toEqual(['CVE-2024-1234567']);
  });
});

const FORMAT_3_WHOLE =
  'H4sIAAAAAAAAA0VQTUvDQBCdWE/+CcMInjay2dQPctLGHgqleJAiioc1WdPVZNN2t2mLSP0b6v/yt3hTkmzIY2B4b94bmLmJpsPR9V3vGwDesBRLLQuFIZaBp3k+zwQSfFrJzFwZDJFR1vdo4FH/ltKwrhNK6T0SjIuVMhgygoanE54LjeED8jivNqxlkgqDBFUq1QYfa9MoiZpMQFAmerA1VYZdEJzxrTY8frXS+dk7fH1WOLqEGr87gI/F4c9m0HGAPQDoQQfHai2OAWDckn3r+bPc9mg69JorKfUPLAs8nwX902oel6KbO3qRuVK9iNjIQrlSuc2hrcvmnJngc7coxfI5K9aVrX4D/AMvFtkIfAEAAA==';
const FORMAT_3_COLUMNS =
  'H4sIAAAAAAAAAwtwDnP1dIlgnsXAwFCtVJZaVJyZn6dkpVRmrFucmFuQk6qko5RUmplT4liiZKVkZGBkomtgrGtgGGJgYAVGegYGBlFKOkrJ+aV5JUpWRjpKJYnpfom5qcVKVtFKicm5IBPKM1PSU0uUdJTy0jPzKpRiwYo8U5wheox1lDJTip0qS0B6jCx0lDISK4tLEpOzoUIGtQwMs2aCgLIDAxj8qGdgaCiUv1bhhOAzMDAxMDAwMyAAI1QMK2CBqvkP5UNp5zBXXYgvDQwMuaA8Y11DI2MTU5A8AJbcHmkwAQAA';
