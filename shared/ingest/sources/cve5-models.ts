/**
 * CVE 5 `affected` entries whose "versions" are the models a flaw is in, not releases: Qualcomm
 * lists its chipsets ("AQT1000", "9205 LTE Modem", "FastConnect 6200", "WSA8845H") under the
 * product "Snapdragon", each with status affected. Read as versions they gave "update past 9205
 * LTE Modem". The shape, whoever writes it: several entries of several name families (a model
 * family is the name's first run of letters: "QCA", "FastConnect", "LTE"), none of them written
 * like a release. A CNA's firmware builds ("VDV10194", "VEV10294", "VCV10394") are fewer and of
 * one kind; SAP's component releases ("SAP_BASIS 700") are of one family.
 */
import type { LineEntry } from './cve5-lines.js';

const MIN_MODELS = 4;
const MIN_FAMILIES = 3;
/** A dotted number, a release word, a range operator or a commit hash: a version, not a model. */
const RELEASE_LIKE =
  /\d\.\d|^\s*[<>=]|\b(?:v\d|version|versions|release|build|update|beta|alpha|rc\d*|patch|hotfix|sp\d*|service pack|and earlier|below|before|through|prior|all|n\/a|unspecified|unknown|android\s*\d*|windows|ios|linux)\b|^[0-9a-f]{7,40}$/i;
const family = (name: string) => /[a-z]+/i.exec(name)?.[0]?.toLowerCase();

/** The models the entries list in place of versions, as written, or undefined where they list versions. */
export function listedModels(entries: readonly LineEntry[]): string[] | undefined {
  if (entries.some((e) => e.lessThan !== undefined || e.lessThanOrEqual !== undefined)) return undefined;
  const affected = entries.filter((e) => e.status?.toLowerCase() === 'affected');
  if (affected.length !== entries.length) return undefined;
  const names = [...new Set(affected.map((e) => e.version?.trim() ?? ''))];
  if (names.length < MIN_MODELS || names.some((n) => family(n) === undefined || RELEASE_LIKE.test(n))) return undefined;
  return new Set(names.map(family)).size >= MIN_FAMILIES ? names : undefined;
}

/** A chipset's model id: "SC7731E", "T606", "S8000", "MT8791T". */
const CHIP = /^[A-Z]{1,4}\d{3,5}[A-Z]{0,2}$/;
/**
 * One software platform with its releases, as chip vendors write them in a version field:
 * "Android13", "Android 12.0, 13.0", "Yocto 3.1, 3.3", "IOT-v23.0 (Yocto 4.0)", "RDK-B 24Q1".
 */
const PLATFORM_RELEASES = /^(?:android|linux|yocto|openwrt|rdk-b|iot-v)\s?\d[\w.]*(?:\s*,\s*\d[\w.]*)*(?:\s*\([^)]*\))?$/i;

/**
 * Unisoc and MediaTek write the affected chipsets as the product ("SC7731E/SC9832E/T606",
 * "MT6761, MT6765, MT8788") and the software platforms they run as its versions
 * ("Android13/Android14", "Android 12.0, 13.0 / Yocto 3.1"). Read as a version, that gave
 * "update past Android13/Android14": the chipsets are models, the platforms what they run, and no
 * version of either is one to update to or past. A modem firmware ("Modem NR15") or an SDK
 * release ("SDK version 7.4.0.1 and before") is a version, and stays one.
 */
export function chipsetProduct(product: string, entries: readonly LineEntry[]): { models: string[]; runsOn: string[] } | undefined {
  const models = product.split(/\s*[,/]\s*/).map((m) => m.trim());
  if (!models.every((m) => CHIP.test(m))) return undefined;
  if (entries.length === 0 || entries.some((e) => e.status?.toLowerCase() !== 'affected' || e.lessThan !== undefined || e.lessThanOrEqual !== undefined))
    return undefined;
  const segments = entries.flatMap((e) => (e.version ?? '').split('/').map((s) => s.trim()));
  if (!segments.every((s) => PLATFORM_RELEASES.test(s))) return undefined;
  // One entry per platform, its releases together: "Android13/Android14" as "Android 13, 14".
  const releases = new Map<string, string[]>();
  for (const segment of segments) {
    const [, platform, written] = /^(\D+?)\s?(\d.*)$/.exec(segment)!;
    const own = releases.get(platform!) ?? [];
    for (const release of written!.split(/\s*,\s*/)) if (!own.includes(release)) own.push(release);
    releases.set(platform!, own);
  }
  const runsOn = [...releases].map(([platform, own]) => `${platform}${/-v$/i.test(platform) ? '' : ' '}${own.join(', ')}`);
  return { models, runsOn };
}

/** A company's name without its legal form or seat: "Unisoc (Shanghai) Technologies Co., Ltd." → "Unisoc Technologies", "MediaTek, Inc." → "MediaTek". */
export function companyName(vendor: string): string {
  const short = vendor
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/(?:,?\s+(?:Co\.,?\s*Ltd\.?|Co\.|Ltd\.?|Inc\.?|Corp\.?|Corporation|LLC|GmbH|AG|S\.A\.))+$/i, '')
    .trim();
  return short.length > 0 ? short : vendor.trim();
}
