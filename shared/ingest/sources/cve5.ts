/**
 * CVE JSON 5 records (cvelistV5, cisagov/vulnrichment): the CNA container and the CISA-ADP
 * container, which the derivation uses where NVD has not analysed a CVE yet.
 */
import type { CvssVersion } from '../../domain/cve.js';
import type { AffectedProduct, Cve5Container, Cve5Record, CvssMetric, ReleaseLines, SourceReference } from '../../domain/nvd-record.js';
import { ProductCollector, isMeaningfulVersion, parseCpe23 } from '../../domain/cpe/cpe-name.js';
import { readReleaseLines } from './cve5-lines.js';
import { chipsetProduct, companyName, listedModels } from './cve5-models.js';
import { cpeFixes } from './cve5-cpe-fixes.js';
import { utcTimestamp } from './nvd.js';
import { isRejectedCve5 } from './rejected.js';
import { metricSeverity } from './severity.js';
import { isCve5Record } from './sniff.js';
import type { DocumentSource, LineSource } from './source.js';

interface RawVersion {
  version?: string;
  status?: string;
  lessThan?: string;
  lessThanOrEqual?: string;
  versionType?: string;
  /** Where the status changes within the entry's range: `{at: "3.1.2", status: "unaffected"}` is a fix. */
  changes?: { at?: string; status?: string }[];
}
interface RawAffected {
  repo?: string;
  packageName?: string;
  vendor?: string;
  product?: string;
  versions?: RawVersion[];
  defaultStatus?: string;
  cpes?: string[];
}
interface RawCvss {
  version?: string;
  baseScore?: number;
  baseSeverity?: string;
  vectorString?: string;
}
/** CVE JSON 5's metric keys and the CVSS version each holds. */
const METRIC_KEYS = [
  ['cvssV3_1', '3.1'],
  ['cvssV3_0', '3.0'],
  ['cvssV4_0', '4.0'],
  ['cvssV2_0', '2.0'],
] as const satisfies readonly (readonly [string, CvssVersion])[];

interface RawContainer {
  title?: string;
  providerMetadata?: { shortName?: string; orgId?: string };
  descriptions?: { lang?: string; value?: string }[];
  affected?: RawAffected[];
  problemTypes?: { descriptions?: { cweId?: string; description?: string; type?: string }[] }[];
  metrics?: (Partial<Record<(typeof METRIC_KEYS)[number][0], RawCvss>> & { other?: { type?: string; content?: { options?: Record<string, unknown>[] } } })[];
  references?: { url?: string; tags?: string[] }[];
}
interface RawCve5 {
  dataType?: string;
  cveMetadata?: { cveId?: string; state?: string; datePublished?: string; dateUpdated?: string; assignerShortName?: string };
  containers?: { cna?: RawContainer; adp?: RawContainer[] };
}

const NOT_A_NAME = new Set(['', 'n/a', 'na', 'unknown', 'unspecified', '*', '-']);
const isName = (value: string | undefined): value is string => !!value && !NOT_A_NAME.has(value.trim().toLowerCase());
const isVersion = (value: string | undefined): value is string => isName(value) && value !== '0' && /\d/.test(value) && isMeaningfulVersion(value);

/** Some CNAs write a CPE name where a version belongs: keep its version field. */
function versionOf(value: string | undefined): string | undefined {
  if (value?.startsWith('cpe:')) {
    const cpe = parseCpe23(value);
    return cpe && cpe.version !== '*' && cpe.version !== '-' ? cpe.version : undefined;
  }
  return value;
}
/**
 * A CNA that writes the bound into the version ("version": "< 2.146.1", "<= 3.2") means a range, not a version of that
 * name: read as lessThan / lessThanOrEqual where the entry has neither.
 */
function withOperator(v: { version?: string; lessThan?: string; lessThanOrEqual?: string }): typeof v {
  const bound = /^\s*(<=?|≤)\s*([^\s<>=]+)\s*$/.exec(v.version ?? '');
  if (!bound || v.lessThan !== undefined || v.lessThanOrEqual !== undefined) return v;
  return bound[1] === '<' ? { lessThan: bound[2] } : { lessThanOrEqual: bound[2] };
}
/** Names lose stray trailing punctuation ("… install software,"). */
const cleanName = (value: string | undefined) => value?.trim().replace(/[\s,;:]+$/, '');

/**
 * The kernel CNA names its product "Linux" by "Linux"; NVD's CPE for the same code is
 * `linux:linux_kernel` ("Linux Kernel"): one product under NVD's name, so the two agree.
 */
const isKernelEntry = (affected: RawAffected) =>
  /git\.kernel\.org/i.test(affected.repo ?? '') && affected.vendor?.trim().toLowerCase() === 'linux' && affected.product?.trim().toLowerCase() === 'linux';

/**
 * Red Hat's "A flaw was found in foreman-installer when …" beside an entry with only `packageName: foreman-installer`
 * (the upstream project) and one for "Red Hat Satellite 6" that ships it (CVE-2024-3716): the package the description
 * says the flaw is in is a product of its own, named as the package is written. Without that sentence a bare package
 * entry is only where a vendor product comes from, and stays out.
 */
function flawedPackage(affected: RawAffected, container: RawContainer): string | undefined {
  const name = affected.packageName?.trim();
  if (!name || affected.vendor || affected.product || (affected.cpes ?? []).length > 0) return undefined;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const said = new RegExp(`^A flaw was found in (?:the )?${escaped}(?![\\w-])`, 'i');
  return (container.descriptions ?? []).some((d) => said.test(d.value?.trim() ?? '')) ? name : undefined;
}

function products(container: RawContainer): AffectedProduct[] {
  const collector = new ProductCollector();
  const packageTitles = new Map<string, string>();
  const lines = new Map<string, ReleaseLines>();
  const models = new Map<string, string[]>();
  const chipsets = new Map<string, { models: string[]; runsOn: string[]; title: string }>();
  for (const affected of container.affected ?? []) {
    const kernel = isKernelEntry(affected);
    let vendor = kernel ? 'linux' : cleanName(affected.vendor);
    const flawed = flawedPackage(affected, container);
    let product = kernel ? 'linux_kernel' : (flawed ?? cleanName(affected.product));
    if (flawed) packageTitles.set(`|${flawed}`.toLowerCase(), flawed);
    let part: 'a' | 'o' | 'h' | undefined;
    // CISA-ADP often gives only CPEs: take vendor and product from them.
    const cpe = (affected.cpes ?? []).map(parseCpe23).find((c) => c !== undefined);
    if (cpe) {
      part = cpe.part;
      if (!isName(vendor)) vendor = cpe.vendor;
      if (!isName(product)) product = cpe.product;
    }
    if (!isName(product)) continue;
    const base = { vendor: isName(vendor) ? vendor : '', product, ...(part ? { part } : {}) };
    const versions = affected.versions ?? [];
    if (versions.length === 0 && affected.defaultStatus === 'affected') collector.add({ ...base, openEnded: true, allVersions: true });
    const key = `${base.vendor}|${base.product}`.toLowerCase();
    const chipset = chipsetProduct(product, versions);
    if (chipset) {
      collector.add(base);
      chipsets.set(key, { ...chipset, title: `${companyName(base.vendor || product)} ${chipset.models.length === 1 ? chipset.models[0] : 'chipsets'}` });
      continue;
    }
    const listed = listedModels(versions);
    if (listed) {
      // Each model is affected; none of their names is a version to update past.
      collector.add(base);
      models.set(key, [...(models.get(key) ?? []), ...listed.filter((m) => !models.get(key)?.includes(m))]);
      continue;
    }
    const perLine = readReleaseLines(
      versions.filter((raw) => raw.versionType !== 'git'),
      affected.defaultStatus,
    );
    if (perLine) {
      for (const range of perLine.ranges) collector.add({ ...base, range });
      for (const fixedVersion of perLine.fixedVersions) collector.add({ ...base, fixedVersion, openEnded: perLine.openEnded });
      lines.set(key, perLine.lines);
      continue;
    }
    for (const raw of versions) {
      if (raw.versionType === 'git') continue;
      // Plain locals, not a spread copy of each entry: some records list thousands of versions.
      const v = withOperator({ version: versionOf(raw.version), lessThan: versionOf(raw.lessThan), lessThanOrEqual: versionOf(raw.lessThanOrEqual) });
      const status = raw.status?.toLowerCase();
      if (status === 'unaffected') {
        // An unaffected version with a number (e.g. "2.15.0", or "5.10.123" up to "5.10.*") is a fixed release. curl's
        // "unaffected 7.69.0, lessThan 7.69.0" (CVE-2023-38545) says the versions below 7.69.0 are: where the flaw starts.
        if (isVersion(v.version) && v.lessThan !== v.version) collector.add({ ...base, fixedVersion: v.version });
        else collector.add(base);
        continue;
      }
      if (status !== 'affected') continue;
      for (const change of raw.changes ?? []) {
        const at = versionOf(change.at);
        if (change.status?.toLowerCase() === 'unaffected' && isVersion(at)) collector.add({ ...base, fixedVersion: at });
      }
      const start = isVersion(v.version) ? v.version : undefined;
      if (isVersion(v.lessThan)) {
        collector.add({ ...base, range: { ...(start ? { startIncluding: start } : {}), endExcluding: v.lessThan }, fixedVersion: v.lessThan });
      } else if (isVersion(v.lessThanOrEqual)) {
        collector.add({ ...base, range: { ...(start ? { startIncluding: start } : {}), endIncluding: v.lessThanOrEqual } });
      } else if (v.lessThan === '*' || v.lessThanOrEqual === '*') {
        collector.add({ ...base, range: start ? { startIncluding: start } : {}, openEnded: true, ...(start ? {} : { allVersions: true }) });
      } else if (start) {
        collector.add({ ...base, range: { exact: start } });
      } else if (/^(\*|0|all|all versions)$/i.test(v.version?.trim() ?? '')) {
        collector.add({ ...base, openEnded: true, allVersions: true });
      } else {
        // "n/a", "unspecified", "-": the product is named, its versions are not ("all versions" would be a guess).
        collector.add(base);
      }
    }
  }
  return collector.products().map((p) => {
    const key = `${p.vendor}|${p.product}`.toLowerCase();
    const perLine = lines.get(key);
    const named = models.get(key);
    const chipset = chipsets.get(key);
    if (chipset) return { ...p, models: chipset.models, runsOn: chipset.runsOn, title: chipset.title };
    const packageTitle = packageTitles.get(key);
    return { ...p, ...(perLine ? { releaseLines: perLine } : {}), ...(named ? { models: named } : {}), ...(packageTitle ? { title: packageTitle } : {}) };
  });
}

/** The container's metrics, the first usable one of each version. */
function cvss(container: RawContainer, source: string): CvssMetric[] {
  const out: CvssMetric[] = [];
  for (const [key, version] of METRIC_KEYS) {
    for (const m of container.metrics ?? []) {
      const c = m[key];
      if (!c || typeof c.baseScore !== 'number' || !c.vectorString) continue;
      out.push({
        version,
        score: c.baseScore,
        severity: metricSeverity(version, c.baseSeverity, c.baseScore),
        vector: c.vectorString,
        source,
        type: 'Secondary',
      });
      break;
    }
  }
  return out;
}

function cweIds(container: RawContainer): string[] {
  const ids: string[] = [];
  for (const p of container.problemTypes ?? []) {
    for (const d of p.descriptions ?? []) {
      const id = d.cweId?.trim() ?? (d.type === 'CWE' ? /\bCWE-\d+\b/.exec(d.description ?? '')?.[0] : undefined);
      if (id && /^CWE-\d+$/.test(id) && !ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

function references(container: RawContainer): SourceReference[] {
  const out: SourceReference[] = [];
  for (const r of container.references ?? []) {
    if (r.url && !out.some((o) => o.url === r.url)) out.push({ url: r.url, tags: (r.tags ?? []).map((t) => t.toLowerCase()) });
  }
  return out;
}

function container(raw: RawContainer, fallbackName: string): Cve5Container {
  const shortName = raw.providerMetadata?.shortName ?? fallbackName;
  const fixes = cpeFixes(raw.affected ?? []);
  return {
    shortName,
    cvss: cvss(raw, shortName),
    cweIds: cweIds(raw),
    products: products(raw),
    references: references(raw),
    ...(fixes.length > 0 ? { cpeFixes: fixes } : {}),
  };
}

/** CISA's SSVC decision ("Exploitation": none, poc or active; a few rows capitalise it). */
function ssvcExploitation(adp: RawContainer | undefined): Cve5Record['ssvcExploitation'] {
  for (const metric of adp?.metrics ?? []) {
    if (metric.other?.type !== 'ssvc') continue;
    for (const option of metric.other.content?.options ?? []) {
      const value = option['Exploitation'];
      const decision = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
      if (decision === 'none' || decision === 'poc' || decision === 'active') return decision;
    }
  }
  return undefined;
}

export function parseCve5Record(value: unknown): Cve5Record | undefined {
  if (!isCve5Record(value)) return undefined;
  const raw = value as RawCve5;
  const meta = raw.cveMetadata ?? {};
  const cna = raw.containers?.cna ?? {};
  const adp = (raw.containers?.adp ?? []).find((a) => a.providerMetadata?.shortName === 'CISA-ADP');
  const description = (cna.descriptions ?? []).find((d) => d.lang?.startsWith('en'))?.value?.trim() ?? cna.descriptions?.[0]?.value?.trim() ?? '';
  const published = utcTimestamp(meta.datePublished);
  const updated = utcTimestamp(meta.dateUpdated);
  const ssvc = ssvcExploitation(adp);
  return {
    id: String(meta.cveId).trim().toUpperCase(),
    state: isRejectedCve5(meta.state, description) ? 'REJECTED' : 'PUBLISHED',
    ...(published ? { published } : {}),
    ...(updated ? { updated } : {}),
    ...(meta.assignerShortName ? { assigner: meta.assignerShortName } : {}),
    ...(cna.title?.trim() ? { title: cna.title.trim() } : {}),
    description,
    cna: container(cna, meta.assignerShortName ?? 'CNA'),
    ...(adp ? { adp: container(adp, 'CISA-ADP') } : {}),
    ...(ssvc ? { ssvcExploitation: ssvc } : {}),
  };
}

/** CVE 5 records written one per line. */
export const cve5LinesParser: LineSource['parser'] = () => (line, sink) => {
  if (!line) return;
  const record = parseCve5Record(JSON.parse(line));
  if (record) sink.cve5(record);
};

/** One CVE 5 record as a document. */
export const readCve5Document: DocumentSource['parse'] = (_text, json, sink) => {
  const record = parseCve5Record(json);
  if (record) sink.cve5(record);
};
