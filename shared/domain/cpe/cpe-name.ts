import type { AffectedProduct, CpePart, VersionRange } from '../nvd-record.js';

/** The fields of a CPE 2.3 formatted string that the catalogue uses. */
export interface CpeName {
  readonly part: CpePart;
  readonly vendor: string;
  readonly product: string;
  /**
   * The version with the CPE update field kept ("1.6.0 update 27" from `1.6.0:update_27`,
   * "2.0 rc1" from `2.0:rc1`): dropping it would read 1.6.0 update 27 as 1.6.0.
   * `*` (any) and `-` (not applicable) are kept as written.
   */
  readonly version: string;
  /** The update field alone, words spaced ("update6", "security update 1"), when it names one. */
  readonly update?: string;
  readonly targetSoftware: string;
  /** CPE `sw_edition`, when it names one ("classic"). */
  readonly softwareEdition?: string;
}

/** A version worth printing: has a letter or digit and is not a placeholder word. */
export function isMeaningfulVersion(value: string | undefined): value is string {
  return !!value && /[0-9A-Za-z]/.test(value) && !/^(null|undefined|none|n\/a|na|unspecified|unknown|\*)$/i.test(value.trim());
}

/** Splits on colons that are not escaped with a backslash, then unescapes each field. */
function splitCpe(value: string): string[] {
  const fields: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '\\' && i + 1 < value.length) {
      current += value[i + 1];
      i++;
    } else if (ch === ':') {
      fields.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  fields.push(current);
  return fields;
}

export function parseCpe23(value: string): CpeName | undefined {
  if (!value.startsWith('cpe:2.3:')) return undefined;
  const f = splitCpe(value);
  const part = f[2];
  if (part !== 'a' && part !== 'o' && part !== 'h') return undefined;
  // A wildcard vendor leaves the vendor unnamed; a wildcard product names no product at all.
  const vendor = f[3] === '*' || f[3] === '-' ? '' : (f[3] ?? '');
  const product = f[4] ?? '';
  if (!product || product === '*' || product === '-') return undefined;
  const version = f[5] ?? '*';
  const update = f[6] ?? '*';
  const meaningful = isMeaningfulVersion(version);
  // Sun's month-and-year releases ("Sun Cluster 3.1 4/04", CVE-2006-1601): CPE writes the slash it cannot hold as "4_04".
  const named =
    update !== '*' && update !== '-' && isMeaningfulVersion(update)
      ? /^\d{1,2}_\d{2}$/.test(update)
        ? update.replace('_', '/')
        : update.replace(/_+/g, ' ').trim()
      : undefined;
  const qualified = meaningful && named !== undefined ? `${version} ${named}` : version;
  return {
    part,
    vendor,
    product,
    // NVD's "unknown" (or "none") in the version slot is one version nobody could name, not every
    // version: it is read as `-`, no version at all (`triolive:unknown:beta2` beside "through 1.58.6").
    version: meaningful || version === '-' ? qualified : version === '*' || version === '' ? '*' : '-',
    ...(named !== undefined ? { update: named } : {}),
    targetSoftware: f[10] ?? '*',
    ...(f[9] !== undefined && f[9] !== '*' && f[9] !== '-' && f[9] !== '' ? { softwareEdition: f[9] } : {}),
  };
}

/** A version that needs no cleaning: a digit first, then no space, comma or semicolon. */
const PLAIN_VERSION = /^[0-9][0-9A-Za-z._+~-]*$/;

/** Source version text without stray trailing separators ("21.4R2-EVO,"). */
export function cleanVersion(value: string | undefined): string | undefined {
  // Nearly every version is plain, and the ingest cleans several per CPE match of every record.
  if (value !== undefined && PLAIN_VERSION.test(value)) return value;
  const cleaned = value === undefined ? undefined : withoutTrailingSeparators(value.trim()).replace(/\b(and|or),\s/g, '$1 ');
  return isMeaningfulVersion(cleaned) ? cleaned : undefined;
}

/**
 * `text` without its trailing spaces, commas and semicolons. A loop, not `/[\s,;]+$/`: that
 * pattern retries from every separator of a long run that is not at the end (quadratic), and
 * this module, shared with the scan since it left the ingest, is held to the linear-pattern rule
 * of request-serving code (eslint.config.js; docs/scan.md, "Regexes are linted").
 */
function withoutTrailingSeparators(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING_SEPARATOR.test(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}

const TRAILING_SEPARATOR = /[\s,;]/;

function cleanRange(range: VersionRange): VersionRange {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(range)) {
    const cleaned = cleanVersion(value);
    if (cleaned) out[key] = cleaned;
  }
  return out;
}

interface ProductEntry {
  vendor: string;
  product: string;
  part?: CpePart;
  targetSoftware?: string;
  ranges: VersionRange[];
  rangeKeys: Set<string>;
  openEnded: boolean;
  allVersions: boolean;
  fixed: Set<string>;
}

/** Builds AffectedProduct entries, one per (part, vendor, product), in first-seen order. */
export class ProductCollector {
  private readonly byKey = new Map<string, ProductEntry>();

  private last: { vendor: string; product: string; part: CpePart | undefined; found: ProductEntry } | undefined;

  add(entry: {
    vendor: string;
    product: string;
    part?: CpePart;
    targetSoftware?: string;
    range?: VersionRange;
    openEnded?: boolean;
    /** The entry covers every version (no version, no bound). */
    allVersions?: boolean;
    fixedVersion?: string;
  }): void {
    if (!entry.product.trim()) return;
    const product = this.productFor(entry);
    if (entry.targetSoftware && !product.targetSoftware) product.targetSoftware = entry.targetSoftware;
    const range = entry.range ? cleanRange(entry.range) : undefined;
    // Every range is kept (no cap): a fixed version is checked against all of them.
    if (range && Object.keys(range).length > 0) {
      const json = JSON.stringify(range);
      if (!product.rangeKeys.has(json)) {
        product.rangeKeys.add(json);
        product.ranges.push(range);
      }
    }
    if (entry.openEnded) product.openEnded = true;
    if (entry.allVersions) product.allVersions = true;
    const fixed = cleanVersion(entry.fixedVersion);
    if (fixed) product.fixed.add(fixed);
  }

  /** The entry's product, made on first sight. */
  private productFor(entry: { vendor: string; product: string; part?: CpePart }): ProductEntry {
    // A source adds one entry per version of the same product in a row (hundreds, for some
    // records): the product found last time is usually the one.
    const last = this.last;
    if (last && last.vendor === entry.vendor && last.product === entry.product && last.part === entry.part) return last.found;
    const key = `${entry.part ?? ''}|${entry.vendor.toLowerCase()}|${entry.product.toLowerCase()}`;
    let product = this.byKey.get(key);
    if (!product) {
      product = { vendor: entry.vendor, product: entry.product, ranges: [], rangeKeys: new Set(), openEnded: false, allVersions: false, fixed: new Set() };
      if (entry.part) product.part = entry.part;
      this.byKey.set(key, product);
    }
    this.last = { vendor: entry.vendor, product: entry.product, part: entry.part, found: product };
    return product;
  }

  products(): AffectedProduct[] {
    return [...this.byKey.values()].map((p) => ({
      vendor: p.vendor,
      product: p.product,
      ...(p.part ? { part: p.part } : {}),
      ...(p.targetSoftware ? { targetSoftware: p.targetSoftware } : {}),
      ranges: p.ranges,
      openEnded: p.openEnded,
      ...(p.allVersions ? { allVersions: true } : {}),
      fixedVersions: [...p.fixed],
    }));
  }
}
