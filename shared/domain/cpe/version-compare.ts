/**
 * Comparing vendor versions as NVD and the CNAs write them: numeric segments ("2.4.10"), letters
 * ("1.0.2a", OpenSSL's letter releases), pre-release words ("2.0-rc1", "3.0 beta 2") and
 * post-release qualifiers kept from CPE update fields ("1.6.0 update 27", "2008 sp2", "7.1 p3").
 *
 * No npm library fits: `semver` and its kin reject anything that is not three numbers, and the
 * generic "natural sort" comparators order "2.0-rc1" after "2.0". The rule here:
 * - a version is cut into tokens: runs of digits (numbers) and runs of letters (words);
 *   separators (`.`, `-`, `_`, `:`, `+`, spaces) only separate; a leading `v` before a digit
 *   is dropped;
 * - tokens compare position by position; a missing token counts as the number 0, so 1.0 equals
 *   1.0.0;
 * - token order: pre-release words (dev < alpha/a < beta/b < pre/preview < rc) below 0 and
 *   the missing token ("release", "final" and "ga" are no token: 12.0-RELEASE is 12.0); then 0; then post-release words ("update", "sp", "patch", "p", a final
 *   letter such as OpenSSL's "a", compared alphabetically); then positive numbers by value.
 *   So 2.0-rc1 < 2.0 < 2.0 update 1 < 2.0 sp1 < 2.0.1, and 1.0.2 < 1.0.2a < 1.0.2b < 1.0.3.
 *
 * - the leading numbers (the release) are compared before the rest, each padded with 0, so
 *   "11 Update 5" < "11.0 update 6" < "11 Update 7".
 *
 * - a Debian epoch ("1:" of "1:4.5-1") orders first: Debian adds one when a package's upstream
 *   numbering starts again lower, so 1:4.5-1 is above 4.4 and 2:0.1 above 1:9.0; a version
 *   without one has epoch 0, as in Debian.
 *
 * - a build named alone ("build 5701") is placed by its number against a release written with its
 *   build ("5.7 5700", "5.2 build5218": NVD's CPE update field holds the build): vendors such as
 *   Zoho count builds across releases, so build 5701 comes after 5.7 5700 (the same number
 *   written both ways is ordered as written). Against any other version it has no release
 *   numbers and sorts below.
 *
 * This is lexicographic order of two token sequences (the leading numbers, then the rest, each
 * padded with 0) over a total order of tokens, hence a total preorder (versions differing only
 * in separators or trailing zeros are equal).
 */

type Token = { readonly rank: number; readonly number?: bigint; readonly word?: string };

/** Pre-release stages, lowest first; anything else made of letters is a post-release qualifier. */
const PRE_RELEASE: Readonly<Record<string, number>> = {
  dev: 0,
  snapshot: 0,
  nightly: 0,
  alpha: 1,
  a: 1,
  beta: 2,
  b: 2,
  pre: 3,
  preview: 3,
  m: 3,
  milestone: 3,
  rc: 4,
  cr: 4,
};

/** The one word each pre-release stage is compared by ("a" and "alpha" are one stage). */
const STAGE_NAME: readonly string[] = ['dev', 'alpha', 'beta', 'pre', 'rc'];

const RELEASE_ITSELF: ReadonlySet<string> = new Set(['release', 'final', 'ga']);

// Ranks: pre-release words 0..4, zero/missing 10, post-release words 20, positive numbers 30.
const ZERO: Token = { rank: 10, number: 0n };

function wordToken(word: string, followedByNumber: boolean): Token {
  // A lone "a"/"b" is a pre-release only when a number follows ("2.0b1"); at the end it is a
  // letter release ("1.0.2a" comes after 1.0.2).
  const stage = PRE_RELEASE[word];
  // One stage however spelt: rdiffweb's "2.5.0a6" fixes NVD's listed "2.5.0 alpha5" (CVE-2022-3327, the twentieth reading:
  // "a" sorted below "alpha", so alpha5 stood above the fix as "affected, with no fixed version stated above it").
  if (stage !== undefined && (word.length > 1 || followedByNumber)) return { rank: stage, word: STAGE_NAME[stage] };
  return { rank: 20, word };
}

const RELEASE_UPDATE = /^(\d+)(?:\.(\d+))?[\s_-]*ru[\s-]?(\d+)(?![\d.])/;

const cache = new Map<string, readonly Token[]>();

export function versionTokens(version: string): readonly Token[] {
  const cached = cache.get(version);
  if (cached) return cached;
  const text = version
    .trim()
    .toLowerCase()
    .replace(/^v(?=\d)/, '')
    // Rockwell's "B FRN 15.000": the series letter and "FRN" (firmware revision number) name the number.
    .replace(/^(?:[a-d]\s)?frn\s(?=\d)/, '')
    // BEA's "8.1 Service Pack 4" is NVD's "8.1 sp4" (CVE-2006-2464, the h58 blind set: "service" sorted below "sp3").
    .replace(/\bservice[\s_-]*pack[\s_-]*(?=\d)/g, 'sp')
    // Symantec's release updates are the release's third number: NVD writes SEP 12.1 RU6 MP4 both
    // "12.1 ru6-mp4" and "12.1.6 mp4", and 14 RU1 is 14.0.1 (after 14.0 MP1, before 14.0.2).
    .replace(RELEASE_UPDATE, (_, major: string, minor: string | undefined, update: string) => `${major}.${minor ?? '0'}.${update} `);
  // "RELEASE", "final", "GA" name the release itself, not a step after it: 12.0-RELEASE is 12.0
  // and comes before 12.0-RELEASE-p10 (FreeBSD's patch levels, CPE "12.0:p8").
  const parts = (text.match(/\d+|[a-z]+/g) ?? []).filter((part) => !RELEASE_ITSELF.has(part));
  const tokens = parts.map((part, i): Token => {
    if (/^\d/.test(part)) {
      const number = BigInt(part);
      return number === 0n ? ZERO : { rank: 30, number };
    }
    return wordToken(part, /^\d/.test(parts[i + 1] ?? ''));
  });
  // Trailing zeros carry no meaning: 1.0 = 1.0.0.
  while (tokens.length > 0 && tokens.at(-1)!.rank === ZERO.rank) tokens.pop();
  if (cache.size > 200_000) cache.clear();
  cache.set(version, tokens);
  return tokens;
}

function compareTokens(a: Token, b: Token): number {
  if (a.rank !== b.rank) return a.rank < b.rank ? -1 : 1;
  if (a.number !== undefined && b.number !== undefined) return a.number === b.number ? 0 : a.number < b.number ? -1 : 1;
  const x = a.word ?? '';
  const y = b.word ?? '';
  return x === y ? 0 : x < y ? -1 : 1;
}

/** How many tokens lead the version before its first word: its release numbers ("11.0" of "11.0 update 6"). */
function numbersLength(tokens: readonly Token[]): number {
  const i = tokens.findIndex((t) => t.number === undefined);
  return i === -1 ? tokens.length : i;
}

function compareFrom(x: readonly Token[], xFrom: number, xTo: number, y: readonly Token[], yFrom: number, yTo: number): number {
  const length = Math.max(xTo - xFrom, yTo - yFrom);
  for (let i = 0; i < length; i++) {
    const order = compareTokens(xFrom + i < xTo ? x[xFrom + i]! : ZERO, yFrom + i < yTo ? y[yFrom + i]! : ZERO);
    if (order !== 0) return order;
  }
  return 0;
}

const EPOCH = /^\s*(\d{1,2}):(?=\d)/;

/** A Debian version's epoch ("1" of "1:4.5-1", 0 where none is written) and the version after it. */
function withoutEpoch(version: string): [bigint, string] {
  const epoch = EPOCH.exec(version);
  return epoch ? [BigInt(epoch[1]!), version.slice(epoch[0].length)] : [0n, version];
}

const BUILD_ALONE = /^build\s?(\d+)$/i;
const WITH_BUILD = /^v?\d+(?:\.\d+)*\s+(?:build\s?)?(\d{3,})$/i;

/** The build numbers of "build 5701" and "5.7 5700" (either way round), where one is a build named alone and the other a release with its build. */
function buildNumbers(a: string, b: string): [bigint, bigint] | undefined {
  const [aloneA, withA] = [BUILD_ALONE.exec(a.trim()), WITH_BUILD.exec(a.trim())];
  const [aloneB, withB] = [BUILD_ALONE.exec(b.trim()), WITH_BUILD.exec(b.trim())];
  if (aloneA && withB) return [BigInt(aloneA[1]!), BigInt(withB[1]!)];
  if (withA && aloneB) return [BigInt(withA[1]!), BigInt(aloneB[1]!)];
  return undefined;
}

/** A build named alone ("build 5701"), with no release before it. */
export const isBuildAlone = (version: string) => BUILD_ALONE.test(version.trim());

/** Whether `build` ("build 5701") is placed among releases written with their build, such as `version` ("5.7 5700"). */
export const placesBuild = (build: string, version: string) => isBuildAlone(build) && WITH_BUILD.test(version.trim());

/**
 * Negative, zero or positive as version `a` is older than, the same as, or newer than `b`.
 * The release numbers are compared first, padded with zeros, and only then what follows them:
 * "11 Update 5" (the description's spelling) is below "11.0 update6" (NVD's CPE), whose extra
 * ".0" would otherwise be compared with the word "update".
 */
export function compareVersions(a: string, b: string): number {
  const [ea, xa] = withoutEpoch(a);
  const [eb, xb] = withoutEpoch(b);
  const [ra, rb] = halfYearsAsMonths(xa, xb);
  if (ea !== eb) return ea < eb ? -1 : 1;
  const builds = buildNumbers(ra, rb);
  // The same build number written both ways is not known to be one release: ordered as written.
  if (builds && builds[0] !== builds[1]) return builds[0] < builds[1] ? -1 : 1;
  const x = versionTokens(ra);
  const y = versionTokens(rb);
  const xn = numbersLength(x);
  const yn = numbersLength(y);
  return compareFrom(x, 0, xn, y, 0, yn) || compareFrom(x, xn, x.length, y, yn, y.length);
}

const HALF_YEAR = /^(\d{2})h([12])$/i;
const YEAR_MONTH_OR_HALF = /^(?:\d{4}|\d{2}h[12])$/i;

/**
 * Windows' releases are named by year and month ("1909", "2004") and, from late 2020, by half-year ("20H2", "21H1"):
 * compared as numbers "20H2" read 20 and sorted below 2004, so every newer Windows 10 release was listed as older
 * (CVE-2021-1672, the seventeenth reading). Beside another such name, a half-year is its own year's fifth or tenth month.
 */
function halfYearsAsMonths(a: string, b: string): [string, string] {
  if (!YEAR_MONTH_OR_HALF.test(a.trim()) || !YEAR_MONTH_OR_HALF.test(b.trim())) return [a, b];
  const asMonth = (version: string) => {
    const half = HALF_YEAR.exec(version.trim());
    return half ? `${half[1]}${half[2] === '1' ? '05' : '10'}` : version;
  };
  return [asMonth(a), asMonth(b)];
}

/** True when the text has at least one digit: something the comparator can place. */
export function isComparableVersion(version: string): boolean {
  return /\d/.test(version);
}
