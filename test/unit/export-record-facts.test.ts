import { describe, expect, it } from 'vitest';
import { exportRecordSchema } from '../../shared/domain/cve.js';
import type { Facts } from '../../shared/domain/facts.js';
import { toExportRecord } from '../../shared/render/export-record.js';
import { renderJson } from '../../shared/render/json.js';
import { makeRecord } from '../support/records.js';

const facts: Facts = {
  impacts: ['code_execution'],
  attack: { position: 'remote', privileges: 'none', user_interaction: false },
  component: 'JndiLookup',
  products: [{ product: 'apache:log4j', name: 'Apache Log4j', primary: true }],
  fixed_in: [{ product: 'apache:log4j', version: '2.15.0', branch: null, platform: null, source: 'description' }],
  last_affected: [],
  fix_stated: true,
  exploit_public: true,
  aka: ['Log4Shell'],
};

describe('facts in the JSON export record (and so in change-feed records, which use it)', () => {
  it('carries the stored facts, valid against the export schema', () => {
    const record = toExportRecord(makeRecord({ facts }), '2026-11-26');
    expect(record.facts).toEqual(facts);
    expect(exportRecordSchema.parse(record).facts).toEqual(facts);
  });

  it('leaves facts out of a record stored before facts were read', () => {
    expect('facts' in toExportRecord(makeRecord(), '2026-11-26')).toBe(false);
  });

  it('writes them into the JSON export', () => {
    const body = JSON.parse(
      renderJson([makeRecord({ facts })], { total: 1, exported: 1, max_rows: 1000, exported_at: '2026-11-26T00:00:00Z' }, '2026-11-26'),
    ) as { data: { cves: { facts?: Facts }[] } };
    expect(body.data.cves[0]?.facts?.aka).toEqual(['Log4Shell']);
  });
});
