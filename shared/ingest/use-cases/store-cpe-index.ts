/**
 * Keeps the CPE index (shared/domain/cpe/cpe-index.ts) in step with the NVD records an ingest reads,
 * batch by batch beside the catalogue records: the entries of each CVE whose NVD record the run
 * read are compared (by hash) with what the index holds, and only changed CVEs are rewritten,
 * their items for products they no longer name deleted. A CVE the run read no NVD record for
 * (a run of CVE 5 files only) is left as it is.
 */
import { createHash } from 'node:crypto';
import type { NvdRecord } from '../../domain/nvd-record.js';
import { cpeIndexRepository, type CpeIndexChange } from '../../repositories/cpe-index-repository.js';
import { cpeIndexEntries } from '../../domain/cpe/cpe-index.js';

export interface CpeIndexOutcome {
  /** CVEs whose entries were written (or removed). */
  readonly written: number;
  readonly unchanged: number;
}

export const NO_CPE_INDEX: CpeIndexOutcome = { written: 0, unchanged: 0 };

export async function storeCpeIndex(
  batch: readonly { readonly id: string; readonly nvd?: NvdRecord }[],
  options: { readonly dryRun?: boolean } = {},
): Promise<CpeIndexOutcome> {
  const read = batch.flatMap((sources) => (sources.nvd ? [{ cveId: sources.id, entries: cpeIndexEntries(sources.nvd) }] : []));
  if (read.length === 0) return NO_CPE_INDEX;
  const stored = await cpeIndexRepository.storedState(read.map((r) => r.cveId));
  const changes: CpeIndexChange[] = [];
  for (const { cveId, entries } of read) {
    const before = stored.get(cveId);
    if (entries.length === 0 && !before) continue;
    const hash = createHash('sha256').update(JSON.stringify(entries)).digest('hex');
    if (before?.hash === hash) continue;
    changes.push({ cveId, entries, hash, before });
  }
  if (!options.dryRun && changes.length > 0) await cpeIndexRepository.replace(changes);
  return { written: changes.length, unchanged: read.length - changes.length };
}
