/**
 * The operating system a CPE's `target_sw` names, as the facts name platforms ("os x", "ios"),
 * or undefined where it names none or one this list does not know (`*`, "universal",
 * "wordpress"). Windows Phone is not Windows, nor Tizen Linux: each keeps its own name.
 */
const TARGET_PLATFORMS: Readonly<Record<string, string>> = {
  linux: 'linux',
  linux_kernel: 'linux',
  mac: 'os x',
  mac_os: 'os x',
  macos: 'os x',
  mac_os_x: 'os x',
  macosx: 'os x',
  os_x: 'os x',
  osx: 'os x',
  android: 'android',
  iphone_os: 'ios',
  ios: 'ios',
  ipados: 'ios',
  windows_phone: 'windows phone',
  windows_mobile: 'windows mobile',
  tizen: 'tizen',
};

export function targetPlatform(targetSoftware: string | undefined): string | undefined {
  const p = targetSoftware?.toLowerCase();
  if (p === undefined) return undefined;
  const known = TARGET_PLATFORMS[p];
  if (known !== undefined) return known;
  return /^windows(?:_(?:\d+|server.*|x64|x86|7|8|8\.1|10|11|xp|vista))?$/.test(p) ? 'windows' : undefined;
}
