/**
 * The scheduled ingest: KEV, FIRST's daily EPSS (EPSS_URL), the CPE dictionary (CPE_DICTIONARY_URL), OSV.dev's ecosystem exports (OSV_EXPORT_URLS) and the configured side sources downloaded afresh, then the CVEs NVD
 * changed since the stored cursor. The first run, with no cursor, reaches back
 * INGEST_INITIAL_LOOKBACK_DAYS; the full history is a backfill (`{"since": "1999-01-01"}`),
 * which pauses before the Lambda's 15 minutes run out and is resumed by the next run
 * (`{"resume": true}` every 15 minutes, or the hourly run) until its cursor reaches today.
 * Every run holds the ingest lease (shared/ingest/use-cases/ingest-lease.ts): never two at once.
 */
import { config } from '../../config/index.js';
import type { CatalogueRecord } from '../../domain/cve.js';
import { withDownloadedSources } from '../fetch/download.js';
import type { NvdCursor } from '../fetch/nvd-api.js';
import { nvdApiKeyFrom } from '../fetch/nvd-api-key.js';
import { ingestRepository } from '../../repositories/ingest-repository.js';
import { readSecretString } from '../../repositories/secret-repository.js';
import { ingestCatalogue, NVD_CURSOR, type IngestSummary } from './ingest-catalogue.js';
import { withIngestLease } from './ingest-lease.js';

export interface ScheduledIngestOptions {
  readonly since?: Date;
  readonly now?: Date;
  readonly afterWrite?: () => Promise<unknown>;
  /** Told of every batch of records written (the filter index update collects them). */
  readonly onWritten?: (records: readonly CatalogueRecord[]) => void;
  /** Awaited once before the run's first record write. */
  readonly beforeWrite?: () => Promise<void>;
  /** Stop after the NVD page that ends past this time; the next run resumes from the cursor. */
  readonly deadline?: Date;
  /** Only continue an unfinished backfill; with none in progress, do nothing (the 15-minute tick). */
  readonly resumeOnly?: boolean;
  /** Called after each stored NVD page (the function logs it: progress of a backfill). */
  readonly onProgress?: (progress: IngestProgressReport) => void;
  /** The HTTP client for the downloads (tests pass one that stays on loopback). */
  readonly fetch?: typeof fetch;
}

export interface IngestProgressReport {
  readonly cursor: NvdCursor;
  /** How far the cursor is through the whole NVD history (1999 to the run's end), 0-100. */
  readonly percent: number;
}

export type ScheduledIngestOutcome =
  | { readonly status: 'done'; readonly summary: IngestSummary }
  | { readonly status: 'paused'; readonly pages: number; readonly cursor: NvdCursor }
  | { readonly status: 'idle' };

/** NVD's first records: the origin of a backfill's progress figure. */
export const NVD_HISTORY_START = new Date('1999-01-01T00:00:00Z');

export function progressPercent(cursor: NvdCursor): number {
  if (cursor.complete) return 100;
  const start = NVD_HISTORY_START.getTime();
  const span = Date.parse(cursor.until) - start;
  return span <= 0 ? 100 : Math.max(0, Math.min(100, Math.round(((Date.parse(cursor.windowStart) - start) / span) * 1000) / 10));
}

class RunBudgetSpent extends Error {}

export async function runScheduledIngest(options: ScheduledIngestOptions = {}): Promise<ScheduledIngestOutcome> {
  return withIngestLease('ingest-lambda', async () => {
    const settings = config();
    const now = options.now ?? new Date();
    const stored = await ingestRepository.getCursor<NvdCursor>(NVD_CURSOR);
    if (options.resumeOnly && !options.since && (!stored || stored.complete)) return { status: 'idle' };
    const apiKey = nvdApiKeyFrom(settings.NVD_API_KEY ?? (settings.NVD_API_KEY_SECRET_ID ? await readSecretString(settings.NVD_API_KEY_SECRET_ID) : undefined));
    const urls = [
      settings.KEV_URL,
      ...(settings.EPSS_URL ? [settings.EPSS_URL] : []),
      ...(settings.CPE_DICTIONARY_URL ? [settings.CPE_DICTIONARY_URL] : []),
      ...settings.OSV_EXPORT_URLS,
      ...settings.INGEST_SOURCE_URLS,
    ];
    return withDownloadedSources(urls, options.fetch ? { fetch: options.fetch } : {}, async (files): Promise<ScheduledIngestOutcome> => {
      const since = options.since ?? (stored ? undefined : new Date(now.getTime() - settings.INGEST_INITIAL_LOOKBACK_DAYS * 86_400_000));
      let pages = 0;
      let last: NvdCursor | undefined;
      const cursors = {
        get: (name: string) => ingestRepository.getCursor<NvdCursor>(name),
        async put(name: string, cursor: NvdCursor) {
          await ingestRepository.putCursor(name, cursor);
          pages++;
          last = cursor;
          options.onProgress?.({ cursor, percent: progressPercent(cursor) });
          // The page is written and the cursor stored: a clean place to stop before the timeout.
          if (options.deadline && !cursor.complete && Date.now() > options.deadline.getTime()) throw new RunBudgetSpent();
        },
      };
      try {
        const summary = await ingestCatalogue({
          files,
          now,
          cursors,
          nvdApi: { fetch: { baseUrl: settings.NVD_API_URL, ...(apiKey ? { apiKey } : {}) }, ...(since ? { since } : {}), until: now },
          ...(options.afterWrite ? { afterWrite: options.afterWrite } : {}),
          ...(options.onWritten ? { onWritten: options.onWritten } : {}),
          ...(options.beforeWrite ? { beforeWrite: options.beforeWrite } : {}),
        });
        return { status: 'done', summary };
      } catch (error) {
        if (!(error instanceof RunBudgetSpent) || !last) throw error;
        // Exports see what this part of the backfill wrote.
        await options.afterWrite?.();
        return { status: 'paused', pages, cursor: last };
      }
    });
  });
}
