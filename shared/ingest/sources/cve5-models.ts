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
