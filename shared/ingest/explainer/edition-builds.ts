/**
 * A CNA's fixed build per edition (`../facts/cve5-edition-fixes.ts`): Microsoft names 18 Windows
 * editions, most sharing a build with another ("Windows 10 Version 1809" and "Windows Server 2019"
 * both 10.0.17763.3165). One product sentence each would hide most of them behind "N more
 * products"; one sentence grouped by build names every build, which is what a user looks up
 * (`winver`).
 */
import { FEATURE_RELEASE, releaseFamily } from '../facts/cve5-edition-fixes.js';
import type { VersionFact } from '../../domain/facts.js';
import { compareVersions } from '../../domain/cpe/version-compare.js';
import { listText } from './names.js';

const MAX_BUILDS = 12;
const MAX_NAMES_PER_BUILD = 4;

/** The builds the text names and the editions they cover: where the record has them for two or more products. */
export interface EditionBuilds {
  /** Each named build (newest first) with the editions (product keys) it fixes. */
  readonly byBuild: ReadonlyMap<string, readonly string[]>;
  readonly keys: ReadonlySet<string>;
  readonly builds: ReadonlySet<string>;
  /** Builds the record holds beyond those named. */
  readonly more: number;
}

export function editionBuilds(fixedIn: readonly VersionFact[], editionKeys: readonly string[]): EditionBuilds | undefined {
  const editions = new Set(editionKeys);
  const fixes = fixedIn.filter((f) => f.source === 'cve5' && editions.has(f.product) && f.platform === null);
  const keys = new Set(fixes.map((f) => f.product));
  if (keys.size < 2) return undefined;
  const all = new Map<string, string[]>();
  for (const f of fixes) all.set(f.version, [...(all.get(f.version) ?? []), f.product]);
  const named = [...all.keys()].sort((a, b) => compareVersions(b, a)).slice(0, MAX_BUILDS);
  return { byBuild: new Map(named.map((build) => [build, all.get(build)!])), keys, builds: new Set(named), more: all.size - named.length };
}

/** One sentence grouped by build: "…: Microsoft Windows 10 1809 and Microsoft Windows Server 2019 to 10.0.17763.3165; …". */
export function editionBuildSentence(builds: EditionBuilds, nameOf: (key: string) => string): string {
  const texts = [...builds.byBuild].map(([build, keys]) => {
    const names = [...new Set(keys.map(nameOf))];
    const more = names.length - MAX_NAMES_PER_BUILD;
    const shown = more > 0 ? [...names.slice(0, MAX_NAMES_PER_BUILD), `${more} more`] : names;
    return `${listText(shown)} to ${build}`;
  });
  const moreText = builds.more > 0 ? ` (and ${builds.more} more builds in this record's facts)` : '';
  return `Install the vendor's security update that brings your edition to its fixed build or later: ${texts.join('; ')}${moreText}.`;
}

/**
 * NVD's newest affected entries the builds do not cover: "windows_10 1809" is covered by a build
 * of `windows_10_1809`, "windows_server_2016 20h2" by one of `windows_server_20h2` (a semi-annual
 * release NVD files under the year's product, CVE-2021-34438), never by `windows_server_2016`
 * (Server 2016 itself, not its 20H2). Those not covered are still named, with the update advice.
 */
export function uncoveredEditions(lastAffected: readonly VersionFact[], buildKeys: ReadonlySet<string>): VersionFact[] {
  return lastAffected.filter((l) => {
    const edition = l.version.trim().toLowerCase().replace(/\s+/g, '_');
    if (buildKeys.has(`${l.product}_${edition}`)) return false;
    const family = releaseFamily(l.product);
    if (family !== undefined && FEATURE_RELEASE.test(edition) && buildKeys.has(`${family}_${edition}`)) return false;
    return !(buildKeys.has(l.product) && !FEATURE_RELEASE.test(edition));
  });
}
