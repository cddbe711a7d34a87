/**
 * CVE 5 `affected` entries written per release line, as the Linux kernel CNA writes them:
 * `defaultStatus: affected`; the version that brought the flaw in (`{"status":"affected","version":"3.1"}`,
 * with `{"status":"unaffected","version":"0","lessThan":"3.1"}`); one
 * `{"status":"unaffected","version":"5.10.212","lessThanOrEqual":"5.10.*"}` per stable line; and
 * the mainline release with the fix (`{"version":"6.8","lessThanOrEqual":"*"}`). Under CVE 5's
 * version semantics every version from 3.1 on is affected except a line's releases from its fix
 * on and everything from the mainline fix on: "3.1" is where the flaw starts, not the one
 * affected version.
 */
import { compareVersions } from '../../domain/cpe/version-compare.js';
import type { ReleaseLines, VersionRange } from '../../domain/nvd-record.js';

export interface LineEntry {
  readonly version?: string;
  readonly status?: string;
  readonly lessThan?: string;
  readonly lessThanOrEqual?: string;
}

export interface LineReading {
  readonly lines: ReleaseLines;
  /** Each stable line's vulnerable stretch: from where the flaw starts (or the line) before the line's fix. */
  readonly ranges: readonly VersionRange[];
  /** Every line's fix and the mainline fix. */
  readonly fixedVersions: readonly string[];
  /** No mainline fix: versions past the listed lines are affected too. */
  readonly openEnded: boolean;
}

const LINE_WILDCARD = /^(\d+(?:\.\d+)*)\.\*$/;
/** "6.8", "5.10.212" and a release candidate "6.11-rc2" (where a flaw came in and went before a release). */
const NUMBERED = /^\d+(?:\.\d+)*(?:-rc\d+)?$/;

/** The entries read per release line, or undefined where they are not written that way. */
export function readReleaseLines(entries: readonly LineEntry[], defaultStatus: string | undefined): LineReading | undefined {
  if (defaultStatus?.toLowerCase() !== 'affected') return undefined;
  const unaffected = entries.filter((e) => e.status?.toLowerCase() === 'unaffected');
  const lineFixes = unaffected.flatMap((e) => {
    const line = LINE_WILDCARD.exec(e.lessThanOrEqual ?? '')?.[1];
    return line && e.version && NUMBERED.test(e.version) ? [{ line, fixed: e.version }] : [];
  });
  const mainline = unaffected.find((e) => e.lessThanOrEqual === '*' && e.version && NUMBERED.test(e.version))?.version;
  if (lineFixes.length === 0 && mainline === undefined) return undefined;
  const introduced =
    entries.find((e) => e.status?.toLowerCase() === 'affected' && e.version && NUMBERED.test(e.version) && !e.lessThan && !e.lessThanOrEqual)?.version ??
    unaffected.find((e) => e.version === '0' && e.lessThan && NUMBERED.test(e.lessThan))?.lessThan;
  const sorted = [...lineFixes].sort((a, b) => compareVersions(a.fixed, b.fixed));
  // A line fixed below where the flaw starts got the flaw by a backport (the CNA's git ranges name
  // the backported commit, no version): its fix is the line's fix, its stretch starts at the line.
  const below = ({ fixed }: { fixed: string }) => introduced !== undefined && compareVersions(fixed, introduced) <= 0;
  const backported = sorted.filter(below);
  const onward = sorted.filter((f) => !below(f));
  const ranges: VersionRange[] = backported.map(({ line, fixed }) => ({ startIncluding: line, endExcluding: fixed }));
  onward.forEach(({ line, fixed }, i) => {
    // The first line's stretch reaches back to where the flaw starts; a later line's starts at the line.
    const start = i === 0 ? introduced : introduced !== undefined && compareVersions(introduced, line) > 0 ? introduced : line;
    if (start !== undefined && compareVersions(start, fixed) >= 0) return;
    ranges.push({ ...(start !== undefined ? { startIncluding: start } : {}), endExcluding: fixed });
  });
  if (onward.length === 0 && mainline !== undefined)
    ranges.push({ ...(introduced !== undefined ? { startIncluding: introduced } : {}), endExcluding: mainline });
  return {
    lines: {
      ...(introduced !== undefined ? { introduced } : {}),
      ...(mainline !== undefined ? { mainline } : {}),
      fixes: onward.map((s) => s.fixed),
      ...(backported.length > 0 ? { backported: backported.map((s) => s.fixed) } : {}),
    },
    ranges,
    fixedVersions: [...sorted.map((s) => s.fixed), ...(mainline !== undefined ? [mainline] : [])],
    openEnded: mainline === undefined,
  };
}
