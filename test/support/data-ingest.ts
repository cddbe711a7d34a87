/**
 * The real-data suites' common setup: the data folder (PLAINCVE_DATA_DIR, default
 * ../shared/data) ingested whole by the real ingest into an in-memory local table, and every
 * stored CVE record scanned back. Each suite file calls it once in `beforeAll`.
 */
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { applyFunctionEnvironment, localConfig } from '../../shared/config/local.js';
import { tableName } from '../../shared/config/index.js';
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import { startLocalDynamo } from '../../shared/local/dynalite-server.js';
import { localTableEnvironment } from '../../shared/local/local-tables.js';
import { documentClient, resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { ingestCatalogue, type IngestSummary } from '../../shared/use-cases/ingest-catalogue.js';

export const DATA_DIR = resolve(localConfig().PLAINCVE_DATA_DIR);

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return stat.isDirectory() ? filesUnder(path) : stat.isFile() ? [path] : [];
  });
}

/** The lines of a file, gunzipped when it is gzip. */
export async function* linesOf(path: string): AsyncGenerator<string> {
  const raw = createReadStream(path);
  const gz = readFileSync(path).subarray(0, 2);
  const input = gz[0] === 0x1f && gz[1] === 0x8b ? raw.pipe(createGunzip()) : raw;
  yield* createInterface({ input, crlfDelay: Infinity });
}

export interface IngestedDataFolder {
  readonly summary: IngestSummary;
  readonly records: CatalogueRecord[];
  readonly timings: { readonly ingestSeconds: number; readonly scanSeconds: number };
  close(): Promise<void>;
}

export async function ingestDataFolder(now: Date): Promise<IngestedDataFolder> {
  const dynamo = await startLocalDynamo();
  applyFunctionEnvironment({ ...localTableEnvironment(), DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'local', DYNAMODB_TIMEOUT_MS: '30000' });
  resetDocumentClient();
  let t = Date.now();
  const summary = await ingestCatalogue({ files: filesUnder(DATA_DIR), now });
  const ingestSeconds = (Date.now() - t) / 1000;
  t = Date.now();
  const records: CatalogueRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page: ScanCommandOutput = await documentClient().send(new ScanCommand({ TableName: tableName('CATALOGUE_TABLE'), ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      if (!String(item.pk).startsWith('CVE-')) continue;
      const { pk: _pk, ...record } = item;
      records.push(record as CatalogueRecord);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return {
    summary,
    records,
    timings: { ingestSeconds, scanSeconds: (Date.now() - t) / 1000 },
    close: async () => {
      resetDocumentClient();
      await dynamo.close();
    },
  };
}

/** Collects failures so one assertion reports the first few of possibly thousands. */
export function failures(expectEqual: (actual: string[], message: string) => void) {
  const list: string[] = [];
  return { add: (message: string) => list.length < 10_000 && list.push(message), count: () => list.length, check: () => expectEqual(list.slice(0, 8), `${list.length} failures`) };
}
