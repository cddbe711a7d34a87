/**
 * Whether an advisory affects a package version, and which versions fix it: OSV's range
 * semantics over each ecosystem's version order. Apart from advisory.ts (the advisory's shape
 * and identity) because the orders bring their libraries (semver, PEP 440, …): the ingest, which
 * stores advisories but never matches them, does not load them.
 */
import { normalisePackageName, type Advisory, type AffectedPackage, type OsvRange } from './advisory.js';
import { VERSION_ORDERS, type Ecosystem, type VersionOrder } from './versions/index.js';

function affectedEntries(advisory: Advisory, ecosystem: Ecosystem, name: string): AffectedPackage[] {
  const wanted = normalisePackageName(ecosystem, name);
  return advisory.affected.filter((entry) => entry.package.ecosystem === ecosystem && normalisePackageName(ecosystem, entry.package.name) === wanted);
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
