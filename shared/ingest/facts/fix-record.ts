/**
 * What the record keeps beside the fix facts: the product keys the patch status counts as fixed,
 * the advisory hosts the fix text points at, and the fix provenance.
 */
import type { VersionFact } from '../../domain/facts.js';
import type { CveSources } from '../derive/inputs.js';
import { mergedReferences } from '../derive/references.js';
import type { AffectedProduct, PlatformRange } from '../../domain/nvd-record.js';
import { isDistribution } from './distributions.js';
import { fixProducts, productKey } from './fix-products.js';
import { bulletinsOf, hostOf, isVendorAdvisory } from './fix-references.js';

/** `vendor:product` (lower case, as the patch status keys products) of every affected product with a fixed version, aliases included. */
export function fixedProductKeys(products: readonly AffectedProduct[], fixedIn: readonly VersionFact[], tied: readonly PlatformRange[]): ReadonlySet<string> {
  const fixed = [...new Set(fixedIn.map((f) => f.product))];
  // A release track's fix ("Firefox ESR") is a fix of the listed product it belongs to.
  const isFixed = (key: string) => fixed.some((f) => f === key || f.startsWith(`${key}_`));
  const listed = fixProducts(products, tied);
  // An Android patch level (`android-patch-level.ts`) fixes the chips' firmware the record lists beside no Android entry.
  const byAndroid = fixed.includes('google:android') && !listed.some((p) => p.key === 'google:android');
  return new Set(listed.filter((p) => byAndroid || isFixed(p.key)).flatMap((p) => p.members.map((m) => `${m.vendor}:${m.product}`.toLowerCase())));
}

/**
 * The record's one product, when NVD lists it as affected in every version (a CPE `*` with no
 * bound, as old records write "some version"): a fix the description states for it cannot be
 * checked against the configuration, which calls every version vulnerable.
 */
export function soleProductInEveryVersion(products: readonly AffectedProduct[]): string | undefined {
  const keys = [...new Set(products.filter((p) => !isDistribution(p)).map(productKey))];
  const only = keys.length === 1 ? products.find((p) => productKey(p) === keys[0] && p.allVersions === true) : undefined;
  return only ? productKey(only) : undefined;
}

/**
 * Every product NVD lists as affected in every version, beside others: Cisco's `firewall_services_module:*` beside its
 * listed 2.1_(0.208) (CVE-2005-3669, the nineteenth reading) has no listed version past which it is safe.
 */
export function productsInEveryVersion(products: readonly AffectedProduct[]): string[] {
  return [...new Set(products.filter((p) => p.allVersions === true && !isDistribution(p)).map(productKey))];
}

/** Hosts of the references tagged as the vendor's advisory (`isVendorAdvisory`), at most three. */
export function advisoryHosts(sources: Pick<CveSources, 'nvd' | 'cve5'>): string[] {
  const hosts: string[] = [];
  for (const r of mergedReferences(sources)) {
    const host = isVendorAdvisory(r) ? hostOf(r.url) : undefined;
    if (host !== undefined && !hosts.includes(host)) hosts.push(host);
  }
  return hosts.slice(0, 3);
}

/** A link to one source commit: git.kernel.org's "/stable/c/<sha>", cgit's "commit/?id=<sha>", GitHub's "/commit/<sha>". */
const COMMIT = /\/(?:stable\/c|c|commit|commits)\/(?:\?id=)?[0-9a-f]{7,40}\b|\/commit\/?\?(?:[\w=&;-]*&)?id=[0-9a-f]{7,40}\b/i;

/** Hosts of the references that link a source commit (the fix of a record that says "has been resolved"), at most three. */
export function commitHosts(sources: Pick<CveSources, 'nvd' | 'cve5'>): string[] {
  return [...new Set(mergedReferences(sources).flatMap((r) => (COMMIT.test(r.url) ? (hostOf(r.url) ?? []) : [])))].slice(0, 3);
}

/**
 * The products a CNA lists by model rather than version (`../sources/cve5-models.ts`), with the
 * hosts of the record's references (at most three): the vendor's bulletin there names the fixed
 * software, as no version in the record does.
 */
export function modelListed(products: readonly AffectedProduct[], sources: Pick<CveSources, 'nvd' | 'cve5'>): { products: string[]; hosts: string[] } {
  const keys = [...new Set(products.filter((p) => (p.models?.length ?? 0) > 0).map(productKey))];
  if (keys.length === 0) return { products: [], hosts: [] };
  const hosts = [...new Set(mergedReferences(sources).flatMap((r) => hostOf(r.url) ?? []))];
  return { products: keys, hosts: hosts.slice(0, 3) };
}

/** The Microsoft security bulletins the references point at ("MS06-060"), at most three. */
export function bulletins(sources: Pick<CveSources, 'nvd' | 'cve5'>): string[] {
  return bulletinsOf(mergedReferences(sources)).slice(0, 3);
}

const sourceName = {
  description: 'the description',
  configuration: 'NVD configurations (CPE ranges)',
  cve5: "the CVE 5 CNA's affected versions",
  cvss: 'CVSS',
  cwe: 'CWE',
} as const;

export function fixProvenance(fixedIn: readonly VersionFact[], lastAffected: readonly VersionFact[]): string {
  const from = (entries: readonly VersionFact[]) => [...new Set(entries.map((e) => sourceName[e.source]))].join(' and ');
  if (fixedIn.length > 0) return `fixed versions from ${from(fixedIn)}, none inside a vulnerable range of its product and platform`;
  if (lastAffected.length > 0) return `no fixed version stated; newest affected versions from ${from(lastAffected)}`;
  return 'no fixed or newest affected version stated';
}
