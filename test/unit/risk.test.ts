import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { riskLevel } from '../../shared/domain/risk.js';

describe('risk rule (product decisions §6)', () => {
  it.each([
    // weaponized, detectable, score, inKev → risk
    [true, false, 7.0, false, 'CRITICAL_GAP'],
    [true, false, 9.8, false, 'CRITICAL_GAP'],
    [true, false, 6.9, false, 'HIGH'],
    [true, false, null, false, 'HIGH'],
    [true, false, 3.1, true, 'CRITICAL_GAP'],
    [true, false, null, true, 'CRITICAL_GAP'],
    [true, true, 9.8, true, 'HIGH'],
    [true, true, null, false, 'HIGH'],
    [false, true, 9.8, false, 'MEDIUM'],
    [false, false, 10, false, 'LOW'],
  ] as const)('weaponized=%s detectable=%s score=%s kev=%s → %s', (weaponized, detectable, cvssScore, inKev, expected) => {
    expect(riskLevel({ weaponized, detectable, cvssScore, inKev })).toBe(expected);
  });

  it('CRITICAL_GAP exactly when weaponized, not detectable, and (score ≥ 7.0 or KEV)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 100 }).map((n) => n / 10)),
        fc.boolean(),
        (weaponized, detectable, cvssScore, inKev) => {
          const gap = weaponized && !detectable && ((cvssScore !== null && cvssScore >= 7) || inKev);
          expect(riskLevel({ weaponized, detectable, cvssScore, inKev }) === 'CRITICAL_GAP').toBe(gap);
        },
      ),
    );
  });
});
