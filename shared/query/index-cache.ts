import { buildFilterIndex, decodeFilterIndex, type FilterIndex } from './filter-index.js';

/** Where the cache gets the pointer and chunks (the filter index repository in production). */
export interface IndexStore {
  readPointer(): Promise<{ version: string; chunks: number; bytes: number; count: number; builtAt: string } | undefined>;
  readChunks(pointer: { version: string; chunks: number }): Promise<Buffer | undefined>;
}

const EMPTY = buildFilterIndex([], 'none', new Date(0).toISOString());

/**
 * The filter index a warm Lambda keeps in memory. Each request pays one pointer read; the
 * chunks are read and decoded only when the pointer names a version this process has not
 * loaded. Concurrent requests share one load.
 */
export function createIndexCache(store: IndexStore) {
  let current: FilterIndex | undefined;
  let loading: { version: string; promise: Promise<FilterIndex> } | undefined;

  async function load(pointer: NonNullable<Awaited<ReturnType<IndexStore['readPointer']>>>): Promise<FilterIndex> {
    const data = await store.readChunks(pointer);
    if (data) return decodeFilterIndex(data);
    // A rebuild removed this version's chunks between our pointer read and chunk reads: the
    // pointer has moved on, so follow it once.
    const next = await store.readPointer();
    const retried = next && next.version !== pointer.version ? await store.readChunks(next) : undefined;
    if (!retried) throw new Error(`Filter index version ${pointer.version} could not be read`);
    return decodeFilterIndex(retried);
  }

  return {
    async get(): Promise<FilterIndex> {
      const pointer = await store.readPointer();
      // No index yet: the catalogue has never been ingested or seeded, so nothing to export.
      if (!pointer) return EMPTY;
      if (current?.version === pointer.version) return current;
      if (loading?.version !== pointer.version) {
        const promise = load(pointer).then((index) => {
          current = index;
          return index;
        });
        loading = { version: pointer.version, promise };
        promise.catch(() => {
          if (loading?.promise === promise) loading = undefined;
        });
      }
      return loading.promise;
    },
    /** The loaded version, for logs and the benchmark. */
    loadedVersion(): string | undefined {
      return current?.version;
    },
  };
}
