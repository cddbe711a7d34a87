/**
 * Fix advice that is never wrong. A fixed version V may be named for product P only when P is an
 * affected product of the record (a vulnerable CPE match or a CNA's affected entry; platforms are
 * never products) and V lies outside every vulnerable range and listed version of P, CPE update
 * qualifiers kept ("1.6.0 update 27").
 *
 * Candidates: the sources' fixed versions (NVD `versionEndExcluding`, CVE 5 `lessThan` and
 * numbered `unaffected` versions); when those give no usable fix for P, the fixed versions the
 * description states for P (`../versions/description.ts`). Where both exist and disagree, the
 * source's ranges win and the provenance records both.
 *
 * A version the description calls vulnerable for P ("FreeBSD through 10.1", "2.3 and earlier")
 * counts as a listed version of P even when the source's range ends below it: NVD's CPE range for
 * CVE-2015-2923 says "before 10.1" where its description says "through 10.1", and naming 10.1 as
 * the fix would send a reader to a vulnerable release. A source range ending just before V is
 * read as ending at V; a V that no source range comes near makes every version up to it vulnerable
 * (a V inside a source range, "2.x through 2.0.5" beside [2.0, 2.0.6), changes nothing, so other
 * lines' fixes stay).
 *
 * Per product:
 * - `latest`: a valid V above every vulnerable version: "update to V or later" is true;
 * - `branches`: a valid V below some vulnerable versions, where the next vulnerable versions above V
 *   belong to another release line (their first two numbers differ from V's): V fixes the line
 *   below it ("8.5.51 fixes versions from 8.5.0 before 8.5.51"). A V followed by vulnerable
 *   versions of its own line (1.6.0 then "1.6.0 update 27"; 2.4.1 then 2.4.3) is not named: a
 *   reader would take it for "2.4.1 or later";
 * - `unfixed`: vulnerable ranges no named fix covers on their own line, newest first, so the text
 *   can say plainly that a line has none.
 */
import type { AffectedProduct, VersionRange } from '../../domain/nvd-record.js';
import { compareVersions, isBuildAlone, isComparableVersion } from '../../domain/cpe/version-compare.js';
import { describedVersions, onLine, onWrittenLine, type DescribedFix } from '../versions/description.js';
import { hasStart, lowerBound, newestFirst, rangeBelow, rangeContains } from '../../domain/cpe/version-ranges.js';
import { mentionIndex } from './product-order.js';

export interface BranchFix {
  readonly version: string;
  /** The newest vulnerable range this version fixes (its release line). */
  readonly covers: VersionRange;
}

export interface ProductFix {
  readonly product: AffectedProduct;
  readonly latest?: string;
  /** Older release lines' fixed versions, newest first. */
  readonly branches: readonly BranchFix[];
  /** Vulnerable ranges with no fix on their own line, newest first; `laterFix` when a newer line is fixed. */
  readonly unfixed: readonly { readonly range: VersionRange; readonly laterFix: boolean }[];
  readonly from: 'source' | 'description';
}

export interface FixAdvice {
  /** Products the fix text may speak of, in order: the ones the description names, else all. */
  readonly products: readonly ProductFix[];
  /** Affected products left out because the description names others (co-listed, bundling, platform). */
  readonly otherProductsWithFixes: number;
  /** A fixed version from the description when the record lists no product at all. */
  readonly describedOnly: readonly DescribedFix[];
  /** Described fixes of a part of the record's only product ("plugin before 2.22 for P"): never P's version. */
  readonly partFixes: readonly { readonly product: AffectedProduct; readonly version: string }[];
  readonly provenance: string;
  /** Exactly the (product, version) pairs the fix text names: for tracing and the real-data check. */
  readonly named: readonly { readonly vendor: string; readonly product: string; readonly versions: readonly string[] }[];
  /**
   * Every affected product (`fixKeyOf`) with a fixed version that passed the checks above, named
   * in the text or not: the patch status counts these, so it never calls a record patched on a
   * version the fix text refused, nor unpatched when the text names a fix.
   */
  readonly fixedProducts: ReadonlySet<string>;
}

function entriesOf(product: AffectedProduct): VersionRange[] {
  const entries = [...product.ranges];
  if (product.allVersions) entries.push({});
  return entries;
}

/** "2.4" for 2.4.1, "1.6" for "1.6.0 update 27", "7.0" for 7: the release line (first two numbers). */
function releaseLine(version: string): string {
  const numbers = version.match(/\d+/g) ?? [];
  return `${Number(numbers[0] ?? 0)}.${Number(numbers[1] ?? 0)}`;
}

/** The fixes of one product from ordered candidates (the better-sourced first). */
export function productFixes(product: AffectedProduct, candidates: readonly string[], from: ProductFix['from']): ProductFix {
  const entries = entriesOf(product);
  const valid = [...new Set(candidates)].filter((v) => isComparableVersion(v) && !entries.some((e) => rangeContains(e, v)));
  let latest: string | undefined;
  const byGap = new Map<string, BranchFix>();
  for (const v of valid) {
    const below = entries.filter((e) => rangeBelow(e, v));
    const above = entries.filter((e) => !rangeBelow(e, v));
    if (above.length === 0) {
      // Above every vulnerable version (or the product lists none): "V or later" is true.
      if (latest === undefined || compareVersions(v, latest) < 0) latest = v;
      continue;
    }
    if (below.length === 0) continue;
    // The nearest vulnerable versions above v must belong to another release line.
    const lowest = above.reduce((a, b) => (compareVersions(lowerBound(b) ?? '', lowerBound(a) ?? '') < 0 ? b : a));
    const lowestStart = lowerBound(lowest) ?? '';
    if (releaseLine(lowestStart) === releaseLine(v)) continue;
    const gap = lowestStart;
    const known = byGap.get(gap);
    if (known && compareVersions(known.version, v) <= 0) continue;
    const covers = [...below].sort(newestFirst)[0]!;
    byGap.set(gap, { version: v, covers });
  }
  const usable = [...(latest ? [latest] : []), ...[...byGap.values()].map((b) => b.version)];
  const unfixed: ProductFix['unfixed'][number][] = [];
  for (const e of entries) {
    const fixesAbove = usable.filter((u) => rangeBelow(e, u)).sort(compareVersions);
    const fix = fixesAbove[0];
    if (fix === undefined) {
      unfixed.push({ range: e, laterFix: false });
      continue;
    }
    // A line that starts above e and ends below its fix: e's own line has no fix.
    const top = e.endIncluding ?? e.exact ?? e.endExcluding ?? lowerBound(e);
    const lineBetween =
      top !== undefined &&
      releaseLine(top) !== releaseLine(fix) &&
      entries.some(
        (other) =>
          other !== e &&
          hasStart(other) &&
          rangeBelow(other, fix) &&
          rangeBelow(e, lowerBound(other)!) &&
          compareVersions(lowerBound(other)!, lowerBound(e) ?? '') > 0,
      );
    if (lineBetween) unfixed.push({ range: e, laterFix: true });
  }
  const branches = [...byGap.values()].sort((a, b) => compareVersions(b.version, a.version));
  return { product, ...(latest ? { latest } : {}), branches, unfixed: unfixed.sort((a, b) => newestFirst(a.range, b.range)), from };
}

/**
 * The same vendor and product under two CPE parts (`a` and `o`) is one product to the reader: its
 * versions are checked against the vulnerable versions of both, and it is named once.
 */
const keyOf = (p: AffectedProduct) => `${p.vendor}:${p.product}`.toLowerCase();
export const fixKeyOf = keyOf;

function collapseParts(products: readonly AffectedProduct[]): AffectedProduct[] {
  const byKey = new Map<string, AffectedProduct>();
  for (const p of products) {
    const key = keyOf(p);
    const known = byKey.get(key);
    byKey.set(
      key,
      known
        ? {
            ...known,
            ranges: [...known.ranges, ...p.ranges],
            openEnded: known.openEnded || p.openEnded,
            ...(known.allVersions || p.allVersions ? { allVersions: true } : {}),
            fixedVersions: [...new Set([...known.fixedVersions, ...p.fixedVersions])],
          }
        : p,
    );
  }
  return [...byKey.values()];
}

const hasFix = (f: ProductFix) => f.latest !== undefined || f.branches.length > 0;

/**
 * "The FileInfo plugin before 2.22 for Ghisler Total Commander": the statement's version belongs
 * to a part of the product named right after it (a plugin, module or extension for, in or on it),
 * not to the product: Total Commander has no release 2.22.
 */
function isAboutPartOf(product: AffectedProduct, statement: DescribedFix): boolean {
  const preposition = /^\s*,?\s*(?:for|on|in)\s/i.exec(statement.following);
  return preposition !== null && mentionIndex(product, statement.following.slice(0, preposition[0].length + 50), 'first') >= 0;
}

/** "as used in", "as shipped with", …: what follows is another product that carries the first one. */
export const CARRIER = /\bas (?:used|shipped|included|bundled|distributed) (?:in|with|by)\b/gi;

/**
 * What follows the last "as used in" (or shipped with, included in, …) of the statement's
 * sentence up to the statement, or undefined when there is none: "NSS before 3.19, as used in
 * Mozilla Firefox before 39.0, …, Thunderbird" → " Mozilla Firefox before 39.0, …, Thunderbird".
 * A version stated there is a carrier's, not the product named before the phrase.
 */
function carrierTail(statement: DescribedFix): string | undefined {
  let end: number | undefined;
  for (const match of statement.sentence.matchAll(CARRIER)) end = match.index + match[0].length;
  return end === undefined ? undefined : statement.sentence.slice(end);
}

/** A statement about something the record does not list as affected ("as used in Mozilla Firefox"). */
export const ANOTHER_SUBJECT = 'another subject';

/**
 * The product a described fix speaks of: the product named nearest before it, else the only one,
 * unless the statement is about a part of that one (`isAboutPartOf`) — or about the product that
 * carries it: after "as used in" (`carrierTail`), a version belongs to the product named there,
 * so a product named only before the phrase does not get it (CVE-2015-2721: "NSS before 3.19, as
 * used in Mozilla Firefox before 39.0" named 39.0 as NSS's fix). "JBoss …, as shipped with Cisco
 * CS-MARS before 4.2.1" still gives CS-MARS its fix: it is named after the phrase.
 */
export function productForStatement(
  products: readonly AffectedProduct[],
  statement: DescribedFix,
  description: string,
): AffectedProduct | typeof ANOTHER_SUBJECT | undefined {
  let best: { product: AffectedProduct; at: number } | undefined;
  for (const product of products) {
    const at = mentionIndex(product, statement.context, 'lastEnd');
    if (at >= 0 && (!best || at > best.at)) best = { product, at };
  }
  const carrier = carrierTail(statement);
  const aboutAnother = (product: AffectedProduct) => carrier !== undefined && mentionIndex(product, carrier, 'first') < 0;
  if (best) return aboutAnother(best.product) ? ANOTHER_SUBJECT : best.product;
  // A short product token ("qt") counts as a name only with its vendor, except as the very word
  // before the statement: "Qt through 5.14".
  const lastWord = /([A-Za-z][\w+-]*)\s*$/.exec(statement.context)?.[1]?.toLowerCase();
  const named = products.filter((p) => lastWord !== undefined && p.product.toLowerCase() === lastWord);
  if (named.length === 1) return named[0];
  const only = products.length === 1 ? products[0] : undefined;
  if (!only || isAboutPartOf(only, statement)) return undefined;
  // The description names the product elsewhere, and the statement follows another's "as used in".
  return aboutAnother(only) && mentionIndex(only, description, 'first') >= 0 ? ANOTHER_SUBJECT : only;
}

/**
 * A last affected version tied to no product by name belongs to the one product whose source
 * range ends just before it: "class.upload through 1.0.3" beside a CPE range "before 1.0.3"
 * (CVE-2019-19634) is the same product, and its 1.0.3 is no fix.
 */
function productEndingAt(products: readonly AffectedProduct[], version: string): AffectedProduct | undefined {
  const ending = products.filter((p) => p.ranges.some((r) => r.endExcluding !== undefined && compareVersions(r.endExcluding, version) === 0));
  return ending.length === 1 ? ending[0] : undefined;
}

/**
 * A described fix the description does not tie to a product by name ("iOS before 9.1" where the
 * CPE says `iphone_os`) is taken for a product only as its next release: above every vulnerable
 * version of the product, sharing the first number of its newest vulnerable version, and the
 * smallest such. 10.11.1 is not read as an iPhone OS release when the newest vulnerable one is 9.0.2.
 */
function nextReleaseOf(product: AffectedProduct, versions: readonly string[]): string[] {
  const entries = entriesOf(product);
  const tops = entries.map((e) => e.endIncluding ?? e.exact ?? e.endExcluding);
  if (entries.length === 0 || tops.some((t) => t === undefined)) return [];
  const newest = (tops as string[]).reduce((a, b) => (compareVersions(a, b) >= 0 ? a : b));
  const major = /^\d+/.exec(newest)?.[0];
  const fits = versions
    .filter((v) => major !== undefined && /^\d+/.exec(v)?.[0] === major)
    .filter((v) => entries.every((e) => rangeBelow(e, v)))
    .sort(compareVersions);
  return fits.slice(0, 1);
}

/**
 * The described fixes that a line qualifier ("2.x before 2.0.1") puts on the right line. A build
 * named alone ("5.x before build 5701") is the line's: the vendor counts builds across releases.
 */
export function lineMatches(statement: DescribedFix): boolean {
  return (
    !statement.line ||
    isBuildAlone(statement.version) ||
    onLine(statement.version, statement.line) ||
    statement.version === statement.line ||
    onWrittenLine(statement.version, statement.line) ||
    [`${statement.line}.`, `${statement.line} `, `v${statement.line}.`].some((start) => statement.version.startsWith(start))
  );
}

/**
 * The product with the versions its description calls vulnerable added: a source range that ends
 * just before one ("before 10.1" beside "through 10.1") is read as ending at it, so the text says
 * "up to and including 10.1"; any other such version outside every source range adds such a range.
 */
function withDescribedVulnerable(product: AffectedProduct, lastAffected: readonly string[]): AffectedProduct {
  const extra = lastAffected.filter((v) => isComparableVersion(v) && !entriesOf(product).some((e) => rangeContains(e, v)));
  if (extra.length === 0) return product;
  const widened = new Set<string>();
  const ranges = product.ranges.map((range) => {
    const end = range.endExcluding;
    const through = end === undefined ? undefined : extra.find((v) => compareVersions(v, end) === 0);
    if (through === undefined) return range;
    widened.add(through);
    const { endExcluding: _ended, ...rest } = range;
    return { ...rest, endIncluding: end! };
  });
  // The source's ranges miss V altogether: they disagree with the description, so nothing up to V
  // is named as a fix (a version in range of the sources would have been filtered out above).
  const alone = extra.filter((v) => !widened.has(v)).map((endIncluding) => ({ endIncluding }));
  return { ...product, ranges: [...ranges, ...alone] };
}

/** `versions` with `version` added once. */
const withVersion = (versions: readonly string[] | undefined, version: string): string[] =>
  versions?.includes(version) ? [...versions] : [...(versions ?? []), version];

export function deriveFixAdvice(products: readonly AffectedProduct[], description: string): FixAdvice {
  const described = describedVersions(description);
  const describedFor = new Map<string, string[]>();
  const unattached: string[] = [];
  const only = products.length === 1 ? products[0]! : undefined;
  const partFixes: { product: AffectedProduct; version: string }[] = [];
  for (const statement of described.fixed) {
    if (!lineMatches(statement)) continue;
    const product = productForStatement(products, statement, description);
    if (product === ANOTHER_SUBJECT) continue;
    if (product) describedFor.set(keyOf(product), withVersion(describedFor.get(keyOf(product)), statement.version));
    else if (only && isAboutPartOf(only, statement)) partFixes.push({ product: only, version: statement.version });
    // "VIX API 1.1.x before 1.1.4 build 93057 on VMware Workstation …, VMware Fusion 1.x": a
    // part's version, never taken for the next release of any product it runs on.
    else if (!products.some((p) => isAboutPartOf(p, statement))) unattached.push(statement.version);
  }
  const vulnerableFor = new Map<string, string[]>();
  for (const statement of described.lastAffected) {
    const named = productForStatement(products, statement, description);
    if (named === ANOTHER_SUBJECT) continue;
    const product = named ?? (isComparableVersion(statement.version) ? productEndingAt(products, statement.version) : undefined);
    if (product) vulnerableFor.set(keyOf(product), withVersion(vulnerableFor.get(keyOf(product)), statement.version));
  }
  const notes: string[] = [];
  const all = collapseParts(products).map((listed) => {
    const product = withDescribedVulnerable(listed, vulnerableFor.get(keyOf(listed)) ?? []);
    const fromSource = productFixes(product, product.fixedVersions, 'source');
    const fromText = describedFor.get(keyOf(product)) ?? [];
    if (hasFix(fromSource)) {
      const disagree = fromText.filter((v) => !product.fixedVersions.some((f) => compareVersions(f, v) === 0));
      if (disagree.length > 0) notes.push(`the description names ${disagree.join(', ')} for ${product.vendor}:${product.product}; the source's ranges win`);
      return fromSource;
    }
    // A product the source lists with no version at all (CPE `-`, "not applicable": a device
    // beside its firmware, an extension beside its host) has no version to update to; the
    // description's "before V" belongs to another product of the record.
    if (listed.ranges.length === 0 && !listed.allVersions) return fromSource;
    const candidates = fromText.length > 0 ? fromText : nextReleaseOf(product, unattached);
    if (candidates.length === 0) return fromSource;
    const fromDescription = productFixes(product, candidates, 'description');
    return hasFix(fromDescription) ? fromDescription : fromSource;
  });
  // Lead with the products the description names; co-listed ones (bundlers, platforms, other
  // vendors' products that carry the flaw) are not the ones to update when it names any.
  const mentioned = all.filter((f) => mentionIndex(f.product, description, 'first') >= 0);
  const speakOf = mentioned.length > 0 ? mentioned : all;
  const otherProductsWithFixes = mentioned.length > 0 ? all.filter((f) => !mentioned.includes(f) && hasFix(f)).length : 0;
  // The same version stated for several products of a record with no product list: said once.
  const describedOnly =
    products.length === 0
      ? described.fixed.filter(lineMatches).filter((d, i, all) => all.findIndex((e) => e.version === d.version && e.line === d.line) === i)
      : [];
  const shown = speakOf.filter(hasFix).slice(0, MAX_FIX_PRODUCTS);
  const named = [
    ...shown.map((f) => ({
      vendor: f.product.vendor,
      product: f.product.product,
      versions: [...(f.latest ? [f.latest] : []), ...f.branches.slice(0, MAX_BRANCHES).map((b) => b.version)],
    })),
    ...(describedOnly.length > 0 ? [{ vendor: '', product: '', versions: describedOnly.slice(0, MAX_BRANCHES).map((d) => d.version) }] : []),
  ];
  const sources = [...new Set(shown.map((f) => (f.from === 'source' ? "the affected products' version ranges" : 'the description')))];
  const provenance = [
    named.length === 0 ? 'no fixed version that lies outside every vulnerable range' : `fixed versions from ${sources.join(' and ') || 'the description'}`,
    ...notes,
  ].join('; ');
  const fixedProducts = new Set(all.filter(hasFix).map((f) => keyOf(f.product)));
  return { products: speakOf, otherProductsWithFixes, describedOnly, partFixes, provenance, named, fixedProducts };
}

export const MAX_FIX_PRODUCTS = 3;
export const MAX_BRANCHES = 3;
