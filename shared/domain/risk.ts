import type { RiskLevel } from './cve.js';

export interface RiskInputs {
  readonly weaponized: boolean;
  readonly detectable: boolean;
  /** CVSS v3.1 base score; null (unscored) counts as below 7.0. */
  readonly cvssScore: number | null;
  readonly inKev: boolean;
}

/**
 * Product decisions §6, the rule of the service this interface comes from plus a KEV override:
 * weaponized and not detectable is a CRITICAL_GAP when the score is 7.0 or more or CISA lists
 * the CVE as exploited, else HIGH; weaponized and detectable is HIGH; detectable only is MEDIUM;
 * neither is LOW.
 */
export function riskLevel({ weaponized, detectable, cvssScore, inKev }: RiskInputs): RiskLevel {
  if (weaponized && !detectable) return (cvssScore !== null && cvssScore >= 7.0) || inKev ? 'CRITICAL_GAP' : 'HIGH';
  if (weaponized) return 'HIGH';
  if (detectable) return 'MEDIUM';
  return 'LOW';
}
