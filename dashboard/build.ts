/**
 * Builds the site (`npm run build:dashboard`): the dashboard, the home page and the API
 * reference, each page's script bundled and minified, the static files beside them, into
 * dashboard/dist (served under /dashboard; shared/platform/web.ts maps / and /docs/api to their
 * pages). `npm start` builds it on first use when dist is missing.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, buildSync, type BuildOptions } from 'esbuild';
import { CORE_LIMIT, EXPORT_LIMIT, MAX_EXPORT_ROWS, MAX_SEARCH_QUERY_LENGTH } from '../shared/domain/limits.js';

export const DASHBOARD_ROOT = dirname(fileURLToPath(import.meta.url));
export const DASHBOARD_DIST = join(DASHBOARD_ROOT, 'dist');

/** Swagger UI's prebuilt bundle and stylesheet, served as they ship. */
const SWAGGER_UI = dirname(fileURLToPath(import.meta.resolve('swagger-ui-dist/package.json')));
const SWAGGER_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css'];
const STATIC_FILES = ['index.html', 'app.css', 'watchlists.css', 'home.html', 'api-reference.html', 'api-reference.css', 'favicon.svg'];

/** Every file of dist, by name: what the local server and the bucket serve under /dashboard. */
export const SITE_FILES = ['app.js', 'api-reference.js', ...STATIC_FILES, ...SWAGGER_FILES] as const;

function options(outdir: string): BuildOptions {
  return {
    entryPoints: { app: join(DASHBOARD_ROOT, 'src', 'main.ts'), 'api-reference': join(DASHBOARD_ROOT, 'src', 'api-reference.ts') },
    outdir,
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022'],
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
  };
}

/** The limits the static pages state, written there at build (`{{limit:name}}`) from the one module that holds them. */
const PAGE_LIMITS: Readonly<Record<string, number>> = {
  requests: CORE_LIMIT.limit,
  exports: EXPORT_LIMIT.limit,
  rows: MAX_EXPORT_ROWS,
  search: MAX_SEARCH_QUERY_LENGTH,
};

/** A page with its limits filled in; a name the table lacks fails the build rather than ship `{{…}}`. */
export function fillLimits(html: string): string {
  return html.replace(/\{\{limit:([a-z]+)\}\}/g, (_, name: string) => {
    const value = PAGE_LIMITS[name];
    if (value === undefined) throw new Error(`dashboard/build.ts: no limit named "${name}" for a page`);
    return String(value);
  });
}

function copyStatic(outdir: string): void {
  for (const file of STATIC_FILES) {
    const from = join(DASHBOARD_ROOT, 'src', file);
    if (file.endsWith('.html')) writeFileSync(join(outdir, file), fillLimits(readFileSync(from, 'utf8')));
    else copyFileSync(from, join(outdir, file));
  }
  for (const file of SWAGGER_FILES) copyFileSync(join(SWAGGER_UI, file), join(outdir, file));
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
