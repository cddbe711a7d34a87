/**
 * `npm run ingest` (no folder) downloads the public sources, as the scheduled ingest does, into the
 * local store. `npm run ingest -- --from-dir DIR [--since DATE] [--dry-run]` loads real feeds into the local
 * store that `npm start` serves (through the running service if it is up, else the folder).
 * `--nvd-api` also reads CVEs modified since the stored cursor (or `--since`) from the NVD API.
 * Every file under DIR is recognised by its content, gzipped or not, whatever its name.
 */
import { exitOnCliFailure } from './cli-failure.js';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MultiBar, Presets, type SingleBar } from 'cli-progress';
import { config } from '../shared/config/index.js';
import { withLocalStore } from '../shared/local/local-store.js';
import { ingestCatalogue, type IngestSummary } from '../shared/ingest/use-cases/ingest-catalogue.js';
import { IngestLeaseHeldError, withIngestLease } from '../shared/ingest/use-cases/ingest-lease.js';
import type { RebuildReport } from '../shared/ingest/use-cases/rebuild-filter-index.js';
import { FilterIndexUpdate } from '../shared/ingest/use-cases/update-filter-index.js';
import { runScheduledIngest } from '../shared/ingest/use-cases/run-scheduled-ingest.js';

exitOnCliFailure('npm run ingest');

// This project runs on Node 20 as well as 22; the SDK's notice about Node 20 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// The API's 1.5 s per DynamoDB call exists so that a function answers 503 inside its Lambda
// timeout. A bulk load has no such bound, and on a busy machine the local store (which may share
// this process's event loop) answers a large write more slowly: give each call longer.
process.env.DYNAMODB_TIMEOUT_MS ??= '10000';

const usage = 'Usage: npm run ingest -- [--from-dir DIR]… [--nvd-api] [--since YYYY-MM-DD[THH:MM:SSZ]] [--dry-run]';
const args = process.argv.slice(2);
const dirs: string[] = [];
let since: Date | undefined;
let dryRun = false;
let nvdApi = false;
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--from-dir' && args[i + 1]) dirs.push(resolve(args[++i]!));
  else if (arg === '--since' && args[i + 1]) {
    since = new Date(args[++i]!);
    if (Number.isNaN(since.getTime())) {
      console.error(`--since: not a date. ${usage}`);
      process.exit(2);
    }
  } else if (arg === '--dry-run') dryRun = true;
  else if (arg === '--nvd-api') nvdApi = true;
  else {
    console.error(usage);
    process.exit(2);
  }
}
// No folder and no --nvd-api: download the public sources as the scheduled ingest in AWS does.
if (dirs.length === 0 && !nvdApi) await downloadAndIngest();

/**
 * `npm run ingest` alone: KEV, FIRST EPSS, OSV's ecosystem exports, the configured exploit and
 * detection sources, then NVD's changes since the stored cursor (or `--since`, else the configured
 * look-back), through the very code the scheduled ingest runs. Resumable: the NVD cursor is stored
 * after every page, so a run stopped half-way continues where it stopped.
 */
async function downloadAndIngest(): Promise<never> {
  if (dryRun) {
    console.error(`--dry-run needs --from-dir. ${usage}`);
    process.exit(2);
  }
  const update = new FilterIndexUpdate();
  console.log('Downloading KEV, EPSS, OSV and the exploit and detection sources, then NVD changes (progress per NVD page)…');
  const outcome = await withLocalStore(() =>
    runScheduledIngest({
      ...(since ? { since } : {}),
      beforeWrite: update.beforeWrite,
      onWritten: update.written,
      afterWrite: () => update.apply(),
      onProgress: ({ cursor, percent }) => console.log(`  NVD: up to ${cursor.windowStart} (${percent}% of the history since 1999)`),
    }),
  ).catch((error: unknown) => {
    if (error instanceof IngestLeaseHeldError) {
      console.error(`Ingest not started: ${error.message}.`);
      process.exit(3);
    }
    console.error(`Ingest failed: ${reason(error)}. Records written so far are valid; run it again to continue from the stored NVD cursor.`);
    process.exit(1);
  });
  if (outcome.status === 'done') {
    const s = outcome.summary;
    console.log(`Ingest finished: ${s.sources.map((source) => `${source.label} ${source.files.length} file(s)`).join(', ')}; NVD API pages: ${s.nvdPages}.`);
    console.log(
      `Package advisories (OSV): ${s.advisories.read} read, ${s.advisories.written} written. Records: ${s.derived} derived, ${s.written} written, ${s.unchanged} unchanged.`,
    );
  } else console.log(`Ingest stopped early (${outcome.status}); run it again to continue from the stored NVD cursor.`);
  process.exit(0);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const stat = statSync(path); // follows symbolic links
    if (stat.isDirectory()) return filesUnder(path);
    return stat.isFile() && stat.size > 0 ? [path] : [];
  });
}

const files = dirs.flatMap(filesUnder);
const bars = new MultiBar(
  { format: ' {label} |{bar}| {percentage}% {detail}', hideCursor: true, clearOnComplete: false, stopOnComplete: false, etaBuffer: 50 },
  Presets.shades_classic,
);
const sourceBars = new Map<string, SingleBar>();
let recordBar: SingleBar | undefined;
const pad = (label: string) => label.padEnd(18);

/** A failed index rebuild must not hide the run's summary: the records are written by then. */
let index: { report?: RebuildReport; failure?: unknown } = {};
const indexUpdate = new FilterIndexUpdate();
const rebuildIndex = async () => {
  index = await indexUpdate.apply().then(
    (report) => ({ report }),
    (failure: unknown) => ({ failure }),
  );
};

/** One line: the error and, for a failing dependency, what it said. */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.name}: ${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

const summary: IngestSummary = await withLocalStore(() =>
  // Single-flight: a second run exits with "another run holds the lease until …".
  withIngestLease('npm run ingest', () =>
    ingestCatalogue({
      files,
      ...(since ? { since } : {}),
      dryRun,
      // A run that changed records updates the export filter index with them, so exports see them at once.
      beforeWrite: indexUpdate.beforeWrite,
      onWritten: indexUpdate.written,
      afterWrite: rebuildIndex,
      ...(nvdApi
        ? {
            nvdApi: {
              fetch: { baseUrl: config().NVD_API_URL, ...(config().NVD_API_KEY ? { apiKey: config().NVD_API_KEY } : {}) },
              ...(since ? { since } : {}),
            },
          }
        : {}),
      progress: {
        sourceStart(label, totalBytes) {
          sourceBars.set(label, bars.create(Math.max(totalBytes, 1), 0, { label: pad(label), detail: '' }));
        },
        bytes(label, bytes) {
          sourceBars.get(label)?.increment(bytes);
        },
        sourceDone(label) {
          const bar = sourceBars.get(label);
          if (bar) bar.update(bar.getTotal(), { label: pad(label), detail: 'read' });
        },
        records(done, total) {
          recordBar ??= bars.create(total, 0, { label: pad('records'), detail: '' });
          recordBar.setTotal(Math.max(total, 1));
          recordBar.update(done, { label: pad('records'), detail: `${done}/${total}` });
        },
      },
    }),
  ),
).catch((error: unknown) => {
  bars.stop();
  if (error instanceof IngestLeaseHeldError) {
    console.error(`Ingest not started: ${error.message}.`);
    process.exit(3);
  }
  console.error(`Ingest failed: ${reason(error)}. Records written so far are valid; run it again to finish.`);
  process.exit(1);
});
bars.stop();

console.log('');
console.log(dryRun ? 'Dry run: nothing was written.' : 'Ingest finished.');
for (const source of summary.sources) console.log(`  ${source.label.padEnd(18)} ${source.files.length} file(s), ${source.lines} line(s)`);
for (const skipped of summary.ignored) console.log(`  skipped ${skipped.path}: ${skipped.reason}`);
for (const path of summary.unknown) console.log(`  not recognised: ${path}`);
if (summary.nvdPages > 0) console.log(`  NVD API pages: ${summary.nvdPages}`);
if (summary.advisories.read > 0) {
  const a = summary.advisories;
  console.log(
    `Package advisories (OSV): ${a.read} read, ${a.written} ${dryRun ? 'would be written' : 'written'}, ${a.unchanged} unchanged, ${a.withdrawn} withdrawn or without a matched ecosystem (removed).`,
  );
}
console.log(
  `Records: ${summary.derived} derived, ${summary.written} ${dryRun ? 'would be written' : 'written'}, ${summary.unchanged} unchanged, ` +
    `${summary.rejected} rejected (kept, marked), ${summary.skipped} without a date (skipped)` +
    (since ? `, ${summary.notSince} not modified since ${since.toISOString()}` : '') +
    ` in ${summary.seconds.toFixed(1)} s.`,
);
if (summary.cpeIndex.written + summary.cpeIndex.unchanged > 0) {
  console.log(
    `CPE index (NVD configurations, for the scan): ${summary.cpeIndex.written} CVE(s) ${dryRun ? 'would be written' : 'written'}, ${summary.cpeIndex.unchanged} unchanged.`,
  );
}
if (index.report) {
  const how = index.report.mode === 'update' ? `updated with ${indexUpdate.size} written records` : 'rebuilt from the whole catalogue';
  console.log(`Export filter index (${how}): ${index.report.count} CVEs, ${index.report.chunks} chunk(s), ${Math.round(index.report.bytes / 1024)} KB.`);
}
if (index.failure !== undefined) {
  console.error(`Ingest failed: the export filter index was not updated: ${reason(index.failure)}. Exports still use the previous index.`);
  process.exit(1);
}
