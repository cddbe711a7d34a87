import { randomUUID } from 'node:crypto';
import { buildFilterIndex, encodeFilterIndexParts, type IndexSource } from '../../query/filter-index.js';
import { encodeIndexDates, indexDates } from '../../query/filter-index-sources.js';
import { cveRepository } from '../../repositories/cve-repository.js';
import { filterIndexRepository, INDEX_CHUNK_BYTES, type IndexPointer } from '../../repositories/filter-index-repository.js';
import { patiently } from '../../repositories/patience.js';

export interface RebuildReport {
  readonly version: string;
  readonly count: number;
  readonly bytes: number;
  /** Chunks of every part (columns, search bytes, dates). */
  readonly chunks: number;
  /** False when a concurrent rebuild flipped the pointer first (its index is then current). */
  readonly published: boolean;
  /** `full`: built from a scan of the catalogue; `update`: from the previous index and a run's records. */
  readonly mode: 'full' | 'update';
}

/**
 * Rebuilds the export filter index from every CVE record: scan (fine at ingest time, never at
 * export time), build, write the new version's chunks, flip the pointer, remove the old chunks.
 * The ingest updates the index from the records it wrote instead (update-filter-index.ts) and
 * falls back to this when there is no index to update; the demo seed calls it directly.
 * Readers keep using the old version until the pointer flips, and a reader that loses a chunk
 * to the cleanup re-reads the pointer.
 */
export async function rebuildFilterIndex(now: () => Date = () => new Date()): Promise<RebuildReport> {
  const previous = await patiently(() => filterIndexRepository.readPointer());
  const sources: IndexSource[] = [];
  for await (const page of cveRepository.scanIndexSources()) sources.push(...page);
  return publishFilterIndex(sources, previous, now, 'full');
}

/**
 * Builds an index version from `sources` and makes it current, if the pointer still names
 * `previous` (else the version is removed and `published` is false).
 */
export async function publishFilterIndex(
  sources: readonly IndexSource[],
  previous: IndexPointer | undefined,
  now: () => Date,
  mode: RebuildReport['mode'],
): Promise<RebuildReport> {
  const builtAt = now().toISOString();
  const version = `${builtAt.replace(/[-:.]/g, '')}-${randomUUID().slice(0, 8)}`;
  const index = buildFilterIndex(sources, version, builtAt);
  const parts = encodeFilterIndexParts(index);
  const dates = encodeIndexDates(indexDates(index, sources));
  const chunksOf = (data: Buffer) => Math.max(1, Math.ceil(data.length / INDEX_CHUNK_BYTES));
  const bytes = parts.columns.length + parts.search.length;
  const pointer: IndexPointer = {
    version,
    chunks: chunksOf(parts.columns),
    searchChunks: chunksOf(parts.search),
    datesChunks: chunksOf(dates),
    bytes,
    count: index.count,
    builtAt,
  };
  let published: boolean;
  try {
    await Promise.all([
      filterIndexRepository.writeChunks(version, parts.columns, 'columns'),
      filterIndexRepository.writeChunks(version, parts.search, 'search'),
      filterIndexRepository.writeChunks(version, dates, 'dates'),
    ]);
    published = await flip(pointer, previous?.version);
  } catch (error) {
    // Nothing names this version yet (or the flip's outcome is unknown and the pointer does not
    // name it): readers still use the previous index. Remove what we wrote, as far as we can.
    await removeUnpublished(pointer);
    throw error;
  }
  if (!published) await removeUnpublished(pointer);
  else if (previous) await filterIndexRepository.deleteChunks(previous.version, previous.chunks, previous.searchChunks ?? 0, previous.datesChunks ?? 0);
  return { version, count: index.count, bytes, chunks: pointer.chunks + (pointer.searchChunks ?? 0) + (pointer.datesChunks ?? 0), published, mode };
}

/**
 * The conditional flip, repeated when the table is slow. A repeated flip whose first attempt did
 * land fails its condition (the pointer already names us), so a refusal is checked against the
 * pointer before we call ourselves the loser and delete chunks that readers now use.
 */
async function flip(pointer: IndexPointer, expected: string | undefined): Promise<boolean> {
  if (await patiently(() => filterIndexRepository.flipPointer(pointer, expected))) return true;
  const now = await patiently(() => filterIndexRepository.readPointer());
  return now?.version === pointer.version;
}

async function removeUnpublished(pointer: IndexPointer): Promise<void> {
  const now = await filterIndexRepository.readPointer().catch(() => undefined);
  if (now?.version === pointer.version) return;
  await filterIndexRepository.deleteChunks(pointer.version, pointer.chunks, pointer.searchChunks ?? 0, pointer.datesChunks ?? 0).catch(() => undefined);
}
