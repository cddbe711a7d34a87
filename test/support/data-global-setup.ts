/**
 * The real-data project's global setup: the data folder is ingested ONCE, by the real ingest,
 * into a local dynalite that stays up while the suite files run; each file then scans the
 * records back (test/support/data-ingest.ts). Ingesting per file took minutes each.
 *
 * dynalite runs in a process of its own (as `npm start` runs it beside `npm run ingest`, with the
 * local store's V8 flags): the ingest and the store then use a core each instead of sharing one.
 *
 * The records are scanned back through the repository ONCE too, here, and kept as JSON lines in a
 * temporary file the suite files read: five scans of the same unchanged store (no data suite
 * writes to it) cost minutes and checked nothing a single scan does not. The records are stored as
 * JSON (shared/repositories/catalogue-item.ts), so the file holds exactly what a scan returns.
 */
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { localTableEnvironment } from '../../shared/local/local-tables.js';
import { cveRepository } from '../../shared/repositories/cve-repository.js';
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
  /** The records of one scan of the store, a JSON line each. */
  readonly recordsFile: string;
  readonly scanSeconds: number;
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
  const scanned = Date.now();
  const recordsDir = mkdtempSync(join(tmpdir(), 'plaincve-data-records-'));
  const recordsFile = join(recordsDir, 'records.jsonl');
  const out = createWriteStream(recordsFile);
  for await (const page of cveRepository.scanRecords()) {
    for (const record of page) if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const scanSeconds = (Date.now() - scanned) / 1000;
  project.provide('dataFolder', { endpoint: dynamo.endpoint, now: now.toISOString(), summary, ingestSeconds, recordsFile, scanSeconds });
  return async () => {
    resetDocumentClient();
    rmSync(recordsDir, { recursive: true, force: true });
    await dynamo.stop();
  };
}
