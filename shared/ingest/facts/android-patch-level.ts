/**
 * Android's security patch level as a fix. Qualcomm's and Google's records say which Android
 * builds carry the fix by their patch level, a date: "In Android before 2018-04-05 or earlier
 * security patch level on Qualcomm Snapdragon Mobile …", "In Android before security patch level
 * 2018-04-05 on …", "In Android releases from CAF … before security patch level 2018-06-05",
 * Qualcomm's 2016 "Android before 2016-08-05 on Nexus 5X devices" (the date alone).
 * The fix is Android's (`google:android`), whose patch level a phone owner can read and update:
 * the chip firmware NVD lists (with no version) is shipped inside those Android builds.
 */
import type { VersionFact } from '../../domain/facts.js';

const DATE = String.raw`\d{4}-\d{2}-\d{2}`;
const PATCH_LEVEL = new RegExp(
  String.raw`\bAndroid\b[^.;]*?\bbefore\s+(?:(?<date>${DATE})\s+or\s+earlier\s+security\s+patch\s+level|security\s+patch\s+level\s+(?<level>${DATE})|(?<bare>${DATE})(?![\w-]))`,
  'i',
);

/** The Android patch level the description states as the fix, if any. */
export function androidPatchLevel(description: string): VersionFact | undefined {
  const match = PATCH_LEVEL.exec(description.replace(/\s+/g, ' '));
  const version = match?.groups?.date ?? match?.groups?.level ?? match?.groups?.bare;
  return version === undefined ? undefined : { product: 'google:android', version, branch: null, platform: null, source: 'description' };
}
