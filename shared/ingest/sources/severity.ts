import type { CvssVersion, Severity } from '../../domain/cve.js';

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

/**
 * NVD's CVSS v2 rating (product-decisions §6): LOW below 4.0, MEDIUM below 7.0, else HIGH. v2
 * has no CRITICAL, so a 10.0 under v2 is HIGH.
 */
export function v2Severity(score: number): Severity {
  if (score >= 7) return 'HIGH';
  if (score >= 4) return 'MEDIUM';
  return 'LOW';
}

/** A metric's severity: v2 by NVD's v2 scale; v3.x and v4.0 the source's own rating (their scales agree). */
export function metricSeverity(version: CvssVersion, stated: string | undefined, score: number): Severity {
  return version === '2.0' ? v2Severity(score) : normaliseSeverity(stated, score);
}
