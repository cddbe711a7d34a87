/**
 * Ingest throughput, end to end: every file of the data folder (PLAINCVE_DATA_DIR, default
 * ../shared/data) recognised, parsed, derived, explained and written into an in-memory local
 * table; then a second run over the same input (which compares hashes and writes nothing).
 * Prints records/s, peak memory (max RSS) and the readability of the summaries.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BatchWriteCommand, ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { applyFunctionEnvironment, localConfig } from '../shared/config/local.js';
import { tableName } from '../shared/config/index.js';
import type { CatalogueRecord } from '../shared/domain/cve.js';
import { gradeLevel } from '../test/support/readability.js';
import { localTableEnvironment } from '../shared/local/local-tables.js';
import { catalogueItemOf } from '../shared/repositories/catalogue-item.js';
import { cveRepository } from '../shared/repositories/cve-repository.js';
import { documentClient, resetDocumentClient } from '../shared/repositories/dynamo-client.js';
import { ingestCatalogue } from '../shared/ingest/use-cases/ingest-catalogue.js';
import { rebuildFilterIndex } from '../shared/ingest/use-cases/rebuild-filter-index.js';
import { FilterIndexUpdate } from '../shared/ingest/use-cases/update-filter-index.js';
import { startDynaliteProcess } from './support/dynalite-process.js';
import type { BenchOptions, Headline } from './support/headline.js';
import { processCpuSeconds } from './support/process-cpu.js';

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
 * dynalite's own write rate for the same items: BatchWriteItem straight from the SDK, 25 per
 * call and as many calls in flight as the ingest uses, under keys of their own (`RAW#` + pk).
 */
async function rawBatchWrite(items: readonly Record<string, unknown>[], table = tableName('CATALOGUE_TABLE')): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const batch = items.slice(next, next + 25);
      next += 25;
      let pending: unknown[] = batch.map((r) => ({ PutRequest: { Item: { ...r, pk: `RAW#${String(r.pk)}` } } }));
      while (pending.length > 0) {
        const out = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: pending as never } }));
        pending = out.UnprocessedItems?.[table] ?? [];
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return items.length / ((performance.now() - started) / 1000);
}

/** Every item of a table (its count) and the first `keep` of them (a sample to write raw). */
async function tableItems(table: string, keep: number): Promise<{ count: number; sample: Record<string, unknown>[] }> {
  let count = 0;
  const sample: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page: ScanCommandOutput = await documentClient().send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      if (String(item.pk).startsWith('RAW#')) continue;
      count++;
      if (sample.length < keep) sample.push(item);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { count, sample };
}

/**
 * The database's raw rate for everything a first run writes per record: the record itself, its
 * change-log entry and its CPE index items (each kind written raw on its own, weighted by how
 * many of it the run wrote per record). A first run writes several items per record, so this,
 * not the records alone, is what "ingest / raw BatchWrite" compares with.
 */
async function rawRunWrites(records: readonly CatalogueRecord[], derived: number, sampleSize: number) {
  const catalogueRate = await rawBatchWrite(records.map(catalogueItemOf));
  const changes = await tableItems(tableName('CHANGES_TABLE'), sampleSize);
  const changeRate = changes.sample.length > 0 ? await rawBatchWrite(changes.sample, tableName('CHANGES_TABLE')) : Infinity;
  const advisories = await tableItems(tableName('ADVISORIES_TABLE'), sampleSize);
  const advisoryRate = advisories.sample.length > 0 ? await rawBatchWrite(advisories.sample, tableName('ADVISORIES_TABLE')) : Infinity;
  const secondsPerRecord = 1 / catalogueRate + changes.count / derived / changeRate + advisories.count / derived / advisoryRate;
  return {
    catalogueRate,
    changesPerRecord: changes.count / derived,
    advisoryItemsPerRecord: advisories.count / derived,
    changeRate,
    advisoryRate,
    recordsPerSecond: 1 / secondsPerRecord,
  };
}

export default async function (options: BenchOptions): Promise<Headline[]> {
  const dir = resolve(localConfig().PLAINCVE_DATA_DIR);
  if (!existsSync(dir)) {
    console.log(`No data folder at ${dir} (set PLAINCVE_DATA_DIR): nothing to measure.`);
    return [];
  }
  // The table lives in its own process, as under `npm start`: the ingest and the database each get a core.
  const dynamo = await startDynaliteProcess();
  applyFunctionEnvironment({ ...localTableEnvironment(), DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'local', DYNAMODB_TIMEOUT_MS: '30000' });
  resetDocumentClient();
  try {
    // BENCH_INGEST_FILES (a regular expression over the paths): a slice of the folder, e.g. one year.
    const slice = process.env.BENCH_INGEST_FILES ? new RegExp(process.env.BENCH_INGEST_FILES) : undefined;
    const files = filesUnder(dir).filter((f) => (slice ? slice.test(f) : !options.quick || QUICK_FILES.test(f)));
    const update = new FilterIndexUpdate();
    const cpuBefore = process.cpuUsage();
    const dynaliteBefore = processCpuSeconds(dynamo.pid);
    const first = await ingestCatalogue({ files, beforeWrite: update.beforeWrite, onWritten: update.written });
    const cpu = process.cpuUsage(cpuBefore);
    const dynaliteAfter = processCpuSeconds(dynamo.pid);
    const dynaliteSeconds = dynaliteBefore === undefined || dynaliteAfter === undefined ? undefined : dynaliteAfter - dynaliteBefore;
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
    const sample: CatalogueRecord[] = [];
    const sampleSize = options.quick ? 2_000 : 30_000;
    for await (const page of cveRepository.scanRecords()) {
      for (const record of page) {
        if (sample.length < sampleSize) sample.push(record);
        if (record.rejected || !record.description || !record.explanation) continue;
        const s = gradeLevel(record.explanation.summary);
        const d = gradeLevel(record.description);
        if (s === undefined || d === undefined) continue;
        summaries += s;
        descriptions += d;
        n++;
      }
    }

    // The records as the catalogue stores them (catalogue-item.ts: one JSON string each) with the
    // run's other writes, and the records alone as DynamoDB maps (the layout before).
    const writes = await rawRunWrites(sample, first.derived, sampleSize);
    const raw = writes.recordsPerSecond;
    const rawMaps = await rawBatchWrite(sample.map((record) => ({ pk: record.cve_id, ...record })));
    const writeSeconds = first.seconds - first.readSeconds;
    const endToEnd = first.derived / first.seconds;
    console.log(`files: ${files.length} (${first.sources.length} sources recognised, ${first.ignored.length} skipped, ${first.unknown.length} unknown)`);
    console.log(
      `first run:  ${first.derived} records in ${first.seconds.toFixed(1)} s → ${Math.round(first.derived / first.seconds)} records/s end to end (earlier figure: ${EARLIER_RECORDS_PER_SECOND.toLocaleString('en')} records/s)`,
    );
    console.log(
      `            ingest process CPU ${cpuSeconds.toFixed(1)} s → ${((cpuSeconds * 1000) / first.derived).toFixed(2)} ms per record, ${Math.round(first.derived / cpuSeconds)} records per CPU second (wall figures move with the machine's load)`,
    );
    if (dynaliteSeconds !== undefined)
      console.log(
        `            dynalite process CPU ${dynaliteSeconds.toFixed(1)} s → ${((dynaliteSeconds * 1000) / first.derived).toFixed(2)} ms per record (the database's share; ${first.seconds.toFixed(1)} s of wall time)`,
      );
    console.log(
      `            read+parse ${first.readSeconds.toFixed(1)} s; derive+explain+compare+write ${writeSeconds.toFixed(1)} s → ${Math.round(first.derived / writeSeconds)} records/s`,
    );
    console.log(
      `second run: ${second.written} written, ${second.unchanged} unchanged in ${second.seconds.toFixed(1)} s → ${Math.round(second.derived / second.seconds)} records/s`,
    );
    console.log(`memory: peak RSS of the ingest process ${mb(maxRss)} (the table is in a separate dynalite process), heap after first run ${mb(heapAfter)}`);
    console.log(
      `filter index after the run (${index.value.mode === 'full' ? 'no index yet: scan' : 'update'} + build + write): ${index.value.count} CVEs, ${index.value.chunks} chunks in ${index.seconds.toFixed(1)} s`,
    );
    console.log(
      `filter index update from the previous index and ${update.size} written records (no scan): ${updated.value.mode}, ${updated.seconds.toFixed(1)} s; full rebuild (scan of the catalogue): ${rebuilt.seconds.toFixed(1)} s`,
    );
    console.log(
      `raw BatchWriteItem (25 per call, 4 in flight, no derivation) of what the first run wrote, each kind apart: ${sample.length} records as stored ${Math.round(writes.catalogueRate)} items/s (as DynamoDB maps, the layout before: ${Math.round(rawMaps)}); change-log entries ${writes.changesPerRecord.toFixed(2)} per record at ${Math.round(writes.changeRate)} items/s; CPE index items ${writes.advisoryItemsPerRecord.toFixed(2)} per record at ${Math.round(writes.advisoryRate)} items/s → ${Math.round(raw)} records/s with all their writes`,
    );
    console.log(
      `ingest / raw BatchWrite: end to end ${(endToEnd / raw).toFixed(2)}, write phase ${(first.derived / writeSeconds / raw).toFixed(2)} (goal ≥ 0.5)`,
    );
    console.log(`goal ≥ 1,000 records/s end to end: ${endToEnd >= 1000 ? 'met' : 'not met'} (ratio ${(endToEnd / 1000).toFixed(2)})`);
    console.log(
      `readability (Flesch-Kincaid grade, mean over ${n} records): summary ${(summaries / n).toFixed(1)}, NVD description ${(descriptions / n).toFixed(1)}, ${(descriptions / n - summaries / n).toFixed(1)} grades easier`,
    );
    return [
      {
        figure: `ingest of ${first.derived.toLocaleString('en')} records, end to end`,
        value: `${Math.round(endToEnd)} records/s (earlier ${EARLIER_RECORDS_PER_SECOND.toLocaleString('en')})`,
        goal: '≥ 1,000 records/s',
      },
      {
        figure: 'ingest process CPU per record',
        value: `${((cpuSeconds * 1000) / first.derived).toFixed(2)} ms (${Math.round(first.derived / cpuSeconds)} records per CPU second)`,
      },
      ...(dynaliteSeconds === undefined
        ? []
        : [{ figure: 'dynalite process CPU per record (first run)', value: `${((dynaliteSeconds * 1000) / first.derived).toFixed(2)} ms` }]),
      {
        figure: 'ingest / raw BatchWrite of the same writes',
        value: `${(endToEnd / raw).toFixed(2)} end to end, ${(first.derived / writeSeconds / raw).toFixed(2)} write phase (raw ${Math.round(raw)} records/s with their change-log and CPE index items; the records alone ${Math.round(writes.catalogueRate)}/s)`,
        goal: '≥ 0.5',
      },
      {
        figure: 'filter index after a run',
        value: `update ${updated.seconds.toFixed(1)} s (no scan, ${update.size.toLocaleString('en')} records written) vs full rebuild ${rebuilt.seconds.toFixed(1)} s`,
      },
    ];
  } finally {
    resetDocumentClient();
    await dynamo.stop();
  }
}
