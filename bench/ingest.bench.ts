/**
 * Ingest throughput, end to end: every file of the data folder (PLAINCVE_DATA_DIR, default
 * ../shared/data) recognised, parsed, derived, explained and written into an in-memory local
 * table; then a second run over the same input (which compares hashes and writes nothing).
 * Prints records/s, peak memory (max RSS) and the readability of the summaries.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BatchWriteCommand, ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { applyFunctionEnvironment, localConfig } from '../shared/config/local.js';
import { tableName } from '../shared/config/index.js';
import type { CatalogueRecord } from '../shared/domain/cve.js';
import { gradeLevel } from '../shared/ingest/readability.js';
import { localTableEnvironment } from '../shared/local/local-tables.js';
import { documentClient, resetDocumentClient } from '../shared/repositories/dynamo-client.js';
import { ingestCatalogue } from '../shared/use-cases/ingest-catalogue.js';
import { rebuildFilterIndex } from '../shared/use-cases/rebuild-filter-index.js';
import { FilterIndexUpdate } from '../shared/use-cases/update-filter-index.js';
import type { BenchOptions, Headline } from './support/headline.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return stat.isDirectory() ? filesUnder(path) : stat.isFile() ? [path] : [];
  });
}

/** The README's figure before issue 8's derivations (fix advice, names, description grammar) were added. */
const EARLIER_RECORDS_PER_SECOND = 2_033;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The quick pass: one year of NVD and the KEV catalogue (a few thousand records). */
const QUICK_FILES = /nvd-api2\.0-cves-2003\.jsonl\.gz$|known_exploited_vulnerabilities\.json$|cwe-4\.13-names\.tsv$/;

/**
 * dynalite's own write rate for the same records: BatchWriteItem straight from the SDK, 25 per
 * call and as many calls in flight as the ingest uses, under keys of their own.
 */
async function rawBatchWrite(records: Record<string, unknown>[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < records.length) {
      const batch = records.slice(next, next + 25);
      next += 25;
      let pending: unknown[] = batch.map((r) => ({ PutRequest: { Item: { ...r, pk: `RAW#${String(r.pk)}` } } }));
      while (pending.length > 0) {
        const out = await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName('CATALOGUE_TABLE')]: pending as never } }));
        pending = out.UnprocessedItems?.[tableName('CATALOGUE_TABLE')] ?? [];
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return records.length / ((performance.now() - started) / 1000);
}

export default async function (options: BenchOptions): Promise<Headline[]> {
  const dir = resolve(localConfig().PLAINCVE_DATA_DIR);
  if (!existsSync(dir)) {
    console.log(`No data folder at ${dir} (set PLAINCVE_DATA_DIR): nothing to measure.`);
    return [];
  }
  // The table lives in its own process, as under `npm start`: the ingest and the database each get a core.
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./dynalite-child.ts', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  const endpoint = await new Promise<string>((resolveEndpoint, reject) => {
    child.once('error', reject);
    createInterface({ input: child.stdout! }).once('line', resolveEndpoint);
  });
  const dynamo = { endpoint, close: () => new Promise<void>((r) => { child.once('exit', () => r()); child.stdin!.end(); }) };
  applyFunctionEnvironment({ ...localTableEnvironment(), DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'local', DYNAMODB_TIMEOUT_MS: '30000' });
  resetDocumentClient();
  try {
    const files = filesUnder(dir).filter((f) => !options.quick || QUICK_FILES.test(f));
    const update = new FilterIndexUpdate();
    const cpuBefore = process.cpuUsage();
    const first = await ingestCatalogue({ files, beforeWrite: update.beforeWrite, onWritten: update.written });
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const heapAfter = process.memoryUsage().heapUsed;
    // The run's index: the first, with no index yet, is built from a scan; then the same records
    // once more as an update of that index (every record "written": an update's largest case).
    const timed = async <T>(f: () => Promise<T>) => {
      const t = performance.now();
      const value = await f();
      return { value, seconds: (performance.now() - t) / 1000 };
    };
    const index = await timed(update.apply);
    const updated = await timed(update.apply);
    const rebuilt = await timed(() => rebuildFilterIndex());
    const second = await ingestCatalogue({ files });
    const maxRss = process.resourceUsage().maxRSS * 1024;

    let summaries = 0;
    let descriptions = 0;
    let n = 0;
    const sample: Record<string, unknown>[] = [];
    const sampleSize = options.quick ? 2_000 : 30_000;
    let start: Record<string, unknown> | undefined;
    do {
      const page: ScanCommandOutput = await documentClient().send(new ScanCommand({ TableName: tableName('CATALOGUE_TABLE'), ExclusiveStartKey: start }));
      for (const item of (page.Items ?? []) as (CatalogueRecord & { pk: string })[]) {
        if (item.pk.startsWith('CVE-') && sample.length < sampleSize) sample.push(item as unknown as Record<string, unknown>);
        if (!item.pk.startsWith('CVE-') || item.rejected || !item.description || !item.explanation) continue;
        const s = gradeLevel(item.explanation.summary);
        const d = gradeLevel(item.description);
        if (s === undefined || d === undefined) continue;
        summaries += s;
        descriptions += d;
        n++;
      }
      start = page.LastEvaluatedKey;
    } while (start);

    const raw = await rawBatchWrite(sample);
    const writeSeconds = first.seconds - first.readSeconds;
    const endToEnd = first.derived / first.seconds;
    console.log(`files: ${files.length} (${first.sources.length} sources recognised, ${first.ignored.length} skipped, ${first.unknown.length} unknown)`);
    console.log(`first run:  ${first.derived} records in ${first.seconds.toFixed(1)} s → ${Math.round(first.derived / first.seconds)} records/s end to end (earlier figure: ${EARLIER_RECORDS_PER_SECOND.toLocaleString('en')} records/s)`);
    console.log(`            ingest process CPU ${cpuSeconds.toFixed(1)} s → ${(cpuSeconds * 1000 / first.derived).toFixed(2)} ms per record, ${Math.round(first.derived / cpuSeconds)} records per CPU second (wall figures move with the machine's load)`);
    console.log(`            read+parse ${first.readSeconds.toFixed(1)} s; derive+explain+compare+write ${writeSeconds.toFixed(1)} s → ${Math.round(first.derived / writeSeconds)} records/s`);
    console.log(`second run: ${second.written} written, ${second.unchanged} unchanged in ${second.seconds.toFixed(1)} s → ${Math.round(second.derived / second.seconds)} records/s`);
    console.log(`memory: peak RSS of the ingest process ${mb(maxRss)} (the table is in a separate dynalite process), heap after first run ${mb(heapAfter)}`);
    console.log(`filter index after the run (${index.value.mode === 'full' ? 'no index yet: scan' : 'update'} + build + write): ${index.value.count} CVEs, ${index.value.chunks} chunks in ${index.seconds.toFixed(1)} s`);
    console.log(`filter index update from the previous index and ${update.size} written records (no scan): ${updated.value.mode}, ${updated.seconds.toFixed(1)} s; full rebuild (scan of the catalogue): ${rebuilt.seconds.toFixed(1)} s`);
    console.log(`raw BatchWriteItem of ${sample.length} of the same records (25 per call, 4 in flight, no derivation): ${Math.round(raw)} records/s`);
    console.log(`ingest / raw BatchWrite: end to end ${(endToEnd / raw).toFixed(2)}, write phase ${(first.derived / writeSeconds / raw).toFixed(2)} (goal ≥ 0.5)`);
    console.log(`goal ≥ 1,000 records/s end to end: ${endToEnd >= 1000 ? 'met' : 'not met'} (ratio ${(endToEnd / 1000).toFixed(2)})`);
    console.log(`readability (Flesch-Kincaid grade, mean over ${n} records): summary ${(summaries / n).toFixed(1)}, NVD description ${(descriptions / n).toFixed(1)}, ${(descriptions / n - summaries / n).toFixed(1)} grades easier`);
    return [
      { figure: `ingest of ${first.derived.toLocaleString('en')} records, end to end`, value: `${Math.round(endToEnd)} records/s (earlier ${EARLIER_RECORDS_PER_SECOND.toLocaleString('en')})`, goal: '≥ 1,000 records/s' },
      { figure: 'ingest process CPU per record', value: `${(cpuSeconds * 1000 / first.derived).toFixed(2)} ms (${Math.round(first.derived / cpuSeconds)} records per CPU second)` },
      { figure: 'ingest / raw BatchWrite', value: `${(endToEnd / raw).toFixed(2)} end to end, ${(first.derived / writeSeconds / raw).toFixed(2)} write phase (raw ${Math.round(raw)} records/s)`, goal: '≥ 0.5' },
      { figure: 'filter index after a run', value: `update ${updated.seconds.toFixed(1)} s (no scan, ${update.size.toLocaleString('en')} records written) vs full rebuild ${rebuilt.seconds.toFixed(1)} s` },
    ];
  } finally {
    resetDocumentClient();
    await dynamo.close();
  }
}
