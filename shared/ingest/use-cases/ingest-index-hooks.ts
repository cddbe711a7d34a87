import type { CatalogueRecord } from '../../domain/cve.js';
import type { FilterIndexUpdate } from './update-filter-index.js';

/** What the ingest is told to call around its writes (ScheduledIngestOptions' hooks). */
export interface IngestIndexHooks {
  readonly beforeWrite: () => Promise<void>;
  readonly onWritten: (records: readonly CatalogueRecord[]) => void;
  readonly afterWrite: () => Promise<unknown>;
}

/**
 * The ingest Lambda's FilterIndexUpdate, loaded (`import()`) when the run first writes: a run
 * that writes nothing (the 15-minute backfill tick with no backfill in progress, a run NVD has
 * nothing new for) never loads the filter index code, so the function's cold start does not
 * either. Once loaded, each hook is the FilterIndexUpdate's own.
 */
export function lazyFilterIndexUpdate(): IngestIndexHooks {
  let loading: Promise<FilterIndexUpdate> | undefined;
  let update: FilterIndexUpdate | undefined;
  // Records told before the module is in (the writer awaits beforeWrite first, so normally none).
  const early: CatalogueRecord[] = [];
  const load = () =>
    (loading ??= import('./update-filter-index.js').then(({ FilterIndexUpdate }) => {
      update = new FilterIndexUpdate();
      update.written(early.splice(0));
      return update;
    }));
  return {
    beforeWrite: async () => (await load()).beforeWrite(),
    onWritten: (records) => {
      if (update) update.written(records);
      else early.push(...records);
    },
    afterWrite: async () => (await load()).apply(),
  };
}
