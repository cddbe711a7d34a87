/**
 * Description, published date and rejection.
 * - description: NVD's English description; else the CVE 5 CNA's English description.
 * - published_date: NVD `published` (UTC) as YYYY-MM-DD; else CVE 5 `datePublished`; else
 *   CVE 5 `dateUpdated` (a record never published, e.g. rejected while reserved).
 * - rejected (product-decisions §6): NVD `vulnStatus` Rejected, an English description that begins
 *   `** REJECT **` or `Rejected reason:` (whatever the status), or CVE 5 state REJECTED.
 */
import { cnaName, NVD, type CveSources, type Derived } from './inputs.js';

export function deriveDescription({ nvd, cve5 }: Pick<CveSources, 'nvd' | 'cve5'>): Derived<string> {
  if (nvd?.description) return { value: nvd.description, provenance: NVD };
  if (cve5?.description) return { value: cve5.description, provenance: cnaName(cve5) };
  return { value: '', provenance: 'no description in any source' };
}

export function derivePublishedDate({ nvd, cve5 }: Pick<CveSources, 'nvd' | 'cve5'>): Derived<string> | undefined {
  if (nvd?.published) return { value: nvd.published.slice(0, 10), provenance: `${NVD} published` };
  if (cve5?.published) return { value: cve5.published.slice(0, 10), provenance: 'CVE 5 datePublished' };
  if (cve5?.updated) return { value: cve5.updated.slice(0, 10), provenance: 'CVE 5 dateUpdated (never published)' };
  return undefined;
}

export function deriveRejected({ nvd, cve5 }: Pick<CveSources, 'nvd' | 'cve5'>): Derived<boolean> {
  // Either source's rejection stands: NVD may lag the CVE Program's, and the CVE 5 copy may be older than NVD's.
  if (nvd?.rejected) return { value: true, provenance: `${NVD} ${nvd.vulnStatus === 'Rejected' ? 'vulnStatus Rejected' : 'description (a rejection notice)'}` };
  if (cve5?.state === 'REJECTED') return { value: true, provenance: 'CVE 5 state REJECTED (or a rejection notice as description)' };
  return { value: false, provenance: nvd ? `${NVD} vulnStatus ${nvd.vulnStatus || 'not stated'}` : 'CVE 5 state' };
}

/** The newest last-modified timestamp among the record sources. */
export function deriveSourceModified({ nvd, cve5 }: Pick<CveSources, 'nvd' | 'cve5'>): string | undefined {
  const stamps = [nvd?.lastModified, cve5?.updated].filter((s): s is string => !!s).sort();
  return stamps.at(-1);
}
