/**
 * A fix the description states at a version NVD's configuration lists as affected ("before 2.5"
 * beside "through 2.5"): the facts keep both statements with their sources (§9), and the text
 * names the version as disputed rather than as one to update to. Only the undisputed fixes are
 * versions to move to, counted for the patch status and named as "update to".
 */
import { compareVersions } from './cpe/version-compare.js';
import type { VersionFact } from './facts.js';

/** A statement about `platform` and one about `other` can both hold (null holds everywhere). */
export const samePlace = (platform: string | null, other: string | null) => platform === null || other === null || platform === other;

export function isDisputedFix(fix: VersionFact, lastAffected: readonly VersionFact[]): boolean {
  return (
    fix.source === 'description' &&
    lastAffected.some(
      (l) => l.product === fix.product && l.source !== 'description' && samePlace(l.platform, fix.platform) && compareVersions(l.version, fix.version) === 0,
    )
  );
}

export function undisputedFixes(fixedIn: readonly VersionFact[], lastAffected: readonly VersionFact[]): VersionFact[] {
  return fixedIn.filter((f) => !isDisputedFix(f, lastAffected));
}
