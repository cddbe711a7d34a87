import type { ExploitIntel, ExploitIntelAnswer, RiskLevel } from './cve.js';
import type { RiskInputs } from './risk.js';

export { RISK_LEVEL_SCALE, RISK_LEVEL_WORDS, riskScaleInWords } from './risk-scale.js';

const LABELS: Record<RiskLevel, string> = { CRITICAL_GAP: 'CRITICAL GAP', HIGH: 'HIGH', MEDIUM: 'MEDIUM', LOW: 'LOW' };

/**
 * One line that says what a risk level means for this CVE, from the same inputs riskLevel()
 * decides on (product-decisions §6), e.g. "HIGH: a public exploit exists and detection rules exist".
 */
export function riskMeaning(level: RiskLevel, { weaponized, detectable }: Pick<RiskInputs, 'weaponized' | 'detectable'>): string {
  const exploit = weaponized ? 'a public exploit exists' : 'no exploit is in the tracked exploit lists';
  const detection = detectable ? 'detection rules exist' : 'no detection rule is known';
  const why: Record<RiskLevel, string> = {
    CRITICAL_GAP: `${exploit}, ${detection}, and the flaw is severe (CVSS 7.0 or more) or known to be exploited`,
    HIGH: detectable ? `${exploit} and ${detection}` : `${exploit} and ${detection}, but the flaw scores below CVSS 7.0 and is not known to be exploited`,
    MEDIUM: `${exploit}, but ${detection}`,
    LOW: `${exploit} and ${detection}`,
  };
  return `${LABELS[level]}: ${why[level]}`;
}

/**
 * Stored exploit intelligence as an answer shows it: `risk_meaning` beside the level, always
 * written afresh (a stored copy from before, such as a change-log record, is overwritten), so
 * the words cannot drift from the level they explain.
 */
export function withRiskMeaning(intel: ExploitIntel): ExploitIntelAnswer {
  return { ...intel, risk_meaning: riskMeaning(intel.risk_level, intel) };
}
