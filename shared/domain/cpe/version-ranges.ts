/**
 * Where a version stands against a vulnerable range (NVD cpeMatch bounds, CVE 5 `versions`).
 * A range with no bound and no exact version covers every version.
 */
import type { VersionRange } from '../nvd-record.js';
import { compareVersions } from './version-compare.js';
import { onOtherTrains } from './version-train.js';

export function rangeContains(range: VersionRange, version: string): boolean {
  // One train's range holds no version of another (Intel's SPS trains, Huawei's phone models and regions).
  for (const bound of [range.exact, range.startIncluding, range.startExcluding, range.endIncluding, range.endExcluding])
    if (bound !== undefined && onOtherTrains(bound, version)) return false;
  if (range.exact !== undefined) {
    if (compareVersions(version, range.exact) !== 0) return false;
  }
  if (range.startIncluding !== undefined && compareVersions(version, range.startIncluding) < 0) return false;
  if (range.startExcluding !== undefined && compareVersions(version, range.startExcluding) <= 0) return false;
  if (range.endIncluding !== undefined && compareVersions(version, range.endIncluding) > 0) return false;
  if (range.endExcluding !== undefined && compareVersions(version, range.endExcluding) >= 0) return false;
  return true;
}

/** Every version of the range is older than `version`. */
export function rangeBelow(range: VersionRange, version: string): boolean {
  if (range.exact !== undefined && compareVersions(range.exact, version) < 0) return true;
  if (range.endExcluding !== undefined && compareVersions(range.endExcluding, version) <= 0) return true;
  if (range.endIncluding !== undefined && compareVersions(range.endIncluding, version) < 0) return true;
  return false;
}

/** The range names where it starts (a release line of its own), not just where it ends. */
export function hasStart(range: VersionRange): boolean {
  return range.startIncluding !== undefined || range.startExcluding !== undefined;
}

/** The newest version a range reaches, for ordering ranges newest first (open ranges last… first). */
export function upperBound(range: VersionRange): string | undefined {
  return range.endExcluding ?? range.endIncluding ?? range.exact;
}

export function lowerBound(range: VersionRange): string | undefined {
  return range.startIncluding ?? range.startExcluding ?? range.exact;
}

/** Orders ranges newest first: an open upper end is newest; ties by the newer start. */
export function newestFirst(a: VersionRange, b: VersionRange): number {
  const ua = upperBound(a);
  const ub = upperBound(b);
  if (ua === undefined || ub === undefined) return ua === ub ? 0 : ua === undefined ? -1 : 1;
  const byEnd = compareVersions(ub, ua);
  if (byEnd !== 0) return byEnd;
  const la = lowerBound(a);
  const lb = lowerBound(b);
  if (la === undefined || lb === undefined) return la === lb ? 0 : la === undefined ? 1 : -1;
  return compareVersions(lb, la);
}

/** The same bounds (a range's track aside). */
export const sameRange = (a: VersionRange, b: VersionRange) =>
  a.exact === b.exact &&
  a.startIncluding === b.startIncluding &&
  a.startExcluding === b.startExcluding &&
  a.endIncluding === b.endIncluding &&
  a.endExcluding === b.endExcluding;
