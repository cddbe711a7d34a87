import { randomUUID } from 'node:crypto';
import { buildFilterIndex, encodeFilterIndex, type IndexSource } from '../query/filter-index.js';
import { cveRepository } from '../repositories/cve-repository.js';
import { filterIndexRepository } from '../repositories/filter-index-repository.js';

export interface RebuildReport {
  readonly version: string;
  readonly count: number;
  readonly bytes: number;
  readonly chunks: number;
  /** False when a concurrent rebuild flipped the pointer first (its index is then current). */
  readonly published: boolean;
}

/**
 * Rebuilds the export filter index from every CVE record: scan (fine at ingest time, never at
 * export time), build, write the new version's chunks, flip the pointer, remove the old chunks.
 * Call it after every change to the catalogue (the ingest after each run, the demo seed).
 * Readers keep using the old version until the pointer flips, and a reader that loses a chunk
 * to the cleanup re-reads the pointer.
 */
export async function rebuildFilterIndex(now: () => Date = () => new Date()): Promise<RebuildReport> {
  const previous = await filterIndexRepository.readPointer();
  const sources: IndexSource[] = [];
  for await (const page of cveRepository.scanIndexSources()) sources.push(...page);
  const builtAt = now().toISOString();
  const version = `${builtAt.replace(/[-:.]/g, '')}-${randomUUID().slice(0, 8)}`;
  const index = buildFilterIndex(sources, version, builtAt);
  const data = encodeFilterIndex(index);
  const chunks = await filterIndexRepository.writeChunks(version, data);
  const pointer = { version, chunks, bytes: data.length, count: index.count, builtAt };
  const published = await filterIndexRepository.flipPointer(pointer, previous?.version);
  if (!published) {
    await filterIndexRepository.deleteChunks(version, chunks);
  } else if (previous) {
    await filterIndexRepository.deleteChunks(previous.version, previous.chunks);
  }
  return { version, count: index.count, bytes: data.length, chunks, published };
}
