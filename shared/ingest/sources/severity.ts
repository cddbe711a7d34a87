import type { Severity } from '../../domain/cve.js';

/** CVSS v3.1 qualitative rating (specification §5); 0.0 "None" has no value in the interface's enum and maps to LOW. */
export function severityFromScore(score: number): Severity {
  if (score >= 9) return 'CRITICAL';
  if (score >= 7) return 'HIGH';
  if (score >= 4) return 'MEDIUM';
  return 'LOW';
}

/** The source's own rating when it is one of ours, else the rating of its score. */
export function normaliseSeverity(stated: string | undefined, score: number): Severity {
  const upper = stated?.toUpperCase();
  if (upper === 'CRITICAL' || upper === 'HIGH' || upper === 'MEDIUM' || upper === 'LOW') return upper;
  return severityFromScore(score);
}
