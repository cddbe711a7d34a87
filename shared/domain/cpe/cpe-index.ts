/**
 * The CPE index (product-decisions §8 "a component's CPE against NVD's configurations"): what
 * the ingest keeps of each CVE's NVD configurations so a scan can match SBOM components by CPE,
 * and the matching itself. One entry per CVE, vendor:product and CPE part, holding the vulnerable
 * version ranges NVD gives (`shared/ingest/sources/nvd.ts` reads them: exact versions with their
 * CPE update kept, `versionStart…`/`versionEnd…` bounds, or every version).
 */
import type { AffectedProduct, CpePart, NvdRecord, VersionRange } from '../nvd-record.js';
import { compareVersions } from './version-compare.js';
import { rangeContains } from './version-ranges.js';
import { cpeProductKey, type ComponentCpe } from './component-cpe.js';

export interface CpeIndexEntry {
  readonly cveId: string;
  /** `vendor:product`, lower case. */
  readonly productKey: string;
  readonly part: CpePart;
  /** Vulnerable ranges (empty when `allVersions`). */
  readonly ranges: readonly VersionRange[];
  /** NVD names the product with version ANY and no bound: every version is vulnerable. */
  readonly allVersions: boolean;
}

/**
 * The index entries of one NVD record: every vulnerable product NVD's configurations name with a
 * version to compare (a range, an exact version, or every version). Products NVD names only with
 * version `-` (not applicable: hardware, mostly) say nothing about versions and are left out, as
 * are rejected records and records with no publication date (the catalogue skips those too).
 */
export function cpeIndexEntries(nvd: NvdRecord): CpeIndexEntry[] {
  if (nvd.rejected || !nvd.published) return [];
  const entries = new Map<string, CpeIndexEntry>();
  for (const product of nvd.products) {
    const entry = entryOf(nvd.id, product);
    if (!entry) continue;
    const key = `${entry.productKey}\u0000${entry.part}`;
    const same = entries.get(key);
    // The collector keeps one product per part, vendor and product as NVD spells them; two spellings in different case are one entry.
    entries.set(key, same ? { ...same, ranges: [...same.ranges, ...entry.ranges], allVersions: same.allVersions || entry.allVersions } : entry);
  }
  return [...entries.values()].sort((a, b) =>
    a.productKey < b.productKey ? -1 : a.productKey > b.productKey ? 1 : a.part < b.part ? -1 : a.part > b.part ? 1 : 0,
  );
}

function entryOf(cveId: string, product: AffectedProduct): CpeIndexEntry | undefined {
  if (!product.part || !product.vendor || !product.product) return undefined;
  const allVersions = product.allVersions === true;
  if (!allVersions && product.ranges.length === 0) return undefined;
  return { cveId, productKey: cpeProductKey(product.vendor, product.product), part: product.part, ranges: allVersions ? [] : product.ranges, allVersions };
}

/** The entry's range holds the component's version (an exact version with ANY update also holds that version's updates). */
function rangeHolds(range: VersionRange, cpe: ComponentCpe): boolean {
  if (rangeContains(range, cpe.version)) return true;
  return (
    range.exact !== undefined && cpe.baseVersion !== cpe.version && compareVersions(range.exact, cpe.baseVersion) === 0 && rangeContains(range, cpe.baseVersion)
  );
}

/**
 * True when the entry (one CVE, product and part) says the component's version is vulnerable.
 * The CPE part is not compared: NVD files some products under `a` in one CVE and `o` in another
 * (the fix advice treats them as one product too), and SBOM tools write `a` for nearly everything.
 */
export function cpeEntryAffects(entry: Pick<CpeIndexEntry, 'ranges' | 'allVersions'>, cpe: ComponentCpe): boolean {
  if (entry.allVersions) return true;
  return entry.ranges.some((range) => rangeHolds(range, cpe));
}

/**
 * The versions that fix the component's version, nearest first: the `versionEndExcluding` of
 * each vulnerable range that holds it (NVD's "before X" is X fixing that line). Exact versions,
 * `versionEndIncluding` ("through X") and every-version entries name no fix.
 */
export function cpeFixedVersions(entries: readonly Pick<CpeIndexEntry, 'ranges' | 'allVersions'>[], cpe: ComponentCpe): string[] {
  const fixed = new Map<string, string>();
  for (const entry of entries) {
    if (entry.allVersions) continue;
    for (const range of entry.ranges) {
      if (range.endExcluding !== undefined && rangeHolds(range, cpe) && compareVersions(range.endExcluding, cpe.version) > 0)
        fixed.set(range.endExcluding, range.endExcluding);
    }
  }
  return [...fixed.values()].sort(compareVersions);
}
