/**
 * The fix text: which version of which product to move to, from the checked fix advice
 * (`../derive/fix-advice.ts`). Each named version lies outside every vulnerable range of its
 * product; "or later" is said only of a version above every vulnerable version; older release
 * lines get their own fixed version, and a line with none is said to have none.
 */
import type { VersionFact } from '../../domain/facts.js';
import type { FixSteps } from '../facts/fix-steps.js';
import { isSamsungRelease } from '../facts/samsung-release.js';
import type { AffectedProduct } from '../../domain/nvd-record.js';
import { compareVersions } from '../../domain/cpe/version-compare.js';
import { lineSpan, onLine, onWrittenLine } from '../versions/description.js';
import { MAX_BRANCHES, MAX_FIX_PRODUCTS, type FixAdvice, type ProductFix } from '../derive/fix-advice.js';
import { capitalise } from './capitalise.js';
import { decimalAbove } from '../facts/decimal-fix.js';
import { hitachiVersion, HITACHI_CPE, listText, rangeText } from './names.js';
import { distributionReleaseText } from './release-platform.js';
import { isDeviceListPlatform } from '../sources/device-lists.js';
import { adobeTrackOf, compareReleases, yearless } from '../versions/release-order.js';
import { datedBuildText, isDatedBuild } from '../versions/dated-build.js';
import { editionBuilds, editionBuildSentence, uncoveredEditions } from './edition-builds.js';

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
  const branchText = branches.map(
    (b) => `version ${b.version} fixes ${b.covers.exact !== undefined ? 'version' : 'versions'} ${rangeText(b.covers) ?? `before ${b.version}`}`,
  );
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
    for (const fix of advice.products.filter((f) => f.product.fixedVersions.length > 0).slice(0, MAX_FIX_PRODUCTS))
      parts.push(...productSentences(fix, nameOf(fix.product)));
  }
  const more = withFix.length - Math.min(withFix.length, MAX_FIX_PRODUCTS);
  if (more > 0) parts.push(`Fixed versions are listed for ${more} more ${more === 1 ? 'product' : 'products'} in the NVD entry.`);
  if (advice.otherProductsWithFixes > 0) {
    const n = advice.otherProductsWithFixes;
    parts.push(
      `The record also lists fixed versions for ${n} other ${n === 1 ? 'product' : 'products'} that ${n === 1 ? 'carries' : 'carry'} the flaw; this record's facts (fixed_in) name them.`,
    );
  }
  const part = advice.partFixes[0];
  if (parts.length === 0 && part) {
    const name = nameOf(part.product);
    parts.push(
      `The description gives ${part.version} as the fixed version of a part of ${name} that it names (a plugin or component), not of ${name} itself: update that part to ${part.version} or later.`,
    );
  }
  const described = advice.describedOnly.slice(0, MAX_BRANCHES);
  if (described.length === 1 && !described[0]!.line) {
    parts.push(`The description says version ${described[0]!.version} fixes it: update to ${described[0]!.version} or later.`);
  } else if (described.length > 0) {
    const lines = described.map((d) => (d.line ? `${d.version} for ${lineText(d.line, d.version)}` : d.version));
    parts.push(`The description names these fixed versions: ${listText(lines)}. Update to the one for your release line or later.`);
  }
  return parts;
}

/**
 * The fix text from §9's fix facts: each fixed version per product, line and platform; where a
 * product has none, the newest affected version ("update past it"); where neither is stated but
 * a fix is, the advisory. A version from the description that a configuration contradicts with a
 * lower fix is said to come from the description.
 */
export interface FixFactsText {
  readonly fixed_in: readonly VersionFact[];
  readonly last_affected: readonly VersionFact[];
  readonly fix_stated: boolean;
  /** Hosts of the Vendor Advisory tagged references, for a fix stated without a version. */
  readonly advisoryHosts: readonly string[];
  /** Hosts of the references that link a source commit (`commitHosts`): where a fix stated without a version is. */
  readonly commitHosts?: readonly string[];
  /** Patch links are shown in a sentence of their own. */
  readonly patchLinks: boolean;
  readonly steps: FixSteps;
  /** Keys of the distributions listed beside the upstream product (`../facts/distributions.ts`): they get no version, only their advisory. */
  readonly distributions?: readonly string[];
  /** Keys of the distributions of a record that lists nothing else (`onlyDistributions`): their releases are no version to move past. */
  readonly distributionOnly?: readonly string[];
  /** The record has no NVD entry: its description is the CNA's, so a version it states is the CVE record's, not NVD's. */
  readonly cnaOnly?: boolean;
  /** Keys of the products the description names (`facts.products[].primary`): the text speaks of them first. */
  readonly primary?: readonly string[];
  /** The versions the description states as fixed, before any check against the configurations. */
  readonly describedFixed?: readonly string[];
  /** The description's "X and earlier", "through X" versions, before any check against the configurations. */
  readonly describedLast?: readonly string[];
  /** Microsoft security bulletins the references point at ("MS06-060"): the update that fixes every affected edition. */
  readonly bulletins?: readonly string[];
  /** The one Oracle Critical Patch Update the references point at ("April 2020", `../facts/oracle-cpu.ts`). */
  readonly oracleUpdate?: string | undefined;
  /** SAP Security Notes the description names ("2121661"): the correction to apply (`../facts/sap-notes.ts`). */
  readonly sapNotes?: readonly string[];
  /** Versions the description says fixed it only in part ("partially patched in version 2.8.3"). */
  readonly partialFixes?: readonly string[];
  /** Cisco's "Known Fixed Releases:" list in the description (`../facts/cisco-known-releases.ts`). */
  readonly ciscoKnownFixed?: readonly string[];
  /** Samsung's security release the description states as the fix ("prior to SMR Sep-2021 Release 1"), for a record that lists no product. */
  readonly samsungRelease?: string | undefined;
  /** Key of the record's one product when NVD lists every version of it as affected (`soleProductInEveryVersion`). */
  readonly everyVersion?: string | undefined;
  /** Every product NVD lists as affected in every version (`productsInEveryVersion`, the sole one included): no listed version of it is one to update past. */
  readonly inEveryVersion?: readonly string[];
  /** Products listed by model, not version (Qualcomm's chipsets), and the hosts of the record's references. */
  readonly modelListed?: { readonly products: readonly string[]; readonly hosts: readonly string[] };
  /** Products a CNA gives a fixed build per edition (`../facts/cve5-edition-fixes.ts`): said in one sentence grouped by build. */
  readonly editionBuilds?: readonly string[];
}

const MAX_FACT_PRODUCTS = 6;
const MAX_SIMPLE_PRODUCTS = 24;
const MAX_ENTRIES = 12;
const MAX_CISCO_RELEASES = 6;
/** More fixes than this, each of a named line, are said line by line (`lineGroupTexts`). */
const GROUP_LINES_PAST = 6;

/** "the 2.7.x line"; a line named with a letter ("6.x", Oracle's "18c", Juniper's "12.1X46") is written as it is. */
const lineText = (branch: string, version?: string) => {
  const span = lineSpan(branch);
  if (span) return `the ${span[0]}.x to ${span[1]}.x lines`;
  if (adobeTrackOf(branch) !== undefined) return `the ${branch} track`;
  // OpenSSL's 1.0.1q is a letter release of 1.0.1, Geeklog's 1.3.11sr5 one of 1.3.11: "the 1.0.1 line", not "1.0.1.x".
  const lettered = version !== undefined && /^\d+(?:\.\d+){2,}$/.test(branch) && version.startsWith(branch) && /^[^.\d]/.test(version.slice(branch.length));
  return lettered || /[a-z]/i.test(branch) || !/^\d/.test(branch) ? `the ${branch} line` : `the ${branch}.x line`;
};
const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  windows: 'Windows',
  'windows phone': 'Windows Phone',
  'windows mobile': 'Windows Mobile',
  tizen: 'Tizen',
  'os x': 'OS X',
  macos: 'macOS',
  linux: 'Linux',
  android: 'Android',
  ios: 'iOS',
  ipados: 'iPadOS',
  'chrome os': 'Chrome OS',
  freebsd: 'FreeBSD',
  solaris: 'Solaris',
  aix: 'AIX',
  'hp-ux': 'HP-UX',
  unix: 'Unix',
};
export const platformText = (platform: string) => PLATFORM_NAMES[platform] ?? distributionReleaseText(platform) ?? platform;
/**
 * Only platforms with an everyday name (a distribution's release among them: "on Ubuntu 12.04
 * LTS") are named in the text. The others are CPE tokens of the
 * device or server a firmware or module runs on ("dir-859 a3", "application server"), which the
 * product's own name already carries; the facts keep them.
 */
const namedPlatform = (platform: string | null): platform is string =>
  platform !== null && (platform in PLATFORM_NAMES || distributionReleaseText(platform) !== undefined || isDeviceListPlatform(platform));
/**
 * A CPE version with a one-letter update ("2.05" update "a") is the release people write "2.05a";
 * the facts keep the record's "2.05 a", whose lone letter would read as an article in a sentence.
 */
const versionText = (version: string) => version.replace(/^(\d[\w.]*) ([a-z])$/i, '$1$2');
/**
 * A newest affected version that is a CPE token of words ("9i_application_server", a version of
 * Oracle Database Server in CVE-2004-1371) is written with spaces, so it is not read as a product
 * token. Only there: other underscores belong to the version ("1.2_08", "el9_4") and stay. A build
 * named by its date is said as one (`isDatedBuild`).
 */
const affectedVersionText = (version: string) =>
  isDatedBuild(version)
    ? datedBuildText(version)
    : HITACHI_CPE.test(version)
      ? hitachiVersion(version)
      : /[a-z]{2,}_[a-z]{2,}/i.test(version)
        ? version.replace(/_+/g, ' ')
        : // SAP's component and its release ("krnl64uc_8.04", "kernel_7.22"): a space between, as SAP writes them apart.
          version.replace(/^([a-z][a-z0-9]*)_(?=\d+\.\d)/i, '$1 ');

/** One version with the lines and platforms it is stated for: "2.7.9 for the 2.7.x line", "18.0.0.203 on Windows and OS X". */
interface EntryText {
  readonly version: string;
  /** " for the 2.7.x line", " on Windows and OS X", or empty. */
  readonly where: string;
}

function entryTexts(entries: readonly VersionFact[], of: 'fixes' | 'affected', nothingAbove = false): EntryText[] {
  const byVersion = new Map<string, VersionFact[]>();
  for (const e of entries) byVersion.set(`${e.version}|${e.branch ?? ''}`, [...(byVersion.get(`${e.version}|${e.branch ?? ''}`) ?? []), e]);
  const lines = new Set(entries.map((e) => e.branch));
  const texts = [...byVersion.values()].map((group): LinedText => {
    const first = group[0]!;
    const platforms = [...new Set(group.map((e) => e.platform).filter(namedPlatform))];
    const on = platforms.length > 0 && group.every((e) => namedPlatform(e.platform)) ? ` on ${listText(platforms.map(platformText))}` : '';
    // "5.2.x before 5.2.0, before 5.0.0": the unlined fix below every lined one is the older releases'.
    // (Not a newest affected version: "7.2.0 for older releases" would misplace FortiNAC's 7.2 line.)
    const unlined = of === 'fixes' && first.branch === null && lines.size > 1;
    // Apple's "fixed in macOS Ventura 13.5, macOS Monterey 12.6.8" (CVE-2023-32442): the one unlined fix above every
    // lined one is every other release's, so "13.5 and 12.6.8 for the 12.x line" is not read as two fixes of 12.x; not
    // where it lies on a lined one's line (OpenSSL's 1.0.2e beside 1.0.1q "for the 1.0.x line").
    const newerUnlined =
      unlined &&
      entries.filter((e) => e.branch === null).every((e) => e.version === first.version) &&
      entries.every(
        (e) => e.branch === null || (compareVersions(e.version, first.version) < 0 && !(lineSpan(e.branch) ? onLine : onWrittenLine)(first.version, e.branch)),
      );
    const older = unlined && entries.every((e) => e.branch === null || compareVersions(e.version, first.version) > 0) ? ' for older releases' : '';
    // The kernel's mainline fix "5.13" beside its stable lines' 5.12.10 and 5.10.43: the newest fix,
    // the first release of its line, fixes every later release too; it is no line of its own.
    const opensNewest =
      of === 'fixes' &&
      nothingAbove &&
      lines.size > 1 &&
      first.branch !== null &&
      on === '' &&
      compareVersions(first.version, first.branch) === 0 &&
      entries.every((e) => e.platform === null && compareVersions(e.version, first.version) <= 0);
    const lined = !opensNewest && first.branch !== null && lines.size > 1;
    const line = opensNewest
      ? ' or later'
      : lined
        ? ` for ${lineText(first.branch!, first.version)}`
        : newerUnlined && on === ''
          ? ' for other releases'
          : older;
    return { version: versionText(first.version), where: `${line}${on}`, ...(lined ? { line: { branch: first.branch!, on, raw: first.version } } : {}) };
  });
  return withDistinctLines(texts, of);
}

/** An entry's line as `entryTexts` said it, kept to tell apart two entries said for one line. */
interface LinedText extends EntryText {
  readonly line?: { readonly branch: string; readonly on: string; readonly raw: string };
}

const numbersOf = (version: string) => /^v?(\d+(?:\.\d+)*)/i.exec(version)?.[1]?.split('.') ?? [];

/**
 * Two versions said for one line ("1.3.11sr5 for the 1.3.x line and 1.3.9sr5 for the 1.3.x line", Geeklog's "1.3.11 before
 * 1.3.11sr5, 1.3.9 before 1.3.9sr5"; OpenSSL's 1.0.2e, 1.0.1q and 1.0.0t "for the 1.0.x line") tell a reader nothing of which
 * is theirs: each is said for the deeper line its own numbers name ("the 1.3.11 line"), where those differ; where the numbers
 * are the same ("14.2R8" and "14.2R7-S4"), the fixes are one line's alternatives ("14.2R8 or 14.2R7-S4 for the 14.2.x line").
 */
function withDistinctLines(texts: readonly LinedText[], of: 'fixes' | 'affected'): EntryText[] {
  const groups = new Map<string, LinedText[]>();
  for (const t of texts)
    if (t.line && /^\d+(?:\.\d+)*$/.test(t.line.branch))
      groups.set(`${t.line.branch}|${t.line.on}`, [...(groups.get(`${t.line.branch}|${t.line.on}`) ?? []), t]);
  const replaced = new Map<LinedText, EntryText | null>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const numbers = group.map((t) => numbersOf(t.line!.raw));
    const from = group[0]!.line!.branch.split('.').length;
    // A line leaves the version something of its own: "1.0.2" for 1.0.2e, "8.3" for Cisco's 8.3(1), never "2.0.1.153" for
    // 2.0.1.153 itself.
    const beyond = (i: number, d: number) => numbers[i]!.length > d || (numbers[i]!.length === d && /^v?[\d.]*\d[^\d.]/i.test(group[i]!.line!.raw));
    const depth = [from + 1, from + 2].find(
      (d) => group.every((_t, i) => beyond(i, d)) && new Set(numbers.map((n) => n.slice(0, d).join('.'))).size === group.length,
    );
    if (depth !== undefined) {
      group.forEach((t, i) => {
        const deeper = numbers[i]!.slice(0, depth).join('.');
        replaced.set(t, { version: t.version, where: ` for ${lineText(deeper, t.line!.raw)}${t.line!.on}` });
      });
    } else if (of === 'fixes' && new Set(numbers.map((n) => n.join('.'))).size === 1) {
      replaced.set(group[0]!, { version: group.map((t) => t.version).join(' or '), where: group[0]!.where });
      for (const t of group.slice(1)) replaced.set(t, null);
    }
  }
  return texts.flatMap((t) => {
    const r = replaced.has(t) ? replaced.get(t) : { version: t.version, where: t.where };
    return r ? [r] : [];
  });
}

const shownEntry = (e: EntryText) => `${e.version}${e.where}`;

/** Lines a list of fixes may name in full (Juniper's 27 fixes of 15 lines): past it, the text counts the rest. */
const MAX_LINES = 30;

/**
 * Juniper's "12.1X46 versions prior to 12.1X46-D81; … 18.1 versions prior to 18.1R2-S3, 18.1R3":
 * more fixes than a list shows, each of a named line on every platform, are said line by line
 * ("18.1R3 or 18.1R2-S3 for the 18.1.x line"), so a user of any line finds its fix.
 */
function lineGroupTexts(fixes: readonly VersionFact[], nothingAbove = false): EntryText[] | undefined {
  if (fixes.length <= GROUP_LINES_PAST || fixes.some((f) => f.branch === null || f.platform !== null)) return undefined;
  const byLine = new Map<string, string[]>();
  for (const f of fixes) {
    const versions = byLine.get(f.branch!) ?? [];
    if (!versions.includes(versionText(f.version))) byLine.set(f.branch!, [...versions, versionText(f.version)]);
  }
  if (byLine.size < 2 || byLine.size > MAX_LINES) return undefined;
  // The newest fix that is its line's first release (the kernel's mainline) is "or later", as in `entryTexts`.
  const newest = fixes.reduce((a, b) => (compareVersions(b.version, a.version) > 0 ? b : a));
  const opens = (line: string, versions: readonly string[]) =>
    nothingAbove && line === newest.branch && versions.length === 1 && compareVersions(newest.version, line) === 0;
  return [...byLine].map(([line, versions]) => ({ version: versions.join(' or '), where: opens(line, versions) ? ' or later' : ` for ${lineText(line)}` }));
}
/** "version 2.7.9", but "build 7845" and "v285" as written, and Android's dated patch level as Android calls it. */
const versionPhrase = (version: string, key = '') =>
  key === 'google:android' && /^\d{4}-\d{2}-\d{2}$/.test(version)
    ? `security patch level ${version}`
    : isSamsungRelease(version)
      ? `Samsung's security release ${version}`
      : isDatedBuild(version)
        ? datedBuildText(version)
        : /^\d/.test(version)
          ? `version ${version}`
          : version;

/** The line an entry is stated for: its branch, else its first number. */
const lineOfEntry = (e: VersionFact) => e.branch ?? /\d+/.exec(e.version)?.[0] ?? '';

/**
 * Two versions written alike (as many leading dotted numbers: Flash's "18.0.0.241" and
 * "13.0.0.289"), so one's line can be said to lie before the other's; MERCUR's "2005 Service
 * Pack 4" and NVD's "5.0_sp3" name one release two ways, not two lines.
 */
const sameShape = (a: string, b: string) => /^\d+(?:\.\d+)*/.exec(a)?.[0].split('.').length === /^\d+(?:\.\d+)*/.exec(b)?.[0].split('.').length;

/** A line's numbers as numbers: Informix's "10.00" (the description's) and "10.0" (the CPE's) are one line. */
const numericLine = (line: string) =>
  line
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part)) : part))
    .join('.');

/** Two lines that can be one: equal, or one inside the other ("11" and "11.0"). */
function compatibleLines(a: VersionFact, b: VersionFact): boolean {
  const x = numericLine(lineOfEntry(a));
  const y = numericLine(lineOfEntry(b));
  if (lineSpan(y)) return onLine(a.version, y);
  if (lineSpan(x)) return onLine(b.version, x);
  return x === y || x.startsWith(`${y}.`) || y.startsWith(`${x}.`);
}

/**
 * Novell's "8.8 before SP3" beside NVD's listed 8.8.2 (CVE-2008-5091, the ninth reading): a vendor that numbers its
 * service packs as a third number writes 8.8 SP2 as 8.8.2, which the comparator puts above "8.8 SP3".
 */
function servicePackAbove(fix: string, listed: string): boolean {
  const pack = /^(\d+\.\d+)\s*(?:sp|service pack)\s*(\d+)$/i.exec(fix.trim());
  const third = /^(\d+\.\d+)\.(\d+)$/.exec(listed.trim());
  return pack !== null && third !== null && pack[1] === third[1] && Number(third[2]) < Number(pack[2]);
}

/** Who states a newest affected version: NVD's record (its description or configurations), or the CNA's CVE record. */
const byCveRecord = (l: VersionFact, facts: Pick<FixFactsText, 'cnaOnly'>) => l.source === 'cve5' || (l.source === 'description' && facts.cnaOnly === true);
const lister = (l: VersionFact, facts: Pick<FixFactsText, 'cnaOnly'>) => (byCveRecord(l, facts) ? 'the CVE record lists' : 'NVD lists');

const newestFirstFacts = (a: VersionFact, b: VersionFact) => compareVersions(b.version, a.version);

/**
 * A newest affected "version" that names an edition of the product, not a release to move past:
 * a year ("Word 2004", "Office 2010 SP2", "SharePoint Server 2013") or a Windows 10 feature
 * release ("1511", "20H2"). The vendor's security update for that edition is the fix; a newer
 * edition is not. (A cumulative update, "2013 CU20", is a release of its edition: it stays a version.)
 */
const YEAR_EDITION = /^(?:19|20)\d{2}(?:\s+(?:r2|rt|gold|sp\d+|sr\d+))*$/i;
const WINDOWS_RELEASE = /^(?:\d{2}(?:0[1-9]|1[0-2])|\d{2}h[12])$/i;
/**
 * Microsoft's products named by a bare major version (Internet Explorer 11, Windows Media Player
 * 12, Outlook 10) are editions too: Microsoft fixes them by security updates of that edition, and
 * there is no Internet Explorer 12 to "update past 11" to.
 */
const MICROSOFT_MAJOR = /^\d{1,2}$/;
const isYearOrWindowsEdition = (key: string, version: string) =>
  YEAR_EDITION.test(version.trim()) || (key.startsWith('microsoft:') && (WINDOWS_RELEASE.test(version.trim()) || MICROSOFT_MAJOR.test(version.trim())));

/** A newest affected entry that is an edition (`isYearOrWindowsEdition`) or a release of a distribution that is all the record lists. */
const editionOf = (facts: Pick<FixFactsText, 'distributionOnly'>) => (key: string, version: string) =>
  isYearOrWindowsEdition(key, version) || (facts.distributionOnly ?? []).includes(key);

/**
 * A configuration's fix that the description writes as a step of its release ("5.0.1 Patch 7"
 * for NVD's "5.0.1.7"): the description's name first, NVD's number after it, so a user finds
 * the release the vendor's page names. The comparator orders "5.0.1 Patch 7" below "5.0.1.7", so
 * the fact keeps NVD's number.
 */
function asDescribed(version: string, described: readonly string[]): string {
  const twin = described.find((d) => {
    const step = /^(\d+(?:\.\d+)*)\s+(?:patch|build|update|p)\s?(\d+)$/i.exec(d.trim());
    return step !== null && compareVersions(`${step[1]}.${step[2]}`, version) === 0 && compareVersions(d, version) !== 0;
  });
  return twin === undefined ? version : `${twin} (${version})`;
}

function productFactSentences(key: string, name: string, facts: FixFactsText): string[] {
  const isEdition = editionOf(facts);
  const fixes = facts.fixed_in.filter((f) => f.product === key).sort(newestFirstFacts);
  const last = facts.last_affected.filter((l) => l.product === key).sort(newestFirstFacts);
  const out: string[] = [];
  if (fixes.length > 0) {
    const nothingAbove = !last.some((l) => compareVersions(l.version, fixes[0]!.version) > 0);
    const grouped = lineGroupTexts(fixes, nothingAbove);
    const all =
      grouped ??
      entryTexts(fixes, 'fixes', nothingAbove).map((e) => ({
        ...e,
        version: asDescribed(e.version, facts.describedFixed ?? []),
      }));
    const texts = grouped ?? all.slice(0, MAX_ENTRIES);
    const more = all.length - texts.length;
    const moreText = more > 0 ? ` (and ${more} more in this record's facts)` : '';
    // "or later" only where nothing the record calls affected lies above the fix.
    // The description's one unlined fix is above the affected versions it names in its own decimal order ("Patch 4.3"
    // beside 4.25), and a service pack above the same release's lower third number (`servicePackAbove`).
    const vendorOrderBelow = (l: VersionFact, f: VersionFact) =>
      (f.source === 'description' && f.branch === null && fixes.length === 1 && decimalAbove(f.version, l.version)) || servicePackAbove(f.version, l.version);
    const above = (f: VersionFact) =>
      last.some(
        (l) =>
          (l.platform === null || f.platform === null || l.platform === f.platform) && compareVersions(l.version, f.version) > 0 && !vendorOrderBelow(l, f),
      );
    const one = texts.length === 1 ? texts[0]! : undefined;
    if (one && fixes.every((f) => !above(f))) out.push(`Update ${name} to ${versionPhrase(one.version, key)} or later${one.where}${moreText}.`);
    else if (one)
      out.push(
        /^\d/.test(one.version)
          ? `Version ${one.version} of ${name} fixes it${one.where}${moreText}.`
          : `${name} ${one.version} fixes it${one.where}${moreText}.`,
      );
    else out.push(`Update ${name} to the fixed version for your release line or platform: ${listText(texts.map(shownEntry))}${moreText}.`);
    if (fixes.every((f) => f.source === 'description')) out[out.length - 1] = out.at(-1)!.replace(/\.$/, ' (the fixed version comes from the description).');
    // A line or platform the record calls affected with no fix of its own.
    const unfixed = last.filter(
      (l) =>
        !fixes.some(
          (f) =>
            (l.platform === null || f.platform === null || l.platform === f.platform) &&
            (compareVersions(f.version, l.version) > 0 || vendorOrderBelow(l, f)) &&
            // A track's fix (Adobe's Continuous) is above its track's listed versions, which NVD gives no line.
            (f.branch === null || (l.branch === null && adobeTrackOf(f.branch) !== undefined) || compatibleLines(l, f)),
        ),
    );
    // Aruba's "6.4.x: 6.4.4.8-4.2.4.17 and below" beside NVD's range through 6.4.4.8-4.2.4.18 (CVE-2021-25144): one line
    // with no fix is said once, by the higher version there is to move past.
    const lineUnfixed = unfixed.filter(
      (l) =>
        !unfixed.some((o) => o !== l && l.branch !== null && o.branch === l.branch && o.platform === l.platform && compareVersions(o.version, l.version) > 0),
    );
    for (const l of lineUnfixed.slice(0, 2)) {
      const where = `${l.branch !== null ? ` on ${lineText(l.branch, l.version)}` : ''}${namedPlatform(l.platform) ? ` on ${platformText(l.platform)}` : ''}`;
      // With no line or platform to name, "No fixed version is stated for Linux Kernel" right
      // after naming its fixed versions would deny them: say which affected version has none.
      // Nor where a fix of its line is named ("17.4R1-S5 for the 17.4.x line" beside NVD's 17.4 r2-s2).
      const lineNamesFix = l.branch !== null && fixes.some((f) => f.branch !== null && compatibleLines(l, f));
      // Flash's 13.0.0.289 on OS X beside "18.0.0.241 … on Windows and OS X": the platform has fixes, of other lines
      // only, so "no fixed version is stated for it on OS X" would deny them; the line is what has none.
      const placeFixes = fixes.filter((f) => l.platform === null || f.platform === null || l.platform === f.platform);
      const otherLinesFixed =
        l.branch === null &&
        placeFixes.length > 0 &&
        placeFixes.every(
          (f) => compareVersions(f.version, l.version) > 0 && lineOfEntry(f).split('.')[0] !== lineOfEntry(l) && sameShape(f.version, l.version),
        );
      if (otherLinesFixed && !lineNamesFix) {
        out.push(
          `${capitalise(lister(l, facts))} ${affectedVersionText(versionText(l.version))} of ${name}${where} as affected too, and no fix of ${lineText(lineOfEntry(l))} is stated: move to a fixed release of a later line.`,
        );
        continue;
      }
      out.push(
        where === '' || lineNamesFix
          ? `${capitalise(lister(l, facts))} ${affectedVersionText(versionText(l.version))} of ${name}${where} as affected too, with no fixed version stated above it; move past it to a fixed release.`
          : `No fixed version is stated for ${name}${where}: ${lister(l, facts)} ${affectedVersionText(versionText(l.version))} as its newest affected version; move past it to a fixed release.`,
      );
    }
    out.push(...disputedSentence(unfixed.slice(0, 2), facts));
    // One version listed by two sources (the description's and the configuration's 8.0(3)) is said once.
    return [...new Set(out)];
  }
  // Editions are said once for every product (`editionSentence`).
  const versions = last.filter((l) => !isEdition(key, l.version));
  if (versions.length > 0) {
    const last = versions;
    const texts = entryTexts(last, 'affected')
      .slice(0, MAX_ENTRIES)
      .map((e) => shownEntry({ ...e, version: affectedVersionText(e.version) }));
    // Netop's "11.53, 12.21 and prior" beside NVD's 12.50 (CVE-2017-5216): versions from both sources are said as both's.
    const who = last.every((l) => byCveRecord(l, facts))
      ? 'The CVE record lists'
      : last.some((l) => l.source === 'description') && last.some((l) => l.source !== 'description')
        ? 'NVD and the description list'
        : 'NVD lists';
    // "1.6.x and earlier": a whole line is affected, so no release of it is safe to stop at.
    const wholeLine = last.length === 1 && /^\d+(?:\.\d+)*\.x$/i.test(last[0]!.version) ? last[0]!.version : undefined;
    // The description's versions are not tied to products here: only a record of one product says them.
    const oneProduct = new Set([...facts.fixed_in, ...facts.last_affected].map((f) => f.product)).size === 1;
    const below = last.length === 1 && oneProduct ? describedBelow(last[0]!, facts.describedLast ?? []) : undefined;
    out.push(
      // Quake 3 Engine's `*` listed beside its 1.32c (CVE-2006-3324, the final reading): every version is affected, so
      // past 1.32c is no safe place, as the affected text says.
      facts.inEveryVersion?.includes(key) === true
        ? facts.fix_stated
          ? `NVD lists every version of ${name} as affected, with no version limit.`
          : `NVD lists every version of ${name} as affected and states no fixed version: check the vendor for a release that fixes it.`
        : wholeLine !== undefined
          ? `${who} every ${wholeLine} release of ${name} and earlier as affected; update to a release after the ${wholeLine} line.`
          : below !== undefined
            ? `The description names ${versionText(below)} and earlier of ${name} as affected; ${who.replace(/^The/, 'the')} ${texts[0]} too: ${
                // Loudblog's "0.5 and earlier" beside NVD's 0.44 (CVE-2006-3832, the ninth reading): read as decimals 0.5 is the
                // higher, as release numbers 0.44; past both holds either way.
                decimalAbove(below, last[0]!.version) ? 'update to a release later than both' : `update past ${versionText(last[0]!.version)}`
              }.`
            : texts.length === 1
              ? `${who} ${texts[0]} as the newest affected version of ${name}; update past it.`
              : `${who} ${listText(texts)} as the newest affected versions of ${name}; ${pastWhich(last)}.`,
    );
    out.push(...disputedSentence(last, facts));
  }
  return out;
}

/**
 * Which of several newest affected versions to move past. "The one for your release line" where
 * each is of a line of its own (its branch, or with none its first two numbers: MySQL 5.6.37 and
 * 5.7.19, HP-UX 9 and 10) or of a platform of its own. Two versions of one line and platform (Linux 2.2.3 beside a listed
 * 2.2.16) are no choice: past the one for 2.2.3 is still affected, so the advice is past the highest.
 */
function pastWhich(last: readonly VersionFact[]): string {
  // A version that does not start with its number (Huawei's "eva-al10c00b192") is a model's build: each its own line.
  const lineOf = (l: VersionFact) => l.branch ?? `#${/^v?(\d+(?:\.\d+)?)/i.exec(l.version.trim())?.[1] ?? l.version}`;
  const place = (l: VersionFact) => `${lineOf(l)}|${l.platform ?? ''}`;
  const versions = new Map<string, Set<string>>();
  for (const l of last) versions.set(place(l), (versions.get(place(l)) ?? new Set()).add(versionText(l.version)));
  if ([...versions.values()].every((v) => v.size === 1)) return 'update past the one for your release line';
  // Magento's 2.4.1 and 2.4.0-p1 beside 2.3.6: past the newest of your own line.
  if (versions.size > 1) return 'update past the newest one for your release line';
  const highest = [...last].sort((a, b) => compareVersions(b.version, a.version))[0]!;
  return `update past ${versionText(highest.version)}`;
}

/**
 * The description's "9.0 and earlier" below a configuration's newest affected 9.1 of the same
 * first number: the fix facts keep 9.1 alone, and the text still says what the description gives.
 */
export function describedBelow(l: VersionFact, describedLast: readonly string[]): string | undefined {
  if (l.source === 'description') return undefined;
  // Adobe's "2021.001.20140" is the configuration's "21.001.20140".
  const first = (v: string) => /\d+/.exec(yearless(v))?.[0];
  return describedLast.find((v) => first(v) !== undefined && first(v) === first(l.version) && compareReleases(v, l.version) < 0);
}

/**
 * "phpMyBackupPro before 2.5" beside a configuration "through 2.5": the record contradicts itself;
 * say so rather than pick. A described fix another product kept is that product's, not a dispute
 * of this one.
 */
function disputedSentence(last: readonly VersionFact[], facts: FixFactsText): string[] {
  const kept = (v: string) => facts.fixed_in.some((f) => compareVersions(f.version, v) === 0);
  const disputed = last.filter((l) => l.source !== 'description' && (facts.describedFixed ?? []).some((v) => compareVersions(v, l.version) === 0 && !kept(v)));
  if (disputed.length === 0) return [];
  const named = [...new Set(disputed.map((l) => versionText(l.version)))];
  // Each source's version as it writes it: the description's "Firefox < 58", the configuration's 58.0. A CNA's
  // version is the CVE record's, not NVD's (Wordfence's 1.3.5, CVE-2024-9061, the eleventh reading).
  const described = [...new Set(disputed.map((l) => versionText((facts.describedFixed ?? []).find((v) => compareVersions(v, l.version) === 0) ?? l.version)))];
  return [
    `The description gives ${listText(described)} as fixed, but ${disputed.every((l) => l.source === 'configuration') ? "NVD's configuration lists" : 'the CVE record lists'} ${listText(named)} as affected: check the vendor's release notes before relying on ${named.length === 1 ? 'it' : 'them'}.`,
  ];
}

/**
 * The products the fix text speaks of, those with a fixed version first, in the facts' order. A
 * distribution listed beside the upstream product keeps its releases in the facts, but a release
 * of Debian is no version to update to or past: the text sends its users to the distribution.
 */
function shownProducts(
  facts: Pick<FixFactsText, 'fixed_in' | 'last_affected' | 'distributions' | 'primary'>,
  saidApart: ReadonlySet<string> = new Set(),
): { shown: string[]; all: number } {
  const distributions = new Set(facts.distributions ?? []);
  const keys = [...new Set([...facts.fixed_in.map((f) => f.product), ...facts.last_affected.map((l) => l.product)])].filter(
    (k) => !distributions.has(k) && !saidApart.has(k),
  );
  const withFix = (k: string) => facts.fixed_in.some((f) => f.product === k);
  // The product the description names comes first (Shellshock's GNU Bash before the 50 appliances that ship it).
  const primary = new Set(facts.primary ?? []);
  const rank = (k: string) => (primary.has(k) ? 0 : 2) + (withFix(k) ? 0 : 1);
  // A device list with one fix each ("D6100 before 1.0.0.57, R6100 before 1.0.1.20, …") is one
  // short sentence per device: more of them fit before the text sends the reader to the facts.
  const oneFixEach = keys.every((k) => {
    const fixes = facts.fixed_in.filter((f) => f.product === k);
    return fixes.length === 1 && !facts.last_affected.some((l) => l.product === k && compareVersions(l.version, fixes[0]!.version) >= 0);
  });
  // Every product the description names with its fix is named ("Netflow Analyzer before build 123137, …, OpUtils before build 123161": all five).
  const namedWithFix = keys.filter((k) => primary.has(k) && withFix(k)).length;
  const limit = oneFixEach ? MAX_SIMPLE_PRODUCTS : Math.max(MAX_FACT_PRODUCTS, namedWithFix);
  return { shown: [...keys].sort((a, b) => rank(a) - rank(b)).slice(0, limit), all: keys.length };
}

type NamedFix = { product: string; versions: string[]; platform: string | null; branch: string | null; described?: true };

/**
 * Exactly the fixed versions the fix text names, one entry per product, platform and line: for
 * tracing (`provenance.fix_versions`) and the real-data checks, which check each against the
 * vulnerable versions of its own product and platform.
 */
export function namedFixVersions(facts: Pick<FixFactsText, 'fixed_in' | 'last_affected' | 'distributions' | 'primary' | 'editionBuilds'>): NamedFix[] {
  const builds = editionBuilds(facts.fixed_in, facts.editionBuilds ?? []);
  const fromBuilds: NamedFix[] = facts.fixed_in
    .filter((f) => builds?.keys.has(f.product) && builds.builds.has(f.version) && f.source === 'cve5' && f.platform === null)
    .map((f) => ({ product: f.product, versions: [f.version], platform: null, branch: null }));
  return fromBuilds.concat(
    shownProducts(facts, builds?.keys).shown.flatMap((key) => {
      const fixes = facts.fixed_in.filter((f) => f.product === key).sort(newestFirstFacts);
      const named = new Set([...new Map(fixes.map((f) => [`${f.version}|${f.branch ?? ''}`, f.version])).values()].slice(0, MAX_ENTRIES));
      return fixes
        .filter((f) => named.has(f.version))
        .map((f) => ({
          product: key,
          versions: [f.version],
          platform: f.platform,
          branch: f.source === 'description' ? f.branch : null,
          ...(f.source === 'description' ? { described: true as const } : {}),
        }));
    }),
  );
}

/** "NVD lists Microsoft Word 2016 and Microsoft Office 2019 as affected: …" for the products with no fix whose newest affected entries are editions. */
function editionSentence(shown: readonly string[], facts: FixFactsText, nameOf: (key: string) => string): string | undefined {
  const isEdition = editionOf(facts);
  const editions = shown
    .filter((key) => !facts.fixed_in.some((f) => f.product === key))
    .flatMap((key) => facts.last_affected.filter((l) => l.product === key && isEdition(key, l.version)).map((l) => ({ l, key })));
  if (editions.length === 0) return undefined;
  const named = [...new Set(editions.map(({ l, key }) => `${nameOf(key)} ${versionText(l.version)}`))].slice(0, MAX_ENTRIES);
  const who = editions.every(({ l }) => byCveRecord(l, facts)) ? 'The CVE record lists' : 'NVD lists';
  if (editions.every(({ key }) => (facts.distributionOnly ?? []).includes(key)))
    return `${who} ${listText(named)} as affected: install the distribution's security update for the affected package (moving to a newer release is not the fix).`;
  return `${who} ${listText(named)} as affected: install the vendor's security update for ${named.length === 1 ? 'that edition' : 'your edition'} (a newer edition is not the fix).`;
}

/**
 * A product listed by model with no version stated: no release to update to or past. The
 * vendor's bulletin in the references names the fixed software; a device gets it from its maker.
 */
function modelSentences(facts: FixFactsText, nameOf: (key: string) => string): string[] {
  const listed = facts.modelListed;
  const keys = (listed?.products ?? []).filter((k) => !facts.fixed_in.some((f) => f.product === k) && !facts.last_affected.some((l) => l.product === k));
  if (!listed || keys.length === 0) return [];
  const names = listText(keys.slice(0, MAX_FACT_PRODUCTS).map(nameOf));
  const where = listed.hosts.length > 0 ? ` in the references (${listText([...listed.hosts])})` : ' (see the references)';
  return [
    `The CVE record lists the affected chipset or device models of ${names}, not versions: the vendor's security bulletin${where} names the fixed software. Install your device maker's update that includes it.`,
  ];
}

export function fixFactSentences(facts: FixFactsText, nameOf: (key: string) => string): string[] {
  const builds = editionBuilds(facts.fixed_in, facts.editionBuilds ?? []);
  const { shown, all } = shownProducts(facts, builds?.keys);
  // The builds name the fix of the editions they cover; an edition NVD lists that none covers keeps the update advice.
  const left = builds ? uncoveredEditions(facts.last_affected, builds.keys) : [];
  const uncovered = builds ? editionSentence([...new Set(left.map((l) => l.product))], { ...facts, fixed_in: [], last_affected: left }, nameOf) : undefined;
  const editions = builds
    ? [editionBuildSentence(builds, nameOf), ...(uncovered ? [uncovered.replace(/^(NVD|The CVE record) lists/, '$1 also lists')] : [])].join(' ')
    : editionSentence(shown, facts, nameOf);
  const parts = [...(editions ? [editions] : []), ...shown.flatMap((key) => productFactSentences(key, nameOf(key), facts))];
  const models = modelSentences(facts, nameOf);
  parts.push(...models);
  const more = all - shown.length;
  if (more > 0) parts.push(`This record's facts list versions for ${more} more ${more === 1 ? 'product' : 'products'}.`);
  const distributions = facts.distributions ?? [];
  if (distributions.length > 0) {
    const names = distributions.slice(0, MAX_FACT_PRODUCTS).map(nameOf);
    const more = distributions.length - names.length;
    parts.push(
      `${listText([...names, ...(more > 0 ? [`${more} more ${more === 1 ? 'distribution' : 'distributions'}`] : [])])} also ${distributions.length === 1 ? 'ships' : 'ship'} it: there, install the distribution's own security update for the package (its advisory names the fixed package).`,
    );
  }
  // "Wordpress MU (WPMU) before 2.6" beside a CPE that calls every version affected: the record
  // disagrees with itself; name the described fix and say so rather than pick or stay silent.
  const unchecked = facts.fixed_in.length === 0 && facts.everyVersion !== undefined ? [...new Set(facts.describedFixed ?? [])] : [];
  if (unchecked.length > 0) {
    const versions = listText(unchecked.map(versionText));
    parts.push(
      `The description gives ${versions} as fixed, but NVD's configuration lists every version of ${nameOf(facts.everyVersion!)} as affected: check the vendor's release notes before relying on ${unchecked.length === 1 ? 'it' : 'them'}.`,
    );
  }
  const bulletins = facts.fixed_in.length === 0 ? (facts.bulletins ?? []) : [];
  if (bulletins.length > 0)
    parts.push(
      `Microsoft's security ${bulletins.length === 1 ? 'bulletin' : 'bulletins'} ${listText(bulletins)} ${bulletins.length === 1 ? 'has' : 'have'} the update for each affected edition.`,
    );
  // Oracle's "16.0" is a supported version its Critical Patch Update patches: no release to update past, where no patch link says so already.
  const oracleUpdate = facts.fixed_in.length === 0 && facts.oracleUpdate !== undefined && !facts.patchLinks;
  if (oracleUpdate) parts.unshift(`Apply Oracle's ${facts.oracleUpdate} Critical Patch Update: it has the vendor's fix for the supported versions listed.`);
  const notes = facts.fixed_in.length === 0 ? (facts.sapNotes ?? []) : [];
  if (notes.length > 0)
    parts.push(
      `Apply SAP Security ${notes.length === 1 ? 'Note' : 'Notes'} ${listText(notes)} (on the SAP Support Portal): ${notes.length === 1 ? 'it is' : 'they are'} SAP's correction for this flaw.`,
    );
  // A record that names no product but states the fixed version ("The vulnerability has been
  // resolved in the version 3.0.4"): the version, not only "a fix is available".
  const unplaced =
    facts.fixed_in.length === 0 && facts.last_affected.length === 0 && unchecked.length === 0
      ? [...new Set(facts.describedFixed ?? [])].slice(0, MAX_ENTRIES)
      : [];
  if (unplaced.length > 0)
    parts.push(
      unplaced.length === 1
        ? `The description says ${versionPhrase(unplaced[0]!)} fixes it: update to ${unplaced[0]} or later.`
        : `The description names these fixed versions: ${listText(unplaced)}. Update to the one for your release line or later.`,
    );
  const ciscoFixed = facts.fixed_in.length === 0 ? (facts.ciscoKnownFixed ?? []) : [];
  if (ciscoFixed.length > 0) {
    // The list names a release per train, some below an affected release of another train: no "or later".
    const shown = ciscoFixed.slice(0, MAX_CISCO_RELEASES);
    const listed =
      ciscoFixed.length === 1
        ? `${ciscoFixed[0]} as a known fixed release`
        : ciscoFixed.length > shown.length
          ? `${ciscoFixed.length} known fixed releases, among them ${listText(shown)}`
          : `these known fixed releases: ${listText(shown)}`;
    parts.push(`Cisco's bug report lists ${listed}; move to the fixed release of your release train, as Cisco's advisory names it.`);
  }
  const samsung = facts.fixed_in.length === 0 && facts.last_affected.length === 0 ? facts.samsungRelease : undefined;
  if (samsung !== undefined) parts.push(`Samsung's security release ${samsung} fixes it: install it, or a later one, on the device.`);
  // Said only where no full fix is named ("partially patched in 3.13.6 …, and fully patched in 3.13.7" names 3.13.7).
  const partial = facts.fixed_in.length === 0 && unplaced.length === 0 ? [...new Set(facts.partialFixes ?? [])] : [];
  if (partial.length > 0)
    parts.push(
      `The description says ${listText(partial.map((v) => versionPhrase(v)))} fixed it only in part: move to a release that fixes it fully, as the vendor's advisory names it.`,
    );
  if (
    facts.fixed_in.length === 0 &&
    facts.fix_stated &&
    partial.length === 0 &&
    ciscoFixed.length === 0 &&
    samsung === undefined &&
    !facts.patchLinks &&
    unchecked.length === 0 &&
    bulletins.length === 0 &&
    notes.length === 0 &&
    unplaced.length === 0 &&
    models.length === 0 &&
    !oracleUpdate
  ) {
    // "Log360 before Build 5219" beside NVD's "5.2 build5218" and a range through 5.1: a fixed
    // version the description states but the configuration does not bear out is named, never
    // called missing ("a fix without a version number").
    const said = parts.join(' ');
    const described = [...new Set(facts.describedFixed ?? [])];
    // A version the facts hold however written ("2" beside NVD's "2.0") is the one the text names.
    const held = (v: string) => [...facts.fixed_in, ...facts.last_affected].some((f) => compareVersions(f.version, v) === 0);
    // Matched as text, not as a whole version: a version the grammar reads short ("14.2" of "14.2
    // MP1") inside a version the text names is not named again as if it were the fix.
    const unconfirmed = described.filter((v) => !said.includes(v) && !held(v)).slice(0, MAX_ENTRIES);
    const them = unconfirmed.length === 1 ? 'it' : 'them';
    const advisory = facts.advisoryHosts.length > 0 ? ` in the references (${listText(facts.advisoryHosts.slice(0, 3))})` : '';
    parts.push(
      unconfirmed.length > 0
        ? `The description names ${listText(unconfirmed.map((v) => versionPhrase(v)))} as fixed, but NVD's configuration does not confirm ${them}: check the vendor's advisory${advisory} before relying on ${them}.`
        : // Every version the description gives as fixed is named above (as disputed): the advisory, no "without a version number".
          described.length > 0
          ? `See the vendor's advisory${advisory || ' for the fixed release'}.`
          : facts.advisoryHosts.length > 0
            ? `The record states a fix without a version number: follow the vendor's advisory or patch in the references (${listText(facts.advisoryHosts.slice(0, 3))}).`
            : (facts.commitHosts ?? []).length > 0
              ? `The record states a fix without a version number: the commits that fix it are linked in the references (${listText(facts.commitHosts!.slice(0, 3))}); update to a release that includes them.`
              : "The record says a fix or update exists but names no version: follow the vendor's advisory for it.",
    );
  }
  // The one update sentence gets the switch the description names beside it: "… or later and enable the '…' configuration option."
  const updates = parts.filter((p) => p.startsWith('Update '));
  if (facts.steps.option !== undefined && updates.length === 1) {
    const i = parts.indexOf(updates[0]!);
    parts[i] = `${parts[i]!.replace(/\.$/, '')} and enable ${facts.steps.option}: updating alone does not switch the fix on.`;
  } else if (facts.steps.option !== undefined) parts.push(`Then enable ${facts.steps.option}: updating alone does not switch the fix on.`);
  else if (facts.steps.optIn)
    parts.push(
      `The fix is off until you switch it on${facts.steps.setting ? `: set the ${facts.steps.setting} value as the vendor's advisory describes` : " as the vendor's advisory describes"}. Installing updates alone does not enable it.`,
    );
  if (facts.steps.replaceKeys)
    parts.push(
      'After updating, replace the private keys and certificates, and change the passwords, that the flaw could have exposed: an attacker may already have read them from memory.',
    );
  return parts;
}
