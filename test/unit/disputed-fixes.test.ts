/** A fix the description states at a version NVD's configuration lists as affected (§9, docs/ingest.md "Fix facts"). */
import { describe, expect, it } from 'vitest';
import type { VersionFact } from '../../shared/domain/facts.js';
import { isDisputedFix, undisputedFixes } from '../../shared/domain/disputed-fixes.js';

const fact = (version: string, source: VersionFact['source'], more: Partial<VersionFact> = {}): VersionFact => ({
  product: 'acme:widget',
  version,
  branch: null,
  platform: null,
  source,
  ...more,
});

describe('disputed fixes', () => {
  it("is the description's fix at a version the configuration gives as the newest affected, on the same product and place", () => {
    const last = [fact('2.5', 'configuration'), fact('7.0', 'configuration', { platform: 'android' })];
    expect(isDisputedFix(fact('2.5', 'description'), last)).toBe(true);
    expect(isDisputedFix(fact('2.5.0', 'description'), last)).toBe(true);
    expect(isDisputedFix(fact('2.6', 'description'), last)).toBe(false);
    expect(isDisputedFix(fact('2.5', 'description', { product: 'acme:gadget' }), last)).toBe(false);
    expect(isDisputedFix(fact('7.0', 'description', { platform: 'ios' }), last)).toBe(false);
    expect(isDisputedFix(fact('7.0', 'description', { platform: 'android' }), last)).toBe(true);
    // Only the description's statement can be disputed; the description's own "through 2.5" is no dispute of it.
    expect(isDisputedFix(fact('2.5', 'configuration'), last)).toBe(false);
    expect(isDisputedFix(fact('2.5', 'description'), [fact('2.5', 'description')])).toBe(false);
  });

  it('leaves the fixes to move to', () => {
    const fixes = [fact('2.5', 'description'), fact('3.1', 'description'), fact('4.0', 'configuration')];
    expect(undisputedFixes(fixes, [fact('2.5', 'configuration')]).map((f) => f.version)).toEqual(['3.1', '4.0']);
    expect(undisputedFixes(fixes, [])).toEqual(fixes);
  });
});
