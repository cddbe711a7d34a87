/**
 * NVD CVE API 2.0 `cve` objects: one per line in the yearly feeds and in the files converted
 * from the retired 1.1 feeds, or inside an API page (`vulnerabilities[].cve`).
 */
import type { CvssVersion } from '../../domain/cve.js';
import type { AffectedProduct, CvssMetric, NvdRecord, PlatformRange, SourceReference, VersionRange } from '../../domain/nvd-record.js';
import { ProductCollector, parseCpe23, type CpeName } from '../../domain/cpe/cpe-name.js';
import { sameRange } from '../../domain/cpe/version-ranges.js';
import { isRejectedNvd } from './rejected.js';
import { targetPlatform } from './target-platform.js';
import { deviceListNames } from './device-lists.js';
import { metricSeverity } from './severity.js';

interface RawCpeMatch {
  vulnerable?: boolean;
  criteria?: string;
  versionStartIncluding?: string;
  versionStartExcluding?: string;
  versionEndIncluding?: string;
  versionEndExcluding?: string;
}
interface RawNode {
  operator?: string;
  negate?: boolean;
  cpeMatch?: RawCpeMatch[];
}
interface RawMetric {
  source?: string;
  type?: string;
  cvssData?: { version?: string; vectorString?: string; baseScore?: number; baseSeverity?: string };
  /** CVSS v2 metrics carry NVD's rating here, beside `cvssData`. */
  baseSeverity?: string;
  userInteractionRequired?: boolean;
}
interface RawNvdCve {
  id: string;
  sourceIdentifier?: string;
  published?: string;
  lastModified?: string;
  vulnStatus?: string;
  descriptions?: { lang?: string; value?: string }[];
  metrics?: { cvssMetricV31?: RawMetric[]; cvssMetricV30?: RawMetric[]; cvssMetricV40?: RawMetric[]; cvssMetricV2?: RawMetric[] };
  weaknesses?: { source?: string; type?: string; description?: { lang?: string; value?: string }[] }[];
  configurations?: { operator?: string; nodes?: RawNode[] }[];
  references?: { url?: string; tags?: string[] }[];
  cisaExploitAdd?: string;
  cisaRequiredAction?: string;
  cisaVulnerabilityName?: string;
}

/** Content sniffing: an object with the fields only an NVD 2.0 `cve` object has. */
export function isNvdCve(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.published === 'string' && Array.isArray(v.descriptions) && 'sourceIdentifier' in v;
}

/** Content sniffing: an NVD CVE API 2.0 response page. */
export function isNvdApiPage(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return Array.isArray(v.vulnerabilities) && 'resultsPerPage' in v && 'totalResults' in v;
}

export function nvdPageCves(value: unknown): unknown[] {
  const v = value as { vulnerabilities?: { cve?: unknown }[] };
  return (v.vulnerabilities ?? []).map((entry) => entry.cve).filter((cve) => cve !== undefined);
}

const CWE_ID = /^CWE-\d+$/;

/** NVD 2.0's metric lists and the CVSS version each holds. */
const METRIC_LISTS: readonly [keyof NonNullable<RawNvdCve['metrics']>, CvssVersion][] = [
  ['cvssMetricV31', '3.1'],
  ['cvssMetricV30', '3.0'],
  ['cvssMetricV40', '4.0'],
  ['cvssMetricV2', '2.0'],
];

/** Every usable CVSS metric, of every version, in NVD's order within each list. */
function cvssMetrics(raw: RawNvdCve): CvssMetric[] {
  const out: CvssMetric[] = [];
  for (const [list, version] of METRIC_LISTS) {
    for (const m of raw.metrics?.[list] ?? []) {
      const data = m.cvssData;
      // A metric filed under the wrong list (a 3.0 vector in cvssMetricV31) counts as what it says it is.
      const stated = data?.version === '2' ? '2.0' : data?.version;
      if (!data || typeof data.baseScore !== 'number' || !data.vectorString || (stated !== undefined && stated !== version)) continue;
      out.push({
        version,
        score: data.baseScore,
        severity: metricSeverity(version, data.baseSeverity ?? m.baseSeverity, data.baseScore),
        vector: data.vectorString,
        source: m.source ?? 'unknown',
        type: m.type === 'Primary' ? 'Primary' : 'Secondary',
        ...(version === '2.0' && typeof m.userInteractionRequired === 'boolean' ? { userInteractionRequired: m.userInteractionRequired } : {}),
      });
    }
  }
  return out;
}

function cweIds(raw: RawNvdCve): string[] {
  const weaknesses = [...(raw.weaknesses ?? [])].sort((a, b) => (a.type === b.type ? 0 : a.type === 'Primary' ? -1 : b.type === 'Primary' ? 1 : 0));
  const ids: string[] = [];
  for (const w of weaknesses) {
    for (const d of w.description ?? []) {
      const value = d.value?.trim();
      if (value && CWE_ID.test(value) && !ids.includes(value)) ids.push(value);
    }
  }
  return ids;
}

/**
 * The versions one cpeMatch calls vulnerable. A range whose CPE has no version but an update
 * (`coldfusion:*:update6` through 11.0, `ntp:*:p4` through 4.2.8) ends at that update of its
 * bound: "11.0 update6", "4.2.8 p4". Dropping it would end the range at 11.0 itself and make
 * 11.0 update 7, the fix, look older than versions the record calls vulnerable.
 */
/** NVD escapes a bound as it escapes a CPE field ("8.2\(2\)", Cisco NX-OS): the version people read is "8.2(2)". */
const plainBound = (bound: string) => (bound.includes('\\') ? bound.replace(/\\(.)/g, '$1') : bound);

const SERVICE_PACK = /^sp\d+$/i;
const windowsServicePack = (cpe: CpeName): cpe is CpeName & { update: string } =>
  cpe.part === 'o' && cpe.vendor === 'microsoft' && cpe.product.startsWith('windows') && cpe.update !== undefined && SERVICE_PACK.test(cpe.update);

function rangeOfMatch(cpe: CpeName, match: RawCpeMatch): VersionRange {
  // Assigned one by one rather than spread from conditional objects: a record can list
  // thousands of CPE matches, and the spreads' temporary objects were most of the loop.
  const range: { -readonly [K in keyof VersionRange]: string } = {};
  const update = cpe.version === '*' ? cpe.update : undefined;
  const end = (bound: string) => (update === undefined ? plainBound(bound) : `${plainBound(bound)} ${update}`);
  if (cpe.version !== '*' && cpe.version !== '-') range.exact = cpe.version;
  // Windows' `windows_vista:*:sp2` and `windows_server_2008:-:sp2` (CVE-2017-0125, CVE-2015-2515): the service pack is the
  // release listed, not every version of the system. Only Windows: an application's `*:sp1` beside its "through 3.7" range
  // (Intelligent Application Gateway, CVE-2007-2238) is a pack of versions the range holds, no release of its own.
  else if (windowsServicePack(cpe) && !match.versionEndExcluding && !match.versionEndIncluding) range.exact = cpe.update;
  if (match.versionStartIncluding) range.startIncluding = plainBound(match.versionStartIncluding);
  if (match.versionStartExcluding) range.startExcluding = plainBound(match.versionStartExcluding);
  if (match.versionEndIncluding) range.endIncluding = end(match.versionEndIncluding);
  if (match.versionEndExcluding) range.endExcluding = end(match.versionEndExcluding);
  // Adobe's Classic and Continuous tracks overlap in numbers: a bounded range keeps its track.
  if (cpe.softwareEdition !== undefined && (match.versionEndExcluding || match.versionEndIncluding)) range.track = cpe.softwareEdition;
  return range;
}

function products(raw: RawNvdCve): AffectedProduct[] {
  const collector = new ProductCollector();
  for (const configuration of raw.configurations ?? []) {
    for (const node of configuration.nodes ?? []) {
      if (node.negate) continue;
      for (const match of node.cpeMatch ?? []) {
        if (!match.vulnerable || !match.criteria) continue;
        const cpe = parseCpe23(match.criteria);
        if (!cpe) continue;
        const range = rangeOfMatch(cpe, match);
        const bounded = !!(match.versionEndExcluding || match.versionEndIncluding);
        const entry: Parameters<ProductCollector['add']>[0] = {
          vendor: cpe.vendor,
          product: cpe.product,
          part: cpe.part,
          range,
          openEnded: cpe.version === '*' && !bounded && range.exact === undefined,
          // CPE `*` (ANY) with no bound says every version; `-` (NA) says nothing about versions.
          allVersions: cpe.version === '*' && !bounded && range.exact === undefined && !match.versionStartIncluding && !match.versionStartExcluding,
        };
        if (cpe.targetSoftware !== '*' && cpe.targetSoftware !== '-') entry.targetSoftware = cpe.targetSoftware;
        // The fix is where the range ends, its CPE update included ("8.3.2 p8", not 8.3.2).
        if (range.endExcluding) entry.fixedVersion = range.endExcluding;
        collector.add(entry);
      }
    }
  }
  return collector.products();
}

/** The everyday name of a platform CPE's product: `mac_os_x` is "os x", `windows_10` is "windows". */
export function platformName(product: string): string {
  const p = product.toLowerCase();
  if (p.startsWith('windows')) return 'windows';
  if (/^mac_?os(_x)?$/.test(p)) return 'os x';
  if (p === 'linux' || p === 'linux_kernel') return 'linux';
  if (p === 'iphone_os') return 'ios';
  return p.replace(/_+/g, ' ');
}

/**
 * A package tied to one Ubuntu or Debian release is fixed per release: "before 0.2.38.3ubuntu0.1
 * on Ubuntu 12.04 LTS, … before 0.2.67ubuntu0.1 on Ubuntu 15.04". Its platform is that release
 * ("ubuntu 12.04 lts", as the description's platform phrase reads it), so each release's fix and
 * newest affected version stay apart.
 */
export function distributionRelease(criteria: string): string | undefined {
  const fields = criteria.split(':');
  const names: Readonly<Record<string, string>> = { 'canonical:ubuntu_linux': 'ubuntu', 'debian:debian_linux': 'debian' };
  const name = fields[2] === 'o' ? names[`${fields[3]}:${fields[4]}`] : undefined;
  const version = fields[5] ?? '';
  if (!name || !/^\d+(?:\.\d+)?$/.test(version)) return undefined;
  return `${name} ${version}${fields[9] === 'lts' ? ' lts' : ''}`;
}

/** More platforms than this in one AND node (a list of Linux distributions) tie nothing. */
const MAX_PLATFORMS = 3;

/**
 * The platforms an AND configuration ties its vulnerable matches to: the products of its node
 * that holds no vulnerable match (NVD flags an operating system "vulnerable" in some AND nodes,
 * CVE-2015-3053: a node of versionless operating systems only, beside one of applications, is the
 * platform too). Matches outside such a configuration hold on every platform.
 */
function configurationPlatforms(configuration: {
  operator?: string;
  nodes?: RawNode[];
}): { platforms: string[]; node: RawNode } | { devices: string[]; node: RawNode } | undefined {
  const nodes = configuration.nodes ?? [];
  if (configuration.operator !== 'AND' || nodes.length < 2) return undefined;
  const cpesOf = (node: RawNode) => (node.cpeMatch ?? []).map((m) => ({ match: m, cpe: m.criteria ? parseCpe23(m.criteria) : undefined }));
  const isPlatformNode = (node: RawNode) => {
    const cpes = cpesOf(node);
    if (cpes.length === 0) return false;
    if (cpes.every((c) => !c.match.vulnerable)) return true;
    // Operating systems named without a version beside vulnerable applications; an OS listed with
    // its versions (NetWare 6.0 SP1 beside its FTP server, CVE-2003-1592) is an affected product.
    return (
      cpes.every(
        (c) => c.cpe?.part === 'o' && (c.cpe.version === '*' || c.cpe.version === '-') && !c.match.versionEndExcluding && !c.match.versionEndIncluding,
      ) && nodes.some((other) => other !== node && cpesOf(other).some((c) => c.cpe?.part === 'a' && c.match.vulnerable))
    );
  };
  const platformNodes = nodes.filter(isPlatformNode);
  if (platformNodes.length !== 1) return undefined;
  const cpes = cpesOf(platformNodes[0]!);
  const release = cpes.length === 1 ? distributionRelease(cpes[0]!.match.criteria ?? '') : undefined;
  const names = new Set(release ? [release] : cpes.flatMap((c) => (c.cpe ? [platformName(c.cpe.product)] : [])));
  if (names.size > 0 && names.size <= MAX_PLATFORMS) return { platforms: [...names], node: platformNodes[0]! };
  // A longer list of hardware models is a family of devices with releases of its own (`device-lists.ts`).
  const hardware = cpes.every((c) => c.cpe?.part === 'h');
  return hardware && names.size > MAX_PLATFORMS ? { devices: [...new Set(cpes.map((c) => c.cpe!.product))], node: platformNodes[0]! } : undefined;
}

/**
 * Cloudflare WARP's "before 2022.8.936" for `target_sw` linux_kernel, "before 2022.8.857.0" for
 * windows and "before 2022.8.861.0" for macos: one product's bounded ranges, each for its own
 * operating system (two or more of them), are fixes per platform, as an AND configuration's are.
 */
function targetPlatformRanges(raw: RawNvdCve): PlatformRange[] {
  const found: (PlatformRange | { vendor: string; product: string; platform: undefined })[] = [];
  for (const configuration of raw.configurations ?? []) {
    for (const node of configuration.nodes ?? []) {
      if (node.negate) continue;
      for (const match of node.cpeMatch ?? []) {
        const cpe = match.vulnerable && match.criteria ? parseCpe23(match.criteria) : undefined;
        if (!cpe || !(match.versionEndExcluding || match.versionEndIncluding)) continue;
        const platform = targetPlatform(cpe.targetSoftware);
        found.push(
          platform
            ? { vendor: cpe.vendor, product: cpe.product, range: rangeOfMatch(cpe, match), platform }
            : { vendor: cpe.vendor, product: cpe.product, platform: undefined },
        );
      }
    }
  }
  // Only where every bounded range of the product names a system this reads: a range for `*` or
  // for "universal" (Office) holds on a platform not known here, so no range is tied.
  const ofProduct = (r: { vendor: string; product: string }) => found.filter((o) => o.vendor === r.vendor && o.product === r.product);
  return found.filter(
    (r): r is PlatformRange =>
      r.platform !== undefined && ofProduct(r).every((o) => o.platform !== undefined) && new Set(ofProduct(r).map((o) => o.platform)).size >= 2,
  );
}

/** The same product and range as one of `ranges` (a range `target_sw` ties to its own system is not also tied to an AND node's platforms). */
const amongRanges = (ranges: readonly PlatformRange[], vendor: string, product: string, range: VersionRange) =>
  ranges.some((r) => r.vendor === vendor && r.product === product && sameRange(r.range, range));

function vulnerableCpes(configuration: { nodes?: RawNode[] }): CpeName[] {
  return (configuration.nodes ?? []).flatMap((node) =>
    node.negate
      ? []
      : (node.cpeMatch ?? []).flatMap((m) => (m.vulnerable && m.criteria ? [parseCpe23(m.criteria)].filter((c): c is CpeName => c !== undefined) : [])),
  );
}

function platformRanges(raw: RawNvdCve, description: string): PlatformRange[] {
  const targeted = targetPlatformRanges(raw);
  const out: PlatformRange[] = [...targeted];
  const tiedConfigurations = (raw.configurations ?? []).flatMap((configuration) => {
    const tied = configurationPlatforms(configuration);
    return tied ? [{ configuration, tied }] : [];
  });
  const deviceLists = tiedConfigurations.flatMap(({ tied }) => ('devices' in tied ? [tied.devices] : []));
  const names = deviceListNames(deviceLists, description);
  const deviceNames = new Map(deviceLists.map((devices, i) => [devices, names[i]!]));
  // A device list keeps apart the releases of a product that other configurations also list; a product in one configuration only runs on those devices alone.
  // Counted only where a record has a device list: re-parsing every record's CPEs would cost the ingest for nothing.
  const configurationsOf = new Map<string, number>();
  for (const configuration of deviceLists.length > 0 ? (raw.configurations ?? []) : []) {
    const keys = new Set(vulnerableCpes(configuration).map((cpe) => `${cpe.vendor}:${cpe.product}`));
    for (const key of keys) configurationsOf.set(key, (configurationsOf.get(key) ?? 0) + 1);
  }
  for (const { configuration, tied: found } of tiedConfigurations) {
    const devices = 'devices' in found;
    const tied = devices ? { platforms: [deviceNames.get(found.devices)!], node: found.node } : found;
    for (const node of configuration.nodes ?? []) {
      if (node === tied.node || node.negate) continue;
      for (const match of node.cpeMatch ?? []) {
        const cpe = match.vulnerable && match.criteria ? parseCpe23(match.criteria) : undefined;
        if (!cpe || (devices && (configurationsOf.get(`${cpe.vendor}:${cpe.product}`) ?? 0) < 2)) continue;
        const range = rangeOfMatch(cpe, match);
        if (amongRanges(targeted, cpe.vendor, cpe.product, range)) continue;
        for (const platform of tied.platforms) out.push({ vendor: cpe.vendor, product: cpe.product, range, platform });
      }
    }
  }
  return out;
}

function references(raw: RawNvdCve): SourceReference[] {
  const seen = new Map<string, Set<string>>();
  for (const r of raw.references ?? []) {
    if (!r.url) continue;
    const tags = seen.get(r.url) ?? new Set<string>();
    for (const t of r.tags ?? []) tags.add(t.toLowerCase());
    seen.set(r.url, tags);
  }
  return [...seen].map(([url, tags]) => ({ url, tags: [...tags] }));
}

/**
 * NVD's own form (to the millisecond, no zone) and CVE 5's (with or without the milliseconds,
 * with or without a `Z`): toISOString's form once the milliseconds and the `Z` are filled in.
 * Days after the 28th still go through Date, which rolls 30 February over to March.
 */
const PLAIN_UTC_TIMESTAMP = /^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d)(\.\d{3})?Z?$/;

/** NVD timestamps carry no zone and are UTC; an unparseable one is kept empty. */
export function utcTimestamp(timestamp: string | undefined): string {
  if (!timestamp) return '';
  // Every record carries two timestamps or more; building a Date for each was 4 % of reading NVD.
  const plain = PLAIN_UTC_TIMESTAMP.exec(timestamp);
  if (plain) return `${plain[1]}${plain[2] ?? '.000'}Z`;
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(timestamp) ? timestamp : `${timestamp}Z`);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

function platformRangesOf(raw: RawNvdCve, description: string): { platformRanges?: PlatformRange[] } {
  const found = platformRanges(raw, description);
  return found.length > 0 ? { platformRanges: found } : {};
}

export function parseNvdCve(value: unknown): NvdRecord | undefined {
  if (!isNvdCve(value)) return undefined;
  const raw = value as RawNvdCve;
  const description = (raw.descriptions ?? []).find((d) => d.lang === 'en')?.value?.trim() ?? raw.descriptions?.[0]?.value?.trim() ?? '';
  const status = raw.vulnStatus ?? '';
  const rejected = isRejectedNvd(status, description);
  return {
    id: raw.id.trim().toUpperCase(),
    sourceIdentifier: raw.sourceIdentifier ?? '',
    published: utcTimestamp(raw.published),
    lastModified: utcTimestamp(raw.lastModified),
    vulnStatus: status,
    rejected,
    description,
    cvss: cvssMetrics(raw),
    cweIds: cweIds(raw),
    products: products(raw),
    ...platformRangesOf(raw, description),
    references: references(raw),
    ...(raw.cisaExploitAdd
      ? {
          kev: {
            dateAdded: raw.cisaExploitAdd,
            ...(raw.cisaRequiredAction ? { requiredAction: raw.cisaRequiredAction } : {}),
            ...(raw.cisaVulnerabilityName ? { name: raw.cisaVulnerabilityName } : {}),
          },
        }
      : {}),
  };
}
