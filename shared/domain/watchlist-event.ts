import type { ChangeKind } from './change.js';
import type { WatchlistEvent } from './watchlist.js';

/**
 * Which watchlist event a change is (product-decisions §7). One change is exactly one event:
 *
 * - `cve.added`: a new record (kind `added`: new to the catalogue, or back from rejection);
 * - `cve.risk_changed`: a live record whose risk level, severity, KEV listing, or weaponized /
 *   detectable flags moved (even when other fields moved with them);
 * - `cve.updated`: any other change of a live record.
 *
 * A rejection is none of them: the record leaves the product, `/api/changes` reports it, and no
 * watchlist filter can match a record that is no longer exported (docs/architecture.md).
 */
export const RISK_EVENT_FIELDS: ReadonlySet<string> = new Set(['risk_level', 'severity', 'in_kev', 'weaponized', 'detectable']);

export interface ClassifiableChange {
  readonly kind: ChangeKind;
  readonly fields: readonly string[];
}

export function eventOfChange(change: ClassifiableChange): WatchlistEvent | undefined {
  if (change.kind === 'rejected') return undefined;
  if (change.kind === 'added') return 'cve.added';
  return change.fields.some((field) => RISK_EVENT_FIELDS.has(field)) ? 'cve.risk_changed' : 'cve.updated';
}

/** The risk fields that moved, in the change's order (what a `cve.risk_changed` is about). */
export function riskFieldsOf(change: ClassifiableChange): string[] {
  return change.fields.filter((field) => RISK_EVENT_FIELDS.has(field));
}

export interface EventSubscriber {
  readonly events: readonly WatchlistEvent[];
  readonly paused: boolean;
}

/**
 * The event a watchlist is sent for a change whose record its filters match, or undefined: a
 * paused watchlist is sent nothing, and one that did not ask for this change's event is not sent
 * another in its place (a watchlist asking for `cve.risk_changed` only is not told of updates).
 */
export function eventFor(change: ClassifiableChange, subscriber: EventSubscriber, filtersMatch: boolean): WatchlistEvent | undefined {
  if (!filtersMatch || subscriber.paused) return undefined;
  const event = eventOfChange(change);
  return event !== undefined && subscriber.events.includes(event) ? event : undefined;
}
