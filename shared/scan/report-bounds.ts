import { MAX_NOT_CHECKED_LISTED, MAX_REPORTED_VULNERABILITIES } from './bounds.js';
import type { NotChecked } from './manifest.js';
import type { ScanMatch } from '../domain/scan-match.js';

export interface BoundedMatches {
  /** The matches listed: worst first, at most MAX_REPORTED_VULNERABILITIES vulnerabilities in all. */
  readonly matches: ScanMatch[];
  readonly notChecked: NotChecked[];
  /** Components with findings, listed or not. */
  readonly findingsTotal: number;
  /** Component × vulnerability pairs, listed or not. */
  readonly vulnerabilitiesTotal: number;
  readonly notCheckedTotal: number;
}

/**
 * What an answer lists, whatever the manifest holds (issue 24: a million option lines made a
 * 69 MB answer): the first MAX_NOT_CHECKED_LISTED `not_checked` entries, and the findings, worst
 * first, up to MAX_REPORTED_VULNERABILITIES vulnerabilities in all (the last finding listed may
 * show only its worst ones). The totals say how much was left out. `matches` must be sorted.
 */
export function boundMatches(matches: readonly ScanMatch[], notChecked: readonly NotChecked[]): BoundedMatches {
  const listed: ScanMatch[] = [];
  let budget = MAX_REPORTED_VULNERABILITIES;
  let vulnerabilitiesTotal = 0;
  for (const match of matches) {
    const vulnerabilities = match.finding.vulnerabilities;
    vulnerabilitiesTotal += vulnerabilities.length;
    if (budget === 0) continue;
    const kept = vulnerabilities.length <= budget ? match : { ...match, finding: { ...match.finding, vulnerabilities: vulnerabilities.slice(0, budget) } };
    budget -= kept.finding.vulnerabilities.length;
    listed.push(kept);
  }
  return {
    matches: listed,
    notChecked: notChecked.slice(0, MAX_NOT_CHECKED_LISTED),
    findingsTotal: matches.length,
    vulnerabilitiesTotal,
    notCheckedTotal: notChecked.length,
  };
}
