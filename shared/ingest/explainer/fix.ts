/**
 * The fix text: which version of which product to move to, from the checked fix advice
 * (`../derive/fix-advice.ts`). Each named version lies outside every vulnerable range of its
 * product; "or later" is said only of a version above every vulnerable version; older release
 * lines get their own fixed version, and a line with none is said to have none.
 */
import type { AffectedProduct } from '../model.js';
import { MAX_BRANCHES, MAX_FIX_PRODUCTS, type FixAdvice, type ProductFix } from '../derive/fix-advice.js';
import { listText, rangeText } from './names.js';

const MAX_UNFIXED = 2;

function ranges(list: readonly { range: Parameters<typeof rangeText>[0] }[]): string | undefined {
  const texts = list.map((u) => rangeText(u.range)).filter((t): t is string => t !== undefined);
  if (texts.length === 0) return undefined;
  const shown = texts.slice(0, MAX_UNFIXED);
  const more = texts.length - shown.length;
  return `${listText(shown)}${more > 0 ? ` (and ${more} more ${more === 1 ? 'range' : 'ranges'})` : ''}`;
}

function productSentences(fix: ProductFix, name: string): string[] {
  const out: string[] = [];
  const branches = fix.branches.slice(0, MAX_BRANCHES);
  const branchText = branches.map((b) => `version ${b.version} fixes ${b.covers.exact !== undefined ? 'version' : 'versions'} ${rangeText(b.covers) ?? `before ${b.version}`}`);
  if (fix.latest) {
    out.push(`Update ${name} to version ${fix.latest} or later.`);
    if (branches.length > 0) out.push(`If you stay on an older release line, ${listText(branchText)}.`);
  } else if (branches.length > 0) {
    out.push(`Update ${name} to the fixed version for your release line: ${listText(branchText)}.`);
  }
  const source = fix.from === 'description' ? ' (the fixed version comes from the description)' : '';
  if (source && out.length > 0) out[0] = out[0]!.replace(/\.$/, `${source}.`);
  const unfixedAlone = ranges(fix.unfixed.filter((u) => !u.laterFix));
  if (unfixedAlone) out.push(`No fixed version is listed for ${name} versions ${unfixedAlone}.`);
  const unfixedLine = ranges(fix.unfixed.filter((u) => u.laterFix));
  if (unfixedLine) out.push(`${name} versions ${unfixedLine} have no fix on their own release line: move to a fixed one.`);
  return out;
}

const hasFix = (f: ProductFix) => f.latest !== undefined || f.branches.length > 0;

export function fixVersionSentences(advice: FixAdvice, nameOf: (product: AffectedProduct) => string): string[] {
  const parts: string[] = [];
  const withFix = advice.products.filter(hasFix);
  for (const fix of withFix.slice(0, MAX_FIX_PRODUCTS)) parts.push(...productSentences(fix, nameOf(fix.product)));
  // A product whose source names fixed versions that all fall inside its vulnerable versions:
  // say so rather than name one ("1.6.0" while 1.6.0 update 27 is vulnerable).
  if (withFix.length === 0) {
    for (const fix of advice.products.filter((f) => f.product.fixedVersions.length > 0).slice(0, MAX_FIX_PRODUCTS)) parts.push(...productSentences(fix, nameOf(fix.product)));
  }
  const more = withFix.length - Math.min(withFix.length, MAX_FIX_PRODUCTS);
  if (more > 0) parts.push(`Fixed versions are listed for ${more} more ${more === 1 ? 'product' : 'products'} in the NVD entry.`);
  if (advice.otherProductsWithFixes > 0) {
    const n = advice.otherProductsWithFixes;
    parts.push(`The record also lists fixed versions for ${n} other ${n === 1 ? 'product' : 'products'} that ${n === 1 ? 'carries' : 'carry'} the flaw; check its entry if you use ${n === 1 ? 'it' : 'them'}.`);
  }
  const part = advice.partFixes[0];
  if (parts.length === 0 && part) {
    const name = nameOf(part.product);
    parts.push(`The description gives ${part.version} as the fixed version of a part of ${name} that it names (a plugin or component), not of ${name} itself: update that part to ${part.version} or later.`);
  }
  const described = advice.describedOnly.slice(0, MAX_BRANCHES);
  if (described.length === 1 && !described[0]!.line) {
    parts.push(`The description says version ${described[0]!.version} fixes it: update to ${described[0]!.version} or later.`);
  } else if (described.length > 0) {
    const lines = described.map((d) => (d.line ? `${d.version} for the ${d.line}.x line` : d.version));
    parts.push(`The description names these fixed versions: ${listText(lines)}. Update to the one for your release line or later.`);
  }
  return parts;
}
