/**
 * References. Rule: NVD's references, then the CVE 5 CNA's and CISA-ADP's, merged by URL (tags
 * united); `ref_type` from the tags by precedence (Patch → `patch`, Vendor Advisory →
 * `vendor_advisory`, Mitigation → `mitigation`, Exploit → `exploit`, Third Party Advisory →
 * `advisory`, Issue Tracking → `issue_tracking`, Release Notes → `release_notes`, VDB Entry →
 * `vdb_entry`, Mailing List → `mailing_list`, else `reference`); links tagged Broken Link are
 * left out; at most 20, the most useful kinds first; the NVD page last when NVD holds the CVE.
 */
import type { SourceReference } from '../../domain/nvd-record.js';
import type { CveSources } from './inputs.js';

export interface TypedReference {
  readonly title: string;
  readonly url: string;
  readonly ref_type: string;
  readonly tags: readonly string[];
}

const TYPES: readonly [tag: string, refType: string, label: string][] = [
  ['patch', 'patch', 'Patch'],
  ['vendor advisory', 'vendor_advisory', 'Vendor advisory'],
  ['vendor-advisory', 'vendor_advisory', 'Vendor advisory'],
  ['mitigation', 'mitigation', 'Mitigation'],
  ['exploit', 'exploit', 'Exploit'],
  ['third party advisory', 'advisory', 'Advisory'],
  ['third-party-advisory', 'advisory', 'Advisory'],
  ['issue tracking', 'issue_tracking', 'Issue report'],
  ['issue-tracking', 'issue_tracking', 'Issue report'],
  ['release notes', 'release_notes', 'Release notes'],
  ['release-notes', 'release_notes', 'Release notes'],
  ['vdb entry', 'vdb_entry', 'Vulnerability database entry'],
  ['vdb-entry', 'vdb_entry', 'Vulnerability database entry'],
  ['mailing list', 'mailing_list', 'Mailing list post'],
  ['mailing-list', 'mailing_list', 'Mailing list post'],
];
const RANK = ['patch', 'vendor_advisory', 'mitigation', 'advisory', 'release_notes', 'exploit', 'issue_tracking', 'vdb_entry', 'mailing_list', 'reference'];
const MAX_REFERENCES = 20;

function validUrl(url: string): URL | undefined {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The last record's merged references: one record's derivation asks three times (references,
 * patch links, mitigation) with the same source objects, which are never changed once parsed.
 */
let last: { readonly nvd: CveSources['nvd']; readonly cve5: CveSources['cve5']; readonly merged: readonly SourceReference[] } | undefined;

export function mergedReferences({ nvd, cve5 }: Pick<CveSources, 'nvd' | 'cve5'>): readonly SourceReference[] {
  if (last && last.nvd === nvd && last.cve5 === cve5 && (nvd || cve5)) return last.merged;
  const value = mergeReferences(nvd, cve5);
  last = { nvd, cve5, merged: value };
  return value;
}

function mergeReferences(nvd: CveSources['nvd'], cve5: CveSources['cve5']): SourceReference[] {
  const merged = new Map<string, Set<string>>();
  for (const list of [nvd?.references, cve5?.cna.references, cve5?.adp?.references]) {
    for (const r of list ?? []) {
      const tags = merged.get(r.url) ?? new Set<string>();
      for (const t of r.tags) tags.add(t);
      merged.set(r.url, tags);
    }
  }
  return [...merged].map(([url, tags]) => ({ url, tags: [...tags] }));
}

export function deriveReferences(sources: Pick<CveSources, 'id' | 'nvd' | 'cve5'>): TypedReference[] {
  const typed: TypedReference[] = [];
  for (const ref of mergedReferences(sources)) {
    if (ref.tags.includes('broken link')) continue;
    const url = validUrl(ref.url);
    if (!url) continue;
    const type = TYPES.find(([tag]) => ref.tags.includes(tag));
    const host = url.hostname.replace(/^www\./, '');
    typed.push({ title: `${type?.[2] ?? 'Reference'} (${host})`, url: url.href, ref_type: type?.[1] ?? 'reference', tags: ref.tags });
  }
  const sorted = typed
    .map((r, i) => ({ r, i }))
    .sort((a, b) => RANK.indexOf(a.r.ref_type) - RANK.indexOf(b.r.ref_type) || a.i - b.i)
    .map(({ r }) => r)
    .slice(0, MAX_REFERENCES);
  if (sources.nvd) sorted.push({ title: 'NVD entry (nvd.nist.gov)', url: `https://nvd.nist.gov/vuln/detail/${sources.id}`, ref_type: 'nvd', tags: [] });
  return sorted;
}
