/**
 * One ingest run: read the sources, derive every record, write only what changed.
 *
 * Two ways to get the sources, which can be combined:
 * - `files` (the CLI's `--from-dir`): every file is recognised by its content and read whole;
 * - `nvdApi`: CVEs modified since the stored cursor (or `since`), page by page from the NVD API;
 *   each page is written before the cursor moves past it, so an interrupted run resumes where it
 *   stopped with nothing lost and nothing written twice.
 * Side sources (KEV, CWE, EPSS, exploit and detection lists) are read first; the records are
 * derived after, so the order of the files does not matter.
 */
import type { CatalogueRecord } from '../../domain/cve.js';
import { CatalogueAssembler } from '../assembler.js';
import type { CveSources } from '../derive/inputs.js';
import { nvdChanges, startCursor, type NvdCursor, type NvdFetchOptions } from '../fetch/nvd-api.js';
import { fileSize, readSourceFile, recogniseFile } from '../files.js';
import { parseNvdCve } from '../sources/nvd.js';
import { upsertBatch, type BatchOutcome, type ChangeRecorder, type IngestStore } from '../writer.js';
import { ingestRepository } from '../../repositories/ingest-repository.js';
import { changeLogRecorder } from './record-changes.js';
import { NO_ADVISORIES, storeAdvisories, type AdvisoryOutcome } from './store-advisories.js';
import { storeCpeIndex, type CpeIndexOutcome } from './store-cpe-index.js';

export const NVD_CURSOR = 'nvd';

/** A files-only run in which no file is a catalogue source: nothing could load, so the run fails. */
export class NoInputRecognisedError extends Error {
  constructor(readonly files: readonly string[]) {
    const shown = files.slice(0, 10).join(', ');
    const more = files.length > 10 ? ` and ${files.length - 10} more` : '';
    super(
      files.length === 0 ? 'No input files were given.' : `No input file was recognised as a catalogue source (NVD 2.0 or 1.1, CVE 5, KEV…): ${shown}${more}.`,
    );
    this.name = 'NoInputRecognisedError';
  }
}

export interface IngestProgress {
  /** A source (by its human name) is about to be read: the total bytes of its files. */
  sourceStart?(label: string, totalBytes: number): void;
  bytes?(label: string, bytes: number): void;
  sourceDone?(label: string): void;
  /** Records: `done` of `total` derived and compared so far. */
  records?(done: number, total: number): void;
}

export interface IngestOptions {
  readonly files?: readonly string[];
  readonly nvdApi?: { readonly fetch: NvdFetchOptions; readonly since?: Date; readonly until?: Date };
  /** Only records whose sources changed on or after this time are written (files mode). */
  readonly since?: Date;
  readonly dryRun?: boolean;
  readonly now?: Date;
  readonly store?: IngestStore;
  /** Where the changes the run makes are logged; defaults to the change log table. */
  readonly changes?: ChangeRecorder;
  /** Cursor storage; defaults to the catalogue table. */
  readonly cursors?: { get(name: string): Promise<NvdCursor | undefined>; put(name: string, cursor: NvdCursor): Promise<void> };
  readonly batchSize?: number;
  readonly concurrency?: number;
  readonly progress?: IngestProgress;
  /** Called once at the end when the run changed anything (e.g. update the export filter index). */
  readonly afterWrite?: () => Promise<unknown>;
  /** Told of every batch of records written, as written (e.g. to update the filter index from them). */
  readonly onWritten?: (records: readonly CatalogueRecord[]) => void;
  /** Awaited once before the run's first record write (e.g. to mark the filter index as behind). */
  readonly beforeWrite?: () => Promise<void>;
}

export interface SourceSummary {
  readonly label: string;
  readonly files: string[];
  readonly lines: number;
}

export interface IngestSummary {
  readonly sources: SourceSummary[];
  readonly ignored: { path: string; reason: string }[];
  readonly unknown: string[];
  readonly derived: number;
  readonly written: number;
  readonly unchanged: number;
  readonly skipped: number;
  readonly rejected: number;
  readonly notSince: number;
  readonly nvdPages: number;
  /** OSV package advisories (product-decisions §8), kept apart from the CVE records. */
  readonly advisories: AdvisoryOutcome;
  /** The CPE index the scan matches SBOM CPEs with (NVD configurations), per CVE read from NVD. */
  readonly cpeIndex: CpeIndexOutcome;
  readonly dryRun: boolean;
  /** Time spent reading and parsing the files, and in total. */
  readonly readSeconds: number;
  readonly seconds: number;
}

/** `f` called at most once; every caller awaits the same call (a failed call is tried again). */
function once(f: () => Promise<void>): () => Promise<void> {
  let call: Promise<void> | undefined;
  return () => {
    call ??= f().catch((error: unknown) => {
      call = undefined;
      throw error;
    });
    return call;
  };
}

const totals = () => ({ derived: 0, written: 0, unchanged: 0, skipped: 0, rejected: 0, cpeIndex: { written: 0, unchanged: 0 } });
function add(into: ReturnType<typeof totals>, outcome: BatchOutcome & { cpeIndex?: CpeIndexOutcome }): void {
  into.derived += outcome.derived;
  into.cpeIndex.written += outcome.cpeIndex?.written ?? 0;
  into.cpeIndex.unchanged += outcome.cpeIndex?.unchanged ?? 0;
  into.written += outcome.written;
  into.unchanged += outcome.unchanged;
  into.skipped += outcome.skipped;
  into.rejected += outcome.rejected;
}

/** Record sources go last so the progress bars show side sources filling first. */
const RECORD_KINDS = new Set(['nvd', 'cve5']);

async function readFiles(paths: readonly string[], assembler: CatalogueAssembler, progress: IngestProgress | undefined, afterFile: () => Promise<void>) {
  const sources = new Map<string, SourceSummary>();
  const ignored: { path: string; reason: string }[] = [];
  const unknown: string[] = [];
  const plan: { path: string; label: string; record: boolean }[] = [];
  for (const path of [...paths].sort()) {
    const recognition = await recogniseFile(path);
    if (recognition?.type === 'ignored') ignored.push({ path, reason: recognition.reason });
    else if (recognition?.type === 'lines' || recognition?.type === 'stream')
      plan.push({ path, label: recognition.source.label, record: RECORD_KINDS.has(recognition.source.kind) });
    else plan.push({ path, label: 'documents', record: false });
  }
  plan.sort((a, b) => Number(a.record) - Number(b.record) || a.label.localeCompare(b.label) || a.path.localeCompare(b.path));
  const byLabel = new Map<string, typeof plan>();
  for (const item of plan) byLabel.set(item.label, [...(byLabel.get(item.label) ?? []), item]);
  for (const [label, items] of byLabel) {
    progress?.sourceStart?.(
      label,
      items.reduce((sum, i) => sum + fileSize(i.path), 0),
    );
    for (const item of items) {
      const report = await readSourceFile(item.path, assembler, (bytes) => progress?.bytes?.(label, bytes));
      await afterFile();
      const recognition = report.recognition;
      if (recognition.type === 'ignored') ignored.push({ path: item.path, reason: recognition.reason });
      else if (recognition.type === 'unknown') unknown.push(item.path);
      else {
        const name = recognition.source.label;
        const summary = sources.get(name) ?? { label: name, files: [], lines: 0 };
        sources.set(name, { label: name, files: [...summary.files, item.path], lines: summary.lines + report.lines });
      }
    }
    progress?.sourceDone?.(label);
  }
  return { sources: [...sources.values()], ignored, unknown };
}

async function writeAll(
  ids: readonly string[],
  sourcesFor: (id: string) => CveSources,
  store: IngestStore,
  options: {
    now: Date;
    dryRun: boolean;
    batchSize: number;
    concurrency: number;
    changes: ChangeRecorder;
    progress?: IngestProgress;
    onWritten?: IngestOptions['onWritten'];
    beforeWrite?: () => Promise<void>;
  },
) {
  const result = totals();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < ids.length) {
      const batch = ids.slice(next, next + options.batchSize);
      next += options.batchSize;
      const sources = batch.map(sourcesFor);
      // The CPE index follows the same NVD records as the catalogue, batch by batch.
      const [records, cpeIndex] = await Promise.all([
        upsertBatch(sources, store, {
          now: options.now,
          dryRun: options.dryRun,
          changes: options.changes,
          ...(options.onWritten ? { onWritten: options.onWritten } : {}),
          ...(options.beforeWrite ? { beforeWrite: options.beforeWrite } : {}),
        }),
        storeCpeIndex(sources, { dryRun: options.dryRun }),
      ]);
      add(result, { ...records, cpeIndex });
      done += batch.length;
      options.progress?.records?.(done, ids.length);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return result;
}

export async function ingestCatalogue(options: IngestOptions): Promise<IngestSummary> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const dryRun = options.dryRun ?? false;
  const store = options.store ?? ingestRepository;
  const cursors = options.cursors ?? {
    get: (name: string) => ingestRepository.getCursor<NvdCursor>(name),
    put: (name: string, cursor: NvdCursor) => ingestRepository.putCursor(name, cursor),
  };
  const changes = options.changes ?? changeLogRecorder();
  try {
    return await runIngest(options, now, dryRun, store, cursors, changes, started);
  } finally {
    // A close that fails leaves the writer's mark until its lease ends: readers wait, nothing is lost.
    await changes.close?.().catch(() => undefined);
  }
}

async function runIngest(
  options: IngestOptions,
  now: Date,
  dryRun: boolean,
  store: IngestStore,
  cursors: NonNullable<IngestOptions['cursors']>,
  changes: ChangeRecorder,
  started: number,
): Promise<IngestSummary> {
  const writeOptions = {
    now,
    dryRun,
    changes,
    batchSize: options.batchSize ?? 100,
    // Eight batches in flight: while one batch is derived (CPU on this thread) the others' writes
    // keep the table busy; with four, both sides waited on each other about a fifth of the time
    // (`npm run bench -- ingest`: the two processes' CPU over twice the wall time, 0.70–0.80 vs 0.85).
    concurrency: options.concurrency ?? 8,
    ...(options.progress ? { progress: options.progress } : {}),
    ...(options.onWritten ? { onWritten: options.onWritten } : {}),
    ...(options.beforeWrite ? { beforeWrite: once(options.beforeWrite) } : {}),
  };
  const assembler = new CatalogueAssembler();
  // Advisories are stored file by file: an ecosystem's whole OSV export is not held beside the next one's.
  let advisories: AdvisoryOutcome = NO_ADVISORIES;
  const storeReadAdvisories = async () => {
    if (assembler.advisories.size === 0) return;
    const outcome = await storeAdvisories(assembler.advisories.values(), { dryRun });
    assembler.advisories.clear();
    advisories = {
      read: advisories.read + outcome.read,
      written: advisories.written + outcome.written,
      unchanged: advisories.unchanged + outcome.unchanged,
      withdrawn: advisories.withdrawn + outcome.withdrawn,
    };
  };
  const read = await readFiles(options.files ?? [], assembler, options.progress, storeReadAdvisories);
  if (options.files && !options.nvdApi && read.sources.length === 0) throw new NoInputRecognisedError(options.files);
  const readSeconds = (Date.now() - started) / 1000;
  const result = totals();
  let notSince = 0;

  // Records from files.
  let ids = assembler.recordIds();
  if (options.since) {
    const since = options.since.toISOString();
    const before = ids.length;
    ids = ids.filter((id) => {
      const stamps = [assembler.nvdRecords.get(id)?.lastModified, assembler.cve5Records.get(id)?.updated];
      return stamps.some((s) => s !== undefined && s >= since);
    });
    notSince = before - ids.length;
  }
  add(result, await writeAll(ids, (id) => assembler.takeSourcesFor(id), store, writeOptions));

  // Records from the NVD API, page by page, the cursor stored after each written page.
  let nvdPages = 0;
  if (options.nvdApi) {
    const stored = await cursors.get(NVD_CURSOR);
    const until = options.nvdApi.until ?? now;
    let cursor: NvdCursor;
    if (options.nvdApi.since) cursor = startCursor(options.nvdApi.since, until);
    else if (stored && !stored.complete) cursor = stored;
    else if (stored) cursor = startCursor(new Date(stored.until), until);
    else throw new Error('No NVD cursor is stored yet: give a start time (--since).');
    options.progress?.sourceStart?.('NVD API', 0);
    for await (const page of nvdChanges(cursor, options.nvdApi.fetch)) {
      assembler.clearRecords();
      for (const cve of page.cves) {
        const record = parseNvdCve(cve);
        if (record) assembler.nvd(record);
      }
      add(result, await writeAll(assembler.recordIds(), (id) => assembler.takeSourcesFor(id), store, writeOptions));
      if (!dryRun) await cursors.put(NVD_CURSOR, page.cursor);
      nvdPages++;
      options.progress?.bytes?.('NVD API', page.cves.length);
    }
    options.progress?.sourceDone?.('NVD API');
  }

  if (!dryRun && result.written > 0 && options.afterWrite) await options.afterWrite();
  return { ...read, ...result, notSince, nvdPages, advisories, dryRun, readSeconds, seconds: (Date.now() - started) / 1000 };
}
