/**
 * A product's vulnerable versions as a reader can use them: listed versions that lie inside a
 * range are left out, the remaining listed versions are grouped by release line ("16 listed versions from
 * 2.2.1 to 2.2.34"), and everything is ordered newest first, CPE update qualifiers kept
 * ("1.6.0 update 27"). "All versions" is said only when a source says so (CPE `*` with no bound,
 * CVE 5 `defaultStatus: affected` with no versions); CPE `-` (not applicable) names no version.
 */
import type { AffectedProduct, ReleaseLines, VersionRange } from '../../domain/nvd-record.js';
import { compareVersions } from '../../domain/cpe/version-compare.js';
import { newestFirst, rangeContains } from '../../domain/cpe/version-ranges.js';
import { datedBuildText, isDatedBuild } from '../versions/dated-build.js';
import { hitachiVersion, HITACHI_CPE, listText, rangeText } from './names.js';

export interface VersionGroup {
  readonly text: string;
  /** The newest version the group reaches, for ordering (undefined: no upper end). */
  readonly range: VersionRange;
  /**
   * How many listed versions the group names; 0 for a bounded range. A group of listed versions
   * is NOT the range from its first to its last: only those versions are affected.
   */
  readonly listed: number;
}

/** "2.4" for "2.4.7" and "2.4.20 beta", "6" for "6 update 5": the release line a listed version belongs to. */
function lineOf(version: string): string {
  const numeric = /^\d+(?:\.\d+)*/.exec(version.trim())?.[0] ?? version;
  return numeric.includes('.') ? numeric.replace(/\.\d+$/, '') : numeric;
}

/**
 * A listed version as a reader writes it: NVD's underscores read as spaces ("head_cvs" is
 * "head cvs", "1_alpha" is "1 alpha"), and a one-letter update qualifier joins its number
 * ("4.0 a" from `4.0:a` is "4.0a"), so no CPE token or stray article reaches the text.
 */
function shown(version: string): string {
  if (HITACHI_CPE.test(version)) return hitachiVersion(version);
  return version
    .replace(/_+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^versions?\s+/i, '')
    .replace(/(\S) ([a-z])$/i, '$1$2')
    .trim();
}

/**
 * A CNA writes ranges into one version field: Zyxel's "version 4.32  through 5.37 Patch 1"
 * (CVE-2023-6397) was shown as "version version 4.32  through 5.37 Patch 1". Its own word
 * "version" is dropped and a range is said as versions.
 */
const WRITTEN_RANGE = /\s(?:through|to|-)\s|\b(?:and|or) (?:below|earlier|prior|older|lower)\b|\b(?:prior to|before|up to)\b|,/i;

function oneVersionText(version: string): string {
  const text = shown(version);
  return `${WRITTEN_RANGE.test(` ${text}`) ? 'versions' : 'version'} ${text}`;
}

/**
 * The distribution release a range is tied to ("Ubuntu 12.04 LTS"): a package whose versions the
 * record lists per release is affected only on that release, and a user of another release on a
 * fixed package must not read the newer release's range as theirs.
 */
export type ReleaseOf = (range: VersionRange) => string | undefined;

export function versionGroups(product: AffectedProduct, releaseOf: ReleaseOf = () => undefined): VersionGroup[] {
  const bounded = product.ranges.filter((r) => r.exact === undefined);
  const exact = product.ranges.filter((r) => r.exact !== undefined && !bounded.some((b) => rangeContains(b, r.exact!)));
  const groups: VersionGroup[] = bounded.flatMap((r) => {
    const text = rangeText(r);
    const release = releaseOf(r);
    return text ? [{ text: `versions ${text}${release ? ` on ${release}` : ''}`, range: r, listed: 0 }] : [];
  });
  // GitLab's CE and EE CPEs give each range twice: a range written alike is said once.
  const saidOnce = groups.filter((g, i) => groups.findIndex((o) => o.text === g.text) === i);
  const byLine = new Map<string, string[]>();
  for (const r of exact) {
    const line = lineOf(r.exact!);
    byLine.set(line, [...(byLine.get(line) ?? []), r.exact!]);
  }
  for (const versions of byLine.values()) {
    const sorted = [...new Set(versions)].sort(compareVersions);
    const first = sorted[0]!;
    const last = sorted.at(-1)!;
    saidOnce.push(
      sorted.length === 1
        ? { text: isDatedBuild(first) ? datedBuildText(first) : oneVersionText(first), range: { exact: first }, listed: 1 }
        : {
            text: `${sorted.length} listed versions from ${shown(first)} to ${shown(last)}`,
            range: { startIncluding: first, endIncluding: last },
            listed: sorted.length,
          },
    );
  }
  return saidOnce.sort((a, b) => newestFirst(a.range, b.range));
}

/**
 * Versions written per release line (the kernel CNA's): the whole stretch from where the flaw
 * starts before the mainline fix, less each stable line from its fix on: "versions from 3.1
 * before 6.8, except each stable line from its fixed release on (5.10.212, 5.15.151 and 6.1.81)".
 * Lines between them that got no fix (5.11 to 5.14) are inside the stretch, as they are affected.
 */
export function releaseLinesText(lines: ReleaseLines): string {
  const from = lines.introduced !== undefined ? `from ${lines.introduced} ` : '';
  const stretch = lines.mainline !== undefined ? `versions ${from}before ${lines.mainline}` : from ? `versions ${from}on` : 'all versions';
  // Lines the flaw reached by a backport are affected from the line's start, though below where it starts.
  const backported = lines.backported ?? [];
  const also =
    backported.length === 0
      ? ''
      : backported.length === 1
        ? `; also the ${lineOf(backported[0]!)} line before ${backported[0]}, which got the flaw by a backport`
        : `; also the stable lines that got the flaw by a backport, each before its fixed release (${listText(backported)})`;
  if (lines.fixes.length === 0) return `${stretch}${also}`;
  const except =
    lines.fixes.length === 1
      ? `the ${lineOf(lines.fixes[0]!)} line from ${lines.fixes[0]} on`
      : `each stable line from its fixed release on (${listText(lines.fixes)})`;
  return `${stretch}, except ${except}${also}`;
}

const MODELS_SHOWN = 3;

/**
 * Models a CNA lists where versions belong (Qualcomm's chipsets): how many, a few by name, and
 * that they are models, so no one reads "WSA8845H" as a release: "226 chipset or device models the
 * record lists, including 9205 LTE Modem, AQT1000 and AR8031".
 */
export function modelsText(models: readonly string[], runsOn: readonly string[] = []): string {
  const shown = models.slice(0, MODELS_SHOWN);
  // What the models run, as the record writes it ("Android 12.0, 13.0; Yocto 3.1"): which devices the record speaks of.
  const on = runsOn.length > 0 ? `, running ${runsOn.join('; ')}` : '';
  if (models.length <= MODELS_SHOWN) return `the chipset or device ${models.length === 1 ? 'model' : 'models'} ${listText(shown)}${on}`;
  return `${models.length} chipset or device models the record lists, including ${listText(shown)}${on}`;
}

/** Distribution releases named per distribution; the rest are counted. */
const MAX_RELEASES = 3;

/** "Debian Linux (10.0, 9.0 and 8.0)": a distribution with the releases the record lists, newest first. */
function distributionText(product: AffectedProduct, name: string): string {
  const releases = [...new Set(product.ranges.flatMap((r) => (r.exact !== undefined ? [shown(r.exact)] : [])))].sort((a, b) => compareVersions(b, a));
  if (releases.length === 0) return name;
  const more = releases.length - MAX_RELEASES;
  return `${name} (${listText([...releases.slice(0, MAX_RELEASES), ...(more > 0 ? [`${more} more ${more === 1 ? 'release' : 'releases'}`] : [])])})`;
}

const MAX_DISTRIBUTIONS = 3;

/**
 * The distributions the record lists beside the upstream product (`../facts/distributions.ts`):
 * they ship the flaw in their packages, and their own advisories name the fixed package. Their
 * releases are never called versions of the product.
 */
export function shippedInSentence(distributions: readonly AffectedProduct[], nameOf: (product: AffectedProduct) => string): string {
  if (distributions.length === 0) return '';
  const named = distributions.slice(0, MAX_DISTRIBUTIONS).map((d) => distributionText(d, nameOf(d)));
  const more = distributions.length - named.length;
  const list = listText([...named, ...(more > 0 ? [`${more} more ${more === 1 ? 'distribution' : 'distributions'}`] : [])]);
  return ` Also shipped in ${list}: check ${distributions.length === 1 ? 'the' : 'each'} distribution's security advisory for its fixed package.`;
}
