/**
 * Severity and score (product-decisions §6 "Scores"): the best CVSS version any source gives,
 * in the order v3.1, v3.0, v4.0, v2.0; within one version NVD's Primary metric, then the CNA's
 * (NVD's Secondary copy from the record's own source, or the CVE 5 CNA container), then
 * CISA-ADP's (NVD's Secondary copy from CISA-ADP, or the CVE 5 ADP container), then any other
 * Secondary metric NVD lists. Severity is the source's rating of that same metric; under v2 it
 * is NVD's v2 scale (no CRITICAL). Unscored (`null`, UNKNOWN) only when no source gives any score.
 */
import { CVSS_VERSIONS, type CvssVersion, type Severity } from '../../domain/cve.js';
import type { CvssMetric } from '../../domain/nvd-record.js';
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
  /** NVD's CVSS v2 "user interaction required" flag of the chosen metric, where it is a v2 one. */
  readonly userInteractionRequired?: boolean;
  readonly provenance: string;
}

interface Candidate {
  readonly metric: CvssMetric;
  readonly provenance: string;
}

/**
 * The best metric of one version: the first in the §6 order of sources (NVD's Primary, the CNA's
 * in NVD then CVE 5, CISA-ADP's in NVD then CVE 5, any other Secondary). Only the winner gets a
 * provenance string: this runs for every record and every version until one has a metric.
 */
function bestOf(version: CvssVersion, { nvd, cve5 }: Pick<CveSources, 'nvd' | 'cve5'>): Candidate | undefined {
  const nvdMetrics = (nvd?.cvss ?? []).filter((m) => m.version === version);
  const isCna = (m: CvssMetric) => m.source === nvd?.sourceIdentifier;
  const isAdp = (m: CvssMetric) => m.source === CISA_ADP_NVD_SOURCE;
  const fromNvd = (m: CvssMetric | undefined) => m && { metric: m, provenance: `${NVD} (${m.source}, ${m.type}) CVSS v${version}` };
  const primary = fromNvd(nvdMetrics.find((m) => m.type === 'Primary'));
  if (primary) return primary;
  const secondary = nvdMetrics.filter((m) => m.type === 'Secondary');
  const nvdCna = fromNvd(secondary.find(isCna));
  if (nvdCna) return nvdCna;
  const cve5Cna = (cve5?.cna.cvss ?? []).find((m) => m.version === version);
  if (cve5Cna) return { metric: cve5Cna, provenance: `${cnaName(cve5!)} CVSS v${version}` };
  const nvdAdp = fromNvd(secondary.find(isAdp));
  if (nvdAdp) return nvdAdp;
  const cve5Adp = (cve5?.adp?.cvss ?? []).find((m) => m.version === version);
  if (cve5Adp) return { metric: cve5Adp, provenance: `${ADP} CVSS v${version}` };
  return fromNvd(secondary.find((m) => !isCna(m) && !isAdp(m)));
}

export function chooseCvss(sources: Pick<CveSources, 'nvd' | 'cve5'>): Candidate | undefined {
  for (const version of CVSS_VERSIONS) {
    const best = bestOf(version, sources);
    if (best) return best;
  }
  return undefined;
}

export function deriveScore(sources: Pick<CveSources, 'nvd' | 'cve5'>): ScoreResult {
  const chosen = chooseCvss(sources);
  if (!chosen)
    return { cvss_score: null, severity: 'UNKNOWN', cvss_version: null, cvss_vector: null, provenance: 'no CVSS metric of any version in any source' };
  const { metric } = chosen;
  return {
    cvss_score: metric.score,
    severity: metric.severity,
    cvss_version: metric.version,
    cvss_vector: metric.vector,
    vector: metric.vector,
    ...(metric.userInteractionRequired !== undefined ? { userInteractionRequired: metric.userInteractionRequired } : {}),
    provenance: chosen.provenance,
  };
}
