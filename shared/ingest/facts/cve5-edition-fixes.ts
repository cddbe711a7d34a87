/**
 * A CNA's fixed build per edition where NVD lists the editions with no bounds (§9: CVE 5
 * `affected` entries are structured fix data). Microsoft's CNA keys each Windows edition by its
 * own CPE product (`windows_10_1809`, `windows_server_2019`) with a `lessThan` build; NVD lists
 * `windows_10` version `1809` and `windows_server_2019` version `-`. A build is kept under the
 * edition's CPE product when NVD's configuration names that edition, as the same product, as a
 * product the edition's key extends (`windows_10` for `windows_10_1809`), and only where NVD
 * lists that product by editions alone: a product NVD bounds in numbers has its own fixes, checked
 * against the CNA's by `cve5-fixes.ts`.
 */
import type { VersionFact } from '../../domain/facts.js';
import type { CpeFix } from '../../domain/nvd-record.js';
import type { FixProduct } from './fix-products.js';

/** NVD's version slot names an edition ("1809", "20h2", "r2 sp1", "sp2", "-"), not a numbered release. */
const isEditionName = (version: string) => !/^\d+\.\d+/.test(version.trim());

/** NVD lists the product by editions alone; every version (CPE `*`) is a range NVD states, which a build would contradict. */
const editionsOnly = (product: FixProduct) =>
  !product.allVersions && product.ranges.every(({ range }) => range.exact !== undefined && isEditionName(range.exact) && Object.keys(range).length === 1);

/** A Windows feature release in NVD's version slot ("2004", "20h2"). */
export const FEATURE_RELEASE = /^(?:\d{4}|\d{2}h\d)$/i;

/** "windows_server" of `windows_server_2016`: the family a year's product names its releases in. */
export const releaseFamily = (key: string): string | undefined => /^(.+)_\d{4}$/.exec(key)?.[1];

/**
 * NVD's older style files a semi-annual Windows Server release under the year's product:
 * CVE-2021-34438 lists `windows_server_2016` version `2004` where Microsoft's CNA keys "Windows
 * Server, version 2004" as `windows_server_2004`. The keys of the releases the product lists so.
 */
function releaseKeys(product: FixProduct): string[] {
  const family = releaseFamily(product.key);
  if (family === undefined) return [];
  return product.ranges
    .map(({ range }) => range.exact?.trim().toLowerCase() ?? '')
    .filter((v) => FEATURE_RELEASE.test(v))
    .map((v) => `${family}_${v}`);
}

/** The NVD product the edition's CPE product names, if any: the same product, one the key extends, or a release listed under a year's product. */
function namedBy(fix: CpeFix, products: readonly FixProduct[]): FixProduct | undefined {
  const key = `${fix.vendor}:${fix.product}`;
  return products.find((p) => p.key === key || key.startsWith(`${p.key}_`) || releaseKeys(p).includes(key));
}

export function editionFixes(products: readonly FixProduct[], fixes: readonly CpeFix[]): VersionFact[] {
  const out: VersionFact[] = [];
  for (const fix of fixes) {
    const nvd = namedBy(fix, products);
    if (nvd === undefined || !editionsOnly(nvd)) continue;
    const product = `${fix.vendor}:${fix.product}`;
    if (!out.some((o) => o.product === product && o.version === fix.version))
      out.push({ product, version: fix.version, branch: null, platform: null, source: 'cve5' });
  }
  return out;
}
