/**
 * `npm run bench [-- --quick] [-- name…]`: runs every `bench/*.bench.ts` (or the named ones) in
 * turn, then prints their headline figures side by side. Each exports
 * `default async function (options: BenchOptions): Promise<Headline[] | void>`.
 *
 * `--quick` runs each part at a small size for a few seconds: it proves every part still runs
 * (CI does this after the suites) and its figures mean little. Benchmarks print; they never
 * assert timings.
 */
import { readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { BenchOptions, Headline } from './support/headline.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const dir = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const options: BenchOptions = { quick: args.includes('--quick') };
const wanted = args.filter((a) => !a.startsWith('--'));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.bench\.ts$/, '')))
  .sort();

const machine = () =>
  `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`;
console.log(`${options.quick ? 'Quick pass (small sizes; figures only prove the parts run)' : 'Full run'} on ${machine()}, ${new Date().toISOString()}`);

const headlines: Headline[] = [];
let failed = false;
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  console.log(`\n## ${name}\n`);
  const started = performance.now();
  try {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as { default: (options: BenchOptions) => Promise<Headline[] | void> };
    headlines.push(...((await module.default(options)) ?? []).map((h) => ({ ...h, part: name })));
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
