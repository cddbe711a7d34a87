/**
 * Writes the OSV advisories an ingest read: new and newer ones (by OSV's `modified`) with their
 * package index entries; withdrawn ones, and ones that no longer name a package of a matched
 * ecosystem, removed with every index entry they had. Unchanged advisories cost one read each.
 */
import type { Advisory } from '../../domain/advisory.js';
import { advisoryRepository } from '../../repositories/advisory-repository.js';

export interface AdvisoryOutcome {
  readonly read: number;
  readonly written: number;
  readonly unchanged: number;
  /** Withdrawn (or no longer naming a matched package) and removed, or never stored. */
  readonly withdrawn: number;
}

export const NO_ADVISORIES: AdvisoryOutcome = { read: 0, written: 0, unchanged: 0, withdrawn: 0 };

/** Advisories handled per round of reads and writes, so a whole ecosystem's export streams through. */
const CHUNK = 500;

export async function storeAdvisories(advisories: Iterable<Advisory>, options: { readonly dryRun?: boolean } = {}): Promise<AdvisoryOutcome> {
  const all = [...advisories];
  const outcome = { ...NO_ADVISORIES, read: all.length };
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK);
    const stored = await advisoryRepository.storedState(chunk.map((a) => a.id));
    const gone = chunk.filter((a) => a.withdrawn !== undefined || a.affected.length === 0);
    const live = chunk.filter((a) => a.withdrawn === undefined && a.affected.length > 0);
    // OSV's `modified` only grows: an older copy (another file of the same run) never replaces a newer one.
    const changed = live.filter((a) => {
      const before = stored.get(a.id);
      return !before || a.modified > before.modified;
    });
    const toRemove = gone.filter((a) => stored.has(a.id)).map((a) => a.id);
    outcome.written += changed.length;
    outcome.unchanged += live.length - changed.length;
    outcome.withdrawn += gone.length;
    if (options.dryRun) continue;
    if (changed.length > 0) await advisoryRepository.putMany(changed, stored);
    if (toRemove.length > 0) await advisoryRepository.removeMany(toRemove, stored);
  }
  return outcome;
}
