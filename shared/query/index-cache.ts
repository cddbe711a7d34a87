import { buildFilterIndex, inflateFilterIndex, inflateSearchPart, type FilterIndex } from './filter-index.js';

interface Pointer {
  version: string;
  chunks: number;
  bytes: number;
  count: number;
  builtAt: string;
  /** Present when the version is stored in two parts (columns, search bytes); see filter-index.ts. */
  searchChunks?: number;
}

/** Where the cache gets the pointer and chunks (the filter index repository in production). */
export interface IndexStore {
  readPointer(): Promise<Pointer | undefined>;
  readChunks(pointer: Pointer, part?: 'columns' | 'search'): Promise<Buffer | undefined>;
}

/** What the caller's query needs: the search bytes only for `search`. */
export interface IndexNeeds {
  readonly search: boolean;
}

const EMPTY = buildFilterIndex([], 'none', new Date(0).toISOString());

interface Loaded {
  readonly version: string;
  readonly index: FilterIndex;
  /** False while only the columns part is loaded. */
  readonly searchable: boolean;
}

/**
 * The filter index a warm Lambda keeps in memory. Each request pays one pointer read; the
 * chunks are read and decoded only when the pointer names a version this process has not
 * loaded, and then only the part the query needs: the columns for every export, the search bytes
 * (three quarters of the index) only once a `search` export asks. Concurrent requests share one
 * load of each part.
 */
export function createIndexCache(store: IndexStore) {
  let current: Loaded | undefined;
  let loading: { key: string; promise: Promise<Loaded> } | undefined;

  /** Reads one part of `pointer`'s version; if a rebuild removed it meanwhile, follows the pointer once. */
  async function read(pointer: Pointer, part: 'columns' | 'search'): Promise<{ pointer: Pointer; data: Buffer }> {
    const data = await store.readChunks(pointer, part);
    if (data) return { pointer, data };
    const next = await store.readPointer();
    const retried = next && next.version !== pointer.version ? await store.readChunks(next, part) : undefined;
    if (!next || !retried) throw new Error(`Filter index version ${pointer.version} could not be read`);
    return { pointer: next, data: retried };
  }

  async function load(pointer: Pointer, needs: IndexNeeds): Promise<Loaded> {
    // A version written whole (before the split) has one part holding everything.
    if (pointer.searchChunks === undefined) {
      const whole = await read(pointer, 'columns');
      if (whole.pointer.searchChunks !== undefined) return load(whole.pointer, needs);
      return { version: whole.pointer.version, index: await inflateFilterIndex(whole.data), searchable: true };
    }
    const base = current?.version === pointer.version ? current : undefined;
    if (!needs.search) {
      const columns = await read(pointer, 'columns');
      return { version: columns.pointer.version, index: await inflateFilterIndex(columns.data), searchable: false };
    }
    // Both parts, read at the same time (or only the search bytes, when the columns are loaded).
    const [columns, search] = await Promise.all([base ? undefined : read(pointer, 'columns'), read(pointer, 'search')]);
    if (columns && columns.pointer.version !== search.pointer.version) return load(search.pointer, needs);
    // Both inflate at the same time, on the thread pool.
    const [index, searchable] = await Promise.all([base ? base.index : inflateFilterIndex((columns as { data: Buffer }).data), inflateSearchPart(search.data)]);
    return { version: search.pointer.version, index: searchable(index), searchable: true };
  }

  return {
    async get(needs: IndexNeeds = { search: true }): Promise<FilterIndex> {
      const pointer = await store.readPointer();
      // No index yet: the catalogue has never been ingested or seeded, so nothing to export.
      if (!pointer) return EMPTY;
      if (current?.version === pointer.version && (current.searchable || !needs.search)) return current.index;
      const key = `${pointer.version}#${needs.search ? 'search' : 'columns'}`;
      if (loading?.key !== key) {
        const promise = load(pointer, needs).then((loaded) => {
          // A load that finished late must not replace a fuller or newer one.
          if (!(current?.version === loaded.version && current.searchable && !loaded.searchable)) current = loaded;
          return loaded;
        });
        loading = { key, promise };
        promise.then(
          () => {
            if (loading?.promise === promise) loading = undefined;
          },
          () => {
            if (loading?.promise === promise) loading = undefined;
          },
        );
      }
      return (await loading.promise).index;
    },
    /** The loaded version, for logs and the benchmark. */
    loadedVersion(): string | undefined {
      return current?.version;
    },
  };
}
