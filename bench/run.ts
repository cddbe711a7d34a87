/**
 * `npm run bench [-- name…]`: runs every `bench/*.bench.ts` (or the named ones) in turn. Each
 * exports `default async function (): Promise<void>` that prints its figures and ratios.
 * Benchmarks print; they never assert timings.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const dir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.bench\.ts$/, '')))
  .sort();

for (const file of files) {
  console.log(`\n## ${file.replace(/\.bench\.ts$/, '')}\n`);
  const module = (await import(pathToFileURL(join(dir, file)).href)) as { default: () => Promise<void> };
  await module.default();
}
