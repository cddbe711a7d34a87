/**
 * Samsung's security release as a fix. Samsung Mobile's records say which phones carry the fix by
 * its monthly release: "Improper boundary check in UWB stack prior to SMR Mar-2022 Release 1
 * allows arbitrary code execution". NVD lists the Android versions the phones run (10.0, 11.0,
 * 12.0); the fix is not a later Android but Samsung's release installed on them, so it is the
 * listed Android's fix ("SMR Mar-2022 Release 1"), and those Android versions are no versions
 * to move past.
 */
import type { VersionFact } from '../../domain/facts.js';

const SAMSUNG_RELEASE = /\bprior to (?<release>SMR [A-Z][a-z]{2}-\d{4} Release \d+)\b/;

/** Whether a version is one of Samsung's security releases ("SMR Mar-2022 Release 1"). */
export const isSamsungRelease = (version: string) => /^SMR [A-Z][a-z]{2}-\d{4} Release \d+$/.test(version);

/** The Samsung security release the description states as the fix of `product`, if any. */
export function samsungRelease(description: string, product: string): VersionFact | undefined {
  const release = SAMSUNG_RELEASE.exec(description.replace(/\s+/g, ' '))?.groups?.release;
  return release === undefined ? undefined : { product, version: release, branch: null, platform: null, source: 'description' };
}
