/**
 * Checks of the fix text against the raw NVD configurations, read here without the ingest's
 * parsers: which products are vulnerable (a `vulnerable: true` match in a non-negated node) and
 * which versions of each are (the match's version with its update field, and its range bounds).
 * A record's `provenance.fix_versions` lists the (product, version) pairs its fix text names; each
 * must be a vulnerable product, lie outside all its vulnerable versions and appear in the text.
 */
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import { compareVersions } from '../../shared/ingest/versions/compare.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';

interface RawMatch {
  vulnerable?: boolean;
  criteria?: string;
  versionStartIncluding?: string;
  versionStartExcluding?: string;
  versionEndIncluding?: string;
  versionEndExcluding?: string;
}
export interface RawNvdConfigurations {
  configurations?: { nodes?: { negate?: boolean; cpeMatch?: RawMatch[] }[] }[];
}

/** One vulnerable version set of a product: an exact version or bounds (all optional = every version). */
interface RawSpan {
  exact?: string;
  from?: { v: string; inclusive: boolean };
  to?: { v: string; inclusive: boolean };
}

/** The CPE fields split on unescaped colons, each unescaped. */
function cpeFields(cpe: string): string[] {
  return cpe
    .replace(/\\:/g, '\uE000')
    .split(':')
    .map((f) => f.replace(/\uE000/g, ':').replace(/\\(.)/g, '$1'));
}

/** vendor:product (lower case) → its vulnerable spans, from the raw configurations. */
export function vulnerableSpans(cve: RawNvdConfigurations): Map<string, RawSpan[]> {
  const out = new Map<string, RawSpan[]>();
  for (const conf of cve.configurations ?? []) {
    for (const node of conf.nodes ?? []) {
      if (node.negate) continue;
      for (const m of node.cpeMatch ?? []) {
        if (m.vulnerable !== true || !m.criteria) continue;
        const f = cpeFields(m.criteria);
        const key = `${f[3] ?? ''}:${f[4] ?? ''}`.toLowerCase();
        const version = f[5] ?? '*';
        const update = f[6] ?? '*';
        const span: RawSpan = {};
        if (version !== '*' && version !== '-') span.exact = update !== '*' && update !== '-' ? `${version} ${update}` : version;
        if (m.versionStartIncluding) span.from = { v: m.versionStartIncluding, inclusive: true };
        if (m.versionStartExcluding) span.from = { v: m.versionStartExcluding, inclusive: false };
        if (m.versionEndIncluding) span.to = { v: m.versionEndIncluding, inclusive: true };
        if (m.versionEndExcluding) span.to = { v: m.versionEndExcluding, inclusive: false };
        // CPE "-" (not applicable) with no bound names no version at all: nothing to fall inside.
        if (version === '-' && !span.from && !span.to) continue;
        out.set(key, [...(out.get(key) ?? []), span]);
      }
    }
  }
  return out;
}

function inside(span: RawSpan, v: string): boolean {
  if (span.exact !== undefined && compareVersions(v, span.exact) !== 0) return false;
  if (span.from && compareVersions(v, span.from.v) < (span.from.inclusive ? 0 : 1)) return false;
  if (span.to && compareVersions(v, span.to.v) > (span.to.inclusive ? 0 : -1)) return false;
  return true;
}

export interface NamedFix {
  readonly vendor: string;
  readonly product: string;
  readonly versions: readonly string[];
}

export function namedFixes(record: Pick<CatalogueRecord, 'provenance'>): NamedFix[] {
  const raw = record.provenance.fix_versions;
  return raw ? (JSON.parse(raw) as NamedFix[]) : [];
}

/** Faults of a record's fix text against the raw NVD configurations of the same CVE. */
export function fixFaults(record: Pick<CatalogueRecord, 'cve_id' | 'provenance' | 'explanation'>, raw: RawNvdConfigurations | undefined): string[] {
  const faults: string[] = [];
  const spans = raw ? vulnerableSpans(raw) : new Map<string, RawSpan[]>();
  const text = record.explanation?.fix ?? '';
  for (const named of namedFixes(record)) {
    for (const v of named.versions) {
      if (!text.includes(v)) faults.push(`${v} is listed as named but the text does not name it`);
    }
    // A product-less fix (the description's, when the record lists no product) can only be checked against nothing.
    if (!named.product) continue;
    const key = `${named.vendor}:${named.product}`.toLowerCase();
    // Products from CVE 5 when NVD has no configuration cannot be checked here.
    if (spans.size === 0) continue;
    const own = spans.get(key);
    if (!own) {
      faults.push(`${named.vendor}:${named.product} is not a vulnerable product of the NVD record`);
      continue;
    }
    for (const v of named.versions) {
      const hit = own.find((s) => inside(s, v));
      if (hit) faults.push(`${v} lies inside a vulnerable range of ${key}: ${JSON.stringify(hit)}`);
    }
  }
  return faults;
}

/** Does a source give a fixed version: a vulnerable match's versionEndExcluding, or the description's grammar. */
export function sourceGivesFix(raw: RawNvdConfigurations | undefined, description: string): { cpe: boolean; description: boolean } {
  let cpe = false;
  for (const conf of raw?.configurations ?? []) for (const node of conf.nodes ?? []) if (!node.negate) for (const m of node.cpeMatch ?? []) if (m.vulnerable === true && m.versionEndExcluding) cpe = true;
  return { cpe, description: describedVersions(description).fixed.length > 0 };
}

/**
 * Named fixes at or below a version the description calls last affected ("FreeBSD through 10.1",
 * "2.3 and earlier") for the same product: the statement is taken to be about the product when
 * the text just before it spells the product's name (CPE underscores as spaces), or when the fix
 * names one product only.
 */
export function describedAffectedFaults(record: Pick<CatalogueRecord, 'description' | 'provenance'>): string[] {
  const statements = describedVersions(record.description).lastAffected;
  if (statements.length === 0) return [];
  const named = namedFixes(record).filter((n) => n.product);
  const faults: string[] = [];
  for (const fix of named) {
    const spelled = fix.product.toLowerCase().replace(/_/g, ' ');
    for (const statement of statements) {
      const about = named.length === 1 || statement.context.toLowerCase().includes(spelled);
      if (!about) continue;
      for (const v of fix.versions) {
        if (compareVersions(v, statement.version) <= 0) faults.push(`${fix.vendor}:${fix.product} ${v} is named as a fix, but the description calls ${statement.version} affected`);
      }
    }
  }
  return faults;
}
