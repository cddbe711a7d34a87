import { randomUUID } from 'node:crypto';
import type { CatalogueRecord } from '../../domain/cve.js';
import { decodeFilterIndexColumns, indexSourceOf, withSearchBytes, type IndexSource } from '../../query/filter-index.js';
import { decodeIndexDates, indexSources } from '../../query/filter-index-sources.js';
import { filterIndexRepository, type IndexPointer } from '../../repositories/filter-index-repository.js';
import { patiently } from '../../repositories/patience.js';
import { publishFilterIndex, rebuildFilterIndex, type RebuildReport } from './rebuild-filter-index.js';

/** The current index's sources, or undefined when there is none to update (or it cannot be read). */
async function currentSources(pointer: IndexPointer): Promise<IndexSource[] | undefined> {
  if (pointer.searchChunks === undefined || pointer.datesChunks === undefined) return undefined;
  const [columns, search, dates] = await Promise.all([
    filterIndexRepository.readChunks(pointer, 'columns'),
    filterIndexRepository.readChunks(pointer, 'search'),
    filterIndexRepository.readChunks(pointer, 'dates'),
  ]);
  if (!columns || !search || !dates) return undefined;
  try {
    const index = withSearchBytes(decodeFilterIndexColumns(columns), search);
    return indexSources(index, decodeIndexDates(dates, index.count));
  } catch {
    // A version in a format this code does not read: the full rebuild writes one it does.
    return undefined;
  }
}

/**
 * The ingest's side of the export filter index (issue 10 §4): the records a run writes are
 * collected as it goes (`written`), and `apply` makes the index current from the previous index
 * version and those records, without scanning the catalogue. The result is the index a full
 * rebuild would build.
 *
 * That holds only if the previous index held every earlier write. So before its first write a
 * run marks the index as behind (`beforeWrite`, an `INDEX#behind` item naming the run) and clears
 * the mark once its index is published; a run that finds another run's mark (that run wrote and
 * died before its index was out) rebuilds in full. It also rebuilds in full with no index yet, an
 * index written without its dates part, or when a concurrent rebuild flipped the pointer first.
 */
export class FilterIndexUpdate {
  private readonly sources = new Map<string, IndexSource>();
  private readonly run = `run-${randomUUID()}`;
  /** Another run's mark was found: the previous index may lack its records. */
  private inherited = false;

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** Before the run's first record write (once per run; see IngestOptions.beforeWrite). */
  readonly beforeWrite = async (): Promise<void> => {
    const holder = await patiently(() => filterIndexRepository.readBehind());
    if (holder !== undefined && holder !== this.run) this.inherited = true;
    await patiently(() => filterIndexRepository.markBehind(this.run));
  };

  /** Records the run wrote (in any order; a later write of the same id wins). */
  readonly written = (records: readonly CatalogueRecord[]): void => {
    for (const record of records) this.sources.set(record.cve_id, indexSourceOf(record));
  };

  get size(): number {
    return this.sources.size;
  }

  readonly apply = async (): Promise<RebuildReport> => {
    const holder = await patiently(() => filterIndexRepository.readBehind());
    const report = await this.publish(holder);
    if (report.published) {
      await patiently(() => filterIndexRepository.clearBehind(this.run));
      // A full rebuild read the table after the run that left its mark had written: that mark is done too.
      if (report.mode === 'full' && holder !== undefined && holder !== this.run) await patiently(() => filterIndexRepository.clearBehind(holder));
    }
    return report;
  };

  private async publish(holder: string | undefined): Promise<RebuildReport> {
    const previous = await patiently(() => filterIndexRepository.readPointer());
    const trusted = !this.inherited && (holder === undefined || holder === this.run);
    const current = previous && trusted ? await currentSources(previous) : undefined;
    if (!previous || !current) return rebuildFilterIndex(this.now);
    const kept = current.filter((source) => !this.sources.has(source.cve_id));
    const report = await publishFilterIndex([...kept, ...this.sources.values()], previous, this.now, 'update');
    // Another writer published first: its index may lack this run's records, so rebuild from the table.
    return report.published ? report : rebuildFilterIndex(this.now);
  }
}
