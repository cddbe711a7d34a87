import type { AffectedProduct, CpePart, VersionRange } from '../model.js';

/** The fields of a CPE 2.3 formatted string that the catalogue uses. */
export interface CpeName {
  readonly part: CpePart;
  readonly vendor: string;
  readonly product: string;
  /** `*` (any) and `-` (not applicable) are kept as written. */
  readonly version: string;
  readonly targetSoftware: string;
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
  const vendor = f[3] ?? '';
  const product = f[4] ?? '';
  if (!vendor || !product || vendor === '*' || product === '*') return undefined;
  return { part, vendor, product, version: f[5] ?? '*', targetSoftware: f[10] ?? '*' };
}

/** Builds AffectedProduct entries, one per (part, vendor, product), in first-seen order. */
export class ProductCollector {
  private readonly byKey = new Map<string, { vendor: string; product: string; part?: CpePart; targetSoftware?: string; ranges: VersionRange[]; openEnded: boolean; fixed: Set<string> }>();

  add(entry: {
    vendor: string;
    product: string;
    part?: CpePart;
    targetSoftware?: string;
    range?: VersionRange;
    openEnded?: boolean;
    fixedVersion?: string;
  }): void {
    const key = `${entry.part ?? ''}|${entry.vendor.toLowerCase()}|${entry.product.toLowerCase()}`;
    let product = this.byKey.get(key);
    if (!product) {
      product = { vendor: entry.vendor, product: entry.product, ranges: [], openEnded: false, fixed: new Set() };
      if (entry.part) product.part = entry.part;
      this.byKey.set(key, product);
    }
    if (entry.targetSoftware && !product.targetSoftware) product.targetSoftware = entry.targetSoftware;
    if (entry.range && Object.keys(entry.range).length > 0 && product.ranges.length < 50) {
      const json = JSON.stringify(entry.range);
      if (!product.ranges.some((r) => JSON.stringify(r) === json)) product.ranges.push(entry.range);
    }
    if (entry.openEnded) product.openEnded = true;
    if (entry.fixedVersion) product.fixed.add(entry.fixedVersion);
  }

  products(): AffectedProduct[] {
    return [...this.byKey.values()].map((p) => ({
      vendor: p.vendor,
      product: p.product,
      ...(p.part ? { part: p.part } : {}),
      ...(p.targetSoftware ? { targetSoftware: p.targetSoftware } : {}),
      ranges: p.ranges,
      openEnded: p.openEnded,
      fixedVersions: [...p.fixed],
    }));
  }
}
