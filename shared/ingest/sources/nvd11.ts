/**
 * NVD's retired JSON 1.1 feeds (`{"CVE_data_type":"CVE",…,"CVE_Items":[…]}`, yearly or
 * "modified", gzipped or not), read natively: each `CVE_Items[i]` is mapped field by field onto
 * the NVD CVE API 2.0 `cve` object and read by the same parser, so a CVE gives the same record
 * from either format. What 1.1 lacks is filled as NVD's own conversion notes say: `vulnStatus`
 * (Rejected for a `** REJECT **` description, else Analyzed when NVD scored or classified it,
 * else Awaiting Analysis); metrics are NVD's own (`nvd@nist.gov`, Primary).
 */
import type { NvdRecord } from '../../domain/nvd-record.js';
import { parseNvdCve } from './nvd.js';
import { isRejectionNotice } from './rejected.js';
import { isNvd11Feed, isNvd11Item } from './sniff.js';
import type { DocumentSource, LineSource } from './source.js';

interface Raw11CpeMatch {
  vulnerable?: boolean;
  cpe23Uri?: string;
  versionStartIncluding?: string;
  versionStartExcluding?: string;
  versionEndIncluding?: string;
  versionEndExcluding?: string;
}
interface Raw11Node {
  operator?: string;
  negate?: boolean;
  children?: Raw11Node[];
  cpe_match?: Raw11CpeMatch[];
}
interface Raw11Item {
  cve?: {
    CVE_data_meta?: { ID?: string; ASSIGNER?: string };
    problemtype?: { problemtype_data?: { description?: { lang?: string; value?: string }[] }[] };
    references?: { reference_data?: { url?: string; name?: string; refsource?: string; tags?: string[] }[] };
    description?: { description_data?: { lang?: string; value?: string }[] };
  };
  configurations?: { nodes?: Raw11Node[] };
  impact?: {
    baseMetricV3?: { cvssV3?: { version?: string; vectorString?: string; baseScore?: number; baseSeverity?: string } };
    baseMetricV2?: { cvssV2?: { version?: string; vectorString?: string; baseScore?: number }; severity?: string };
  };
  publishedDate?: string;
  lastModifiedDate?: string;
}

const NVD_SOURCE = 'nvd@nist.gov';

function cpeMatch(match: Raw11CpeMatch) {
  return {
    vulnerable: match.vulnerable === true,
    ...(match.cpe23Uri ? { criteria: match.cpe23Uri } : {}),
    ...(match.versionStartIncluding ? { versionStartIncluding: match.versionStartIncluding } : {}),
    ...(match.versionStartExcluding ? { versionStartExcluding: match.versionStartExcluding } : {}),
    ...(match.versionEndIncluding ? { versionEndIncluding: match.versionEndIncluding } : {}),
    ...(match.versionEndExcluding ? { versionEndExcluding: match.versionEndExcluding } : {}),
  };
}

/** 1.1 nests an AND of ORs as `children`; 2.0 writes each as a configuration of flat nodes. */
function configurations(nodes: readonly Raw11Node[]) {
  return nodes.map((node) => {
    const flat = node.children?.length ? node.children : [node];
    return {
      ...(node.children?.length ? { operator: node.operator ?? 'AND' } : {}),
      nodes: flat.map((n) => ({ operator: n.operator ?? 'OR', negate: n.negate === true, cpeMatch: (n.cpe_match ?? []).map(cpeMatch) })),
    };
  });
}

/** One 1.1 `CVE_Items` entry as an NVD CVE API 2.0 `cve` object. */
export function nvd11ItemToCve(item: Raw11Item): Record<string, unknown> | undefined {
  const meta = item.cve?.CVE_data_meta;
  if (!meta?.ID) return undefined;
  const descriptions = (item.cve?.description?.description_data ?? []).map((d) => ({ lang: d.lang ?? 'en', value: d.value ?? '' }));
  const english = descriptions.find((d) => d.lang === 'en')?.value ?? descriptions[0]?.value;
  const cwes = (item.cve?.problemtype?.problemtype_data ?? []).flatMap((p) =>
    (p.description ?? []).map((d) => ({ lang: d.lang ?? 'en', value: d.value ?? '' })),
  );
  const v3 = item.impact?.baseMetricV3?.cvssV3;
  const v2 = item.impact?.baseMetricV2;
  const metrics: Record<string, unknown[]> = {};
  if (v3 && (v3.version === '3.1' || v3.version === '3.0')) {
    metrics[v3.version === '3.1' ? 'cvssMetricV31' : 'cvssMetricV30'] = [{ source: NVD_SOURCE, type: 'Primary', cvssData: v3 }];
  }
  if (v2?.cvssV2) metrics.cvssMetricV2 = [{ source: NVD_SOURCE, type: 'Primary', cvssData: v2.cvssV2, ...(v2.severity ? { baseSeverity: v2.severity } : {}) }];
  const analysed = Object.keys(metrics).length > 0 || cwes.length > 0;
  return {
    id: meta.ID,
    sourceIdentifier: meta.ASSIGNER ?? '',
    published: item.publishedDate ?? '',
    lastModified: item.lastModifiedDate ?? item.publishedDate ?? '',
    vulnStatus: isRejectionNotice(english) ? 'Rejected' : analysed ? 'Analyzed' : 'Awaiting Analysis',
    descriptions,
    metrics,
    ...(cwes.length > 0 ? { weaknesses: [{ source: NVD_SOURCE, type: 'Primary', description: cwes }] } : {}),
    configurations: configurations(item.configurations?.nodes ?? []),
    references: (item.cve?.references?.reference_data ?? []).map((r) => ({ url: r.url ?? '', source: r.refsource ?? '', tags: r.tags ?? [] })),
  };
}

export function parseNvd11Item(value: unknown): NvdRecord | undefined {
  return isNvd11Item(value) ? parseNvdCve(nvd11ItemToCve(value as Raw11Item)) : undefined;
}

export function nvd11FeedItems(value: unknown): unknown[] {
  return isNvd11Feed(value) ? (value as { CVE_Items: unknown[] }).CVE_Items : [];
}

/** NVD JSON 1.1 feed items written one per line. */
export const nvd11LinesParser: LineSource['parser'] = () => (line, sink) => {
  if (!line) return;
  const record = parseNvd11Item(JSON.parse(line));
  if (record) sink.nvd(record);
};

/** A whole NVD JSON 1.1 feed file (`{"CVE_Items":[…]}`), as NVD published it. */
export const readNvd11Feed: DocumentSource['parse'] = (_text, json, sink) => {
  for (const item of nvd11FeedItems(json)) {
    const record = parseNvd11Item(item);
    if (record) sink.nvd(record);
  }
};
