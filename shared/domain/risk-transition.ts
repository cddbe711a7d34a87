import type { ExploitIntel, RiskLevel } from './cve.js';

/**
 * Risk-transition alerts (issue 13, product-decisions §6/§7): one line that says how a CVE's
 * risk level moved and why, from the same inputs `riskLevel()` decides on, e.g.
 * "LOW → CRITICAL_GAP: a public exploit appeared and no detection rule exists yet".
 * The webhook body (`data.risk_transition`) and the Atom feed entry both use it.
 */
export interface RiskState {
  readonly risk_level: RiskLevel;
  readonly weaponized: boolean;
  readonly detectable: boolean;
  readonly cvss_score: number | null;
  /** CISA KEV membership; undefined when not known (an export record does not carry it). */
  readonly in_kev?: boolean | undefined;
}

/** The risk state of a stored or exported record; undefined when it has no exploit intelligence. */
export function riskStateOf(record: {
  readonly exploit_intel?: ExploitIntel | undefined;
  readonly cvss_score: number | null;
  readonly in_kev?: boolean | undefined;
}): RiskState | undefined {
  const intel = record.exploit_intel;
  if (!intel) return undefined;
  return {
    risk_level: intel.risk_level,
    weaponized: intel.weaponized,
    detectable: intel.detectable,
    cvss_score: record.cvss_score,
    ...(record.in_kev !== undefined ? { in_kev: record.in_kev } : {}),
  };
}

function scoreMove(before: number | null, after: number | null): string | undefined {
  if (before === after) return undefined;
  if (after === null) return 'the CVSS score was withdrawn';
  if (before === null) return `the CVE is now scored CVSS ${after.toFixed(1)}`;
  return `the CVSS score ${after > before ? 'rose' : 'fell'} from ${before.toFixed(1)} to ${after.toFixed(1)}`;
}

/** "a", "a and b", "a, b and c". */
function list(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * `before → after: what moved[ and what still holds]`. What moved comes first (exploit,
 * detection, KEV, score); then the unchanged exploit or detection fact that, with it, explains
 * the new level (the gap story: an exploit appeared *and no detection rule exists yet*).
 * A level that did not move reads "HIGH (unchanged): …".
 */
export function describeRiskTransition(before: RiskState, after: RiskState): string {
  const moved: string[] = [];
  const exploitMoved = before.weaponized !== after.weaponized;
  const detectionMoved = before.detectable !== after.detectable;
  if (exploitMoved) moved.push(after.weaponized ? 'a public exploit appeared' : 'the public exploit is no longer listed');
  if (detectionMoved) moved.push(after.detectable ? 'a detection rule appeared' : 'the detection rules are no longer listed');
  if (before.in_kev !== undefined && after.in_kev !== undefined && before.in_kev !== after.in_kev) {
    moved.push(after.in_kev ? 'CISA now lists it as exploited in the wild (KEV)' : 'CISA no longer lists it as exploited (KEV)');
  }
  const score = scoreMove(before.cvss_score, after.cvss_score);
  if (score) moved.push(score);

  const exploitState = after.weaponized ? 'a public exploit exists' : 'no exploit is in the tracked exploit lists';
  const detectionState = after.detectable ? 'detection rules exist' : 'no detection rule exists yet';
  let still: string | undefined;
  if (exploitMoved && !detectionMoved) still = detectionState;
  else if (detectionMoved && !exploitMoved) still = exploitState;
  else if (!exploitMoved && !detectionMoved && after.weaponized) still = `${exploitState} and ${detectionState}`;

  const head = before.risk_level === after.risk_level ? `${after.risk_level} (unchanged)` : `${before.risk_level} → ${after.risk_level}`;
  if (moved.length === 0) return still ? `${head}: ${still}` : head;
  const why = still ? `${list(moved)}${moved.length === 1 && (exploitMoved || detectionMoved) ? ' and ' : '; '}${still}` : list(moved);
  return `${head}: ${why}`;
}
