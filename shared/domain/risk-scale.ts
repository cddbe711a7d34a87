/**
 * The risk levels and what the scale measures, in words (product decisions §6 and §10). Kept apart
 * from risk-meaning.ts: the record's schema (shared/domain/cve.ts) needs these words, and the
 * per-CVE sentence there needs the record's types.
 */
export const RISK_LEVELS = ['CRITICAL_GAP', 'HIGH', 'MEDIUM', 'LOW'] as const;
type RiskLevel = (typeof RISK_LEVELS)[number];

/**
 * What the scale measures, for a reader who sees a level with no CVE's particulars beside it
 * (an export's help, a filter, a field's description): the level is easily read as severity.
 */
export const RISK_LEVEL_SCALE = "PlainCVE's risk level measures a detection gap (a public exploit that no detection rule catches), not how severe the flaw is";

/** Each level in words, without a CVE's particulars (product decisions §6). */
export const RISK_LEVEL_WORDS: Readonly<Record<RiskLevel, string>> = {
  CRITICAL_GAP: 'a public exploit, no detection rule, and the flaw severe (CVSS 7.0 or more) or known exploited',
  HIGH: 'a public exploit that rules detect, or a milder undetected one',
  MEDIUM: 'detection rules but no public exploit',
  LOW: 'neither a public exploit nor a detection rule',
};

/** The scale and every level, in one paragraph: the OpenAPI description of a risk level. */
export function riskScaleInWords(): string {
  const levels = (Object.keys(RISK_LEVEL_WORDS) as RiskLevel[]).map((level) => `${level} ${RISK_LEVEL_WORDS[level]}`);
  return `${RISK_LEVEL_SCALE}: ${levels.join('; ')}.`;
}
