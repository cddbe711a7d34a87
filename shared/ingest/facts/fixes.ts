/**
 * §9's fix facts: `fixed_in`, `last_affected` and `fix_stated`, per product, branch and platform.
 *
 * Sources, in order: the description's statements (`../versions/description.ts`, tied to products
 * and platforms by `described-fixes.ts`), then the affected products' ranges: NVD cpeMatch
 * `versionEndExcluding` (a fix) and `versionEndIncluding` (the newest affected version), or, for
 * a record NVD has not analysed, the CVE 5 CNA's `lessThan` and `unaffected` versions (`cve5`);
 * beside NVD's configurations, a CNA's fix that NVD's ranges lack (`cve5-fixes.ts`).
 *
 * A fixed version is never one the record calls vulnerable: it is dropped when a vulnerable range
 * or listed version of the same product on the same platform holds it, or when the description
 * says the product is affected through it or a later version of its line. One disagreement is
 * kept both ways: the description's "before 2.5" beside a configuration that ends at 2.5 or lists
 * 2.5 (a boundary, with no higher fix stated anywhere) is a fix the record states, and the
 * configuration's 2.5 its newest affected version (`isDisputedFix`, domain/disputed-fixes.ts).
 * Where the description states a higher fixed version of the same line than a configuration's,
 * the description's wins (the configuration's lower one is inside what the description calls
 * vulnerable), and the text says the version comes from the description. A fix is never carried from one product, branch
 * or platform to another: each entry keeps the product, line and platform its source gives it.
 */
import type { FactSource, Facts, VersionFact } from '../../domain/facts.js';
import { mergedReferences } from '../derive/references.js';
import { compareVersions, isComparableVersion, placesBuild } from '../../domain/cpe/version-compare.js';
import { describedVersions, lineSpan, onLine, onWrittenLine, type DescribedFix } from '../versions/description.js';
import type { VersionRange } from '../../domain/nvd-record.js';
import { rangeContains } from '../../domain/cpe/version-ranges.js';
import { onOtherTrains, phoneBuildModel, versionTrain } from '../../domain/cpe/version-train.js';
import { isDisputedFix, samePlace } from '../../domain/disputed-fixes.js';
import { placeStatements } from './described-fixes.js';
import { factProducts } from './products.js';
import { statesFix } from './fix-references.js';
import { sapNotes } from './sap-notes.js';
import { NO_FIX_SENTENCE } from './no-fix.js';
import { sapListedVersions } from './sap-versions.js';
import { cve5FixProducts } from './cve5-fixes.js';
import { editionFixes } from './cve5-edition-fixes.js';
import { samsungRelease } from './samsung-release.js';
import { ciscoKnownFixedReleases } from './cisco-known-releases.js';
import { androidPatchLevel } from './android-patch-level.js';
import { appleFixes, macosSecurityUpdates } from './apple-fixes.js';
import { isDistribution } from './distributions.js';
import { decimalAbove, namesVersion } from './decimal-fix.js';
import { fixProducts, productKey, type FixProduct } from './fix-products.js';
import { adobeTrackOf, asReleases, compareReleases, sameRelease, yearless } from '../versions/release-order.js';
import type { FactInput } from './input.js';
import { oracleCriticalPatchUpdate } from './oracle-cpu.js';
import { escapeRegExp } from '../../domain/escape-regexp.js';

export type FixFacts = Pick<Facts, 'fixed_in' | 'last_affected' | 'fix_stated'>;

const NONE: FixFacts = { fixed_in: [], last_affected: [], fix_stated: false };

/** "2" for "2.7.9", "10" for "10 Update 18": the first number, which release lines share. */
const major = (version: string) => /\d+/.exec(version)?.[0];

/** "2.7" for "2.7.9", "9.0" for "9.0 build 407", "10" for "10 Update 18": the release line. */
function releaseLine(version: string): string | null {
  const numbers = /^v?(\d+)(?:\.(\d+))?/i.exec(version.trim());
  if (!numbers) return null;
  return numbers[2] === undefined ? numbers[1]! : `${numbers[1]}.${numbers[2]}`;
}

/**
 * GitLab's "all versions from 13.11 prior to 14.7.7, 14.8 prior to 14.8.5" (CVE-2022-1105): the
 * first fix is that of every line from 13.11 to 14.7 ("13.11-14.7"), not of 14.7 alone, which
 * would leave 13.11 to 14.6 users without a line. Undefined where the phrase starts on the fix's line.
 */
function spanFrom(context: string, version: string): string | undefined {
  const start = /\bfrom\s+v?(\d+\.\d+)(?:\.\d+)?\s*$/i.exec(context)?.[1];
  const end = releaseLine(version);
  // "from 0.0.0 before 1.10.0" is every older release, no line.
  if (start === undefined || /^0\.0$/.test(start) || end === null || !end.includes('.') || start === end || compareVersions(start, end) >= 0) return undefined;
  return `${start}-${end}`;
}

/** "3.1" of "Server or Storage Agents 3.1 through 5.1": the start a range's phrase writes just before it. */
function spanStart(context: string): string | undefined {
  return /(?:^|[\s(])v?(\d+(?:\.\d+)+)\s*(?:-|to|until)?\s*$/i.exec(context)?.[1];
}

/** The line a range stays on ("10" for 10.0 to 10.1.13): the dotted numbers its ends share. */
function rangeLine(start: string | undefined, end: string): string | null {
  if (start === undefined) return null;
  const a = start.split('.');
  const b = end.split('.');
  const shared: string[] = [];
  for (let i = 0; i < Math.min(a.length, b.length) && /^\d+$/.test(a[i]!) && a[i] === b[i]; i++) shared.push(a[i]!);
  // OpenSSL's "1.0.2 to before 1.0.2k": a letter release of the start's own last number stays on its line ("1.0.2", not "1.0").
  const at = shared.length;
  const last = a[at];
  if (at > 0 && at === a.length - 1 && at === b.length - 1 && /^\d+$/.test(last!) && b[at]!.startsWith(last!) && /^[a-z]+$/i.test(b[at]!.slice(last!.length)))
    shared.push(last!);
  return shared.length > 0 ? shared.join('.') : null;
}

/**
 * The line the configuration gives a stated fix: next-auth's "version 4 users before version 4.3.2" is listed from 4.0.0
 * before 4.3.2 (CVE-2022-24858), so 4.3.2 is the fix of the 4.x line, not of 4.3.x alone (4.0 to 4.2 would read unfixed).
 */
function lineOfConfiguredRange(products: readonly FixProduct[], key: string, version: string, fixLines: ReadonlySet<string | null> = new Set()): string | null {
  const own = releaseLine(version);
  for (const { range } of products.find((p) => p.key === key)?.ranges ?? []) {
    const start = range.startIncluding ?? range.startExcluding;
    if (start === undefined || range.endExcluding === undefined || !sameRelease(unescaped(range.endExcluding), version)) continue;
    const line = rangeLine(start, version);
    // MediaWiki's 1.23.0 to 1.27.6 beside fixes of 1.30 to 1.32: a line that holds another stated fix's line says nothing.
    const holdsOther = [...fixLines].some((l) => l !== null && l !== own && (l === line || l.startsWith(`${line}.`)));
    return line === null || holdsOther ? null : line;
  }
  return null;
}

/**
 * PostgreSQL's "before PostgreSQL 17.1, 16.5, 15.9 …" beside NVD's ranges 16.0 to 16.5, 15.0 to 15.9 … and a listed 17.0
 * (CVE-2024-10977): where the product's configured ranges each hold one first number, a described fix of two numbers with
 * no range of its own is its first number's too ("17", not "17.1", which would leave the listed 17.0 on a line of its own).
 */
/** "17" of a version of two numbers ("17.1"), else undefined. */
const firstOfTwoNumbers = (version: string) => /^(\d+)\.\d+$/.exec(version)?.[1];

function firstNumberLine(products: readonly FixProduct[], key: string, version: string, fixLines: ReadonlySet<string | null> = new Set()): string | null {
  const ranges = products.find((p) => p.key === key)?.ranges ?? [];
  // With no range at all ("Versions before PostgreSQL 17.3, 16.7, 15.11 …", CVE-2025-1094), the stated fixes themselves:
  // two numbers each, each of its own first number.
  if (ranges.length === 0) {
    const fixes = [...fixLines].filter((l): l is string => l !== null);
    const firsts = fixes.map(firstOfTwoNumbers);
    const own = firstOfTwoNumbers(version);
    return own !== undefined && fixes.length >= 2 && firsts.every((f) => f !== undefined) && new Set(firsts).size === fixes.length ? own : null;
  }
  const lines = ranges.flatMap(({ range }) => {
    const start = range.startIncluding ?? range.startExcluding;
    return start === undefined || range.endExcluding === undefined ? [] : [rangeLine(start, unescaped(range.endExcluding))];
  });
  // Only a version of two numbers, whose own line would be the whole version; "8.5.140.0" has its line (8.5) already.
  const first = firstOfTwoNumbers(version);
  // One range per first number (PostgreSQL's majors), not many ranges of a few (Cisco's per-device NX-OS ranges).
  const perFirstNumber = lines.every((l) => l !== null && /^\d+$/.test(l)) && new Set(lines).size === lines.length;
  return first !== undefined && lines.length >= 2 && perFirstNumber ? first : null;
}

/** The lines a range spans when its ends share only their first number: "6.7-6.12" for 6.7 to 6.12.19. */
function rangeSpan(start: string | undefined, end: string): string | null {
  const a = start?.split('.') ?? [];
  const b = end.split('.');
  const numbers = [a[0], a[1], b[0], b[1]].every((n) => n !== undefined && /^\d+$/.test(n));
  return numbers && a[0] === b[0] && Number(a[1]) < Number(b[1]) ? `${a[0]}.${a[1]}-${b[0]}.${b[1]}` : null;
}

/**
 * Two fixes of one product on one platform that their ranges put on the same line ("6" for the
 * kernel's 6.2 to 6.6.83 and 6.7 to 6.12.19) would read "6.12.19 for the 6.x line, 6.6.83 for the
 * 6.x line": each takes the lines its range spans instead ("the 6.7.x to 6.12.x lines"). So does
 * a line that holds another fix's line: "6.12.11 for the 6.x line" beside "6.6.74 for the 6.6.x
 * line" would send 6.6 users two ways (CVE-2025-21684, whose range starts at 6.7).
 */
function apartLines(fixed: readonly VersionFact[], spans: readonly (string | null)[]): VersionFact[] {
  return fixed.map((f, i) => {
    const span = spans[i];
    // A deeper line the range itself reaches (Salt's 2016.3.9 to 2016.11.3 beside 2016.11.4 to 2016.11.5) is its own neighbour, not another's.
    const outsideSpan = (other: string) => {
      const [from, to] = (span ?? '').split('-').map((end) => Number(end.split('.')[1]));
      const minor = Number(other.split('.')[1]);
      return from === undefined || to === undefined || !(minor >= from && minor <= to);
    };
    const holds = (other: string | null) =>
      other !== null && f.branch !== null && (other === f.branch || (other.startsWith(`${f.branch}.`) && outsideSpan(other)));
    const clash = fixed.some(
      (o, j) =>
        j !== i &&
        o.product === f.product &&
        o.platform === f.platform &&
        holds(o.branch ?? releaseLine(o.version) ?? null) &&
        compareVersions(o.version, f.version) !== 0,
    );
    return span && f.branch !== null && clash ? { ...f, branch: span } : f;
  });
}

/** Same line: the statement's line (a span "19-20" holds 19.x and 20.x), else the same first number. */
function sameLine(a: VersionFact, b: VersionFact): boolean {
  if (a.branch !== null && lineSpan(a.branch)) return onLine(b.version, a.branch);
  if (b.branch !== null && lineSpan(b.branch)) return onLine(a.version, b.branch);
  if (a.branch !== null && b.branch !== null) return a.branch === b.branch || a.branch.startsWith(`${b.branch}.`) || b.branch.startsWith(`${a.branch}.`);
  // Adobe's "2021.001.20155" and the configuration's "21.001.20150" are on one line.
  const [x, y] = asReleases(a.version, b.version);
  return major(x) === major(y);
}

/**
 * One entry per product, platform and version: the first source's spelling ("v285" from the
 * description, not the configuration's "285"), and the description's platform ("5.0.1 on
 * Android") over a configuration's same version for every platform.
 */
function unique(entries: readonly VersionFact[]): VersionFact[] {
  const kept: VersionFact[] = [];
  for (const e of entries) {
    // A version stated for every platform (null) covers the same version stated for one.
    if (
      !kept.some(
        (k) => k.product === e.product && (k.platform === e.platform || e.platform === null || k.platform === null) && sameRelease(k.version, e.version),
      )
    )
      kept.push(e);
  }
  return kept;
}

/**
 * The newest affected versions, one per product, line and platform: the description's (read
 * first) wins over a configuration's at or below it on the same line ("1.5.3 and earlier" beside
 * a listed 1.5.2), and a version written twice ("0.7-alpha", "0.7 alpha") is one.
 */
function newestStated(entries: readonly VersionFact[]): VersionFact[] {
  const kept: VersionFact[] = [];
  for (const e of entries) {
    // The description's statement holds on every platform unless it names one: it covers a configuration's "3.0.5 on joomla!".
    const covered = kept.some(
      (k) =>
        k.product === e.product &&
        (k.platform === e.platform || (k.source === 'description' && k.platform === null)) &&
        (compareVersions(k.version, e.version) === 0 ||
          (sameLine(k, e) && k.source === 'description' && e.source !== 'description' && compareReleases(e.version, k.version) < 0)),
    );
    if (!covered) kept.push(e);
  }
  return kept;
}

/**
 * "Program Neighborhood client 9.0 and earlier" beside a configuration that lists 9.1 (CVE-2005-3652):
 * with no line on either and one product, the two are one line, and its newest affected version
 * is the higher. Kept as two, "update past the one for your release line" would send a 9.0 user
 * to 9.1. The text still says what the description gives (`describedLast` of the fix text).
 */
function underConfigured(described: readonly VersionFact[], configured: readonly VersionFact[], written: readonly string[]): VersionFact[] {
  // Where the configuration gives the product lines of its own (Ruby's ranges per 2.2, 2.3 and 2.4
  // beside a listed 2.5.0 preview1), "through 2.4.3" is of a line, and stays.
  const lined = (d: VersionFact) => configured.some((c) => c.product === d.product && c.branch !== null);
  return described.filter(
    (d) =>
      d.branch !== null ||
      lined(d) ||
      !configured.some(
        (c) =>
          c.product === d.product &&
          c.branch === null &&
          c.platform === d.platform &&
          // "MySQL 4.0.23 and earlier, and 4.1.x up to 4.1.10" names the 4.1 line itself: two lines.
          !written.some((v) => sameRelease(v, c.version)) &&
          major(yearless(c.version)) === major(yearless(d.version)) &&
          compareReleases(c.version, d.version) > 0,
      ),
  );
}

/**
 * Adobe's "Acrobat Reader DC versions 2021.001.20155 (and earlier), 2020.001.30025 (and earlier)
 * and 2017.011.30196 (and earlier)": the description names both tracks by the Continuous
 * product's name, and NVD lists the Classic lines under `acrobat_reader`. A newest affected
 * version on a line none of its product's ranges reach is that of the one listed product whose
 * key the product's extends most closely (`acrobat_reader`, not `acrobat`, for `acrobat_reader_dc`) and whose ranges reach it.
 */
function onListedLine(last: VersionFact, products: readonly FixProduct[]): VersionFact {
  const line = major(yearless(last.version));
  const reaches = (p: FixProduct) =>
    p.ranges.some(({ range }) =>
      [range.exact, range.startIncluding, range.startExcluding, range.endIncluding, range.endExcluding].some((v) => v !== undefined && major(v) === line),
    );
  const own = products.find((p) => p.key === last.product);
  if (line === undefined || own === undefined || own.ranges.length === 0 || reaches(own)) return last;
  // The longest such key: `acrobat_reader_dc` extends `acrobat_` too, but is the Reader's.
  const shorter = products.filter((p) => last.product.startsWith(`${p.key}_`) && reaches(p)).sort((a, b) => b.key.length - a.key.length);
  return shorter[0] === undefined || shorter[1]?.key.length === shorter[0].key.length ? last : { ...last, product: shorter[0].key };
}

/** NVD escapes CPE punctuation in range bounds ("15.3\\(100\\)m"); the version as written has none. */
const unescaped = (version: string) => version.replace(/\\(.)/g, '$1');

/** The fixes and newest affected versions the products' ranges give (NVD configurations or CVE 5 entries). */
function rangeFacts(products: readonly FixProduct[], source: FactSource): { fixed: VersionFact[]; last: VersionFact[] } {
  const fixed: VersionFact[] = [];
  const spans: (string | null)[] = [];
  const last: VersionFact[] = [];
  for (const product of products) {
    for (const { range, platform } of product.ranges) {
      const start = range.startIncluding ?? range.startExcluding;
      if (range.endExcluding !== undefined) {
        fixed.push({ product: product.key, version: unescaped(range.endExcluding), branch: rangeLine(start, range.endExcluding), platform, source });
        spans.push(rangeSpan(start, unescaped(range.endExcluding)));
      }
      if (range.endIncluding !== undefined)
        last.push({ product: product.key, version: unescaped(range.endIncluding), branch: rangeLine(start, range.endIncluding), platform, source });
    }
    // A CNA's `unaffected` versions are fixed releases too (kept on the product, not as ranges).
    if (source === 'cve5') {
      for (const version of product.members.flatMap((m) => m.fixedVersions)) {
        fixed.push({ product: product.key, version, branch: null, platform: null, source });
        spans.push(null);
      }
    }
  }
  return { fixed: apartLines(fixed, spans), last };
}

/** A CNA's several fixed versions of one product with no line given are one per release line ("5.10.123", "6.1.50"). */
function withLines(fixes: readonly VersionFact[]): VersionFact[] {
  const versions = new Map<string, VersionFact[]>();
  for (const f of fixes) {
    const known = versions.get(f.product) ?? [];
    if (!known.some((k) => compareVersions(k.version, f.version) === 0)) versions.set(f.product, [...known, f]);
  }
  return fixes.map((f) => (f.branch === null && (versions.get(f.product)?.length ?? 0) > 1 ? { ...f, branch: releaseLine(f.version) } : f));
}

/**
 * Juniper's trains ("15.1X53" beside "15.1", fixes "15.1X53-D495" and "15.1R7-S2"): where the
 * fixes name a train, each listed version belongs to the longest fix line it lies on
 * ("15.1x53 d590" to 15.1X53, "15.1 r7" to 15.1), else to its release line; undefined where no
 * fix names a train.
 */
function trainGroups(listed: readonly string[], fixes: readonly VersionFact[]): Map<string, string[]> | undefined {
  const branches = [...new Set(fixes.flatMap((f) => (f.branch === null ? [] : [f.branch])))].sort((a, b) => b.length - a.length);
  if (!branches.some((b) => /^\d+\.\d+X\d+$/i.test(b))) return undefined;
  const groups = new Map<string, string[]>();
  for (const version of listed) {
    const line = branches.find((b) => onWrittenLine(version, b)) ?? releaseLine(version);
    if (line !== null) groups.set(line, [...(groups.get(line) ?? []), version]);
  }
  return groups;
}

/**
 * The highest version listed one by one, per product and platform, and per line of the product's
 * fixes, or per release line of its own where the description lists the affected versions line
 * by line (`perLine`: Oracle's "Supported versions that are affected are Java SE: 7u231, 8u221,
 * 11.0.4 and 13"): 8u221 is the newest affected version of the 8 line, not below 13.
 */
function listedLast(products: readonly FixProduct[], fixed: readonly VersionFact[], source: FactSource, perLine = false): VersionFact[] {
  const out: VersionFact[] = [];
  for (const product of products) {
    const platforms = [...new Set(product.ranges.map((r) => r.platform))];
    for (const platform of platforms) {
      const listed = product.ranges
        .filter((r) => r.platform === platform && r.range.exact !== undefined && isComparableVersion(r.range.exact))
        .map((r) => unescaped(r.range.exact!));
      if (listed.length === 0) continue;
      const fixes = fixed.filter((f) => f.product === product.key && samePlace(f.platform, platform));
      const trains = trainGroups(listed, fixes);
      if (trains) {
        for (const [branch, group] of trains) out.push({ product: product.key, version: [...group].sort(compareVersions).at(-1)!, branch, platform, source });
        continue;
      }
      const lines = [...new Set(fixes.map((f) => major(f.version)))];
      const ownLines = perLine ? [...new Set(listed.map((v) => releaseLine(v)))] : [];
      const groups =
        lines.length > 1
          ? lines.map((line) => listed.filter((v) => major(v) === line))
          : ownLines.length > 1
            ? ownLines.map((line) => listed.filter((v) => releaseLine(v) === line))
            : [listed];
      for (const group of groups) {
        const top = [...group].sort(compareVersions).at(-1);
        if (top !== undefined)
          out.push({ product: product.key, version: top, branch: groups.length > 1 ? (releaseLine(top) ?? null) : null, platform, source });
      }
    }
  }
  return out;
}

/**
 * A range speaks of a release line when it starts, ends or is listed on it. A description's fix
 * for one line ("ColdFusion 10 before Update 18") is not contradicted by a range of another line
 * that NVD wrote with no start ("through 11.0 update 6", CVE-2015-8052): the description
 * separates the lines, and NVD's open start is no statement about line 10.
 */
function reachesLine(range: VersionRange, branch: string | null): boolean {
  if (branch === null) return true;
  const line = major(branch);
  return [range.exact, range.startIncluding, range.startExcluding, range.endIncluding, range.endExcluding].some(
    (v) => v !== undefined && (lineSpan(branch) ? onLine(v, branch) : major(v) === line),
  );
}

/** A range of one named train ("before sps_soc-a_05.00.03.098.0") holds no version of another ("sps_e5_04.04.04.023.0"). */
const otherTrain = (range: VersionRange, version: string) =>
  [range.exact, range.startIncluding, range.startExcluding, range.endIncluding, range.endExcluding].some((v) => v !== undefined && onOtherTrains(v, version));

/** The train versions ("SPS_E5_04.04.04.023.0") the description writes, lower case. */
function trainsWritten(description: string): Map<string, string> {
  const written = (description.match(/[A-Za-z][\w-]*_\d+(?:\.\d+)+/g) ?? []).filter((v) => versionTrain(v) !== undefined);
  return new Map(written.map((v) => [v.toLowerCase(), v]));
}

/**
 * A configuration's bound written as a CPE token, a word and a version joined by "_"
 * (`bmc_8100.01.08`), as the description writes it: CVE-2021-0113's "before version EFI BIOS
 * 7215, BMC 8100.01.08" gives "EFI BIOS 7215, BMC 8100.01.08" (the whole fixed release, up to
 * 40 characters after "before"), else the token spaced as written ("CCS 9.4"). None where the
 * description does not write it.
 */
function boundWritten(description: string, version: string): string | undefined {
  const token = /^([a-z]+)_(\d[\w.-]*)$/i.exec(version);
  if (!token) return undefined;
  const found = new RegExp(String.raw`\b${escapeRegExp(token[1]!)}[\s_-]?${escapeRegExp(token[2]!)}(?![\w.]*\d)`, 'i').exec(description);
  if (!found) return undefined;
  const before = /\b(?:before|prior to)\s+(?:versions?\s+)?([^.;()]{0,40})$/i.exec(description.slice(0, found.index));
  return before ? `${before[1]!}${found[0]}` : found[0];
}

// Rockwell's "B FRN 15.000" is its firmware's number 15.000 as the vendor writes it.
const startsWithNumber = (version: string) => /^(?:v|(?:[A-D]\s)?FRN\s)?\d/i.test(version.trim());

/** The range holds `version` only as its last version: an inclusive end at it, or a listing of it alone. */
function endsAt(range: VersionRange, version: string): boolean {
  const end = range.exact ?? range.endIncluding;
  return end !== undefined && compareVersions(end, version) === 0;
}

/**
 * True when the record calls `fix` vulnerable, or cannot be checked against it:
 * - the product is affected in every version (CPE `*` with no bound);
 * - a range of its product on its place holds it, or a stated newest affected version of its
 *   line is at or above it;
 * - it is written so that it cannot be placed among the product's numbered versions ("build
 *   2313" beside FortiClient 5.2): a fix is named only where it is known to lie outside them.
 * 'at its boundary' when the only ranges that hold the description's fix end at it (inclusive
 * end, or a listing of that version alone).
 */
/**
 * "HDL-F160 … firmware before 1.02" where NVD lists the devices themselves (CPE part `h`) with
 * every version: a device's CPE version is its hardware revision, not its firmware's, so "every
 * version of the device" holds no firmware version and does not contradict the firmware's fix
 * (only where the text names the device right before its firmware: "Network Option Card firmware
 * before 5.13" after a list of printers is the card's fix, not the printers').
 */
const FIRMWARE_BEFORE = /\bfirmware\s*(?:versions?\s*)?$/i;
// Only where the record lists devices alone: beside a listed firmware (ASUS's `wl-33nul_firmware` beside the `wl-330nul` device) the fix is the firmware's.
const devicesOnly = (product: FixProduct) => product.members.every((m) => m.part === 'h');

/** Whether `version` lies on the release line `branch` ("1.5.0 beta1" on "1.5", not on "1.4" nor "1.50"). */
function onBranch(version: string, branch: string): boolean {
  if (lineSpan(branch)) return onLine(version, branch);
  // The version's numbers, without a "v" or a name before them ("v1.5.0", "1.5.0 beta1": 1.5.0).
  const lead = /\d+(?:\.\d+)*/.exec(version)?.[0];
  return lead !== undefined && onWrittenLine(lead, branch);
}

/**
 * "H2O before 1.4.5 and 1.5.x before 1.5.0-beta2" beside NVD's two ranges with no start, through
 * 1.4.4 and through `h20:*:beta1` 1.5.0: NVD wrote one range per line, the first ending right
 * below the 1.4 line's fix. The range that ends on the other line, below that line's stated fix,
 * does not call 1.4.5 vulnerable; had it meant every older version, the first range would say
 * nothing.
 */
function anotherLinesRange(range: VersionRange, fix: VersionFact, describedFixed: readonly VersionFact[], ranges: readonly VersionRange[]): boolean {
  const openEnd = (r: VersionRange) =>
    r.exact === undefined && r.startIncluding === undefined && r.startExcluding === undefined ? (r.endIncluding ?? r.endExcluding) : undefined;
  const end = openEnd(range);
  if (fix.source !== 'description' || fix.branch === null || end === undefined || onBranch(end, fix.branch)) return false;
  const ownLineRange = ranges.some((r) => {
    const own = openEnd(r);
    return own !== undefined && onBranch(own, fix.branch!) && compareVersions(own, fix.version) < 0;
  });
  return (
    ownLineRange &&
    describedFixed.some(
      (other) =>
        other.product === fix.product &&
        other.branch !== null &&
        other.branch !== fix.branch &&
        onBranch(end, other.branch) &&
        compareVersions(other.version, end) > 0,
    )
  );
}

function contradicted(
  fix: VersionFact,
  products: readonly FixProduct[],
  last: readonly VersionFact[],
  firmwareFixes: WeakSet<VersionFact>,
  describedFixed: readonly VersionFact[],
  ownFixes: WeakSet<VersionFact>,
  tied: ReadonlySet<string>,
): boolean | 'at its boundary' {
  const product = products.find((p) => p.key === fix.product);
  // "PHPIDS before 20070703" beside one unbounded `phpids:*` (CVE-2007-3577): a `*` with no bound
  // names no version, so it does not contradict the fix the description states for that very
  // product. Beside any bounded range or listed version of it, the `*` stays every version; a
  // device's `*` is its hardware (its firmware's fix is `firmwareFixes`' case); and a `*` an AND
  // node ties to platforms ("WebKit in Apple iOS before 9.3.3") is read with the platform's version.
  if (product?.allVersions && product.ranges.length === 0 && !devicesOnly(product) && ownFixes.has(fix) && !tied.has(product.key)) return false;
  if (product?.allVersions) return !(firmwareFixes.has(fix) && products.every(devicesOnly));
  // "5.x before build 5701" beside NVD's "5.7 5700", "5.7 5607", …: where every numbered version
  // of the product is written with its build, the build alone is placed among them.
  const bounds = (product?.ranges ?? []).flatMap((r) => [r.range.exact, r.range.endExcluding, r.range.endIncluding]);
  const numbered = bounds.filter((v): v is string => v !== undefined && startsWithNumber(v)).map(unescaped);
  if (!startsWithNumber(fix.version) && numbered.length > 0) {
    if (!numbered.every((v) => placesBuild(fix.version, v))) return true;
    // The builds count across the product's releases: one listed at or above it is affected.
    if (numbered.some((v) => compareVersions(v, fix.version) >= 0)) return true;
  }
  // A fix of Adobe's Classic or Continuous track is checked against that track's ranges (and untracked ones), on every line.
  const fixTrack = fix.source === 'description' ? adobeTrackOf(fix.branch) : undefined;
  const lineOnly = fix.source === 'description' && fixTrack === undefined ? fix.branch : null;
  // A configuration's fix ending ranges of one track (Adobe's Classic 17.011.30120) lies inside
  // another track's numbers (Continuous 15.008.20082 to 19.010.20091) without being its version.
  const ownTracks = new Set(
    fix.source === 'configuration'
      ? (product?.ranges ?? [])
          .filter((r) => r.range.endExcluding !== undefined && compareVersions(r.range.endExcluding, fix.version) === 0)
          .map((r) => r.range.track)
      : [],
  );
  // Jenkins' "2.503 and earlier, LTS 2.492.2 and earlier" beside the configuration's LTS range before 2.492.3 and its weekly
  // range before 2.504 (CVE-2025-31721, h47): where the description names the newest affected version of the fix's own
  // track, the untracked range and the unlined newest affected version are the other track's.
  const ownTrackNamed = [...ownTracks].some(
    (t) => t !== undefined && last.some((o) => o.product === fix.product && o.branch !== null && o.branch.toLowerCase() === t.toLowerCase()),
  );
  const otherTrack = (range: VersionRange) =>
    range.track === undefined
      ? ownTrackNamed
      : fixTrack !== undefined
        ? range.track.toLowerCase() !== fixTrack
        : ownTracks.size > 0 && !ownTracks.has(undefined) && !ownTracks.has(range.track);
  const ofPlace = (product?.ranges ?? []).filter((r) => samePlace(r.platform, fix.platform) && !otherTrack(r.range));
  const placeRanges = ofPlace.map((r) => r.range);
  const holding = ofPlace.filter(
    (r) =>
      reachesLine(r.range, lineOnly) &&
      !otherTrain(r.range, fix.version) &&
      rangeContains(r.range, fix.version) &&
      !anotherLinesRange(r.range, fix, describedFixed, placeRanges),
  );
  if (holding.some((r) => fix.source !== 'description' || !endsAt(r.range, fix.version))) return true;
  // A newest affected version of a written line ("9.9.x <= 9.9.1") says nothing of an unlined fix on another line (9.5.8, CVE-2024-43780).
  const onItsWrittenLine = (l: VersionFact) => l.branch === null || fix.branch !== null || onBranch(fix.version, l.branch);
  if (
    last.some(
      (l) =>
        l.product === fix.product &&
        samePlace(l.platform, fix.platform) &&
        sameLine(l, fix) &&
        onItsWrittenLine(l) &&
        !(ownTrackNamed && l.branch === null) &&
        compareReleases(l.version, fix.version) >= 0,
    )
  )
    return true;
  return holding.length > 0 ? 'at its boundary' : false;
}

/**
 * A configuration's fix below the description's fix of the same line is inside what the
 * description calls vulnerable. A described fix of a named line ("4.6.1" of 4.6) holds only that
 * line: a configuration's open range before 4.4.12 beside "before 4.6.1, 4.5.7 and 4.4.11" is the
 * 4.4 line's fix, not below 4.6.1.
 */
function belowDescribed(fix: VersionFact, described: readonly VersionFact[], configured: readonly VersionFact[]): boolean {
  const ofItsLine = (d: VersionFact) =>
    d.branch !== null && fix.branch === null ? onBranch(fix.version, d.branch) : sameLine(d, fix) && !otherConfiguredLine(fix, d, described, configured);
  return (
    fix.source !== 'description' &&
    described.some((d) => d.product === fix.product && samePlace(d.platform, fix.platform) && ofItsLine(d) && compareReleases(fix.version, d.version) < 0)
  );
}

/**
 * "OpenSSL 1.0.2 and 1.1.0 before 1.1.0c" beside the configuration's ranges 1.0.2 to before
 * 1.0.2k and 1.1.0 to before 1.1.0c (CVE-2016-7055): the description's one fix, with no line, is
 * one of the configuration's per-line bounds; the others are their own lines' fixes, not below it.
 * A range that starts on an older line ("3.19 to before 4.1.43" beside "4.12 to before 4.12.3"
 * and the kernel's "before 4.12.3", CVE-2017-7541) has no line of its own range, so its fix's
 * release line (4.1) is the line it fixes.
 */
function otherConfiguredLine(fix: VersionFact, d: VersionFact, described: readonly VersionFact[], configured: readonly VersionFact[]): boolean {
  const fixLine = fix.branch ?? releaseLine(fix.version);
  return (
    fixLine !== null &&
    d.branch === null &&
    !onBranch(d.version, fixLine) &&
    described.filter((o) => o.product === d.product && samePlace(o.platform, d.platform)).length === 1 &&
    configured.some((g) => g.product === fix.product && g.branch !== null && g.branch !== fixLine && sameRelease(g.version, d.version))
  );
}

/**
 * The configuration's line of a description fix it bounds too, where the product has fixes of other lines
 * (`otherConfiguredLine`): of a named line, or unlined and off this one (Sudo's "before 1.9.5" is the 1.9.x line's
 * beside the configuration's open range before 1.8.32, CVE-2021-23239, which the text then gives older releases).
 */
function configuredLine(f: VersionFact, kept: readonly VersionFact[], configured: readonly VersionFact[]): string | null {
  if (f.source !== 'description' || f.branch !== null) return null;
  const line = configured.find(
    (g) => g.product === f.product && g.branch !== null && samePlace(g.platform, f.platform) && sameRelease(g.version, f.version),
  )?.branch;
  const otherLine = (o: VersionFact, own: string) => (o.branch !== null ? o.branch !== own : o.source !== 'description' && !onBranch(o.version, own));
  return line !== undefined && line !== null && kept.some((o) => o !== f && o.product === f.product && otherLine(o, line)) ? line : null;
}

/**
 * Words that state a fix. Not inside a name, path or quoted feature ("/update-image1.php",
 * "patch_manager", the "update dimension region's chunks" feature), not a release's step ("JRE 6
 * Update 10 and earlier", "Patch 3"), and not a noun's modifier ("the handling of update packages
 * on USB drives", "the firmware update process"), nor the attack's verb ("to update arbitrary
 * user details"): those state no fix.
 */
const UPDATE_NOUN = String.raw`\s+(?:packages?|mechanisms?|features?|process(?:es)?|functionality|functions?|files?|images?|servers?|services?|modules?|components?|checks?|channels?|managers?|utility|utilities|tools?|clients?|agents?|daemons?|requests?|urls?|scripts?|operations?|routines?|handlers?|procedures?|commands?|pages?|endpoints?|interfaces?|api|protocol|messages?|notifications?|settings?|options?|dialogs?|logic|code|paths?)\b`;
/** The attacker's own act ("to update arbitrary user details", "can update any post"): update is the verb of the attack. */
const ATTACK_OBJECT = String.raw`\s+(?:arbitrary|any\s+other|other\s+users?|another\s+user|the\s+(?:details|data|settings|profile|password|email)\s+of)\b`;
/** Wordfence's "makes it possible for authenticated attackers, with subscriber-level permissions and above, to update the plugin settings": the attacker updates. */
const ATTACKER_TO = String.raw`\b(?:attackers?|adversar(?:y|ies)|threat actors?)\b[^.;]{0,100}?\bto\s`;
/** MyBB's "1.00 RC4 with Security Patch" (CVE-2005-2580, the twenty-fifth reading): the affected release's name, no fix. */
const VERSION_WITH = String.raw`\d[\w.]*(?:\s+[A-Za-z]{1,3}\d+)?\s+with\s+(?:the\s+)?(?:security\s+)?`;
const STATED_FIX_WORDS = new RegExp(
  String.raw`(?<![\w/.\-"'“‘])(?:fixed in|(?<!${ATTACKER_TO})updates?(?!${UPDATE_NOUN}|${ATTACK_OBJECT})|(?<!${VERSION_WITH})patch(?:es|ed)?)(?![\w-]|\.\w|\s?\d)`,
  'i',
);

/**
 * Patchstack's "This issue affects Latest Custom Post Type Updates: from n/a through 1.3.0": the
 * product's own name, wherever the description writes it, holds no word that states a fix.
 */
const PATCHSTACK_NAME = /\bThis issue affects (?<name>[^:.]{2,120}): from\b/;
function withoutPatchstackName(description: string): string {
  const name = PATCHSTACK_NAME.exec(description)?.groups?.name?.trim();
  return name ? description.split(name).join(' ') : description;
}

/** The kernel CNA's "the following vulnerability has been resolved", "This issue has been fixed": the flaw is fixed. */
const RESOLVED = /\b(?:vulnerability|issue|flaw|bug|problem)\s+(?:has|have)\s+been\s+(?:resolved|fixed|addressed)\b/i;

/**
 * Huawei's phone builds name their model ("NEM-AL10C00B130" is model NEM-AL10's): the fix is that
 * model's firmware (`huawei:nem-al10_firmware`) where NVD lists it, never the other models' of the
 * record. Undefined for other versions.
 */
function modelBuildProduct(version: string, products: readonly FixProduct[]): string[] | undefined {
  // Any case, a longer name and a lettered model too: "Maya-L02C636B126", "Victoria-AL00AC00B167" (CVE-2017-8173).
  const model = phoneBuildModel(version);
  const vendor = products[0]?.key.split(':')[0];
  if (model === undefined || vendor === undefined) return undefined;
  const listed = products.find((p) => p.key === `${vendor}:${model}_firmware` || p.key === `${vendor}:${model}`);
  if (listed) return [listed.key];
  // NVD often lists a phone's builds under its marketing name ("huawei:p9_firmware" with versions
  // "EVA-AL10C00B…"): the product whose listed builds are the model's. A model NVD does not list
  // gets no fix: a fix names only a product the record lists as vulnerable.
  const byBuilds = products.find((p) => p.ranges.some((r) => (r.range.exact ?? '').toLowerCase().startsWith(model)));
  return byBuilds ? [byBuilds.key] : [];
}

/**
 * Salt's ranges "before 2015.8.10" and "2015.8.11 to before 2015.8.13": a range end whose line a
 * later range of the same product and place starts again and stays on is one safe release, not
 * the line's fix; the later range's end is. (A later range that runs on into another line,
 * "2016.3.9 to before 2016.11.3", is read as that line's, as people read it.)
 */
function reopened(fix: VersionFact, products: readonly FixProduct[]): boolean {
  if (fix.source === 'description') return false;
  return (products.find((p) => p.key === fix.product)?.ranges ?? []).some(({ range, platform }) => {
    const start = range.startIncluding ?? range.startExcluding;
    const end = range.endExcluding ?? range.endIncluding;
    // The line the later range stays on, from its own ends: "8.1.2" for 8.1.2.0 to 8.1.2.1 is not 8.1.1.2's line.
    const line = start === undefined || end === undefined ? null : rangeLine(start, end);
    return (
      samePlace(platform, fix.platform) &&
      line !== null &&
      line.includes('.') &&
      // A fix whose own range spans lines ("2016.3.9 to before 2016.11.3": line "2016") is on whichever it lies.
      (fix.branch === line || ((fix.branch === null || !fix.branch.includes('.')) && onBranch(fix.version, line))) &&
      compareVersions(start!, fix.version) > 0
    );
  });
}

/**
 * Apple's "Security Update 2021-001 Catalina": macOS's fix for its line, beside the configuration's
 * numbered ones; a numbered macOS fix with no line is then its own line's ("10.15" for 10.15.7,
 * "11" for 11.2), so the text names each line's fix.
 */
function withSecurityUpdates(fixes: VersionFact[], products: readonly FixProduct[], description: string): VersionFact[] {
  const macos = products.find((p) => p.key === 'apple:macos' || p.key === 'apple:mac_os_x')?.key;
  const updates = macos === undefined ? [] : macosSecurityUpdates(description, macos);
  if (updates.length === 0) return fixes;
  const ownLine = (v: string) => (/^10\./.test(v) ? releaseLine(v) : (major(v) ?? null));
  return [...fixes.map((f) => (f.product === macos && f.branch === null ? { ...f, branch: ownLine(f.version) } : f)), ...updates];
}

/**
 * OpenSSL's "1.0.1 before 1.0.1q and 1.0.2 before 1.0.2e" (CVE-2015-3194): a release of three numbers or more written
 * right before its fix names the fix's line ("1.0.1"), where two numbers ("1.0") would hold the 1.0.2 line too.
 */
function writtenBase(description: string, version: string): string | undefined {
  const escaped = escapeRegExp(version);
  const base = new RegExp(String.raw`(?<![\d.])(\d+(?:\.\d+){2,})(?:\.x)?\s+(?:before|prior to)\s+(?:versions?\s+)?${escaped}(?![\w.]*\d)`).exec(
    description,
  )?.[1];
  return base !== undefined && onWrittenLine(version, base) && version.length > base.length ? base : undefined;
}

/** A statement inside a bracket that opens "(in the …": what it bounds is the clause before it. `text`: the description, its spaces made single. */
function bracketQualifier(statement: DescribedFix, text: string): boolean {
  const before = text.slice(0, statement.at);
  const open = before.lastIndexOf('(');
  return open >= 0 && !before.slice(open).includes(')') && /^\((?:in|for|on) the\b/i.test(before.slice(open));
}

/**
 * Nextcloud's "prior to 19.0.13, 20.011, and 21.0.3 … fixed in versions 19.0.13, 20.0.11, and 21.0.3" (CVE-2021-32741,
 * the final reading of the twenty-seventh session: the fix text named "20.011 for the 20.011.x line"): a fix with a
 * number written with a leading zero, whose digits another fix of its product writes with more dots, is that fix
 * mistyped ("25.09" of 25.0.9, "010.0" of v0.10.0).
 */
function withoutMistypedTwins(fixes: VersionFact[]): VersionFact[] {
  const digits = (v: string) => v.replace(/\D/g, '');
  const dots = (v: string) => v.split('.').length;
  return fixes.filter(
    (f) =>
      !/(?:^|\.)0\d/.test(f.version) ||
      !fixes.some((o) => o.product === f.product && o.version !== f.version && digits(o.version) === digits(f.version) && dots(o.version) > dots(f.version)),
  );
}

/** Which versions fix the flaw and which are the newest affected, per product, branch and platform (§9). */
export function readFixFacts(input: FactInput): FixFacts {
  if (input.rejected) return NONE;
  const products = fixProducts(input.products, input.sources.nvd?.platformRanges ?? []);
  // Apple's template names each product with its fix; where the record lists no product, it is the whole statement.
  const apple = products.length === 0 ? appleFixes(input.description) : [];
  if (apple.length > 0) return { fixed_in: apple, last_affected: [], fix_stated: true };
  const rangeSource: FactSource = input.sources.nvd && input.sources.nvd.products.length > 0 ? 'configuration' : 'cve5';
  const described = describedVersions(input.description);
  const fixedStatements = new Set(described.fixed);
  const statedAffected = new Set(described.affected);
  const singleSpaced = input.description.replace(/\s+/g, ' ');
  const newest = described.lastAffected.filter((statement) => !bracketQualifier(statement, singleSpaced));
  // "… bypass the KASLR protection mechanism (in the kernel through 4.9)" beside "the Linux kernel through 4.12.9"
  // (CVE-2017-13694, the twenty-third reading): the bracket bounds one of the gains, not the product's releases.
  const lastAffected = newest.length > 0 ? newest : described.lastAffected;
  const all = [...described.fixed, ...lastAffected].sort((a, b) => a.at - b.at);
  const describedFixed: VersionFact[] = [];
  const describedLast: VersionFact[] = [];
  const describedAffected: VersionFact[] = [];
  // "11.x before 11.2.1 HF11 and 11.3.0": a version read from a list after a fix may be an affected one.
  const fromLists = new WeakSet<VersionFact>();
  const firmwareFixes = new WeakSet<VersionFact>();
  const perLine = /\bSupported versions that are affected are\b/i.test(input.description);
  // "9.0 and earlier", "through 9.0" with no start: what `underConfigured` may join to a listed higher version of its line.
  const upTo = new Set(described.upTo);
  const upToFacts = new WeakSet<VersionFact>();
  // "3.1 through 5.1": where a described newest affected version has a written start.
  const spanStarts = new WeakMap<VersionFact, string>();
  // Fixes the description states for the product it names (or the record's only product).
  const ownFixes = new WeakSet<VersionFact>();
  // The release lines of each product's stated fixes: a product fixed on several lines gets a
  // line per fix; AIR's "18.0.0.144 on Windows and 18.0.0.143 on OS X" are platforms of one line.
  const linesPerProduct = new Map<string, Set<string | null>>();
  const subject = products.length === 0 ? factProducts([], input.description)[0] : undefined;
  const recordSubject = subject && { key: subject.product, name: subject.name };
  // Versions named before the verb are placed apart: they stand between no other statement and its platform ("… on Ubuntu 15.04 allows").
  const placed = [
    ...placeStatements(all, products, input.description, recordSubject),
    ...placeStatements(described.affected, products, input.description, recordSubject),
  ];
  const distributionKeys = new Set(input.products.filter(isDistribution).map(productKey));
  for (const p of placed)
    for (const key of p.products)
      if (fixedStatements.has(p.statement)) linesPerProduct.set(key, (linesPerProduct.get(key) ?? new Set()).add(releaseLine(p.statement.version)));
  for (const { statement, products: placedKeys, platforms, named, namedRightBefore, release } of placed) {
    const keys = modelBuildProduct(statement.version, products) ?? placedKeys;
    for (const key of keys) {
      // "fcheck before 2.7.59" in a record that lists only Debian: the package's version, not Debian's.
      if (!named && distributionKeys.has(key)) continue;
      for (const platform of platforms) {
        // "xzgrep 5.2.x before 5.2.0, before 5.0.0": after a fix of a written line, an unlined fix
        // below it is the fix of every older version, not of a line of its own ("5.0"). ("H2O before
        // 1.4.5 and 1.5.x before …" names the older line first: its fix is that line's.)
        const olderCatchAll =
          !statement.line &&
          placed.some(
            (p) =>
              p.statement !== statement &&
              p.statement.line !== undefined &&
              p.statement.at < statement.at &&
              p.platforms.join('|') === platforms.join('|') &&
              fixedStatements.has(p.statement) &&
              p.products.includes(key) &&
              compareVersions(statement.version, p.statement.version) < 0,
          );
        const several = (linesPerProduct.get(key)?.size ?? 0) > 1 && !olderCatchAll;
        const branch =
          statement.line ??
          release ??
          (several
            ? (spanFrom(statement.context, statement.version) ??
              lineOfConfiguredRange(products, key, statement.version, linesPerProduct.get(key)) ??
              writtenBase(input.description, statement.version) ??
              firstNumberLine(products, key, statement.version, linesPerProduct.get(key)) ??
              releaseLine(statement.version))
            : null);
        const fact: VersionFact = { product: key, version: statement.version, branch, platform, source: 'description' };
        (fixedStatements.has(statement) ? describedFixed : statedAffected.has(statement) ? describedAffected : describedLast).push(fact);
        if (statement.listed) fromLists.add(fact);
        if (upTo.has(statement) && !perLine) upToFacts.add(fact);
        const start = spanStart(statement.context);
        if (start !== undefined && !fixedStatements.has(statement) && !statedAffected.has(statement)) spanStarts.set(fact, start);
        if (namedRightBefore && FIRMWARE_BEFORE.test(statement.context)) firmwareFixes.add(fact);
        if ((named || products.length === 1) && keys.length === 1) ownFixes.add(fact);
      }
    }
  }
  const ranged = rangeFacts(products, rangeSource);
  // Apple's "This issue is fixed in macOS Ventura 13, iOS 16, iOS 15.7 …" beside NVD's products:
  // an item of a listed product that NVD's ranges do not end at is the description's fix ("13"
  // is no version to the grammar); one they end at stays the configuration's.
  for (const fix of appleFixes(input.description))
    if (products.some((p) => p.key === fix.product) && !ranged.fixed.some((f) => f.product === fix.product && sameRelease(f.version, fix.version)))
      describedFixed.push(fix);
  // A CNA that writes its fixes per release line (the kernel's "5.10.212 up to 5.10.*") gives each fix its line.
  const writtenPerLine = new Set(products.filter((p) => p.members.some((m) => m.releaseLines)).map((p) => p.key));
  const lined = withLines(ranged.fixed.filter((f) => writtenPerLine.has(f.product)).map((f) => ({ ...f, branch: null })));
  const fromRanges = { ...ranged, fixed: ranged.fixed.map((f) => lined.find((l) => l.product === f.product && l.version === f.version) ?? f) };
  // Beside NVD's configurations, a CNA's fix that NVD's ranges lack is stated too (checked below against NVD's ranges).
  const cnaProducts = rangeSource === 'configuration' && input.sources.cve5 ? cve5FixProducts(products, input.sources.cve5.cna.products) : [];
  const cna = withLines(rangeFacts(cnaProducts, 'cve5').fixed);
  // A CNA's "< 12.5" or "before v2.3.1" in a version field is a range written as text, no version.
  // A version listed one by one below a range's end on its line is not the newest affected: JRE's
  // listed "6 update 9" beside a range through "6 update 10" is inside that range.
  const listed = listedLast(products, [...describedFixed, ...fromRanges.fixed], rangeSource, perLine).filter(
    (l) =>
      !fromRanges.last.some((r) => r.product === l.product && samePlace(r.platform, l.platform) && sameLine(r, l) && compareReleases(r.version, l.version) > 0),
  );
  // "Phone with firmware 1.0.4.50 and 1.0.4.80 allows" beside a configuration that lists up to
  // 1.0.4.50: the described version above the configuration's newest affected one of its line wins.
  const others = [...describedLast, ...fromRanges.last, ...listed];
  const aboveOthers = describedAffected.filter((a) => {
    const ofLine = others.filter((o) => o.product === a.product && samePlace(o.platform, a.platform) && sameLine(o, a));
    return ofLine.length > 0 && ofLine.every((o) => compareReleases(a.version, o.version) > 0);
  });
  // Windows' "r2", "r2 sp1", "gold", "64-bit", "itanium" in a CPE's version slot name an edition, not a version anyone moves past.
  const describedNewest = [
    ...underConfigured(
      describedLast.filter((l) => upToFacts.has(l)).map((l) => onListedLine(l, products)),
      [...fromRanges.last, ...listed],
      [...described.fixed, ...described.lastAffected, ...described.affected].map((v) => v.version),
    ),
    ...describedLast.filter((l) => !upToFacts.has(l)).map((l) => onListedLine(l, products)),
  ];
  // "Server or Storage Agents 3.1 through 5.1" beside a listed 4.2.1 (CVE-2002-0541): a version
  // inside the range the description writes is not the newest affected of a line of its own.
  // VERITAS's "9.0 through 10.0 for Windows Servers, and 9.0.4019 through 9.1.307 for Netware": a
  // version the description itself names as a newest affected one keeps its own line.
  const insideSpan = (e: VersionFact) =>
    !described.lastAffected.some((l) => sameRelease(l.version, e.version)) &&
    describedNewest.some((d) => {
      const start = spanStarts.get(d);
      return (
        start !== undefined &&
        d.product === e.product &&
        d.branch === null &&
        samePlace(d.platform, e.platform) &&
        compareReleases(start, e.version) <= 0 &&
        compareReleases(e.version, d.version) < 0
      );
    });
  const last = newestStated([...describedNewest, ...aboveOthers, ...[...fromRanges.last, ...listed].filter((e) => !insideSpan(e))]).filter(
    (l) =>
      (startsWithNumber(l.version) || /^[a-z][\w.-]*\d/i.test(l.version)) &&
      !/^(?:r2|rt|gold|sp\d+)(?:\s+(?:sp\d+|gold))?$|^(?:32|64)-bit$|^(?:x64|x86|itanium|ia64)$/i.test(l.version.trim()),
  );
  // A device NVD lists with no version (CPE `-`: hardware beside its firmware) has no version to
  // update to. Where every product is listed so, software is software whose versions NVD did not
  // list: "HIBUN Confidential File Decryption program prior to 10.50.0.5" is its fix.
  const noVersions = (p: FixProduct) => p.ranges.length === 0 && !p.allVersions;
  const allUnversioned = products.every(noVersions);
  const versionless = new Set(
    rangeSource === 'configuration'
      ? products.filter((p) => noVersions(p) && (!allUnversioned || p.members.every((m) => m.part === 'h'))).map((p) => p.key)
      : [],
  );
  // An Android patch level fixes the chips NVD lists with no version; beside versioned products it is not checked, so not said.
  const patchLevel = androidPatchLevel(input.description);
  const onlyVersionless = products.every((p) => p.key === 'google:android' || (p.ranges.length === 0 && !p.allVersions));
  const candidates = unique([
    ...(patchLevel && onlyVersionless ? [patchLevel] : []),
    ...describedFixed.filter((f) => !versionless.has(f.product)),
    ...fromRanges.fixed,
    ...cna.filter((f) => !versionless.has(f.product)),
  ]).filter((f) => isComparableVersion(f.version));
  // A version the description calls affected is no fix of any product, whichever it names there
  // ("class.upload through 1.0.3" beside a range "before 1.0.3", CVE-2019-19634).
  // SAP's "- version 9," names each listed release affected: NVD's "before 9.0" beside it is no fix (CVE-2022-41199).
  const sapListed = sapListedVersions(input.description);
  // CMS Made Simple's "version 2.1.6 and 2.2 are vulnerable" beside a range "before 2.2" (CVE-2017-1000453, the h59 blind set):
  // of a record's one product ("Acme Widget before 2.5 and Acme Gadget 2.5 allow" names another product's 2.5), and only
  // where the sentence says so ("XStream 1.4.18 uses no longer a blacklist", "Version 0.9 has addressed" name fixes).
  const namedAffected =
    products.length === 1
      ? described.affected
          .filter(
            (a) =>
              /^\s+(?:are|is) (?:also )?(?:vulnerable|affected)\b/i.test(a.following) &&
              // "prior to software version 15.18.00.2511 is vulnerable": the version is the fix.
              !/\b(?:prior to|before|earlier than|older than|lower than|below)\s+(?:[\w-]+\s+){0,3}$/i.test(a.context),
          )
          .map((a) => a.version)
      : [];
  const listedAffected = [...namedAffected, ...sapListed];
  const calledAffected = [...described.lastAffected.map((l) => l.version), ...listedAffected].filter(isComparableVersion);
  // The description's "before 2.5" beside a configuration whose newest affected version is 2.5
  // (its inclusive end, or the last version it lists): the two disagree on the boundary only, and
  // no source states a higher fix. Both statements stay facts, and the text names the version as
  // disputed. A boundary below the newest affected version (2.5 listed beside 2.6) is a
  // contradiction, and so is a version read from a list: "before 11.2.1 HF11 and 11.3.0" beside a
  // listed 11.3.0 names 11.3.0 as affected.
  // A newest affected version of the fix's product and place above it (on its line, or on any).
  const affectedAbove = (f: VersionFact, onItsLine: boolean) =>
    last.some(
      (l) => l.product === f.product && samePlace(l.platform, f.platform) && (!onItsLine || sameLine(l, f)) && compareReleases(l.version, f.version) > 0,
    );
  // OpenSSL's "before 1.0.1t and 1.0.2 before 1.0.2h" beside a listed 1.0.2g: the affected version lies on the line the
  // description writes for a higher fix, so it does not make 1.0.1t a line's fix ("1.0.2h and 1.0.1t for the 1.0.x line").
  const affectedAboveUnwritten = (f: VersionFact, fixes: readonly VersionFact[]) => {
    const bases = fixes
      .filter((o) => o !== f && o.product === f.product && o.source === 'description' && o.branch === null)
      .map((o) => ({ fix: o.version, base: writtenBase(input.description, o.version) }))
      .filter((b): b is { fix: string; base: string } => b.base !== undefined);
    return last.some(
      (l) =>
        l.product === f.product &&
        samePlace(l.platform, f.platform) &&
        compareReleases(l.version, f.version) > 0 &&
        !bases.some((b) => onWrittenLine(l.version, b.base) && compareReleases(b.fix, l.version) > 0),
    );
  };
  // "4.21 and 4.25 … fixed in Patch 4.3": the description's one fix of a product is above every
  // affected version it names beside it, in its own decimal order; it is no line of its own.
  const decimalFix = (f: VersionFact) =>
    f.source === 'description' &&
    describedFixed.filter((d) => d.product === f.product).length === 1 &&
    last
      .filter((l) => l.product === f.product && compareReleases(l.version, f.version) > 0)
      .every((l) => decimalAbove(f.version, l.version) && namesVersion(input.description, l.version));
  const writtenTrains = trainsWritten(input.description);
  // Products a configuration ties to platforms (an AND node, or CPE target software).
  const tiedProducts = new Set((input.sources.nvd?.platformRanges ?? []).map((r) => productKey(r)));
  const standing = (f: VersionFact) => {
    const verdict = contradicted(f, products, describedLast, firmwareFixes, describedFixed, ownFixes, tiedProducts);
    return verdict === false || (verdict === 'at its boundary' && !fromLists.has(f) && !affectedAbove(f, true) && isDisputedFix(f, last));
  };
  const kept = candidates.filter(
    (f) =>
      standing(f) &&
      !reopened(f, products) &&
      !belowDescribed(f, describedFixed, fromRanges.fixed) &&
      !calledAffected.some((v) => compareVersions(v, f.version) === 0),
  );
  // A CNA whose affected range holds a fix NVD or the description states contradicts them: its fixes are not taken.
  const cnaContradicts = (key: string) =>
    cnaProducts.some(
      (p) =>
        p.key === key && p.members.some((m) => m.ranges.some((r) => kept.some((f) => f.product === key && f.source !== 'cve5' && rangeContains(r, f.version)))),
    );
  // "before 7.2(3)6 and 8.0(3)" beside a listed 8.0(3): a fix below a newer affected version of
  // its product fixes its own release line only, and says so.
  const checkedFixes = kept
    .filter((f) => f.source !== 'cve5' || !cnaContradicts(f.product))
    .map((f, _i, all) => {
      // Beside fixes of named lines of its product, a configuration's unlined fix is its own line's
      // ("4.4.12" beside 4.6.1 of 4.6); the description's unlined one is as the description writes it.
      const besideLines =
        f.source !== 'description' && all.some((o) => o !== f && o.product === f.product && o.branch !== null && o.branch !== releaseLine(f.version));
      // OpenSSL's "1.0.1 before 1.0.1q and 1.0.2 before 1.0.2e": beside 1.0.1q's line, 1.0.2e is the 1.0.2 line's as written,
      // not every other release's.
      const base = f.source === 'description' && f.branch === null ? writtenBase(input.description, f.version) : undefined;
      const writtenBeside = base !== undefined && all.some((o) => o !== f && o.product === f.product) ? base : undefined;
      const line =
        writtenBeside ??
        configuredLine(f, all, fromRanges.fixed) ??
        (f.branch === null && ((affectedAboveUnwritten(f, all) && !decimalFix(f)) || besideLines) ? (base ?? releaseLine(f.version)) : null);
      const lined = line === null ? f : { ...f, branch: line };
      // NVD's CPE writes Intel's trains in lower case; the version is the one the description writes ("SPS_E5_04.04.04.023.0").
      const written = writtenTrains.get(f.version.toLowerCase());
      if (written !== undefined) return { ...lined, version: written };
      // A bound the description writes out in its own words ("EFI BIOS 7215, BMC 8100.01.08") is the description's statement.
      const bound = f.source === 'configuration' ? boundWritten(input.description, f.version) : undefined;
      return bound === undefined ? lined : { ...lined, version: bound, source: 'description' as const };
    });
  const fixedIn = withoutMistypedTwins(withSecurityUpdates(checkedFixes, products, input.description));
  // The release a dropped configuration fix named is the newest affected one the description lists.
  for (const f of candidates.filter((c) => c.source === 'configuration')) {
    const listedAt = listedAffected.find((v) => compareVersions(v, f.version) === 0);
    if (listedAt !== undefined && !last.some((l) => l.product === f.product && compareVersions(l.version, listedAt) === 0))
      last.push({ product: f.product, version: listedAt, branch: null, platform: f.platform, source: 'description' });
  }
  // A CNA's build per edition NVD lists without bounds (Microsoft's Windows editions): a fix no other source states.
  const editions =
    rangeSource === 'configuration'
      ? editionFixes(products, input.sources.cve5?.cna.cpeFixes ?? []).filter((e) => !fixedIn.some((f) => f.product === e.product))
      : [];
  fixedIn.push(...editions);
  const references = mergedReferences(input.sources);
  const referenced = references.some(statesFix);
  const fixStated =
    fixedIn.length > 0 ||
    described.fixed.length > 0 ||
    referenced ||
    STATED_FIX_WORDS.test(withoutPatchstackName(input.description).replace(NO_FIX_SENTENCE, ' ')) ||
    RESOLVED.test(input.description) ||
    sapNotes(input.description).length > 0 ||
    ciscoKnownFixedReleases(input.description).length > 0 ||
    // Oracle's Critical Patch Update is the fix the text names ("it has the vendor's fix"), whatever tag its reference
    // carries (CVE-2020-2802, the seventeenth reading: `x_refsource_MISC`, and the facts said no fix was stated).
    oracleCriticalPatchUpdate(
      references.map((r) => r.url),
      input.products.map((p) => p.vendor),
    ) !== undefined ||
    // Samsung's "prior to SMR Sep-2021 Release 1" in a record that lists no product states the fix release too.
    samsungRelease(input.description, '') !== undefined;
  // Samsung's "prior to SMR Mar-2022 Release 1" beside NVD's listed Android versions: the release is the fix.
  const samsung = products.some((p) => p.key === 'google:android') ? samsungRelease(input.description, 'google:android') : undefined;
  if (samsung)
    return {
      fixed_in: [...fixedIn.filter((f) => f.product !== samsung.product), samsung],
      last_affected: last.filter((l) => l.product !== samsung.product),
      fix_stated: true,
    };
  return { fixed_in: fixedIn, last_affected: last, fix_stated: fixStated };
}
