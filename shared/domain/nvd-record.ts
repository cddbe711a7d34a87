import type { CvssVersion, Severity } from './cve.js';

/**
 * The normalised shapes the parsers produce and the derivation reads. Each parser keeps only
 * what a derivation rule uses, so a full catalogue run holds compact records in memory.
 */

/** One CVSS base metric (v3.1, v3.0, v4.0 or v2.0) as a source stated it. */
export interface CvssMetric {
  readonly version: CvssVersion;
  readonly score: number;
  readonly severity: Severity;
  readonly vector: string;
  /** Who said it, e.g. `nvd@nist.gov`, a CNA's short name or `CISA-ADP`. */
  readonly source: string;
  /** NVD's `type` (`Primary` for NVD's own analysis, `Secondary` for a CNA's). */
  readonly type: 'Primary' | 'Secondary';
  /** NVD's CVSS v2 flag beside the vector, which v2 itself has no metric for: a victim must act. */
  readonly userInteractionRequired?: boolean;
}

/** A version range in the shape of NVD's cpeMatch bounds (CVE 5 `versions` map onto it). */
export interface VersionRange {
  /** One exact version (`cpe:…:product:1.2.3`). */
  readonly exact?: string;
  readonly startIncluding?: string;
  readonly startExcluding?: string;
  readonly endIncluding?: string;
  readonly endExcluding?: string;
  /**
   * The release track a range is of, CPE's `sw_edition` ("classic", "continuous" for Adobe's
   * Acrobat DC): one track's range holds no fix of another's.
   */
  readonly track?: string;
}

export type CpePart = 'a' | 'o' | 'h';

/** Where a flaw starts, each stable line's fix (oldest first) and the mainline release with the fix. */
export interface ReleaseLines {
  readonly introduced?: string;
  readonly fixes: readonly string[];
  readonly mainline?: string;
  /** Fixes of stable lines below where the flaw starts, which got it by a backport: affected from the line before the fix. */
  readonly backported?: readonly string[];
}

/** One affected product: vendor and product as the source spells them (CPE tokens or CVE 5 names). */
export interface AffectedProduct {
  readonly vendor: string;
  readonly product: string;
  readonly part?: CpePart;
  /** CPE `target_sw` (e.g. `wordpress`, `node.js`) when the source names one. */
  readonly targetSoftware?: string;
  /** Vulnerable ranges; empty means "all versions" (CPE `*`) or not stated. */
  readonly ranges: readonly VersionRange[];
  /** True when at least one entry covers every version with no upper bound (CPE `*`, no end). */
  readonly openEnded: boolean;
  /** True when a source says every version is affected (CPE `*` with no bound, CVE 5 `defaultStatus: affected` with no versions). */
  readonly allVersions?: boolean;
  /** Versions a source names as fixed (CVE 5 `unaffected` entries, `lessThan` bounds). */
  readonly fixedVersions: readonly string[];
  /** CVE 5 entries written per release line (`../ingest/sources/cve5-lines.ts`): where the flaw starts and each line's fix. */
  readonly releaseLines?: ReleaseLines;
  /** The models (chipsets, devices) a CVE 5 entry lists where versions belong (`../ingest/sources/cve5-models.ts`): no version of them is named. */
  readonly models?: readonly string[];
  /** The operating-system releases a CVE 5 entry lists where versions belong ("Android 13" of Unisoc's chipsets): what the models run, no version of them. */
  readonly runsOn?: readonly string[];
  /** The product's display name (CPE dictionary title, else the CNA's names), set at derivation. */
  readonly title?: string;
  /** The vendor's display name from the same source, when it gives one. */
  readonly vendorTitle?: string;
}

/** A vulnerable range of a product on one platform ("windows", "os x", "linux", "android"). */
export interface PlatformRange {
  readonly vendor: string;
  readonly product: string;
  readonly range: VersionRange;
  readonly platform: string;
}

export interface SourceReference {
  readonly url: string;
  /** Lower-cased tags (NVD `Patch`, `Vendor Advisory`…; CVE 5 `patch`, `vendor-advisory`…). */
  readonly tags: readonly string[];
}

/** An NVD CVE API 2.0 `cve` object (native, or converted from a 1.1 feed), reduced. */
export interface NvdRecord {
  readonly id: string;
  readonly sourceIdentifier: string;
  readonly published: string;
  readonly lastModified: string;
  readonly vulnStatus: string;
  readonly rejected: boolean;
  readonly description: string;
  /** Every CVSS metric NVD lists, of every version, in NVD's order. */
  readonly cvss: readonly CvssMetric[];
  /** `CWE-<n>` ids, NVD's Primary entries first; `NVD-CWE-Other`/`NVD-CWE-noinfo` dropped. */
  readonly cweIds: readonly string[];
  readonly products: readonly AffectedProduct[];
  /**
   * The vulnerable matches of configurations that tie them to one platform (an AND of the
   * product and a non-vulnerable platform such as `microsoft:windows`): "before 18.0.0.203 on
   * Windows" is not a fix for Linux. Only these matches: the rest hold for every platform.
   */
  readonly platformRanges?: readonly PlatformRange[];
  readonly references: readonly SourceReference[];
  /** NVD's own copy of the KEV fields (`cisaExploitAdd`, `cisaRequiredAction`…). */
  readonly kev?: { readonly dateAdded: string; readonly requiredAction?: string; readonly name?: string };
}

/** One CVE JSON 5 record, reduced to what fills gaps in NVD: the CNA container and CISA-ADP. */
export interface Cve5Record {
  readonly id: string;
  readonly state: 'PUBLISHED' | 'REJECTED';
  readonly published?: string;
  readonly updated?: string;
  readonly assigner?: string;
  readonly title?: string;
  readonly description: string;
  readonly cna: Cve5Container;
  readonly adp?: Cve5Container;
  /** CISA's SSVC "Exploitation" decision in its ADP container: `poc` says a proof of concept is public. */
  readonly ssvcExploitation?: 'none' | 'poc' | 'active';
}

/** A CVE 5 entry's `lessThan` fix of each product its CPEs name (Microsoft's build per Windows edition). */
export interface CpeFix {
  readonly vendor: string;
  /** The CPE product token, lower-cased ("windows_10_1809"). */
  readonly product: string;
  readonly version: string;
}

export interface Cve5Container {
  readonly shortName: string;
  /** Fixes keyed by the products of the entries' CPEs (`../ingest/sources/cve5-cpe-fixes.ts`). */
  readonly cpeFixes?: readonly CpeFix[];
  /** The container's CVSS metrics, one per version at most (the first the container lists). */
  readonly cvss: readonly CvssMetric[];
  readonly cweIds: readonly string[];
  readonly products: readonly AffectedProduct[];
  readonly references: readonly SourceReference[];
}

export interface KevEntry {
  readonly cveId: string;
  readonly vendorProject: string;
  readonly product: string;
  readonly name: string;
  readonly dateAdded: string;
  readonly requiredAction: string;
  readonly dueDate?: string;
  readonly ransomware?: string;
}

/** Human names of the sources, as the records and the demo catalogue show them. */
export const EXPLOIT_SOURCES = ['CISA KEV', 'Metasploit', 'Exploit-DB', 'GitHub PoC'] as const;
export type ExploitSource = (typeof EXPLOIT_SOURCES)[number];
export const DETECTION_SOURCES = ['Nuclei', 'Sigma', 'Suricata ET Open', 'YARA', 'Semgrep', 'OSV'] as const;
export type DetectionSource = (typeof DETECTION_SOURCES)[number];

export interface EpssScore {
  readonly score: number;
  readonly percentile: number;
  /** The model's score date (`YYYY-MM-DD`) from FIRST's file header; absent for values copied from other feeds. */
  readonly date?: string;
}

export interface CweEntry {
  readonly name: string;
  readonly kind: 'weakness' | 'category';
}
