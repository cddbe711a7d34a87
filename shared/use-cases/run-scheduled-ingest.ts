/**
 * The scheduled (hourly) ingest: KEV, FIRST's daily EPSS (EPSS_URL) and the configured side sources downloaded afresh, then
 * the CVEs NVD changed since the stored cursor. The first run, with no cursor, reaches back
 * INGEST_INITIAL_LOOKBACK_DAYS; the full history is loaded once with `npm run ingest` or a
 * one-off invocation with `since`.
 */
import { config } from '../config/index.js';
import { downloadSources } from '../ingest/fetch/download.js';
import { ingestRepository } from '../repositories/ingest-repository.js';
import { readSecretString } from '../repositories/secret-repository.js';
import { ingestCatalogue, NVD_CURSOR, type IngestSummary } from './ingest-catalogue.js';

export interface ScheduledIngestOptions {
  readonly since?: Date;
  readonly now?: Date;
  readonly afterWrite?: () => Promise<unknown>;
}

export async function runScheduledIngest(options: ScheduledIngestOptions = {}): Promise<IngestSummary> {
  const settings = config();
  const now = options.now ?? new Date();
  const apiKey = settings.NVD_API_KEY ?? (settings.NVD_API_KEY_SECRET_ID ? await readSecretString(settings.NVD_API_KEY_SECRET_ID) : undefined);
  const files = await downloadSources([settings.KEV_URL, ...(settings.EPSS_URL ? [settings.EPSS_URL] : []), ...(settings.CPE_DICTIONARY_URL ? [settings.CPE_DICTIONARY_URL] : []), ...settings.INGEST_SOURCE_URLS]);
  const stored = await ingestRepository.getCursor(NVD_CURSOR);
  const since = options.since ?? (stored ? undefined : new Date(now.getTime() - settings.INGEST_INITIAL_LOOKBACK_DAYS * 86_400_000));
  return ingestCatalogue({
    files,
    now,
    nvdApi: { fetch: { baseUrl: settings.NVD_API_URL, ...(apiKey ? { apiKey } : {}) }, ...(since ? { since } : {}), until: now },
    ...(options.afterWrite ? { afterWrite: options.afterWrite } : {}),
  });
}
