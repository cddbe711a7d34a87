/**
 * What the sources say when the description is silent (§9: description first, then CVSS and
 * CWE): the impact a weakness implies by its nature, else the CVSS impact metrics; and who can
 * attack from the CVSS vector (AV, PR / v2 Au, UI).
 */
import type { AttackPosition, Impact, Privileges } from '../../domain/facts.js';
import type { AttackConditions } from '../explainer/attack.js';

/**
 * Weaknesses whose nature is one impact of §9's vocabulary. Memory-safety and number-handling
 * weaknesses are not here: what they give an attacker depends on the bug (a crash, or code
 * execution), so the CVSS impact metrics speak for them. Nor is deserialization (CWE-502): "PHAR
 * deserialization can occur" states no code running, and code execution is said only where stated.
 */
const CWE_IMPACT: Readonly<Record<string, Impact | readonly Impact[]>> = {
  'CWE-79': 'cross_site_scripting',
  'CWE-80': 'cross_site_scripting',
  'CWE-83': 'cross_site_scripting',
  'CWE-87': 'cross_site_scripting',
  'CWE-89': 'sql_injection',
  'CWE-564': 'sql_injection',
  'CWE-352': 'request_forgery',
  'CWE-918': 'request_forgery',
  'CWE-601': 'spoofing',
  'CWE-1021': 'spoofing',
  'CWE-290': 'spoofing',
  'CWE-451': 'spoofing',
  'CWE-77': 'code_execution',
  'CWE-78': 'code_execution',
  'CWE-94': 'code_execution',
  'CWE-95': 'code_execution',
  'CWE-98': 'code_execution',
  'CWE-434': 'code_execution',
  'CWE-917': 'code_execution',
  'CWE-22': 'information_disclosure',
  'CWE-23': 'information_disclosure',
  'CWE-36': 'information_disclosure',
  'CWE-200': 'information_disclosure',
  'CWE-209': 'information_disclosure',
  'CWE-312': 'information_disclosure',
  'CWE-319': 'information_disclosure',
  'CWE-359': 'information_disclosure',
  'CWE-532': 'information_disclosure',
  'CWE-538': 'information_disclosure',
  'CWE-611': 'information_disclosure',
  'CWE-400': 'denial_of_service',
  'CWE-770': 'denial_of_service',
  'CWE-835': 'denial_of_service',
  'CWE-674': 'denial_of_service',
  'CWE-1333': 'denial_of_service',
  'CWE-401': 'denial_of_service',
  'CWE-772': 'denial_of_service',
  'CWE-287': 'security_bypass',
  'CWE-288': 'security_bypass',
  'CWE-306': 'security_bypass',
  'CWE-862': 'security_bypass',
  'CWE-863': 'security_bypass',
  'CWE-285': 'security_bypass',
  'CWE-639': 'security_bypass',
  'CWE-425': 'security_bypass',
  'CWE-269': 'privilege_escalation',
  'CWE-250': 'privilege_escalation',
  'CWE-266': 'privilege_escalation',
  'CWE-113': 'data_tampering',
  'CWE-117': 'data_tampering',
  'CWE-93': 'data_tampering',
  // Weak or missing protection of data: what it exposes (the CWE gloss: "may read or change them").
  'CWE-326': 'information_disclosure',
  'CWE-327': 'information_disclosure',
  'CWE-328': 'information_disclosure',
  'CWE-522': 'information_disclosure',
  'CWE-256': 'information_disclosure',
  'CWE-614': 'information_disclosure',
  'CWE-1004': 'information_disclosure',
  // An unchecked certificate lets whoever sits on the path read and change the traffic.
  'CWE-295': ['information_disclosure', 'data_tampering'],
  'CWE-732': ['information_disclosure', 'data_tampering'],
  'CWE-276': ['information_disclosure', 'data_tampering'],
  'CWE-281': ['information_disclosure', 'data_tampering'],
  'CWE-798': 'security_bypass',
  'CWE-259': 'security_bypass',
  'CWE-1392': 'security_bypass',
  'CWE-613': 'security_bypass',
  'CWE-384': 'security_bypass',
  'CWE-307': 'security_bypass',
  'CWE-620': 'security_bypass',
  'CWE-640': 'security_bypass',
};

export function cweImpacts(cweIds: readonly string[]): Impact[] {
  return [...new Set(cweIds.flatMap((id) => CWE_IMPACT[id] ?? []))];
}

/**
 * A weakness whose gloss names several gains ("wrong permissions: may read or change them") keeps
 * those the vector rates above none, where it rates any: CWE-732 filed with C:N/I:L is no read.
 * A privilege gain is not taken from a weakness the vector rates as a read alone: VulDB's
 * "incorrect privilege assignment" (CWE-266) filed with C:L/I:N/A:N changes nothing and stops
 * nothing, so it gains no rights (CVE-2025-3550).
 */
export function narrowedByVector(weakness: readonly Impact[], metrics: readonly Impact[]): Impact[] {
  const readOnly = metrics.length > 0 && metrics.every((impact) => impact === 'information_disclosure');
  const held = readOnly ? weakness.filter((impact) => impact !== 'privilege_escalation') : [...weakness];
  const kept = held.filter((impact) => metrics.includes(impact));
  return held.length > 1 && kept.length > 0 ? kept : held;
}

/** The provenance of gains read off the CVSS vector's impact metrics (the description and the CWE stating none). */
export const CVSS_IMPACTS_SOURCE = 'CVSS impact metrics';
/** The provenance of gains read off the record's weaknesses (the description stating none). */
export const cweImpactsSource = (cweIds: readonly string[]): string => `CWE (${cweIds.join(', ')})`;

/** Where `facts.impacts` came from the CWE or the CVSS vector rather than the record's words: which. */
export function impactsInference(source: string | undefined): { readonly from: 'cwe'; readonly ids: string } | { readonly from: 'cvss' } | undefined {
  const cwe = /^CWE \(([^)]+)\)$/.exec(source ?? '');
  if (cwe) return { from: 'cwe', ids: cwe[1]! };
  return source === CVSS_IMPACTS_SOURCE ? { from: 'cvss' } : undefined;
}

export const impactsInferred = (source: string | undefined): boolean => impactsInference(source) !== undefined;

/** Confidentiality, integrity and availability, where the vector rates them above none. */
export function cvssImpacts(conditions: AttackConditions | undefined): Impact[] {
  if (!conditions) return [];
  const hit = (level: string | undefined) => level !== undefined && level !== 'N';
  return [
    ...(hit(conditions.confidentiality) ? (['information_disclosure'] as const) : []),
    ...(hit(conditions.integrity) ? (['data_tampering'] as const) : []),
    ...(hit(conditions.availability) ? (['denial_of_service'] as const) : []),
  ];
}

const POSITION: Readonly<Record<AttackConditions['vector'], AttackPosition>> = { N: 'remote', A: 'adjacent', L: 'local', P: 'physical' };
const PRIVILEGES: Readonly<Record<AttackConditions['privileges'], Privileges>> = { N: 'none', L: 'user', H: 'admin' };

export function cvssAttack(conditions: AttackConditions | undefined): {
  position: AttackPosition | null;
  privileges: Privileges | null;
  user_interaction: boolean | null;
} {
  if (!conditions) return { position: null, privileges: null, user_interaction: null };
  return {
    position: POSITION[conditions.vector],
    privileges: PRIVILEGES[conditions.privileges],
    user_interaction: conditions.interaction === undefined ? null : conditions.interaction === 'R',
  };
}
