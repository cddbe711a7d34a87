/**
 * Microsoft's CNA writes one `affected` entry per Windows edition ("Windows 10 Version 1809",
 * 10.0.0 lessThan 10.0.17763.3165) with the edition's own CPE (`windows_10_1809`), where NVD's
 * configuration lists the editions with no bounds (`windows_10` version `1809`). The entry's CPE
 * products are the editions the fix belongs to: each gets the entry's `lessThan` build.
 */
import type { CpeFix } from '../../domain/nvd-record.js';
import { isMeaningfulVersion, parseCpe23 } from '../../domain/cpe/cpe-name.js';

interface RawEntry {
  product?: string;
  cpes?: string[];
  versions?: { status?: string; lessThan?: string; versionType?: string }[];
}

const squash = (text: string) =>
  text
    .toLowerCase()
    .replace(/service\s*pack\s*/g, 'sp')
    .replace(/[^a-z0-9]/g, '');

/**
 * The CPE names the entry's edition: each numbered part of its product ("10", "1809", "8.1",
 * "sp2") is in the entry's name. Some of Microsoft's 2021 entries carry another edition's CPE
 * ("Windows 10 Version 2004" with `windows_10_1809`); that CPE names no edition of this fix.
 */
function namesEdition(cpeProduct: string, name: string | undefined): boolean {
  if (name === undefined || !name.trim()) return true;
  const written = squash(name);
  return cpeProduct
    .split('_')
    .filter((part) => /\d/.test(part))
    .every((part) => written.includes(squash(part)));
}

/** A Windows feature release ("2004", "21H1"): an edition of its own. */
const FEATURE_RELEASE = /^(?:\d{4}|\d{2}h\d)$/i;

/**
 * The edition the entry's name states where its CPE is another edition's: CVE-2021-34438's
 * "Windows 10 Version 2004" carries `windows_10_1809`, but its build (10.0.19041.1110) is 2004's,
 * which NVD lists as `windows_10` version `2004`. Where the CPE's one part the name lacks is a
 * release, the name's one feature release the CPE lacks stands in for it (`windows_10_2004`);
 * anything less clear names no edition.
 */
function editionFromName(cpeProduct: string, name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const parts = cpeProduct.split('_');
  const wrong = parts.filter((part) => !squash(name).includes(squash(part)));
  const own = name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => FEATURE_RELEASE.test(word) && !parts.includes(word));
  if (wrong.length !== 1 || own.length !== 1 || !FEATURE_RELEASE.test(wrong[0]!)) return undefined;
  return parts.map((part) => (part === wrong[0] ? own[0]! : part)).join('_');
}

export function cpeFixes(entries: readonly RawEntry[]): CpeFix[] {
  const out: CpeFix[] = [];
  for (const entry of entries) {
    const bounds = (entry.versions ?? [])
      .filter((v) => v.status?.toLowerCase() === 'affected' && v.versionType !== 'git')
      .map((v) => v.lessThan?.trim())
      .filter((v): v is string => v !== undefined && /^\d+(?:\.\d+)+$/.test(v) && isMeaningfulVersion(v));
    // One fix per entry: several bounds would be several lines, which the CPEs do not tell apart.
    if (bounds.length !== 1) continue;
    const version = bounds[0]!;
    for (const cpe of (entry.cpes ?? []).map(parseCpe23)) {
      if (!cpe?.vendor || !cpe.product) continue;
      const cpeProduct = cpe.product.toLowerCase();
      const product = namesEdition(cpeProduct, entry.product) ? cpeProduct : editionFromName(cpeProduct, entry.product);
      if (product === undefined) continue;
      const fix = { vendor: cpe.vendor.toLowerCase(), product, version };
      if (!out.some((o) => o.vendor === fix.vendor && o.product === fix.product && o.version === fix.version)) out.push(fix);
    }
  }
  return out;
}
