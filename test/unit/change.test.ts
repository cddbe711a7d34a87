import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeChange, PRODUCT_FIELD_ORDER } from '../../shared/domain/change.js';
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import { makeRecord } from '../support/records.js';

/** A structured clone as DynamoDB hands an item back: no `undefined` values, keys in another order. */
function roundTrip(record: CatalogueRecord): CatalogueRecord {
  const copy = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(copy).reverse()) as CatalogueRecord;
}

const severity = fc.constantFrom('CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN' as const);
const risk = fc.constantFrom('CRITICAL_GAP', 'HIGH', 'MEDIUM', 'LOW' as const);
const patchStatus = fc.constantFrom('available', 'partial', 'workaround_only', 'not_available' as const);
const score = fc.option(
  fc.integer({ min: 0, max: 100 }).map((n) => n / 10),
  { nil: null },
);

/** Records that vary in every product field the ingest derives. */
const recordArbitrary = fc
  .record({
    severity,
    cvss_score: score,
    risk,
    weaponized: fc.boolean(),
    detectable: fc.boolean(),
    in_kev: fc.boolean(),
    patch_status: patchStatus,
    epss: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    summary: fc.string({ minLength: 1, maxLength: 40 }),
    tags: fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 3 }),
    explained: fc.boolean(),
  })
  .map((v) =>
    makeRecord({
      cve_id: 'CVE-2024-0001',
      severity: v.severity,
      cvss_score: v.cvss_score,
      in_kev: v.in_kev,
      exploit_intel: {
        risk_level: v.risk,
        weaponized: v.weaponized,
        detectable: v.detectable,
        detection_sources: [],
        exploit_sources: [],
        ...(v.epss === undefined ? {} : { epss: { score: v.epss, percentile: 0.5, date: '2024-05-01' } }),
      },
      patch: { status: v.patch_status, patch_urls: [], days_unpatched: 3 },
      tags: v.tags.map((tag) => ({ tag, tag_type: 'product' as const })),
      explanation: v.explained ? { summary: v.summary, affected: 'Everything.', fix: 'Upgrade.', references: [] } : undefined,
    }),
  );

describe('computeChange (product-decisions §7)', () => {
  it('a record compared with itself, even after a round trip through the table, is no change', () => {
    fc.assert(
      fc.property(recordArbitrary, (record) => {
        expect(computeChange(record, record)).toBeUndefined();
        expect(computeChange(roundTrip(record), record)).toBeUndefined();
      }),
    );
  });

  it('names exactly the product fields that moved', () => {
    fc.assert(
      fc.property(recordArbitrary, recordArbitrary, (before, after) => {
        const change = computeChange(before, after);
        const moved = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
        const expected = new Set<string>();
        if (moved(before.cvss_score, after.cvss_score)) expected.add('cvss_score');
        if (before.severity !== after.severity) expected.add('severity');
        if (before.exploit_intel?.risk_level !== after.exploit_intel?.risk_level) expected.add('risk_level');
        if (before.exploit_intel?.weaponized !== after.exploit_intel?.weaponized) expected.add('weaponized');
        if (before.exploit_intel?.detectable !== after.exploit_intel?.detectable) expected.add('detectable');
        if (before.in_kev !== after.in_kev) expected.add('in_kev');
        if (before.patch?.status !== after.patch?.status) expected.add('patch_status');
        if (before.exploit_intel?.epss?.score !== after.exploit_intel?.epss?.score) expected.add('epss');
        if (moved(before.explanation, after.explanation)) expected.add('explanation');
        if (moved(before.tags, after.tags)) expected.add('tags');
        if (expected.size === 0) expect(change).toBeUndefined();
        else expect(change).toEqual({ kind: 'updated', fields: [...expected].sort((a, b) => order(a) - order(b)) });
      }),
    );
  });

  it('ignores bookkeeping: provenance, content hash, source timestamps and days_unpatched', () => {
    const before = makeRecord({ cve_id: 'CVE-2024-0002', provenance: { cvss_score: 'nvd' }, content_hash: 'a', source_modified: '2024-01-01T00:00:00Z' });
    const after = {
      ...before,
      provenance: { cvss_score: 'cna' },
      content_hash: 'b',
      source_modified: '2024-02-01T00:00:00Z',
      patch: { ...before.patch!, days_unpatched: 400 },
    };
    expect(computeChange(before, after)).toBeUndefined();
  });

  it('a new live record is added, with every product field it has', () => {
    const record = makeRecord({ cve_id: 'CVE-2024-0003' });
    const change = computeChange(undefined, record);
    expect(change?.kind).toBe('added');
    expect(change?.fields).toEqual(
      expect.arrayContaining(['cvss_score', 'severity', 'risk_level', 'weaponized', 'detectable', 'in_kev', 'patch_status', 'explanation']),
    );
    expect(change?.fields).not.toContain('provenance');
    expect(change?.fields).not.toContain('cve_id');
  });

  it('a live record becoming rejected is rejected; one arriving rejected is no change; one coming back is added', () => {
    const live = makeRecord({ cve_id: 'CVE-2024-0004' });
    const rejected = { ...live, rejected: true };
    expect(computeChange(live, rejected)).toEqual({ kind: 'rejected', fields: [] });
    expect(computeChange(undefined, rejected)).toBeUndefined();
    expect(computeChange(rejected, { ...rejected, title: 'Other' })).toBeUndefined();
    expect(computeChange(rejected, live)?.kind).toBe('added');
  });

  it('a KEV listing that makes the risk CRITICAL_GAP names both', () => {
    const before = makeRecord({ cve_id: 'CVE-2024-0005', cvss_score: 5.0, severity: 'MEDIUM', in_kev: false });
    const after = { ...before, in_kev: true, exploit_intel: { ...before.exploit_intel!, risk_level: 'CRITICAL_GAP' as const, detectable: false } };
    expect(computeChange(before, after)).toEqual({ kind: 'updated', fields: ['risk_level', 'detectable', 'in_kev'] });
  });

  it('a field the record gains later (not yet in the known order) is still compared and named last', () => {
    const before = { ...makeRecord({ cve_id: 'CVE-2024-0006' }), cvss_vector: 'CVSS:3.1/AV:N', zz_new: 1 } as CatalogueRecord;
    const after = { ...before, cvss_score: 9.9, cvss_vector: 'CVSS:3.1/AV:L', zz_new: 2 } as CatalogueRecord;
    expect(computeChange(before, after)?.fields).toEqual(['cvss_score', 'cvss_vector', 'zz_new']);
  });

  it('EPSS moving inside exploit_intel is named epss', () => {
    const base = makeRecord({ cve_id: 'CVE-2024-0007' });
    const withEpss = (score: number) =>
      ({ ...base, exploit_intel: { ...base.exploit_intel!, epss: { score, percentile: 0.5, date: '2024-05-01' } } }) as CatalogueRecord;
    expect(computeChange(withEpss(0.1), withEpss(0.2))).toEqual({ kind: 'updated', fields: ['epss'] });
  });
});

function order(name: string): number {
  return (PRODUCT_FIELD_ORDER as readonly string[]).indexOf(name);
}
