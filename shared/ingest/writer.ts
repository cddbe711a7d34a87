/**
 * Idempotent upserts: for each batch of CVEs, read the stored content hashes (and patch state,
 * which the patch-date rule carries forward), derive the records, and write only those whose
 * content changed. `days_unpatched` is left out of the hash: it moves with the calendar, and
 * the exports recompute it on the export day anyway.
 */
import { hash } from 'node:crypto';
import type { CatalogueRecord } from '../domain/cve.js';
import type { CveSources } from './derive/inputs.js';
import { deriveRecord } from './derive/record.js';
import type { PreviousPatch } from './derive/patch.js';

export interface IngestStore {
  states(ids: readonly string[]): Promise<Map<string, { content_hash?: string; patch?: PreviousPatch }>>;
  putMany(records: readonly CatalogueRecord[]): Promise<void>;
}

/**
 * The change log's hook (product-decisions §7): told, before the records are written, which
 * records are about to change and which of them the catalogue already holds, so it can read
 * the old versions and log what moved. Before, not after: a run that stops between the two
 * writes then logs the change again on its re-run (at least once) instead of never.
 */
export interface ChangeRecorder {
  /** Returns each record's `modified_at` (when its product fields last moved), where known. */
  record(changed: readonly CatalogueRecord[], existing: ReadonlySet<string>): Promise<ReadonlyMap<string, string>>;
  /** The run is over (or failed): nothing more will be recorded. */
  close?(): Promise<void>;
}

export interface BatchOutcome {
  readonly derived: number;
  readonly written: number;
  readonly unchanged: number;
  readonly skipped: number;
  readonly rejected: number;
}

export function contentHash(record: CatalogueRecord): string {
  // modified_at is the change log's bookkeeping: a time, not content.
  const { content_hash: _hash, modified_at: _modified, patch, ...rest } = record;
  const stable = patch ? { ...rest, patch: { ...patch, days_unpatched: undefined } } : rest;
  // One-shot hash: the same digest as createHash().update().digest(), without a Hash object per record.
  return hash('sha256', JSON.stringify(stable), 'hex');
}

export async function upsertBatch(
  batch: readonly CveSources[],
  store: IngestStore,
  options: {
    now: Date;
    dryRun: boolean;
    changes?: ChangeRecorder;
    /** Awaited before the first write of a batch (the caller makes it run once per run). */
    beforeWrite?: () => Promise<void>;
    onWritten?: (records: readonly CatalogueRecord[]) => void;
  },
): Promise<BatchOutcome> {
  const states = await store.states(batch.map((s) => s.id));
  const changed: CatalogueRecord[] = [];
  let derived = 0;
  let skipped = 0;
  let rejected = 0;
  for (const sources of batch) {
    const previous = states.get(sources.id);
    const record = deriveRecord(sources, options.now, previous?.patch);
    if (!record) {
      skipped++;
      continue;
    }
    derived++;
    if (record.rejected) rejected++;
    const hash = contentHash(record);
    if (previous?.content_hash === hash) continue;
    changed.push({ ...record, content_hash: hash });
  }
  if (!options.dryRun && changed.length > 0) {
    await options.beforeWrite?.();
    const modified = await options.changes?.record(changed, new Set(changed.map((r) => r.cve_id).filter((id) => states.has(id))));
    const records = modified ? changed.map((r) => (modified.has(r.cve_id) ? { ...r, modified_at: modified.get(r.cve_id) } : r)) : changed;
    await store.putMany(records);
    options.onWritten?.(records);
  }
  return { derived, written: changed.length, unchanged: derived - changed.length, skipped, rejected };
}
