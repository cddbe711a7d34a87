/**
 * The ingest's peak memory on the package advisories (OSV exports) of the data folder, against
 * the ingest function's memory (shared/ingest/declaration.ts). In service a scheduled run
 * downloads OSV.dev's ecosystem exports and reads them all in one invocation, so the peak of
 * that run is what must fit. Runs in a process of its own started with the function's V8 flags
 * (bench/run.ts), with the table in another process, so the figures are the ingest's alone.
 * `--quick`: the first OSV records only (proves the part runs; the figures mean little).
 */
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { applyFunctionEnvironment, localConfig } from '../shared/config/local.js';
import { localTableEnvironment } from '../shared/local/local-tables.js';
import { INGEST_FUNCTION } from '../shared/ingest/declaration.js';
import { resetDocumentClient } from '../shared/repositories/dynamo-client.js';
import { ingestCatalogue } from '../shared/ingest/use-cases/ingest-catalogue.js';
import { startDynaliteProcess } from './support/dynalite-process.js';
import type { BenchOptions, Headline } from './support/headline.js';

const MB = 1024 * 1024;
const QUICK_RECORDS = 200;
const SAMPLE_EVERY_MS = 10;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return stat.isDirectory() ? filesUnder(path) : stat.isFile() ? [path] : [];
  });
}

/** The first `count` lines of a gzipped JSON-lines export, gzipped again into `dir`. */
async function headOf(path: string, count: number, dir: string): Promise<string> {
  const lines: string[] = [];
  const reader = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of reader) {
    if (lines.length >= count) break;
    lines.push(line);
  }
  reader.close();
  const target = join(dir, 'osv-head.jsonl.gz');
  await pipeline(Readable.from([`${lines.join('\n')}\n`]), createGzip(), createWriteStream(target));
  return target;
}

/** Peak of the V8 heap (used, and as reserved) while `run` runs, sampled; RSS's peak comes from the OS. */
async function sampledPeaks<T>(run: () => Promise<T>): Promise<{ value: T; heapUsed: number; heapTotal: number }> {
  let heapUsed = 0;
  let heapTotal = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    heapUsed = Math.max(heapUsed, usage.heapUsed);
    heapTotal = Math.max(heapTotal, usage.heapTotal);
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  try {
    const value = await run();
    sample();
    return { value, heapUsed, heapTotal };
  } finally {
    clearInterval(timer);
  }
}

export default async function (options: BenchOptions): Promise<Headline[]> {
  const osvDir = join(resolve(localConfig().PLAINCVE_DATA_DIR), 'osv');
  if (!existsSync(osvDir)) {
    console.log(`No OSV exports at ${osvDir} (set PLAINCVE_DATA_DIR): nothing to measure.`);
    return [];
  }
  const exports = filesUnder(osvDir);
  const functionMb = INGEST_FUNCTION.memoryMb ?? 128;
  const dynamo = await startDynaliteProcess();
  const scratch = mkdtempSync(join(tmpdir(), 'plaincve-bench-osv-'));
  applyFunctionEnvironment({ ...localTableEnvironment(), DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'local', DYNAMODB_TIMEOUT_MS: '30000' });
  resetDocumentClient();
  try {
    const files = options.quick ? await Promise.all(exports.slice(0, 1).map((path) => headOf(path, QUICK_RECORDS, scratch))) : exports;
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const { value: summary, heapUsed, heapTotal } = await sampledPeaks(() => ingestCatalogue({ files }));
    const seconds = (performance.now() - started) / 1000;
    // The process's own high-water mark (getrusage), so no peak between samples is missed.
    const peakRss = process.resourceUsage().maxRSS * 1024;
    const headroom = (functionMb * MB) / peakRss;
    const what = options.quick
      ? `the first ${QUICK_RECORDS} records of ${exports[0] ?? 'no file'}`
      : `${exports.length} OSV export(s): ${exports.map((f) => `${f} (${(statSync(f).size / MB).toFixed(1)} MB)`).join(', ')}`;
    console.log(`input: ${what}`);
    console.log(`advisories: ${summary.advisories.read} read, ${summary.advisories.written} written in ${seconds.toFixed(1)} s`);
    console.log(`process RSS before the run ${(rssBefore / MB).toFixed(0)} MB (Node, tsx and the modules), peak RSS ${(peakRss / MB).toFixed(0)} MB`);
    console.log(`peak V8 heap used ${(heapUsed / MB).toFixed(0)} MB (reserved ${(heapTotal / MB).toFixed(0)} MB), sampled every ${SAMPLE_EVERY_MS} ms`);
    console.log(
      `ingest function memory ${functionMb} MB → headroom ${headroom.toFixed(2)} × the peak RSS (${(functionMb - peakRss / MB).toFixed(0)} MB to spare)`,
    );
    return [
      {
        figure: `ingest peak RSS on ${options.quick ? 'an OSV sample' : 'all OSV exports'}`,
        value: `${(peakRss / MB).toFixed(0)} MB of ${functionMb} MB (heap ${(heapUsed / MB).toFixed(0)} MB)`,
        goal: `< ${functionMb} MB`,
      },
      { figure: 'ingest memory headroom (function memory / peak RSS)', value: `${headroom.toFixed(2)} ×`, goal: '> 1' },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    resetDocumentClient();
    await dynamo.stop();
  }
}
