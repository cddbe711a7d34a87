/**
 * Severity and score. Rule (issue 4, product decisions §4/§6): NVD's own (Primary) CVSS v3.1
 * metric; else a CNA's v3.1 metric as NVD republishes it (Secondary); else the CNA container of
 * the CVE 5 record; else the CISA-ADP container; else unscored (`cvss_score: null`, severity
 * UNKNOWN). CVSS v2 and v3.0 are not v3.1 and are not used. Severity is the source's own
 * qualitative rating of that same metric.
 */
import type { Severity } from '../../domain/cve.js';
import type { CvssV31 } from '../model.js';
import { ADP, cnaName, NVD, type CveSources } from './inputs.js';

export interface ScoreResult {
  readonly cvss_score: number | null;
  readonly severity: Severity;
  /** The vector the explainer reads (who can attack), absent when unscored. */
  readonly vector?: string;
  readonly provenance: string;
}

export function chooseCvss(sources: Pick<CveSources, 'nvd' | 'cve5'>): { metric: CvssV31; provenance: string } | undefined {
  const { nvd, cve5 } = sources;
  const primary = nvd?.cvssV31.find((m) => m.type === 'Primary');
  if (primary) return { metric: primary, provenance: `${NVD} (${primary.source}, Primary)` };
  const secondary = nvd?.cvssV31.find((m) => m.type === 'Secondary');
  if (secondary) return { metric: secondary, provenance: `${NVD} (${secondary.source}, Secondary)` };
  if (cve5?.cna.cvssV31) return { metric: cve5.cna.cvssV31, provenance: cnaName(cve5) };
  if (cve5?.adp?.cvssV31) return { metric: cve5.adp.cvssV31, provenance: ADP };
  return undefined;
}

export function deriveScore(sources: Pick<CveSources, 'nvd' | 'cve5'>): ScoreResult {
  const chosen = chooseCvss(sources);
  if (!chosen) return { cvss_score: null, severity: 'UNKNOWN', provenance: 'no CVSS v3.1 metric in any source' };
  return { cvss_score: chosen.metric.score, severity: chosen.metric.severity, vector: chosen.metric.vector, provenance: chosen.provenance };
}
