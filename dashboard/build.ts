/**
 * Builds the dashboard (`npm run build:dashboard`): one bundled, minified script and the static
 * files, into dashboard/dist. `npm start` builds it on first use when dist is missing.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, buildSync, type BuildOptions } from 'esbuild';

export const DASHBOARD_ROOT = dirname(fileURLToPath(import.meta.url));
export const DASHBOARD_DIST = join(DASHBOARD_ROOT, 'dist');

function options(outdir: string): BuildOptions {
  return {
    entryPoints: [join(DASHBOARD_ROOT, 'src', 'main.ts')],
    outfile: join(outdir, 'app.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022'],
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
  };
}

function copyStatic(outdir: string): void {
  for (const file of ['index.html', 'app.css']) copyFileSync(join(DASHBOARD_ROOT, 'src', file), join(outdir, file));
}

export async function buildDashboard(outdir = DASHBOARD_DIST): Promise<void> {
  mkdirSync(outdir, { recursive: true });
  await build(options(outdir));
  copyStatic(outdir);
}

/** The same build, synchronously: CDK's local bundling of the dashboard asset calls this. */
export function buildDashboardSync(outdir = DASHBOARD_DIST): void {
  mkdirSync(outdir, { recursive: true });
  buildSync(options(outdir));
  copyStatic(outdir);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildDashboard();
  console.log(`Dashboard built into ${DASHBOARD_DIST}`);
}
