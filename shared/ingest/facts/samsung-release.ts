/**
 * Samsung's security release as a fix. Samsung Mobile's records say which phones carry the fix by
 * its monthly release: "Improper boundary check in UWB stack prior to SMR Mar-2022 Release 1
 * allows arbitrary code execution". NVD lists the Android versions the phones run (10.0, 11.0,
 * 12.0); the fix is not a later Android but Samsung's release installed on them, so it is the
 * listed Android's fix ("SMR Mar-2022 Release 1"), and those Android versions are no versions
 * to move past.
 */
import type { VersionFact } from '../../domain/facts.js';

// Samsung writes the month in any case and length ("SMR MAY-2021", "SMR July-2021", "SMR-May-2022",
// "Release1"): the release is read whichever, and kept as written.
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const RELEASE = String.raw`SMR[ -]${MONTH}-\d{4} Release ?\d+`;
const SAMSUNG_RELEASE = new RegExp(String.raw`\bprior to (?<release>${RELEASE})\b`, 'i');
const WHOLE_RELEASE = new RegExp(String.raw`^${RELEASE}$`, 'i');

/** Whether a version is one of Samsung's security releases ("SMR Mar-2022 Release 1"). */
export const isSamsungRelease = (version: string) => WHOLE_RELEASE.test(version);

/** The Samsung security release the description states as the fix of `product`, if any. */
export function samsungRelease(description: string, product: string): VersionFact | undefined {
  const release = SAMSUNG_RELEASE.exec(description.replace(/\s+/g, ' '))?.groups?.release;
  return release === undefined ? undefined : { product, version: release, branch: null, platform: null, source: 'description' };
}
