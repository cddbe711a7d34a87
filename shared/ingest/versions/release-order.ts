/**
 * How two versions of one product compare as releases, however a source writes them: Adobe's lines
 * by year ("2015.006.30060" is the configuration's "15.006.30060") and its Classic and Continuous
 * tracks. The fix facts and the fix text read them alike.
 */
import { compareVersions } from '../../domain/cpe/version-compare.js';

/** Adobe names a line by its year: the description's "2015.006.30060" is the configuration's "15.006.30060". */
export const yearless = (version: string) => version.trim().replace(/^20(\d{2})(?=\.\d+\.\d)/, '$1');

/**
 * Two versions as releases of one numbering: where one writes its line's year in full and the
 * other does not ("2017.011.30113" beside "17.011.30120"), both without it; else as written
 * ("2019.7.6" beside "2019.6" stay apart from "19.x").
 */
export function asReleases(a: string, b: string): [string, string] {
  return yearWritten(a) !== yearWritten(b) ? [yearless(a), yearless(b)] : [a, b];
}

const yearWritten = (version: string) => /^v?20\d{2}\./i.test(version.trim());

/** Two versions ordered as releases of one line (`asReleases`). */
export const compareReleases = (a: string, b: string) => compareVersions(...asReleases(a, b));

/** The same release however written: equal versions, or one written with its line's year in full. */
export function sameRelease(a: string, b: string): boolean {
  return compareVersions(a, b) === 0 || compareVersions(yearless(a), yearless(b)) === 0;
}

/** "classic" for a fix of Adobe's Classic track (`../facts/described-fixes.ts`), the CPE `sw_edition` of its ranges. */
export const adobeTrackOf = (branch: string | null) => (branch !== null && /^(?:classic|continuous)$/i.test(branch) ? branch.toLowerCase() : undefined);
