/**
 * Versions an NVD description states, read with a small grammar of NVD's common phrasings:
 *
 * | phrase | meaning |
 * |---|---|
 * | "X before V", "X prior to V", "X < V", "versions before V" | V is fixed |
 * | "1.x before 1.2.3 and 2.x before 2.0.1" | one fixed version per line (1.2.3 for 1.x, 2.0.1 for 2.x) |
 * | "19.x and 20.x before 20.0.0.228", "14.x through 18.x before …" | one fixed version for a span of lines ("19-20") |
 * | "fixed in V", "patched in V", "resolved in X V", "upgrade to V", "update to version V" | V is fixed |
 * | "X through V", "A through B", "up to V", "<= V", "V and earlier", "V or earlier", "V and prior", "V and below" | V is the last affected version: no fix is stated |
 *
 * | "10 before Update 18", "9.0 before build 407", "9.7 before FP3" | the qualifier is a step of the release before the phrase: "10 Update 18", "9.0 build 407", "9.7 FP3" |
 *
 * A version is written as the record writes it, never normalised: a dotted number ("2.3.4",
 * "1.0.2k", "8.0.0-rc2", "21.4R2", "4.2.4.20150312-RELEASE", Siemens' "V3.X.16") with its qualifiers ("6.0 SP1",
 * "1.6.0 update 28", "8.5 FP3", "6.0.1 iFix4", "8.0.0.1 CF20", "5.1.1 LMY48M"), Cisco's "3.1(21)", Drupal's "6.x-1.5", Hitachi's "07-20-/D", a
 * revision "r478", a build "build 7845", a "v" the record writes ("v285", "V15.1 Upd 3"), or a
 * bare number right after "before" ("before 6") or after "version", "release" or "v". Other bare
 * numbers are read as years or counts and ignored. Each statement keeps where it stands and the
 * text just before it (`context`), so the caller can tell which product it is about.
 */

import { DATE_DIGITS, isDatedBuild } from './dated-build.js';
import { compareVersions } from '../../domain/cpe/version-compare.js';
import { withoutNotes } from '../facts/prose.js';

export interface DescribedFix {
  readonly version: string;
  /** The line it fixes ("1.x" → "1"), when the phrase names one. */
  readonly line?: string;
  /** Up to 80 characters before the phrase: what the phrase is about. */
  readonly context: string;
  /** Up to 80 characters after the phrase ("… before 2.22 for Total Commander": whose part it is). */
  readonly following: string;
  /**
   * The phrase's sentence up to the phrase, however long: a list of products that carry another
   * ("NSS before 3.19, as used in Mozilla Firefox before 39.0, …, Thunderbird before 38.1") runs
   * past the 80 characters of `context`.
   */
  readonly sentence: string;
  /** Where the phrase starts and ends in the description (runs of white space read as one space). */
  readonly at: number;
  readonly end: number;
  /** Read from a list after another statement's version ("before 1.10.11, 1.11.5"), not from a phrase of its own. */
  readonly listed?: true;
}

/** Where the sentence holding `index` starts: after the last ". ", "! " or "? " before it (a version's dots are followed by digits). */
function sentenceStart(text: string, index: number): number {
  for (let i = index - 2; i >= 0; i--) {
    if ((text[i] === '.' || text[i] === '!' || text[i] === '?') && text[i + 1] === ' ') return i + 2;
  }
  return 0;
}

export interface DescribedVersions {
  readonly fixed: readonly DescribedFix[];
  readonly lastAffected: readonly DescribedFix[];
  /** Of `lastAffected`, the "X and earlier", "through X" phrases with no start ("12.1.1 through 12.1.3" has one), not versions listed one by one. */
  readonly upTo: readonly DescribedFix[];
  /** Versions the sentence calls affected by naming them before its verb ("… Phone with firmware 1.0.4.50 and 1.0.4.80 allows"): the highest of each list. */
  readonly affected: readonly DescribedFix[];
  /** Versions the text says fixed it only in part ("partially patched in version 2.8.3"): no fix. */
  readonly partial: readonly DescribedFix[];
}

// A version: dotted numbers with an optional letter release or pre/post-release tail (Rails'
// "5.0.0.beta1.1" is one version: a pre-release, then its own patch), or Java's release tail
// ("4.1.61.Final", "5.3.2.RELEASE", JBoss's cumulative patch "4.2.0.CP09"), kept as the record writes it. A distribution's package
// revision is part of it ("0.2.38.3ubuntu0.1", "2.4.10+deb8u1"). Siemens' "V3.X.16" (an "x"
// between numbers: any minor release, update 16) is one version too; a trailing "2.x" is a line.
// Up to four hyphenated tails, each a whole word: FreeBSD's "12.0-RELEASE-p10" and IBM's
// "6.0.0-Rational-CLM-ifix005" are one version. Cisco's "3.1(21)"
// and an Android build id ("5.1.1 LMY48M") are part of the version they follow, and so are Ivanti's
// dotted step after a release letter ("22.7R2.6"), a
// spaced pre-release ("1.1 Beta 2") and a package's build tail ("4.0+git.1578392992.fabfd186c-9.63.1",
// SUSE's and Debian's "+dfsg-1": cut at "+", the version was a release line, not the fixed package).
// "CP04" (a cumulative patch) and "SU2" (a service update) are steps of a release too, and so is
// HPE's "7.3 E0506P09" (release 7.3, its E0506 build, patch P09); Squid's "2.6 STABLE6" and "2.5.STABLE6". FreeBSD's "11.2-STABLE(r340854)" (the branch at that
// revision) and Zoho's "13.6 (build 13640)" are one version each. A release's time is part of it
// where the number alone names two releases: "before 4.0.8 late 2023" (CVE-2025-32367: "the
// number 4.0.8 was used for both the unpatched and patched versions").
const QUALIFIER = String.raw`(?:update|upd|hotfix|v?hf|uc|sp|service pack|su|service update|patch|build|fp|fix pack|ifix|interim fix|if(?=\d)|cf|cumulative fix|cu|cumulative update|cp|cumulative patch|rp|rolling patch|ru|release update|mp|maintenance pack|tc|stable)`;
// A step's number: Symantec's hotfixes are numbered by a decimal ("6.0.5 HF 1.5", "7.5_3966008 VHF1.2"), and so are
// Citrix's builds ("10.5 Build 56.15": "Build 56" was a build no source names) and Trend Micro's ("7.3 before build
// 7.3.0.1087"); a few letters may follow ("12.1 RU6 MP10c", "build 52.3nc", Intel's "Patch 1.01std").
const STEP_NUMBER = String.raw`\d+(?:\.\d+)*(?:[a-z]{1,3}(?![a-z]))?`;
const dotted = (tail: string) =>
  String.raw`\d+(?:\.(?:x\.)?\d+)+(?:\.?(?:alpha|beta|pre|rc|dev)\d*(?:\.\d+)*|\.(?:final|release|ga|cp\d+|stable\d+)(?![\w-])|\s(?:alpha|beta|rc)\s?\d+(?![\w.])|[a-z]{1,2}\d*(?:\.\d+)*(?![a-z])(?:\s(?:alpha|beta|rc)\s?\d+(?![\w.]))?)?(?:[+~]?(?:ubuntu|deb\d+u)\d+(?:\.\d+)*)?(?:\([a-z]?\d+(?:\.\d+)*[a-z]?\d*\)(?:[a-z]{1,4}\d*(?![a-z])|\d+)?)?(?:[-_](?:${tail}[a-z]{0,12}\d+[a-z]?\d*|[a-z]{2,12})(?![a-z])){0,4}(?:\(r\d+\)|\s\(build\s?\d+\))?(?:\s${QUALIFIER}\s?${STEP_NUMBER}){0,2}(?:\s[a-z]{3}\d{2}[a-z]\d?\b|\se\d{4}(?:p\d{2})?\b)?(?:\+[a-z0-9~]+(?:[.~-][a-z0-9~]+)*)?(?:\s(?:early|mid|late)\s(?:19|20)\d{2}\b)?`;
const DOTTED = dotted('');
// After "before", a hyphenated tail may be dotted itself: "libgssapi before 0.6-13.7", a mod's
// "prior to versions 1.21.1-1.0.17" (game version, then its own). Elsewhere "15.0.0-15.0.1" is
// a range (F5, Oracle), so only the fixed phrases read it as one version.
const DOTTED_AFTER_BEFORE = dotted(String.raw`\d+(?:\.\d+)+|`);
const DRUPAL = String.raw`\d+\.x-\d+(?:\.\d+)+(?:-[a-z]+\d*)?`;
// Hitachi's "07-20-/D", "08-00-02": two-digit groups with a third part, never a date's four-digit year.
const HITACHI = String.raw`(?<![\d-])\d{2}-\d{2}(?:-\d{2}|-\/[A-Z]{1,2}\b)`;
// Huawei's VRP releases ("V100R003C00SPC603", "V200R001C00"), Sun's Solaris Nevada builds ("snv_93").
const HUAWEI = String.raw`\bV\d{3}R\d{3}(?:C\d{2,3})?(?:SPC\d{3}|SPH\d{3}|B\d{3})*(?:T)?\b`;
const SOLARIS_BUILD = String.raw`\bsnv_\d+\b`;
// Rockwell's firmware revisions ("B FRN 15.000": series B, firmware revision number 15.000).
const ROCKWELL_FRN = String.raw`\b(?:[A-D]\s)?FRN\s\d+(?:\.\d+)+`;
// Huawei's phone builds ("NEM-AL10C00B130": model NEM-AL10, region C00, build B130).
const HUAWEI_PHONE = String.raw`\b[A-Z]{2,5}-[A-Z]{1,3}\d{2}C\d{2,3}B\d{3}(?:SP\d{1,2})?\b`;
// A firmware's own prefix before its release: Actiontec's "NCS01-1.0.13".
const PREFIXED = String.raw`\b[A-Z]{2,5}\d{1,3}-\d+(?:\.\d+)+\b`;
// HP's and Digium's lettered releases ("HP Ignite-UX before C.6.2.241", "HP-UX B.11.00 through B.11.23", "Business Edition before B.2.5.3").
const LETTERED_RELEASE = String.raw`\b[A-UW-Z]\.\d+(?:\.\d+)+[a-z]?\b`;
// Informix's fix packs ("9.40.xC7": the 9.40 release, fix pack C7, for any platform; "10.00.TC3" on Windows).
const INFORMIX = String.raw`\b\d+\.\d{2}\.[xuft]c\d+\b`;
// A Debian package version with its epoch ("1:4.5-1", "1:4.2.6.p3+dfsg-1ubuntu3.11"): the epoch
// marks it as Debian's `[epoch:]upstream[-revision]`, one version kept whole, never the epoch alone.
const DEBIAN = String.raw`(?<![\w:.-])\d{1,2}:\d+\.\d(?:[a-z0-9.+~]*[a-z0-9])?(?:-[a-z0-9.+~]*[a-z0-9])?`;
// A year's release ("CVS Suite before 2009R2 build 6610"), with its steps.
const YEAR_RELEASE = String.raw`\b(?:19|20)\d{2}R\d{1,2}(?:\s${QUALIFIER}\s?\d+){0,2}`;
const versionOfForm = (dottedForm: string) =>
  String.raw`(?:\b(?:version|release|v)\s?(?<bare>\d+[a-z]?)(?<bareStep>(?:\s${QUALIFIER}\s?\d+){1,2})?\b|\b(?<build>build\s\d+)\b|\b(?<revision>r\d{2,})\b|(?<dotted>${DEBIAN}|${HUAWEI}|${HUAWEI_PHONE}|${INFORMIX}|${LETTERED_RELEASE}|${ROCKWELL_FRN}|${SOLARIS_BUILD}|${PREFIXED}|${YEAR_RELEASE}|v?(?:${DRUPAL}|${HITACHI}|${dottedForm})))(?![\w.]*\d)`;
const VERSION = versionOfForm(DOTTED);
const FIXED_VERSION = versionOfForm(DOTTED_AFTER_BEFORE);
// "19.x and 20.x before 20.0.0.228", "14.x through 18.x before 18.0.0.160": one fix for a span of
// whole lines, read as the line "19-20" (a span of first numbers).
const LINE_NAME = String.raw`\d+\.x-\d+(?:\.\d+)*|\d+(?:\.\d+)*`;
// MediaWiki's "1.2x before 1.23.9": the lines of a decade (1.20 to 1.23), read as the span "1.20-1.23".
// Juniper's "12.1X46 versions prior to 12.1X46-D81", "versions 19.1 prior to 19.1R1-S5": the line
// as written (a train such as "12.1X46" included), when the fix lies on it; Concrete CMS's
// "version 9 prior to 9.2.8" names the whole 9 line.
const WRITTEN_LINE = String.raw`\d+\.\d+(?:X\d+)?`;
const LINE = String.raw`(?:(?:(?<line>${LINE_NAME})\.x|(?<decade>\b\d+\.\d)x)\s+(?:(?:and|through|to)\s+(?<lineTo>${LINE_NAME})\.x\s+)?(?:versions?\s+)?|\b(?<written>${WRITTEN_LINE})\s+versions?\s+|\bversions?\s+(?<writtenAfter>${WRITTEN_LINE}|\d+)\s+)?`;
// A bare number after "before" is a version only when nothing follows that makes it a count or a
// date, or a Debian epoch ("1:" of "1:4.5-1"). Symantec's "prior to 14 RU1 MP1" names release 14's update and pack.
const BARE_BEFORE = String.raw`(?<plain>\d{1,3}(?:\s(?:RU|MP)\d+[a-z]?){1,2}(?![\w.])|\d{1,3}(?![\w%-]|[.:]\d|\s(?:days?|hours?|minutes?|seconds?|bytes?|characters?|times|percent|[A-Z][a-z]+ \d)))`;

/** The rest of a list of versions that a patch is said to be in ("…, 2.7.2, and 2.6.4 contain a patch for this issue"). */
const FIX_LIST_TAIL = String.raw`(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)v?\d[\w.-]*)*\s+(?:(?:contains?|includes?|has|have)\s+(?:a\s+|the\s+)?(?:patch|fix)(?:es)?\b|(?:patch|fix|address|resolve)(?:es)?\s+(?:the|this)\s+(?:issue|vulnerability|problem|flaw)\b)`;

const FIXED_PATTERNS: readonly RegExp[] = [
  // "ColdFusion 10 before Update 18", "NetWorker 9.0 before build 407": the step of that release.
  // "ONTAP 9.0 before P2": NetApp's and FreeBSD's patch levels too; eDirectory's "8.7.3 before SP10a" a lettered pack;
  // Symantec's "SEPM 12.1 before RU6 MP5" (release update 6, maintenance pack 5; 15 records); InduSoft's "7.1 before SP2
  // Patch 4" a patch of a service pack (read as "7.1 SP2", NVD's listed 7.1 sp2 made it a contradicted fix: CVE-2014-0780).
  new RegExp(
    String.raw`(?<base>\b\d+(?:\.\d+)*(?:\s${QUALIFIER}\s?${STEP_NUMBER})?)\s+(?:before|prior to)\s+(?<step>${QUALIFIER}\s?${STEP_NUMBER}(?:[\s-]${QUALIFIER}\s?${STEP_NUMBER}){0,2}|p\d+)\b`,
    'gi',
  ),
  new RegExp(String.raw`${LINE}\b(?:before|prior to|earlier than|lower than|older than)\s+(?:versions?\s+)?${FIXED_VERSION}`, 'gi'),
  new RegExp(String.raw`${LINE}(?:<|&lt;)\s?${VERSION}`, 'gi'),
  // Mozilla's "This vulnerability affects Firefox < 58": a whole release after "<".
  new RegExp(String.raw`(?<=(?:\b[A-Z][\w.+-]*|\bversions?)\s)(?:<|&lt;)\s?${BARE_BEFORE}`, 'g'),
  new RegExp(String.raw`\b(?:fixed|patched|resolved|addressed|corrected|remediated)\s+in\s+(?:[A-Za-z][\w+-]*\s+){0,4}?(?:versions?\s+)?${VERSION}`, 'gi'),
  new RegExp(String.raw`\b(?:upgrade|update|upgrading|updating)\s+to\s+(?:[A-Za-z][\w+-]*\s+){0,3}?(?:versions?\s+)?${VERSION}`, 'gi'),
  new RegExp(String.raw`\b(?:before|prior to)\s+(?:versions?\s+)?${BARE_BEFORE}`, 'gi'),
  // Avaya's circuit packs number their firmware by vintage: "before vintage 9 firmware".
  /\b(?:before|prior to)\s+(?<dotted>vintage\s\d+)\b/gi,
  // A build named by its date, as 2007's JBoss and Hitachi records write it: "4.0.5 before 20070416".
  new RegExp(String.raw`\b(?:before|prior to)\s+(?<dotted>${DATE_DIGITS})(?![\w.])`, 'gi'),
  // GitHub's advisories: "Versions 8.1.2 and 9.0.1 contain a patch", "Versions 3.5.0 and 2.11.6 patch the issue".
  // EMC's "RSA Security Analytics 10.5.3 and 10.6.2 contains fixes for …": right after the product's name too.
  new RegExp(String.raw`(?:\b[Vv]ersions?\s+|(?<=\b[A-Z][\w.+-]*\s))${VERSION}(?=${FIX_LIST_TAIL})`, 'g'),
  // "appears to have been fixed in curl < 7.54.1 and curl >= 7.60.0": the versions not affected,
  // written as ranges; ">= 7.60.0" after "fixed in" is the fix (h42's CVE-2018-1000300).
  new RegExp(String.raw`(?<=\bfixed\s+in\s+(?:[^.;]|\.(?=\d)){0,60}?)(?:>=|&gt;=|≥)\s?${VERSION}`, 'gi'),
  // MITRE's form template: "The fixed version is: 2.4.78", "The fixed version is: 2.3.1, 2.2.2 and 2.1.3" (each a line's).
  new RegExp(String.raw`(?<=\bThe fixed version is:\s+(?:[^.;]|\.(?=\d)){0,60}?)${VERSION}`, 'gi'),
  // KNIME's "update to one of the following versions of KNIME Business Hub: * 1.13.2 or later * 1.12.3 or later" (CVE-2025-2402).
  new RegExp(
    String.raw`(?<=\b(?:update|upgrade)\s+to\s+(?:one\s+of\s+)?the\s+following\s+(?:fixed\s+)?(?:versions?|releases?)\b[^:.]{0,80}:(?:[^.;]|\.(?=\d)){0,400}?)${VERSION}(?=\s+or\s+(?:later|higher|newer|above)\b)`,
    'gi',
  ),
  // GitHub's advisory template (TensorFlow's 275 records): "The fix will be included in TensorFlow 2.10.0."
  new RegExp(String.raw`\bfix\s+will\s+be\s+included\s+in\s+(?:[A-Za-z][\w+-]*\s+){0,4}?(?:versions?\s+)?${VERSION}`, 'gi'),
  // Its next sentence, "We will also cherrypick this commit on TensorFlow 2.9.1, TensorFlow 2.8.1, and
  // TensorFlow 2.7.2": each listed version is its line's fix (without them 2.10.0 would stand for every 2.x).
  new RegExp(String.raw`(?<=\bcherry-?pick(?:ed)?\s+(?:this|the)\s+(?:commit|fix|patch)\s+(?:on|to|into)\s+(?:[^.;]|\.(?=\d)){0,100}?)${VERSION}`, 'gi'),
];

const LAST_AFFECTED_PATTERNS: readonly RegExp[] = [
  // Sonus' "6.0.x up to Build 446, 6.1.x up to Build 492": a build of each line ("6.0 Build 446"), not one "Build 446" for all.
  // BEA's "WebLogic Express 8.1 through SP2 and 7.0 through SP4": a service pack of each release, each its line's newest.
  new RegExp(
    String.raw`(?<base>\b\d+(?:\.\d+)*)(?:\.x)?\s+(?:through|up to(?: and including)?|to and including)\s+(?<step>${QUALIFIER}\s?${STEP_NUMBER})\b`,
    'gi',
  ),
  // Wordfence's "in all versions up to, and including, 2.6.2" (3,338 descriptions) has the commas.
  // Not a span of builds: Citrix's "before 10.5 Build 53.9 through 55.8" names no version 55.8.
  new RegExp(String.raw`(?<!\bbuild\s\d+(?:\.\d+)*\s)\b(?:through|thru|up to(?:,? and including,?)?|to and including)\s+(?:versions?\s+)?${VERSION}`, 'gi'),
  // Mattermost's "9.9.x <= 9.9.1, 9.5.x <= 9.5.7": each the newest affected version of its written line (CVE-2024-43780).
  new RegExp(String.raw`${LINE}(?:<=|&lt;=|≤)\s?${VERSION}`, 'gi'),
  // VulDB's "Netgear WN604 up to 20240710": every build up to the one of that date, as "before 20070416" is a fix.
  // After a version ("Invision Power Board 2.3.1 up to 20070912") it is that version's builds, not the product's newest.
  new RegExp(String.raw`(?<!\d\.\d[\w.]*\s)\bup to\s+(?<dotted>${DATE_DIGITS})(?!\w|\.\d)`, 'gi'),
  // "5.1.36 and prior" ends a statement; "Prior to 5.1.36 and Prior to 5.2.10" lists two fixes. A hyphenated tail is the
  // version's own there (Aruba's "6.4.4.8-4.2.4.20 and below", a package's "2.4.2-170.21.3.1 and prior"), not its start.
  new RegExp(String.raw`${FIXED_VERSION}\s*(?:,\s*|\(\s*)?(?:and|or)\s+(?:earlier|prior(?!\s+to\b)|below|lower|older)\b`, 'gi'),
  // "TensorFlow 1.6.x and earlier": the whole 1.6 line is affected, its newest release too; the
  // version is the line as written ("1.6.x"), never its first release 1.6.0.
  new RegExp(String.raw`\b(?<wholeLine>\d+(?:\.\d+)+)\.x\s*(?:,\s*)?(?:and|or)\s+(?:earlier|prior(?!\s+to\b)|below|lower|older)\b`, 'gi'),
];

/**
 * Oracle's Critical Patch Update texts list the supported versions that are affected, one per
 * release line that the update patches: "Supported versions that are affected are 11.2.0.4,
 * 12.1.0.2, 12.2.0.1 and 18c", and in older texts "in Oracle Siebel CRM 8.1.1 and 8.2.2 allows".
 * Each is the newest affected version of its own line (the first two numbers), not one newest
 * version for them all. Only a list of plain versions is read ("Java SE: 6u171, …" and "5.6.38
 * and prior" are not such lists).
 */
const LIST_VERSION = String.raw`\d+(?:\.\d+)*[a-z]{0,2}`;

/** "12.2" for 12.2.0.1; a release with no dot ("18c") is a line of its own. */
const lineOfListed = (version: string) => (version.includes('.') ? /^\d+\.\d+/.exec(version)![0] : version);

/**
 * Adobe's bulletins since 2022 list one newest affected version per track before a shared "and
 * earlier": "Acrobat Reader versions 20.005.30539, 23.008.20470 and earlier" (the 2020 Classic
 * track and the Continuous track, CVE-2024-20747), "Photoshop Desktop versions 25.12, 26.1 and
 * earlier". Each is the newest of its own major release; read as one phrase, only the last was.
 */
const trackOf = (version: string) => /^\d+/.exec(version)![0];

const AFFECTED_LISTS: readonly { readonly pattern: RegExp; readonly lineOf: (version: string) => string; readonly lines?: 'distinct' }[] = [
  { pattern: /\bSupported versions that are affected are (?<list>.+?)\.(?=\s|$)/gi, lineOf: lineOfListed },
  {
    pattern: new RegExp(
      String.raw`\bOracle\b[^.;]*?\s(?<list>${LIST_VERSION}(?:,\s${LIST_VERSION})*,?\sand\s${LIST_VERSION})\s+(?:allows?|could|has|have)\b`,
      'g',
    ),
    lineOf: lineOfListed,
  },
  {
    pattern: new RegExp(
      String.raw`\bversions?\s(?<list>${LIST_VERSION}(?:,\s${LIST_VERSION})+),?\s(?:and|or)\s(?:earlier|prior(?!\s+to\b)|below|older)\b`,
      'gi',
    ),
    lineOf: trackOf,
    lines: 'distinct',
  },
];
const PLAIN_LIST_VERSION = new RegExp(String.raw`^${LIST_VERSION}$`, 'i');

/** Each listed newest affected version; `earlier`: the list ends "and earlier", so each is its track's "X and earlier". */
function listedAffected(text: string): { readonly fix: DescribedFix; readonly earlier: boolean }[] {
  const out: { fix: DescribedFix; earlier: boolean }[] = [];
  for (const { pattern, lineOf: lineOfItem, lines } of AFFECTED_LISTS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const list = match.groups!.list!;
      const items = list.split(/,\s*(?:and\s+)?|\s+and\s+/).map((i) => i.trim());
      if (items.length < 2 || !items.every((i) => PLAIN_LIST_VERSION.test(i))) continue;
      // "1.2.3, 1.2.4 and earlier" are versions of one line, of which the last phrase already says the newest.
      if (lines === 'distinct' && new Set(items.map(lineOfItem)).size < items.length) continue;
      const listAt = match.index + match[0].indexOf(list);
      const newest = new Map<string, string>();
      for (const item of items) {
        const line = lineOfItem(item);
        const known = newest.get(line);
        if (known === undefined || compareVersions(item, known) > 0) newest.set(line, item);
      }
      for (const [line, version] of newest) {
        const at = listAt + list.indexOf(version);
        const end = at + version.length;
        out.push({
          fix: {
            version,
            ...(newest.size > 1 ? { line } : {}),
            context: text.slice(Math.max(0, at - 80), at),
            following: text.slice(end, end + 80),
            sentence: text.slice(sentenceStart(text, at), at),
            at,
            end,
          },
          earlier: lines === 'distinct',
        });
      }
    }
  }
  return out;
}

/**
 * "VOIP841 DECT Phone with firmware 1.0.4.50 and 1.0.4.80 allows", "Virtual Appliance 2.2.1
 * generates", "in phpx 3.5.15 allows" (a name in lower case after "in"): dotted versions right
 * after a name, "firmware" or "version", and right before the
 * sentence's verb, are the versions it is about; the highest of the list is affected.
 */
const STATED_VERSION = String.raw`\d+(?:\.\d+)+[a-z]?`;
const STATED_AFFECTED = new RegExp(
  String.raw`(?<=(?:\b[A-Z][\w.+-]*|\bfirmware|\bversions?|\bin\s[a-z][a-z\d+-]*)\s)(?<list>${STATED_VERSION}(?:,\s${STATED_VERSION})*(?:,?\s(?:and|or)\s${STATED_VERSION})?)\s+(?!(?:contains?|includes?|has|have)\s+(?:a\s+|the\s+)?(?:patch|fix))(?:allows?|generates?|contains?|has|have|is|are|could|can|may|might|does|do|uses?|stores?|sends?|transmits?|fails?|lacks?)\b`,
  'g',
);

/** "YaBB 1 Gold SP 1.2 allows": a number after a release's step word is that step's, not a version of its own. */
const AFTER_STEP = new RegExp(String.raw`\b${QUALIFIER}\s$`, 'i');

function statedAffected(text: string): DescribedFix[] {
  const out: DescribedFix[] = [];
  STATED_AFFECTED.lastIndex = 0;
  for (let match = STATED_AFFECTED.exec(text); match; match = STATED_AFFECTED.exec(text)) {
    if (AFTER_STEP.test(text.slice(Math.max(0, match.index - 20), match.index))) continue;
    const list = match.groups!.list!;
    const versions = list.match(new RegExp(STATED_VERSION, 'g')) ?? [];
    const version = [...versions].sort(compareVersions).at(-1)!;
    const at = match.index + list.lastIndexOf(version);
    const end = at + version.length;
    out.push({
      version,
      context: text.slice(Math.max(0, at - 80), at),
      following: text.slice(end, end + 80),
      sentence: text.slice(sentenceStart(text, match.index), at),
      at,
      end,
    });
  }
  return out;
}

function versionOf(match: RegExpExecArray): string | undefined {
  const g = match.groups ?? {};
  if (g.base !== undefined && g.step !== undefined) return `${g.base} ${g.step}`.replace(/\s+/g, ' ');
  const release = g.bare === undefined ? undefined : /\bv\s?\d/i.test(match[0]) && !/\bversion\s?\d/i.test(match[0]) ? `v${g.bare}` : g.bare;
  // Siemens' "V16 Update 4": the update of a whole-number release is the version, not the release
  // alone; such a version is written as the record writes it ("V16", not "v16").
  const bare =
    release === undefined ? undefined : g.bareStep === undefined ? release : `${/\bV\s?\d/.test(match[0]) ? release.replace(/^v/, 'V') : release}${g.bareStep}`;
  const wholeLine = g.wholeLine === undefined ? undefined : `${g.wholeLine}.x`;
  return (g.dotted ?? g.build ?? g.revision ?? bare ?? g.plain ?? wholeLine)?.replace(/\s+/g, ' ').trim();
}

/** "12.1X46-D81" and "12.1X46-D90" lie on the line written "12.1X46", "12.3R12-S12" on "12.3"; "12.30" does not lie on "12.3". */
export function onWrittenLine(version: string, line: string): boolean {
  return version.toLowerCase().startsWith(line.toLowerCase()) && !/^[\d]/.test(version.slice(line.length));
}

/** The line of a step statement ("10 before Update 18" is on the 10 line), else the phrase's own. */
function lineOf(match: RegExpExecArray): string | undefined {
  const { line, lineTo, decade } = match.groups ?? {};
  if (decade !== undefined) {
    const last = /^\d+\.\d+/.exec(versionOf(match) ?? '')?.[0];
    return last !== undefined && last.startsWith(decade) && last !== `${decade}0` ? `${decade}0-${last}` : last;
  }
  const written = match.groups?.written ?? match.groups?.writtenAfter;
  if (written !== undefined) return onWrittenLine(versionOf(match) ?? '', written) ? written : undefined;
  if (line !== undefined && lineTo !== undefined) return /^\d+$/.test(line) && /^\d+$/.test(lineTo) ? `${line}-${lineTo}` : lineTo;
  // "8.2 SP1 before Patch 32" is on the 8.2 line (its service pack is part of the version, not of the line).
  return line ?? (match.groups?.step !== undefined ? /^\d+(?:\.\d+)*/.exec(match.groups.base ?? '')?.[0] : undefined);
}

/**
 * "19-20": a span of whole lines (`LINE`), as first numbers; "1.20-1.23": a span of a decade's
 * lines. The two ends as written; undefined for one line.
 */
export function lineSpan(line: string | null | undefined): readonly [string, string] | undefined {
  const span = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(line ?? '');
  return span && span[1]!.split('.').length === span[2]!.split('.').length ? [span[1]!, span[2]!] : undefined;
}

/** Whether `version` lies on `line`: its leading numbers inside a span ("20.0.0.228" on "19-20", "1.22.3" on "1.20-1.23"), else false. */
export function onLine(version: string, line: string): boolean {
  const span = lineSpan(line);
  if (!span) return false;
  const depth = span[0].split('.').length;
  const lead = /\d+(?:\.\d+)*/.exec(version)?.[0].split('.');
  if (!lead || lead.length < depth) return false;
  const own = lead.slice(0, depth).join('.');
  // A span across first numbers ("13.11-14.7") holds the lines between its ends; "1.20-1.23" none of 2.x.
  const first = Number(own.split('.')[0]);
  if (depth > 1 && (first < Number(span[0].split('.')[0]) || first > Number(span[1].split('.')[0]))) return false;
  return compareVersions(own, span[0]) >= 0 && compareVersions(own, span[1]) <= 0;
}

/**
 * "prior to v1.10.11, v1.11.5, and v1.12.3": the versions listed right after a fixed one are
 * fixes too, one per line. A version followed by ".x" or by a phrase of its own ("8.1.x before")
 * starts a statement of its own instead.
 */
// Chrome's "for Mac" is the platform as much as "for Mac OS X" (CVE-2016-5199 had told Windows, Linux and Android users
// to install the Mac build).
/** After "mac": a MAC address, layer, key or check is no platform. */
export const NO_MAC_ADDRESS = String.raw`(?![\w-]|\s+(?:address(?:es)?|addr|filter\w*|spoof\w*|layer|table|algorithms?|keys?|authentication|verification|checks?|values?)\b)`;
const LIST_PLATFORM = String.raw`(?:linux|windows|mac(?:\s?os(?:\s?x)?)?${NO_MAC_ADDRESS}|os x|macos|android|ios|chrome os)\b`;
/**
 * "prior to 55.0.2883.75 for Linux and Windows, and 55.0.2883.84 for Android", "prior to 57.0.2987.98 for Mac, Windows,
 * and Linux and 57.0.2987.108 for Android": the platforms a listed fix is for stand between.
 */
const PLATFORM_GAP = String.raw`(?:\s+(?:for|on)\s+${LIST_PLATFORM}(?:\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)${LIST_PLATFORM})*(?=\s*(?:,|and\s|or\s)))?`;
const LIST_LEAD = new RegExp(String.raw`^${PLATFORM_GAP}[\s,]*(?:(?:and|or)\s+)?`, 'i');
const LISTED = new RegExp(
  String.raw`^${PLATFORM_GAP}(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)${FIXED_VERSION}(?=[,;)]|\.(?![\w])|\s|$)(?!\s+(?:versions?\s+)?(?:before|prior|through|to\b|and earlier|or earlier|and prior|or prior))(?!\s+${QUALIFIER}\s?\d)`,
  'i',
);

function statements(text: string, patterns: readonly RegExp[], lists = false): DescribedFix[] {
  const found: { at: number; end: number; fix: DescribedFix }[] = [];
  const add = (match: RegExpExecArray, at: number, listed = false, writtenLine?: string) => {
    const read = versionOf(match);
    if (!read) return false;
    // Silver Peak's "before 8.1.7.x": the fix is the 8.1.7 line as written, not its first release.
    const lineTail = lists && /^\d+(?:\.\d+)+$/.test(read) && /^\.x(?![\w.])/i.test(text.slice(at + match[0].length)) ? '.x' : '';
    const version = `${read}${lineTail}`;
    const line = writtenLine !== undefined && onWrittenLine(version, writtenLine) ? writtenLine : lineOf(match);
    const context = text.slice(Math.max(0, at - 80), at);
    const end = at + match[0].length + lineTail.length;
    const following = text.slice(end, end + 80);
    const sentence = text.slice(sentenceStart(text, at), at);
    // One phrase read by two patterns is one statement (the first pattern's reading: "9.0 before
    // build 407" is not also "build 407"); the same version stated twice for two products
    // ("Firefox before 2.0.0.12, Thunderbird before 2.0.0.12") is two.
    if (found.some((f) => f.at < end && at < f.end)) return false;
    found.push({ at, end, fix: { version, ...(line ? { line } : {}), context, following, sentence, at, end, ...(listed ? { listed: true as const } : {}) } });
    return true;
  };
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      if (!add(match, match.index) || !lists) continue;
      // "15.1 versions prior to 15.1F6-S12, 15.1R7-S2": the listed fixes are of the written line too.
      const writtenLine = match.groups?.written ?? match.groups?.writtenAfter;
      let end = match.index + match[0].length;
      for (let next = LISTED.exec(text.slice(end)); next; next = LISTED.exec(text.slice(end))) {
        const lead = LIST_LEAD.exec(next[0])![0].length;
        const own = Object.assign([next[0].slice(lead)], { index: end + lead, input: text, groups: next.groups }) as RegExpExecArray;
        if (!add(own, end + lead, true, writtenLine)) break;
        end += next[0].length;
      }
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.fix);
}

const PARTIAL_FIX = /\bpartially (?:fixed|patched|addressed|resolved|mitigated|remediated)\s+(?:in|with|by)\s+(?:the\s+)?(?:versions?\s+|releases?\s+)?\S+$/i;

/** "6.0.0 through 6.0.4": the start that a range statement runs from (its context ends before "through"), on its end's line ("6.0"). */
const RANGE_START = /(?<start>\d+\.\d+)(?:\.\d+)*\s+$/;

/**
 * FortiPortal's "6.0.0 through 6.0.4, 5.3.0 through 5.3.5, 5.2.0 through 5.2.5" (CVE-2021-32590, h47): each range is
 * its line's, so 5.3.5 says nothing of the 5.2 line's fix 5.2.6. Only where two ranges or more name lines of their own;
 * a single "12.1.1 through 12.1.3" stays as it was.
 */
function withRangeLines(statements: readonly DescribedFix[]): DescribedFix[] {
  const lineOfRange = (s: DescribedFix) => {
    const start = RANGE_START.exec(s.context)?.groups?.start;
    return s.line === undefined && start !== undefined && s.version.startsWith(`${start}.`) ? start : undefined;
  };
  const lines = new Set(statements.map(lineOfRange).filter((l) => l !== undefined));
  if (lines.size < 2) return [...statements];
  return statements.map((s) => {
    const line = lineOfRange(s);
    return line === undefined ? s : { ...s, line };
  });
}

/** Aruba's "6.10.x: 6.10.6 and below; 6.9.x: 6.9.11 and below": the line written before the colon. */
const COLON_LINE = /(?<![\w.])(?<line>\d+(?:\.\d+)+)\.x:\s*$/i;

/**
 * Aruba's "version(s): 6.10.x: 6.10.6 and below; 6.9.x: 6.9.11 and below" (ClearPass CVE-2022-37877, Instant's "8.3.x:
 * 8.3.0.12 and below; 8.5.x: 8.5.0.9 and below"): each newest affected version is its written line's, so 6.10.6 says
 * nothing of the 6.9 line's fix 6.9.12.
 */
function withColonLines(statements: readonly DescribedFix[]): DescribedFix[] {
  return statements.map((s) => {
    const line = s.line === undefined ? COLON_LINE.exec(s.context)?.groups?.line : undefined;
    return line !== undefined && onWrittenLine(s.version, line) ? { ...s, line } : s;
  });
}

/**
 * PostgreSQL's "Versions before PostgreSQL 17.3, 16.7, 15.11, 14.16, and 13.19 are affected" (CVE-2025-1094, h50), Go's
 * "Go before Go 1.20.5 and 1.19.10": the product named again between "before" and its versions. Where the record has
 * named it before, the name is blanked (the text keeps its length, so every position stays) and the versions read as
 * any "before 17.3, 16.7 …". A step word there ("before Build 446", "prior to Version 2") is the version's own.
 */
const NAMED_AFTER_BEFORE = /\b(before|prior to)\s((?:[A-Z][\w+-]*\s){1,2})(?=v?\d)/g;
const STEP_WORD = new RegExp(
  String.raw`^(?:${QUALIFIER}|versions?|releases?|ver|beta|alpha|firmware|fw|ota|frn|service|pack|fix|fixpak|fixpack|rollup|cumulative|maintenance|mr|level|revision|rev|edition|security|hot|interim|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$`,
  'i',
);

const NAMED_PLATFORM = /^(?:Android|Windows|Linux|macOS|Mac|iOS|iPadOS|Ubuntu|Debian|Solaris|Unix|Java)$/;

function withoutRepeatedNames(text: string): string {
  return text.replace(NAMED_AFTER_BEFORE, (all: string, word: string, name: string, offset: number) => {
    const words = name.trim().split(' ');
    const earlier = text.slice(0, offset);
    const after = text.slice(offset + all.length);
    // "Releases prior to Junos OS 15.1 are unaffected", "prior to BIND 9.9.0 have not been evaluated": no fix.
    const unaffected =
      /^(?:[^.;]|\.(?=\d)){0,60}?\b(?:(?:is|are)\s+(?:un|not\s+)affected|not\s+vulnerable|(?:has|have)\s+not\s+been\s+(?:evaluated|tested|assessed))\b/i.test(
        after,
      );
    // ArcSight's "prior to Logger 6.7.1 HotFix 6.7.1.8262.0": the step is the fix, which the grammar does not read whole.
    const stepAfter = /^v?\S+\s+(?:hot ?fix|patch|update|sp|service pack|build|fix ?pack)\b/i.test(after);
    // Samba's "because this was the default before Samba 4.8": how things were, not a fix.
    const pastDefault = /\bdefault\s$/i.test(earlier);
    // Each word has a lower-case letter and no digit (not an acronym such as BIND, FOS or TC, nor a model such as
    // ALP-L09), is no platform ("platforms prior to Android 4.1") nor step word, and the record has written it before.
    const nameWord = (w: string) =>
      /[a-z]/.test(w) &&
      !/\d/.test(w) &&
      !NAMED_PLATFORM.test(w) &&
      !STEP_WORD.test(w) &&
      new RegExp(String.raw`\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\b`).test(earlier);
    const named = !unaffected && !stepAfter && !pastDefault && words.every(nameWord);
    return named ? `${word} ${' '.repeat(name.length)}` : all;
  });
}

export function describedVersions(description: string): DescribedVersions {
  // "** DISPUTED **" and similar markers carry no versions; the grammar reads the prose.
  // Intel's "before version 22.1 .1": a stray space inside a version is no end of it.
  const text = withoutRepeatedNames(description.replace(/\s+/g, ' ').replace(/(\d) \.(\d)/g, '$1.$2'));
  // NVD's "NOTE: …" sentences discuss other reports ("the initial public reports stated that this
  // affected Firefox in Ubuntu 6.06 through 7.10", CVE-2008-0420): never what is affected here.
  const stated = withoutNotes(text);
  const lists = listedAffected(stated);
  // The list's last version is also read as its own "X and earlier": it keeps that reading, with its track.
  const throughs = statements(stated, LAST_AFFECTED_PATTERNS).map((s) => {
    const same = lists.find(({ fix: l }) => l.line !== undefined && l.version === s.version && s.at < l.end && l.at < s.end);
    return same ? { ...s, line: same.fix.line! } : s;
  });
  const lastAffected = withColonLines(withRangeLines(throughs));
  const overlaps = (l: DescribedFix) => lastAffected.some((s) => s.at < l.end && l.at < s.end);
  const listed = lists.filter(({ fix }) => !overlaps(fix)).map(({ fix }) => fix);
  const earlierTracks = lists.filter(({ fix, earlier }) => earlier && !overlaps(fix)).map(({ fix }) => fix);
  // "partially patched in version 2.8.3" (Wordfence's 38 records, CVE-2024-9061): still affected; "fully patched in" is the fix.
  const read = statements(text, FIXED_PATTERNS, true);
  const isPartial = (f: DescribedFix) => PARTIAL_FIX.test(text.slice(Math.max(0, f.at - 40), f.end));
  const fixed = read.filter((f) => !isPartial(f));
  const taken = [...fixed, ...lastAffected, ...listed];
  const affected = statedAffected(stated).filter((a) => !taken.some((s) => s.at < a.end && a.at < s.end));
  // A dated build ends no range of numbers: "Netgear WN604 up to 20240710" is a model, then its builds up to that date.
  const upTo = [
    ...lastAffected.filter((l) => (isDatedBuild(l.version) || !/\d\s*(?:-|to|until)?\s*$/i.test(l.context)) && !/\bfrom\s+\S+\s*$/i.test(l.context)),
    ...earlierTracks,
  ].sort((a, b) => a.at - b.at);
  return { fixed, lastAffected: [...lastAffected, ...listed].sort((a, b) => a.at - b.at), upTo, affected, partial: read.filter(isPartial) };
}
