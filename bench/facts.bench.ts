/**
 * The facts and the text against people (product decisions §9, ../shared/gold): the annotated
 * records' NVD (and CVE 5) lines, with every side source the ingest reads (KEV, CWE, exploit and
 * detection lists, EPSS, the CPE dictionary), go through the real ingest into dynalite; each
 * record is read back through the lookup of the local stack and compared with its annotation.
 * Prints agreement per field and every disagreement. Figures only: it never fails on them.
 *
 * The gold folder sits beside the data folder (PLAINCVE_DATA_DIR, default ../shared/data); its
 * files are read in place and never copied into the repository. Without it the part says so
 * and measures nothing. The quick pass runs the same (80 records are already small).
 */
import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { localConfig } from '../shared/config/local.js';
import type { Facts } from '../shared/domain/facts.js';
import { ingestCatalogue } from '../shared/ingest/use-cases/ingest-catalogue.js';
import { startTestStack } from '../test/support/stack.js';
import { compareRecord, emptyAgreement, figures, listedVulnerable, type GoldRecord, type ListedVulnerable } from './support/gold-agreement.js';
import type { BenchOptions, Headline } from './support/headline.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return stat.isDirectory() ? filesUnder(path) : stat.isFile() ? [path] : [];
  });
}

async function* linesOf(path: string): AsyncGenerator<string> {
  const head = readFileSync(path).subarray(0, 2);
  const raw = createReadStream(path);
  const input = head[0] === 0x1f && head[1] === 0x8b ? raw.pipe(createGunzip()) : raw;
  yield* createInterface({ input, crlfDelay: Infinity });
}

function readGold(dir: string): GoldRecord[] {
  return readdirSync(dir)
    .filter((f) => /^nvd-gold\.part\d+\.jsonl$/.test(f))
    .sort()
    .flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as GoldRecord),
    );
}

/**
 * Whether a record file can hold one of the years: files named for other years are skipped (the
 * gold's records sit in three years); files of any year (modified, supplements) are read.
 */
function mayHold(path: string, years: ReadonlySet<string>): boolean {
  const name = basename(path);
  const range = /(\d{4})-(\d{4})\.jsonl/.exec(name);
  if (range) return [...years].some((y) => y >= range[1]! && y <= range[2]!);
  const year = /(?:cves|from-1\.1|vulnrichment)-(\d{4})(?:-partial)?\.jsonl/.exec(name);
  return !year || years.has(year[1]!);
}

/** The gold records' lines of the record files, and each NVD record's vulnerable CPE matches. */
async function recordLines(files: readonly string[], ids: ReadonlySet<string>, idPattern: RegExp) {
  const lines: string[] = [];
  const raw = new Map<string, unknown>();
  for (const file of files) {
    for await (const line of linesOf(file)) {
      const id = idPattern.exec(line)?.[1];
      if (!id || !ids.has(id)) continue;
      lines.push(line);
      raw.set(id, JSON.parse(line));
    }
  }
  return { lines, raw };
}

interface LookupData {
  title: string;
  summary: string;
  fix: string;
  facts?: Facts;
}

export default async function (options: BenchOptions): Promise<Headline[]> {
  void options;
  const dataDir = resolve(localConfig().PLAINCVE_DATA_DIR);
  const goldDir = resolve(dataDir, '..', 'gold');
  if (!existsSync(goldDir) || !existsSync(join(dataDir, 'nvd'))) {
    console.log(`No gold folder at ${goldDir} or no data folder at ${dataDir} (set PLAINCVE_DATA_DIR): nothing to measure.`);
    return [];
  }
  const gold = readGold(goldDir);
  const ids = new Set(gold.map((g) => g.id));
  const years = new Set(gold.map((g) => g.id.split('-')[1]!));
  const all = filesUnder(dataDir);
  const nvdFiles = all.filter((f) => f.includes('/nvd/') && !f.includes('sample') && mayHold(f, years));
  const cve5Files = all.filter((f) => f.includes('/cve5/') && mayHold(f, years));
  // Side sources as the normal ingest reads them; OSV advisories are not about CVE records.
  const side = all.filter((f) => !/\/(nvd|cve5|osv)\//.test(f));

  const nvd = await recordLines(nvdFiles, ids, /^\{\s*"id"\s*:\s*"(CVE-\d+-\d+)"/);
  const cve5 = await recordLines(cve5Files, ids, /"cveId"\s*:\s*"(CVE-\d+-\d+)"/);
  const work = mkdtempSync(join(tmpdir(), 'plaincve-gold-'));
  const stack = await startTestStack();
  try {
    writeFileSync(join(work, 'gold-nvd.jsonl'), `${nvd.lines.join('\n')}\n`);
    const records = [join(work, 'gold-nvd.jsonl')];
    if (cve5.lines.length > 0) {
      writeFileSync(join(work, 'gold-cve5.jsonl'), `${cve5.lines.join('\n')}\n`);
      records.push(join(work, 'gold-cve5.jsonl'));
    }
    const ingest = await ingestCatalogue({ files: [...side, ...records] });
    console.log(
      `gold: ${gold.length} annotated records; ${nvd.raw.size} NVD and ${cve5.raw.size} CVE 5 records found; ingest derived ${ingest.derived} in ${ingest.seconds.toFixed(1)} s`,
    );

    const agreement = emptyAgreement();
    let key = '';
    for (const [i, record] of gold.entries()) {
      // The lookup allows 100 calls a minute per key: a fresh key every 50 records.
      if (i % 50 === 0) key = await stack.newKey(`gold-${i}@example.com`);
      const response = await stack.get(`/api/cve/${record.id}`, { key });
      const body = (await response.json()) as { ok: boolean; data?: LookupData };
      const data = response.ok && body.data ? body.data : undefined;
      // BENCH_FACTS_SHOW=CVE-…,CVE-…: the whole lookup answer of those records, to read beside the disagreements.
      if (process.env.BENCH_FACTS_SHOW?.split(',').includes(record.id)) console.log(JSON.stringify(data, null, 1));
      const listed: ListedVulnerable[] = listedVulnerable(nvd.raw.get(record.id) ?? {});
      compareRecord(agreement, record, data && { title: data.title, summary: data.summary, fix: data.fix, facts: data.facts }, listed);
    }

    const shown = figures(agreement);
    console.log('');
    console.table(shown.map((f) => ({ figure: f.figure, value: f.value, goal: f.goal })));
    console.log(`\nEvery disagreement (${agreement.disagreements.length}):`);
    for (const d of agreement.disagreements) console.log(`${d.id}  ${d.field}\n    gold: ${d.gold}\n    ours: ${d.ours}`);
    return shown.map((f) => ({ figure: f.figure, value: f.value, ...(f.goal ? { goal: f.goal } : {}) }));
  } finally {
    await stack.close();
    rmSync(work, { recursive: true, force: true });
  }
}
