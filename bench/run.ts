/**
 * `npm run bench [-- --quick] [-- name…]`: runs every `bench/*.bench.ts` (or the named ones) in
 * turn, then prints their headline figures side by side. Each exports
 * `default async function (options: BenchOptions): Promise<Headline[] | void>`.
 *
 * `--quick` runs each part at a small size for a few seconds: it proves every part still runs
 * (CI does this after the suites) and its figures mean little. Benchmarks print; they never
 * assert timings.
 */
import { fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { INGEST_FUNCTION } from '../shared/ingest/declaration.js';
import type { BenchOptions, Headline } from './support/headline.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const dir = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const options: BenchOptions = { quick: args.includes('--quick') };
const wanted = args.filter((a) => !a.startsWith('--'));

type PartModule = { default: (options: BenchOptions) => Promise<Headline[] | void> };
const partModule = async (file: string) => (await import(pathToFileURL(join(dir, file)).href)) as PartModule;

/**
 * Parts that measure code which, in service, runs in a process started with its own V8 flags
 * (shared/platform: the ingest's NODE_OPTIONS, which `npm run ingest` uses too): each runs in a
 * process of its own started with those flags, and reports its headlines back.
 */
const PART_NODE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  ingest: INGEST_FUNCTION.nodeFlags ?? [],
  // Its figure is the process's peak RSS: no other part may have run in that process before it.
  'ingest-memory': INGEST_FUNCTION.nodeFlags ?? [],
};
const CHILD_PART = '--child-part=';

const childPart = args.find((a) => a.startsWith(CHILD_PART))?.slice(CHILD_PART.length);
if (childPart) {
  const headlines = (await (await partModule(`${childPart}.bench.ts`)).default(options)) ?? [];
  process.send?.({ headlines });
  process.exit(0);
}

function runInChild(name: string, flags: readonly string[]): Promise<Headline[]> {
  const child = fork(fileURLToPath(import.meta.url), [`${CHILD_PART}${name}`, ...(options.quick ? ['--quick'] : [])], {
    execArgv: [...flags, '--import', 'tsx'],
  });
  let headlines: Headline[] = [];
  child.on('message', (message: { headlines: Headline[] }) => {
    headlines = message.headlines;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(headlines) : reject(new Error(`the ${name} part's process exited with ${code}`))));
  });
}
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.bench\.ts$/, '')))
  .sort();

const machine = () =>
  `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`;
console.log(`${options.quick ? 'Quick pass (small sizes; figures only prove the parts run)' : 'Full run'} on ${machine()}, ${new Date().toISOString()}`);

const headlines: Headline[] = [];
let failed = false;
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  console.log(`\n## ${name}\n`);
  const started = performance.now();
  try {
    const flags = PART_NODE_FLAGS[name];
    if (flags) console.log(`(in a process of its own, started with ${flags.join(' ') || 'no flags'})`);
    const reported = flags ? await runInChild(name, flags) : ((await (await partModule(file)).default(options)) ?? []);
    headlines.push(...reported.map((h) => ({ ...h, part: name })));
  } catch (error) {
    // One part failing must not hide the others' figures; the run still ends non-zero.
    failed = true;
    console.error(`bench ${name} failed:`, error);
  }
  console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

if (headlines.length > 0) {
  console.log(`\n## side by side${options.quick ? ' (quick pass: sizes reduced)' : ''}\n`);
  console.table(headlines.map((h) => ({ part: h.part, figure: h.figure, value: h.value, ...(h.goal ? { goal: h.goal } : {}) })));
  console.log(`Machine at the end: ${machine()}`);
}
process.exit(failed ? 1 : 0);
