/**
 * Severity and score (product-decisions §6 "Scores"): the best CVSS version any source gives,
 * in the order v3.1, v3.0, v4.0, v2.0; within one version NVD's Primary metric, then the CNA's
 * (NVD's Secondary copy from the record's own source, or the CVE 5 CNA container), then
 * CISA-ADP's (NVD's Secondary copy from CISA-ADP, or the CVE 5 ADP container), then any other
 * Secondary metric NVD lists. Severity is the source's rating of that same metric; under v2 it
 * is NVD's v2 scale (no CRITICAL). Unscored (`null`, UNKNOWN) only when no source gives any score.
 */
import { CVSS_VERSIONS, type CvssVersion, type Severity } from '../../domain/cve.js';
import type { CvssMetric } from '../model.js';
import { ADP, cnaName, NVD, type CveSources } from './inputs.js';

/** CISA-ADP's source id in NVD's metrics (the ADP's CVE Program org id). */
export const CISA_ADP_NVD_SOURCE = '134c704f-9b21-4f2e-91b3-4a467353bcc0';

export interface ScoreResult {
  readonly cvss_score: number | null;
  readonly severity: Severity;
  readonly cvss_version: CvssVersion | null;
  readonly cvss_vector: string | null;
  /** The vector the explainer reads (who can attack), absent when unscored. */
  readonly vector?: string;
  readonly provenance: string;
}

interface Candidate {
  readonly metric: CvssMetric;
  readonly provenance: string;
}

/** Every metric of one version, in the §6 order of sources. */
function candidatesOf(version: CvssVersion, { nvd, cve5 }: Pick<CveSources, 'nvd' | 'cve5'>): Candidate[] {
  const nvdMetrics = (nvd?.cvss ?? []).filter((m) => m.version === version);
  const secondary = nvdMetrics.filter((m) => m.type === 'Secondary');
  const isCna = (m: CvssMetric) => m.source === nvd?.sourceIdentifier;
  const isAdp = (m: CvssMetric) => m.source === CISA_ADP_NVD_SOURCE;
  const nvdCandidate = (m: CvssMetric) => ({ metric: m, provenance: `${NVD} (${m.source}, ${m.type}) CVSS v${version}` });
  return [
    ...nvdMetrics.filter((m) => m.type === 'Primary').map(nvdCandidate),
    ...secondary.filter(isCna).map(nvdCandidate),
    ...(cve5?.cna.cvss ?? []).filter((m) => m.version === version).map((m) => ({ metric: m, provenance: `${cnaName(cve5!)} CVSS v${version}` })),
    ...secondary.filter(isAdp).map(nvdCandidate),
    ...(cve5?.adp?.cvss ?? []).filter((m) => m.version === version).map((m) => ({ metric: m, provenance: `${ADP} CVSS v${version}` })),
    ...secondary.filter((m) => !isCna(m) && !isAdp(m)).map(nvdCandidate),
  ];
}

export function chooseCvss(sources: Pick<CveSources, 'nvd' | 'cve5'>): Candidate | undefined {
  for (const version of CVSS_VERSIONS) {
    const best = candidatesOf(version, sources)[0];
    if (best) return best;
  }
  return undefined;
}

export function deriveScore(sources: Pick<CveSources, 'nvd' | 'cve5'>): ScoreResult {
  const chosen = chooseCvss(sources);
  if (!chosen) return { cvss_score: null, severity: 'UNKNOWN', cvss_version: null, cvss_vector: null, provenance: 'no CVSS metric of any version in any source' };
  const { metric } = chosen;
  return {
    cvss_score: metric.score,
    severity: metric.severity,
    cvss_version: metric.version,
    cvss_vector: metric.vector,
    vector: metric.vector,
    provenance: chosen.provenance,
  };
}
