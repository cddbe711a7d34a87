/**
 * Patch status, date, URLs and days unpatched.
 *
 * Evidence of a fix: a reference tagged Patch (NVD) or `patch` (CVE 5), a Microsoft security
 * bulletin (each ships the update, tagged or not: MS06-060's link is untagged), or a checked fixed
 * version — one the fix advice accepts (fix-advice.ts): a vulnerable CPE range's
 * `versionEndExcluding`, a CVE 5 `lessThan` bound or `unaffected` version, or a version the
 * description states, each outside every vulnerable range of its product. So the status and the
 * fix text agree: "Update X to version V" is never beside `not_available`, and a version the text
 * refused never makes a record `available`. Evidence of a workaround: a reference tagged Mitigation.
 * - `available`: a patch reference, or fixed versions for every affected product that has a range
 *   (no product is affected in all versions with no upper bound), or else the vendor's own advisory
 *   (§9 counts it as a stated fix, and the fix text sends the reader to it: "not available" beside
 *   "follow the vendor's advisory" contradicted it, the twenty-seventh and twenty-eighth readings'
 *   Android bulletin and Jenkins advisory) unless the description says no fix is released.
 * - `partial`: fixed versions for some products while another is affected in all versions, and
 *   no patch reference.
 * - `workaround_only`: no fix evidence, a mitigation reference; or a fix that must be switched on
 *   (an opt-in setting) with no fixed version (`partial` when there is one).
 * - `not_available`: none of these (and every rejected CVE: there is nothing to patch).
 * - `patch_date` (available/partial only): NVD and CVE 5 do not date their references, so a fix
 *   present when the catalogue first sees the CVE is dated to the CVE's publication (the
 *   earliest date it can be claimed; never before it); a fix that appears in a later ingest is
 *   dated to the source's last-modified day of that version; a date once set is kept.
 * - `days_unpatched`: whole days from publication to the patch date when there is one, else to
 *   `now` (exports recompute it on the export day); never negative.
 */
import type { Patch, PatchStatus } from '../../domain/cve.js';
import type { AffectedProduct } from '../../domain/nvd-record.js';
import { deriveFixAdvice, fixKeyOf, type FixAdvice } from './fix-advice.js';
import type { CveSources } from './inputs.js';
import { mergedReferences } from './references.js';
import { isBulletin, isVendorAdvisory } from '../facts/fix-references.js';

export interface PreviousPatch {
  readonly status: PatchStatus;
  readonly patch_date?: string;
}

const DAY_MS = 86_400_000;

export function wholeDaysBetween(fromDate: string, to: Date | string): number {
  const start = Date.parse(`${fromDate}T00:00:00Z`);
  const endDay = typeof to === 'string' ? to : to.toISOString().slice(0, 10);
  const end = Date.parse(`${endDay}T00:00:00Z`);
  return Math.max(0, Math.floor((end - start) / DAY_MS));
}

function validUrl(url: string): boolean {
  try {
    const u = new URL(url.trim());
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

export interface PatchEvidence {
  readonly rejected: boolean;
  readonly patchUrls: readonly string[];
  readonly mitigation: boolean;
  readonly products: readonly AffectedProduct[];
  /** The checked fix advice for these products (derived from them and no description when absent). */
  readonly fixAdvice?: Pick<FixAdvice, 'fixedProducts' | 'describedOnly'>;
  /** The fix must be switched on (an opt-in setting, `../facts/fix-steps.ts`): a workaround, not `available`. */
  readonly optIn?: boolean;
  /** The facts state a fixed version the text names (Apple's "fixed in iOS 18.5, …" in a record listing no product, a described fix no listed product's key takes): one to install. */
  readonly describedFix?: boolean;
  /** The vendor's own advisory is referenced and the description does not deny a fix. */
  readonly vendorAdvisory?: boolean;
}

export function patchStatusFrom(input: PatchEvidence): PatchStatus {
  if (input.rejected) return 'not_available';
  if (input.optIn) return switchedOnStatus(input);
  if (input.patchUrls.length > 0) return 'available';
  const advice = input.fixAdvice ?? deriveFixAdvice(input.products, '');
  const fixed = (p: AffectedProduct) => advice.fixedProducts.has(fixKeyOf(p));
  if (input.products.some(fixed)) return input.products.some((p) => p.openEnded && !fixed(p)) ? 'partial' : 'available';
  // A record that lists no product but whose description states the fixed version.
  if (advice.describedOnly.length > 0) return 'available';
  // A described fix beside a product affected in all versions with no bound fixes only part of what is listed.
  if (input.describedFix === true) return input.products.some((p) => p.openEnded) ? 'partial' : 'available';
  if (input.vendorAdvisory === true) return 'available';
  return input.mitigation ? 'workaround_only' : 'not_available';
}

/**
 * A fix that must be switched on (CVE-2013-3900's registry value): `partial` where some product
 * (or, in a record listing none, the description) has a fixed version to install first, else `workaround_only` — never `available`, since
 * updating alone leaves the flaw open.
 */
function switchedOnStatus(input: PatchEvidence): PatchStatus {
  const advice = input.fixAdvice ?? deriveFixAdvice(input.products, '');
  // A record that lists no product may still state the fixed version in its description.
  const versionToInstall = input.products.some((p) => advice.fixedProducts.has(fixKeyOf(p))) || advice.describedOnly.length > 0 || input.describedFix === true;
  return versionToInstall ? 'partial' : 'workaround_only';
}

export function derivePatch(
  sources: Pick<CveSources, 'nvd' | 'cve5'>,
  context: {
    rejected: boolean;
    products: readonly AffectedProduct[];
    fixAdvice?: PatchEvidence['fixAdvice'];
    optIn?: boolean;
    describedFix?: boolean;
    /** The description says no fix is released ("has not released software updates"). */
    fixDenied?: boolean;
    publishedDate: string;
    sourceModified?: string;
    now: Date;
    previous?: PreviousPatch;
  },
): { patch: Patch; provenance: string } {
  const refs = mergedReferences(sources);
  const patchUrls = [
    ...new Set(refs.filter((r) => (r.tags.includes('patch') || isBulletin(r.url)) && validUrl(r.url)).map((r) => new URL(r.url.trim()).href)),
  ].slice(0, 10);
  const mitigation = refs.some((r) => r.tags.includes('mitigation'));
  const vendorAdvisory = !context.fixDenied && refs.some(isVendorAdvisory);
  const evidence: PatchEvidence = {
    rejected: context.rejected,
    patchUrls,
    mitigation,
    products: context.products,
    ...(context.fixAdvice ? { fixAdvice: context.fixAdvice } : {}),
    ...(context.optIn ? { optIn: true } : {}),
    ...(context.describedFix ? { describedFix: true } : {}),
  };
  const status = patchStatusFrom({ ...evidence, vendorAdvisory });
  // Fixed by the advisory alone (its link stays out of `patch_urls`, which hold patches and bulletins: the fix text names
  // the advisory as such).
  const byAdvisory = vendorAdvisory && status === 'available' && patchStatusFrom(evidence) !== 'available';
  const fixed = status === 'available' || status === 'partial';
  let patchDate: string | undefined;
  if (fixed) {
    const previous = context.previous;
    if (previous?.patch_date && (previous.status === 'available' || previous.status === 'partial')) patchDate = previous.patch_date;
    else if (previous && context.sourceModified) patchDate = context.sourceModified.slice(0, 10);
    else patchDate = context.publishedDate;
    if (patchDate < context.publishedDate) patchDate = context.publishedDate;
  }
  const days = wholeDaysBetween(context.publishedDate, patchDate ?? context.now);
  const reason =
    patchUrls.length > 0
      ? 'patch references'
      : byAdvisory
        ? "the vendor's advisory"
        : fixed
          ? 'fixed versions'
          : mitigation
            ? 'mitigation references'
            : 'no fix evidence';
  return {
    patch: { status, ...(patchDate ? { patch_date: patchDate } : {}), patch_urls: patchUrls, days_unpatched: days },
    // One wording whichever branch dated it, so a kept date does not change the record's content.
    provenance: `${reason}${fixed ? '; date: when the catalogue first saw the fix (publication, if the fix was listed at the first ingest)' : ''}`,
  };
}
