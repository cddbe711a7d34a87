/**
 * CWE ids and names. Rule: the `CWE-<n>` values of NVD's weaknesses, NVD's Primary entries
 * first, then the CNA's (NVD-CWE-Other and NVD-CWE-noinfo say "no CWE" and are dropped); when
 * NVD gives none, the CVE 5 CNA's problem types; else CISA-ADP's. Names come from the CWE 4.13
 * catalogue (weaknesses and categories, since NVD also cites categories such as CWE-264);
 * an id the catalogue does not hold gets no name rather than an invented one.
 */
import { ADP, cnaName, NVD, type CveSources, type Derived } from './inputs.js';

export function deriveCweIds({ nvd, cve5 }: Pick<CveSources, 'nvd' | 'cve5'>): Derived<string[]> {
  if (nvd && nvd.cweIds.length > 0) return { value: [...nvd.cweIds], provenance: `${NVD} weaknesses` };
  if (cve5 && cve5.cna.cweIds.length > 0) return { value: [...cve5.cna.cweIds], provenance: cnaName(cve5) };
  if (cve5?.adp && cve5.adp.cweIds.length > 0) return { value: [...cve5.adp.cweIds], provenance: ADP };
  return { value: [], provenance: 'no CWE in any source' };
}

export function deriveCweNames(ids: readonly string[], catalogue: CveSources['cweCatalogue']): Record<string, string> {
  const names: Record<string, string> = {};
  for (const id of ids) {
    const entry = catalogue.get(id);
    if (entry) names[id] = entry.name;
  }
  return names;
}
