/**
 * A version written as a named train and its number ("sps_e5_04.04.04.023.0",
 * "SPS_SoC-A_05.00.03.098.0": Intel's Server Platform Services for the E5 and SoC-A chipsets).
 * Two trains are two products' lines: one train's range holds no version of another, however the
 * names sort.
 */
const TRAIN = /^(?<train>[a-z][a-z0-9-]*(?:_[a-z][a-z0-9-]*)*)_\d+(?:\.\d+)+$/i;

/** The train a version names ("sps_e5" for "SPS_E5_04.04.04.023.0"), lower case; undefined for a plain version. */
export function versionTrain(version: string): string | undefined {
  return TRAIN.exec(version.trim())?.groups?.train?.toLowerCase();
}

/** Both versions name a train, and not the same one. */
export function onOtherTrains(a: string, b: string): boolean {
  const first = versionTrain(a);
  const second = versionTrain(b);
  return first !== undefined && second !== undefined && first !== second;
}
