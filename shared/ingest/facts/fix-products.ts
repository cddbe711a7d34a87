/**
 * The products the fix facts speak of, one per product a reader knows: the CPE parts of one
 * product (`a` and `o`) and its aliases (`rubyonrails:rails` and `rubyonrails:ruby_on_rails`,
 * the same vendor under the same display title) are one product, whose vulnerable versions are
 * those of every member. Each vulnerable range keeps the platform its configuration ties it to.
 */
import type { AffectedProduct, PlatformRange, VersionRange } from '../../domain/nvd-record.js';
import { sameRange } from '../../domain/cpe/version-ranges.js';

export interface PlacedRange {
  readonly range: VersionRange;
  /** The platform the record ties this range to, null when it holds on every platform. */
  readonly platform: string | null;
}

export interface FixProduct {
  /** `vendor:product` of the first member, lower case (the facts' product key). */
  readonly key: string;
  readonly members: readonly AffectedProduct[];
  readonly ranges: readonly PlacedRange[];
  /** Every version of the product is affected (CPE `*` with no bound). */
  readonly allVersions: boolean;
}

const token = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s:]+/g, '_');

/** The facts' product key: CPE tokens as they are, a CNA's names in the same lower-case underscore style. */
export function productKey(product: Pick<AffectedProduct, 'vendor' | 'product'>): string {
  const name = token(product.product);
  return `${token(product.vendor) || name}:${name}`;
}

/**
 * A distribution named with no release ("enterprise linux" for RHEL 5.0 and 6.0 beside xz through
 * 4.999.9): where the upstream product ships, not a platform on which its versions differ. One
 * release ("ubuntu 12.04 lts") stays the platform of that release's package.
 */
const DISTRIBUTION_PLATFORM = /^(?:enterprise linux\w*|debian linux|ubuntu linux|fedora|centos|opensuse|leap|suse linux\b.*|linux enterprise\b.*)$/;

/** The platforms the configurations tie one range of a product to; none: every platform. */
function platformsOf(product: AffectedProduct, range: VersionRange, tied: readonly PlatformRange[]): (string | null)[] {
  const found = tied
    .filter((t) => t.vendor === product.vendor && t.product === product.product && sameRange(t.range, range))
    .map((t) => (DISTRIBUTION_PLATFORM.test(t.platform) ? null : t.platform));
  return found.length > 0 ? [...new Set(found)] : [null];
}

const aliasKey = (product: AffectedProduct) => (product.title ? `${product.vendor.toLowerCase()}|${product.title.trim().toLowerCase()}` : undefined);

export function fixProducts(products: readonly AffectedProduct[], tied: readonly PlatformRange[]): FixProduct[] {
  const groups: { key: string; alias: string | undefined; members: AffectedProduct[] }[] = [];
  for (const product of products) {
    const key = productKey(product);
    const alias = aliasKey(product);
    const group = groups.find((g) => g.key === key || (alias !== undefined && g.alias === alias));
    if (group) group.members.push(product);
    else groups.push({ key, alias, members: [product] });
  }
  return groups.map(({ key, members }) => ({
    key,
    members,
    ranges: members.flatMap((m) => m.ranges.flatMap((range) => platformsOf(m, range, tied).map((platform) => ({ range, platform })))),
    allVersions: members.some((m) => m.allVersions === true),
  }));
}
