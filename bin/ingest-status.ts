/**
 * `npm run ingest:status [-- --table NAME [--region REGION]]`: where the NVD cursor stands (a
 * backfill's progress), and whether a run holds the ingest lease. With `--table` it reads the
 * deployed catalogue table (the PlainCveStateful output CatalogueTableName; AWS credentials from
 * the environment); without, the local store.
 */
import { exitOnCliFailure } from './cli-failure.js';
import { applyFunctionEnvironment } from '../shared/config/local.js';
import type { NvdCursor } from '../shared/ingest/fetch/nvd-api.js';
import { withLocalStore } from '../shared/local/local-store.js';
import { ingestRepository } from '../shared/repositories/ingest-repository.js';
import { NVD_CURSOR } from '../shared/ingest/use-cases/ingest-catalogue.js';
import { ingestLeaseHolder } from '../shared/ingest/use-cases/ingest-lease.js';
import { progressPercent } from '../shared/ingest/use-cases/run-scheduled-ingest.js';

exitOnCliFailure('npm run ingest:status');

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const usage = 'Usage: npm run ingest:status [-- --table NAME [--region REGION]]';
const args = process.argv.slice(2);
const options = new Map<string, string>();
for (let i = 0; i < args.length; i += 2) {
  const [name, value] = [args[i], args[i + 1]];
  if ((name !== '--table' && name !== '--region') || !value) {
    console.error(usage);
    process.exit(2);
  }
  options.set(name, value);
}

async function status(): Promise<string[]> {
  const cursor = await ingestRepository.getCursor<NvdCursor>(NVD_CURSOR);
  const lease = await ingestLeaseHolder();
  const lines = [
    cursor
      ? cursor.complete
        ? `NVD cursor: up to date to ${cursor.until}`
        : `NVD cursor: at ${cursor.windowStart} of a run reaching ${cursor.until} (${progressPercent(cursor)}% of the NVD history since 1999)`
      : 'NVD cursor: none yet (no run has finished a page)',
    lease ? `Lease: held by ${lease.holder} until ${lease.until.toISOString()}` : 'Lease: free (no run in progress)',
  ];
  return lines;
}

try {
  const table = options.get('--table');
  let lines: string[];
  if (table) {
    applyFunctionEnvironment({ CATALOGUE_TABLE: table, ...(options.get('--region') ? { AWS_REGION: options.get('--region') ?? '' } : {}) });
    lines = await status();
  } else lines = await withLocalStore(status);
  for (const line of lines) console.log(line);
} catch (error) {
  console.error(`ingest:status failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
