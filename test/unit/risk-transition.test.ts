import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { riskLevel } from '../../shared/domain/risk.js';
import { describeRiskTransition, riskStateOf, type RiskState } from '../../shared/domain/risk-transition.js';

/** A state whose level is what riskLevel() decides for its inputs. */
function state(weaponized: boolean, detectable: boolean, cvss_score: number | null, in_kev?: boolean): RiskState {
  return { risk_level: riskLevel({ weaponized, detectable, cvssScore: cvss_score, inKev: in_kev ?? false }), weaponized, detectable, cvss_score, in_kev };
}

describe('describeRiskTransition', () => {
  it('says an exploit appeared with no detection rule (the headline alert)', () => {
    expect(describeRiskTransition(state(false, false, 9.8, false), state(true, false, 9.8, false))).toBe(
      'LOW → CRITICAL_GAP: a public exploit appeared and no detection rule exists yet',
    );
  });

  it('names a detection rule that closes the gap, with the exploit that still exists', () => {
    expect(describeRiskTransition(state(true, false, 9.8), state(true, true, 9.8))).toBe(
      'CRITICAL_GAP → HIGH: a detection rule appeared and a public exploit exists',
    );
  });

  it('names a KEV listing that makes a weaponized, low-score CVE a gap', () => {
    expect(describeRiskTransition(state(true, false, 5.0, false), state(true, false, 5.0, true))).toBe(
      'HIGH → CRITICAL_GAP: CISA now lists it as exploited in the wild (KEV); a public exploit exists and no detection rule exists yet',
    );
  });

  it('names a score that crossed 7.0', () => {
    expect(describeRiskTransition(state(true, false, 6.5, false), state(true, false, 9.1, false))).toBe(
      'HIGH → CRITICAL_GAP: the CVSS score rose from 6.5 to 9.1; a public exploit exists and no detection rule exists yet',
    );
  });

  it('lists several movements together', () => {
    expect(describeRiskTransition(state(false, true, null, false), state(true, false, 7.5, true))).toBe(
      'MEDIUM → CRITICAL_GAP: a public exploit appeared, the detection rules are no longer listed, CISA now lists it as exploited in the wild (KEV) and the CVE is now scored CVSS 7.5',
    );
  });

  it('says when the level did not move', () => {
    expect(describeRiskTransition(state(false, false, 4.0, false), state(false, false, 4.0, true))).toBe(
      'LOW (unchanged): CISA now lists it as exploited in the wild (KEV)',
    );
    expect(describeRiskTransition(state(false, false, 4.0), state(false, false, 4.0))).toBe('LOW (unchanged)');
  });

  it('leaves KEV out when one side does not know it', () => {
    const before: RiskState = { risk_level: 'LOW', weaponized: false, detectable: false, cvss_score: 5 };
    expect(describeRiskTransition(before, state(false, false, 5, true))).toBe('LOW (unchanged)');
  });

  it('always starts with both levels and names every input that moved', () => {
    const arbitraryState = fc
      .tuple(fc.boolean(), fc.boolean(), fc.option(fc.integer({ min: 0, max: 100 }).map((n) => n / 10)), fc.boolean())
      .map(([w, d, s, k]) => state(w, d, s, k));
    fc.assert(
      fc.property(arbitraryState, arbitraryState, (before, after) => {
        const text = describeRiskTransition(before, after);
        const head = before.risk_level === after.risk_level ? `${after.risk_level} (unchanged)` : `${before.risk_level} → ${after.risk_level}`;
        expect(text.startsWith(head)).toBe(true);
        expect(text.includes('exploit appeared') || text.includes('exploit is no longer')).toBe(before.weaponized !== after.weaponized);
        expect(text.includes('detection rule appeared') || text.includes('detection rules are no longer')).toBe(before.detectable !== after.detectable);
        expect(text.includes('(KEV)')).toBe(before.in_kev !== after.in_kev);
        expect(text.includes('CVSS')).toBe(before.cvss_score !== after.cvss_score);
      }),
    );
  });
});

describe('riskStateOf', () => {
  it('reads the exploit intelligence, score and KEV of a record; undefined without intelligence', () => {
    const intel = { risk_level: 'HIGH' as const, weaponized: true, detectable: true, detection_sources: [], exploit_sources: [] };
    expect(riskStateOf({ exploit_intel: intel, cvss_score: 8.1, in_kev: true })).toEqual({
      risk_level: 'HIGH',
      weaponized: true,
      detectable: true,
      cvss_score: 8.1,
      in_kev: true,
    });
    expect(riskStateOf({ exploit_intel: intel, cvss_score: null })).toEqual({ risk_level: 'HIGH', weaponized: true, detectable: true, cvss_score: null });
    expect(riskStateOf({ cvss_score: 8.1 })).toBeUndefined();
  });
});
