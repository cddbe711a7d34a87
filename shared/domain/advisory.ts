import { ECOSYSTEMS, VERSION_ORDERS, type Ecosystem, type VersionOrder } from './versions/index.js';

export { ECOSYSTEMS, VERSION_ORDERS, type Ecosystem, type VersionOrder } from './versions/index.js';

/**
 * A package advisory in OSV's shape (ossf.github.io/osv-schema), kept as the source wrote it
 * except that only the affected packages of the seven ecosystems PlainCVE matches are kept.
 */
export interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}

export interface OsvRange {
  type: 'SEMVER' | 'ECOSYSTEM' | 'GIT' | (string & {});
  repo?: string;
  events: OsvEvent[];
}

export interface AffectedPackage {
  package: { ecosystem: Ecosystem; name: string; purl?: string };
  ranges?: OsvRange[];
  versions?: string[];
}

export interface OsvSeverity {
  type: string;
  score: string;
}

export interface Advisory {
  id: string;
  aliases: string[];
  /** The CVE among `aliases` (or the id itself), the key that joins the catalogue; null when there is none. */
  cve_id: string | null;
  summary: string;
  details: string;
  affected: AffectedPackage[];
  modified: string;
  published?: string;
  withdrawn?: string;
  severity?: OsvSeverity[];
}

const CVE_ALIAS = /^CVE-\d{4}-\d{4,19}$/;

/** The advisory's CVE: its id when it is one, else the first CVE alias (sorted, so stable). */
export function cveIdOf(id: string, aliases: readonly string[]): string | null {
  if (CVE_ALIAS.test(id)) return id;
  return [...aliases].filter((alias) => CVE_ALIAS.test(alias)).sort()[0] ?? null;
}

/** Reads an ecosystem as users and purls write it: OSV names in any case, or a purl type. */
const PURL_TYPES: Readonly<Record<string, Ecosystem>> = {
  npm: 'npm',
  pypi: 'PyPI',
  maven: 'Maven',
  golang: 'Go',
  go: 'Go',
  cargo: 'crates.io',
  'crates.io': 'crates.io',
  gem: 'RubyGems',
  rubygems: 'RubyGems',
  nuget: 'NuGet',
};

export function isEcosystem(text: string): text is Ecosystem {
  return (ECOSYSTEMS as readonly string[]).includes(text);
}

export function parseEcosystem(text: string): Ecosystem | null {
  return PURL_TYPES[text.trim().toLowerCase()] ?? null;
}

/**
 * The name under which an ecosystem's registry treats two spellings as one package: PyPI by
 * PEP 503 (lower case, runs of `-`, `_`, `.` as one `-`); crates.io case-insensitively with
 * `-` = `_`; NuGet case-insensitively; npm, Maven (`group:artifact`), Go module paths and
 * RubyGems names are case-sensitive and kept as written (trimmed).
 */
export function normalisePackageName(ecosystem: Ecosystem, name: string): string {
  const trimmed = name.trim();
  switch (ecosystem) {
    case 'PyPI':
      return trimmed.toLowerCase().replace(/[-_.]+/g, '-');
    case 'crates.io':
      return trimmed.toLowerCase().replace(/_/g, '-');
    case 'NuGet':
      return trimmed.toLowerCase();
    default:
      return trimmed;
  }
}

/** The package index key: ecosystem and normalised name. */
export function packageKey(ecosystem: Ecosystem, name: string): string {
  return `${ecosystem}#${normalisePackageName(ecosystem, name)}`;
}

function affectedEntries(advisory: Advisory, ecosystem: Ecosystem, name: string): AffectedPackage[] {
  const wanted = normalisePackageName(ecosystem, name);
  return advisory.affected.filter(
    (entry) => entry.package.ecosystem === ecosystem && normalisePackageName(ecosystem, entry.package.name) === wanted,
  );
}

interface ListedVersions {
  readonly exact: ReadonlySet<string>;
  /** The canonical spellings of the listed versions the order can read (orders that have one). */
  readonly canonical: ReadonlySet<string> | null;
  readonly readable: readonly string[];
}

// Per affected entry and order: an advisory is matched against many versions in one scan.
const listedCache = new WeakMap<AffectedPackage, WeakMap<VersionOrder, ListedVersions>>();

function listedVersions(entry: AffectedPackage, order: VersionOrder): ListedVersions {
  let byOrder = listedCache.get(entry);
  if (!byOrder) listedCache.set(entry, (byOrder = new WeakMap()));
  let listed = byOrder.get(order);
  if (!listed) {
    const versions = entry.versions ?? [];
    const readable = versions.filter((v) => order.valid(v));
    const canonical = order.canonical ? new Set(readable.map((v) => order.canonical!(v))) : null;
    listed = { exact: new Set(versions), canonical, readable };
    byOrder.set(order, listed);
  }
  return listed;
}

/** Listed as written, or as a version the order holds equal (PEP 440's 1.0 = 1.0.0). */
function isListed(entry: AffectedPackage, order: VersionOrder, version: string, comparable: boolean): boolean {
  if (!entry.versions || entry.versions.length === 0) return false;
  const listed = listedVersions(entry, order);
  if (listed.exact.has(version)) return true;
  if (!comparable) return false;
  if (listed.canonical && order.canonical) return listed.canonical.has(order.canonical(version));
  return listed.readable.some((v) => order.compare(v, version) === 0);
}

/** OSV's `introduced: "0"` means "from the first version", whatever the ecosystem's order. */
function isZero(version: string): boolean {
  return version === '0';
}

type EventKind = 'introduced' | 'fixed' | 'last_affected' | 'limit';

interface Event {
  kind: EventKind;
  version: string;
}

function eventsOf(range: OsvRange): Event[] {
  return range.events.flatMap((event) =>
    (['introduced', 'fixed', 'last_affected', 'limit'] as const).flatMap((kind) => {
      const version = event[kind];
      return version === undefined ? [] : [{ kind, version }];
    }),
  );
}

interface PreparedRange {
  /** Null when a version of the range is one the order cannot read. */
  readonly events: readonly Event[] | null;
  readonly limits: readonly Event[];
}

const rangeCache = new WeakMap<OsvRange, WeakMap<VersionOrder, PreparedRange>>();

function prepare(range: OsvRange, order: VersionOrder): PreparedRange {
  let byOrder = rangeCache.get(range);
  if (!byOrder) rangeCache.set(range, (byOrder = new WeakMap()));
  let prepared = byOrder.get(order);
  if (!prepared) {
    const events = eventsOf(range);
    const readable = events.every((e) => (isZero(e.version) && e.kind === 'introduced') || e.version === '*' || order.valid(e.version));
    const sorted = events
      .filter((e) => e.kind !== 'limit')
      .sort((a, b) => {
        if (isZero(a.version) && a.kind === 'introduced') return isZero(b.version) && b.kind === 'introduced' ? 0 : -1;
        if (isZero(b.version) && b.kind === 'introduced') return 1;
        return order.compare(a.version, b.version);
      });
    prepared = { events: readable ? sorted : null, limits: events.filter((e) => e.kind === 'limit' && e.version !== '*') };
    byOrder.set(order, prepared);
  }
  return prepared;
}

/**
 * OSV's evaluation of one SEMVER or ECOSYSTEM range (ossf.github.io/osv-schema/#evaluation):
 * events sorted by version ("0" first), walked in order: `introduced` at or below the version
 * makes it affected, `fixed` at or below it or `last_affected` below it makes it unaffected
 * again; a `limit` (other than `*`) bounds the whole range from above. A range with a version
 * the ecosystem cannot read is not evaluated (the advisory's `versions` list still counts),
 * rather than guessed.
 */
function inRange(order: VersionOrder, range: OsvRange, version: string): boolean {
  const { events, limits } = prepare(range, order);
  if (!events) return false;
  if (limits.length > 0 && !limits.some((e) => order.compare(version, e.version) < 0)) return false;
  let affected = false;
  for (const event of events) {
    if (event.kind === 'introduced') {
      if (isZero(event.version) || order.compare(version, event.version) >= 0) affected = true;
    } else if (event.kind === 'fixed') {
      if (order.compare(version, event.version) >= 0) affected = false;
    } else if (order.compare(version, event.version) > 0) {
      affected = false;
    }
  }
  return affected;
}

/**
 * Whether `version` of the package (`ecosystem`, `name`) is affected: listed in an affected
 * entry's `versions`, or inside one of its SEMVER/ECOSYSTEM ranges. GIT ranges are commit
 * ranges and are not evaluated (their `versions` list is what counts). Withdrawn advisories
 * affect nothing.
 */
export function affectingVersion(advisory: Advisory, ecosystem: Ecosystem, name: string, version: string): boolean {
  if (advisory.withdrawn) return false;
  const order = VERSION_ORDERS[ecosystem];
  const comparable = order.valid(version);
  return affectedEntries(advisory, ecosystem, name).some(
    (entry) =>
      isListed(entry, order, version, comparable) ||
      (comparable && (entry.ranges ?? []).some((range) => range.type !== 'GIT' && inRange(order, range, version))),
  );
}

/**
 * The versions that fix the advisory for this package and are above `version`, nearest first
 * (every fixed version, lowest first, when the ecosystem cannot read `version`). Empty when no
 * fix is published.
 */
export function fixedVersionsFor(advisory: Advisory, ecosystem: Ecosystem, name: string, version: string): string[] {
  const order = VERSION_ORDERS[ecosystem];
  const fixed = new Set<string>();
  for (const entry of affectedEntries(advisory, ecosystem, name)) {
    for (const range of entry.ranges ?? []) {
      if (range.type === 'GIT') continue;
      for (const event of range.events) if (event.fixed !== undefined && order.valid(event.fixed)) fixed.add(event.fixed);
    }
  }
  const comparable = order.valid(version);
  return [...fixed].filter((v) => !comparable || order.compare(v, version) > 0).sort((a, b) => order.compare(a, b));
}

