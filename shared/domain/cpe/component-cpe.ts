/**
 * The CPE an SBOM gives for a component, read for matching against NVD's configurations: CPE 2.3
 * formatted strings with the catalogue's own reader (`parseCpe23`), and CPE 2.2 URIs
 * (`cpe:/a:vendor:product:version:update`) rewritten into 2.3 first.
 */
import type { CpePart } from '../nvd-record.js';
import { parseCpe23 } from './cpe-name.js';
import { isComparableVersion } from './version-compare.js';

export interface ComponentCpe {
  readonly part: CpePart;
  /** `vendor:product`, lower case: the key of the CPE index. */
  readonly productKey: string;
  readonly vendor: string;
  readonly product: string;
  /** The version with the CPE update kept ("1.6.0 update 27"), as the index's ranges write it. */
  readonly version: string;
  /** The version field alone ("1.6.0"): an index entry of one exact version with ANY update names it too. */
  readonly baseVersion: string;
}

/** Why a component's CPE cannot be matched (its `not_checked` reason, after "Not checked: "). */
export type CpeProblem = string;

/** Fields of a CPE 2.3 string split on unescaped colons (escapes kept, so the fields rejoin as they were). */
const splitFields = (cpe: string): string[] => cpe.split(/(?<!\\):/);

const escape23 = (value: string): string => value.replace(/[\\:*?]/g, (ch) => `\\${ch}`);

/**
 * A CPE 2.2 URI as a 2.3 formatted string: fields percent-decoded, an empty field read as ANY,
 * the packed `~` edition of 2.2 left out (matching does not use it). Undefined when it is not a
 * 2.2 URI.
 */
export function cpe22To23(uri: string): string | undefined {
  const match = /^cpe:\/([aho])(?::(.*))?$/i.exec(uri.trim());
  if (!match) return undefined;
  const fields = (match[2] ?? '').split(':');
  if (fields.length > 6) return undefined;
  const decoded: string[] = [];
  for (const field of fields) {
    try {
      decoded.push(decodeURIComponent(field).toLowerCase());
    } catch {
      return undefined;
    }
  }
  const [vendor = '', product = '', version = '', update = ''] = decoded;
  const field = (value: string) => (value === '' ? '*' : value === '-' ? '-' : escape23(value));
  return `cpe:2.3:${match[1]!.toLowerCase()}:${field(vendor)}:${field(product)}:${field(version)}:${field(update)}:*:*:*:*:*:*`;
}

/** The component's CPE read for matching, or why it cannot be matched. */
export function parseComponentCpe(text: string): ComponentCpe | { readonly problem: CpeProblem } {
  const cpe23 = text.startsWith('cpe:2.3:') ? text : cpe22To23(text);
  if (!cpe23) return { problem: 'its CPE is neither a CPE 2.3 name nor a CPE 2.2 URI' };
  const fields = splitFields(cpe23);
  const parsed = fields.length === 13 ? parseCpe23(cpe23) : undefined;
  if (!parsed) return { problem: 'its CPE is not a valid CPE name (13 fields, part a, o or h, and a product)' };
  if (!parsed.vendor) return { problem: 'its CPE names no vendor' };
  if (parsed.version === '*' || parsed.version === '-') {
    return { problem: `its CPE gives no version (${parsed.version === '*' ? '"*", any version' : '"-", not applicable'}), so no version range can be checked` };
  }
  if (!isComparableVersion(parsed.version)) return { problem: `its CPE version "${parsed.version}" has no number to compare with NVD's ranges` };
  // The same name with the update set to ANY gives the version field alone.
  const base = parseCpe23([...fields.slice(0, 6), '*', ...fields.slice(7)].join(':'));
  return {
    part: parsed.part,
    productKey: cpeProductKey(parsed.vendor, parsed.product),
    vendor: parsed.vendor,
    product: parsed.product,
    version: parsed.version,
    baseVersion: base?.version ?? parsed.version,
  };
}

/** The CPE index key of a vendor and product: `vendor:product`, lower case (NVD writes them so). */
export function cpeProductKey(vendor: string, product: string): string {
  return `${vendor.toLowerCase()}:${product.toLowerCase()}`;
}
