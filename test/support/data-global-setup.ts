/**
 * The real-data project's global setup: the data folder is ingested ONCE, by the real ingest,
 * into a local dynalite that stays up while the suite files run; each file then scans the
 * records back (test/support/data-ingest.ts). Ingesting per file took minutes each.
 *
 * dynalite runs in a process of its own (as `npm start` runs it beside `npm run ingest`, with the
 * local store's V8 flags): the ingest and the store then use a core each instead of sharing one.
 */
import type { TestProject } from 'vitest/node';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { localTableEnvironment } from '../../shared/local/local-tables.js';
import { resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { ingestCatalogue, type IngestSummary } from '../../shared/ingest/use-cases/ingest-catalogue.js';
import { startDynaliteProcess } from '../../bench/support/dynalite-process.js';
import { DATA_DIR, filesUnder } from './data-files.js';

export interface IngestedDataFolderContext {
  readonly endpoint: string;
  /** The `now` the ingest derived with (ISO), so the suites check against the same day. */
  readonly now: string;
  readonly summary: IngestSummary;
  readonly ingestSeconds: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dataFolder: IngestedDataFolderContext;
  }
}

export default async function setup(project: TestProject) {
  const dynamo = await startDynaliteProcess();
  applyFunctionEnvironment({ ...localTableEnvironment(), DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'local', DYNAMODB_TIMEOUT_MS: '30000' });
  resetDocumentClient();
  const now = new Date();
  const started = Date.now();
  const summary = await ingestCatalogue({ files: filesUnder(DATA_DIR), now });
  const ingestSeconds = (Date.now() - started) / 1000;
  console.log(`test:data: the data folder ingested once in ${ingestSeconds}s (${Math.round(summary.derived / ingestSeconds)} records/s)`);
  project.provide('dataFolder', { endpoint: dynamo.endpoint, now: now.toISOString(), summary, ingestSeconds });
  return async () => {
    resetDocumentClient();
    await dynamo.stop();
  };
}
