import { describe, expect, it } from 'vitest';
import { approximateBytes, writeBatches } from '../../shared/repositories/batch.js';
import { INDEX_CHUNK_BYTES } from '../../shared/repositories/filter-index-repository.js';

const put = (pk: string, data: unknown) => ({ PutRequest: { Item: { pk, data } } });

describe('BatchWriteItem sizing', () => {
  it('sends filter-index chunks one per call, never 25 × 350 KB at once', () => {
    const chunks = Array.from({ length: 25 }, (_, n) => put(`INDEX#v#${n}`, Buffer.alloc(INDEX_CHUNK_BYTES)));
    const batches = writeBatches(chunks);
    expect(batches).toHaveLength(25);
    for (const batch of batches) expect(batch.reduce((sum, r) => sum + approximateBytes(r), 0)).toBeLessThan(1024 * 1024);
  });

  it('still groups small records 25 to a call, in order', () => {
    const records = Array.from({ length: 60 }, (_, n) => put(`CVE-2024-${n}`, 'x'.repeat(2000)));
    const batches = writeBatches(records);
    expect(batches.map((b) => b.length)).toEqual([25, 25, 10]);
    expect(batches.flat()).toEqual(records);
  });

  it('weighs binary values by their length, not their JSON', () => {
    expect(approximateBytes(Buffer.alloc(1000))).toBe(1000);
    expect(approximateBytes({ pk: 'abc', n: 1 })).toBeGreaterThan(5);
  });
});
