/**
 * A CNA's fixed versions beside NVD's configurations. Where NVD has analysed a record, its CPE
 * ranges are the record's affected versions; the CVE 5 `affected` entries still state fixes that
 * NVD's ranges may lack (`lessThan: 2.4.1`, or a version with status `unaffected`). Those are
 * stated fixes too, of the NVD product the CNA's entry names (same product token, or the name the
 * product is shown by) and written in NVD's numbering of it, kept with source `cve5`. The caller
 * checks each against NVD's ranges of that product, so a CNA's fix never contradicts NVD.
 */
import type { AffectedProduct } from '../../domain/nvd-record.js';
import type { FixProduct } from './fix-products.js';

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The names an NVD product is known by: its CPE token, its shown title, the title after the vendor's name. */
function namesOf(product: AffectedProduct): string[] {
  const names = [squash(product.product)];
  if (product.title) {
    names.push(squash(product.title));
    if (product.vendorTitle && product.title.startsWith(`${product.vendorTitle} `)) names.push(squash(product.title.slice(product.vendorTitle.length + 1)));
  }
  return names.filter((n) => n.length > 0);
}

/** The CNA names the same vendor, or names none: "Apache Software Foundation" is `apache`. */
function sameVendor(nvd: AffectedProduct, cna: AffectedProduct): boolean {
  const vendor = squash(cna.vendor);
  if (!vendor || !nvd.vendor) return true;
  const token = squash(nvd.vendor.replace(/_project$/i, ''));
  const title = nvd.vendorTitle ? squash(nvd.vendorTitle) : undefined;
  return vendor.startsWith(token) || token.startsWith(vendor) || (title !== undefined && (vendor === title || vendor.startsWith(title)));
}

const major = (version: string) => /^v?(\d+)/i.exec(version.trim())?.[1];

/**
 * The CNA's version is in NVD's numbering of the product: it shares its first number with a
 * version NVD lists or bounds. Microsoft's CNA writes builds ("10.0.17763.1935") where NVD lists
 * releases ("1809", "r2"): such a fix cannot be checked against NVD's versions, so it is not taken.
 */
function inNvdNumbering(version: string, product: FixProduct): boolean {
  const first = major(version);
  return (
    first !== undefined &&
    product.ranges.some(({ range }) =>
      [range.exact, range.startIncluding, range.startExcluding, range.endIncluding, range.endExcluding].some((v) => v !== undefined && major(v) === first),
    )
  );
}

/**
 * The NVD products with, as their only members, the CNA entries that name them: their ranges and
 * unaffected versions in place of NVD's, under NVD's product key. A CNA entry that names no NVD
 * product adds nothing (its fix would belong to a product NVD does not list).
 */
export function cve5FixProducts(nvdProducts: readonly FixProduct[], cnaProducts: readonly AffectedProduct[]): FixProduct[] {
  const out: FixProduct[] = [];
  for (const product of nvdProducts) {
    const names = new Set(product.members.flatMap(namesOf));
    const named = cnaProducts.filter(
      (c) =>
        (c.fixedVersions.length > 0 || c.ranges.some((r) => r.endExcluding !== undefined)) &&
        names.has(squash(c.product)) &&
        product.members.some((m) => sameVendor(m, c)),
    );
    if (named.length === 0) continue;
    // The members keep all their ranges: the caller checks that none holds a fix NVD states.
    const members = named.map((c) => ({ ...c, fixedVersions: c.fixedVersions.filter((v) => inNvdNumbering(v, product)) }));
    const ranges = named.flatMap((c) =>
      c.ranges.filter((r) => r.endExcluding !== undefined && inNvdNumbering(r.endExcluding, product)).map((range) => ({ range, platform: null })),
    );
    out.push({ key: product.key, members, ranges, allVersions: false });
  }
  return out;
}
