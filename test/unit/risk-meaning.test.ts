import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { riskLevelSchema, type ExploitIntel } from '../../shared/domain/cve.js';
import { riskLevel } from '../../shared/domain/risk.js';
import { RISK_LEVEL_WORDS, riskMeaning, riskScaleInWords, withRiskMeaning } from '../../shared/domain/risk-meaning.js';

const LABEL = { CRITICAL_GAP: 'CRITICAL GAP', HIGH: 'HIGH', MEDIUM: 'MEDIUM', LOW: 'LOW' } as const;

describe('the risk level in words (product decisions §10)', () => {
  it('every sentence names the level it explains and what decided it: the exploit and the detection', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.double({ min: 0, max: 10, noNaN: true })),
        fc.boolean(),
        (weaponized, detectable, cvssScore, inKev) => {
          const level = riskLevel({ weaponized, detectable, cvssScore, inKev });
          const words = riskMeaning(level, { weaponized, detectable });
          expect(words.startsWith(`${LABEL[level]}: `)).toBe(true);
          expect(words).toContain(weaponized ? 'a public exploit exists' : 'no exploit is in the tracked exploit lists');
          expect(words).toContain(detectable ? 'detection rules exist' : 'no detection rule is known');
        },
      ),
    );
  });

  it('the scale in words says it is a detection gap and not a severity, and covers every level', () => {
    const scale = riskScaleInWords();
    expect(scale).toMatch(/^PlainCVE's risk level measures a detection gap .*, not how severe the flaw is: /);
    for (const level of riskLevelSchema.options) expect(scale).toContain(`${level} ${RISK_LEVEL_WORDS[level]}`);
  });

  it('withRiskMeaning adds the sentence to stored intelligence and rewrites a stale one', () => {
    const stored: ExploitIntel = {
      risk_level: 'MEDIUM',
      detectable: true,
      weaponized: false,
      detection_sources: ['nuclei'],
      exploit_sources: [],
      epss: { score: 0.1, percentile: 0.5, date: '2026-11-01' },
    };
    const words = 'MEDIUM: no exploit is in the tracked exploit lists, but detection rules exist';
    expect(withRiskMeaning(stored)).toEqual({ ...stored, risk_meaning: words });
    const stale = { ...stored, risk_meaning: 'LOW: something said before' } as ExploitIntel;
    expect(withRiskMeaning(stale).risk_meaning).toBe(words);
  });
});
