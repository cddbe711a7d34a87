/**
 * The real-data suites' common setup: the data folder, ingested once by the global setup
 * (test/support/data-global-setup.ts), which also scanned the records back through the
 * repository once; each suite file reads that scan's records.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { inject } from 'vitest';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import { localTableEnvironment } from '../../shared/local/local-tables.js';
import { resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import type { IngestSummary } from '../../shared/ingest/use-cases/ingest-catalogue.js';

export { DATA_DIR, filesUnder, linesOf } from './data-files.js';

export interface IngestedDataFolder {
  readonly summary: IngestSummary;
  readonly records: CatalogueRecord[];
  /** The `now` the ingest derived with. */
  readonly now: Date;
  readonly timings: { readonly ingestSeconds: number; readonly scanSeconds: number };
  close(): Promise<void>;
}

export async function ingestDataFolder(): Promise<IngestedDataFolder> {
  const context = inject('dataFolder');
  applyFunctionEnvironment({ ...localTableEnvironment(), DYNAMODB_ENDPOINT: context.endpoint, AWS_REGION: 'local', DYNAMODB_TIMEOUT_MS: '30000' });
  resetDocumentClient();
  const records: CatalogueRecord[] = [];
  for await (const line of createInterface({ input: createReadStream(context.recordsFile), crlfDelay: Infinity })) {
    if (line) records.push(JSON.parse(line) as CatalogueRecord);
  }
  return {
    summary: context.summary,
    records,
    now: new Date(context.now),
    timings: { ingestSeconds: context.ingestSeconds, scanSeconds: context.scanSeconds },
    // The store belongs to the global setup (test/support/data-global-setup.ts), which closes it.
    close: async () => resetDocumentClient(),
  };
}

/** Collects failures so one assertion reports the first few of possibly thousands. */
export function failures(expectEqual: (actual: string[], message: string) => void) {
  const list: string[] = [];
  return {
    add: (message: string) => list.length < 10_000 && list.push(message),
    count: () => list.length,
    check: () => expectEqual(list.slice(0, 8), `${list.length} failures`),
  };
}
