import { describe, expect, it } from 'vitest';
import { catalogueItemOf, recordOfItem } from '../../shared/repositories/catalogue-item.js';
import { makeRecord } from '../support/records.js';

describe('catalogue item layout', () => {
  it('stores the record as one JSON string beside the attributes the ingest reads back, and reads it back whole', () => {
    const record = makeRecord({
      content_hash: 'abc123',
      patch: { status: 'available', patch_date: '2024-03-01', patch_urls: ['https://example.com/fix'], days_unpatched: 0 },
    });
    const item = catalogueItemOf(record);
    expect(Object.keys(item).sort()).toEqual(['content_hash', 'patch', 'pk', 'record']);
    expect(item).toMatchObject({ pk: record.cve_id, content_hash: 'abc123', patch: { status: 'available', patch_date: '2024-03-01' } });
    expect(item.record).toBeInstanceOf(Uint8Array);
    expect(recordOfItem({ ...item })).toEqual(JSON.parse(JSON.stringify(record)));
  });

  it('still reads an item written as a DynamoDB map, or with the record as a JSON string (the layouts before)', () => {
    const record = makeRecord({});
    expect(recordOfItem({ pk: record.cve_id, ...record })).toEqual(record);
    expect(recordOfItem({ pk: record.cve_id, record: JSON.stringify(record) })).toEqual(JSON.parse(JSON.stringify(record)));
  });

  it('leaves out what a record does not have', () => {
    const { patch: _patch, content_hash: _hash, ...bare } = makeRecord({});
    const item = catalogueItemOf(bare);
    expect(Object.keys(item).sort()).toEqual(['pk', 'record']);
  });
});
