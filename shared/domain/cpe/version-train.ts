/**
 * A version written as a named train and its number ("sps_e5_04.04.04.023.0",
 * "SPS_SoC-A_05.00.03.098.0": Intel's Server Platform Services for the E5 and SoC-A chipsets).
 * Two trains are two products' lines: one train's range holds no version of another, however the
 * names sort.
 */
const TRAIN = /^(?<train>[a-z][a-z0-9-]*(?:_[a-z][a-z0-9-]*)*)_\d+(?:\.\d+)+$/i;

/**
 * Huawei's phone builds ("nxt-al10c00b593": model NXT-AL10, region C00, build B593): each model and region is built
 * apart, a train of its own (CVE-2017-17171, the h56 blind set: one region's build stood for the 27 NVD lists).
 */
const PHONE_BUILD = /^(?<model>[a-z]{2,8}-?[a-z]{0,3}\d{2}[a-z]?)(?<region>c\d{2,3})b\d{3}/i;

/**
 * The phone model a Huawei build names as the model is spelt ("maya-l02" for "Maya-L02C636B126", its hyphen written),
 * lower case; undefined for any other version.
 */
export function phoneBuildModel(version: string): string | undefined {
  const model = PHONE_BUILD.exec(version.trim())?.groups?.model;
  return model !== undefined && /^[a-z]+-[a-z]{1,3}\d/i.test(model) ? model.toLowerCase() : undefined;
}

/** The train a version names ("sps_e5" for "SPS_E5_04.04.04.023.0", "nxtal10c00" for "NXT-AL10C00B593"), lower case; undefined for a plain version. */
export function versionTrain(version: string): string | undefined {
  const text = version.trim();
  const phone = PHONE_BUILD.exec(text)?.groups;
  return TRAIN.exec(text)?.groups?.train?.toLowerCase() ?? (phone ? `${phone.model}${phone.region}`.toLowerCase().replace(/-/g, '') : undefined);
}

/** Both versions name a train, and not the same one. */
export function onOtherTrains(a: string, b: string): boolean {
  const first = versionTrain(a);
  const second = versionTrain(b);
  return first !== undefined && second !== undefined && first !== second;
}
