import { build, buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { join, relative } from 'node:path';
import { PROJECT_ROOT } from './project-root.js';

/*
 * How every function is bundled: one esbuild configuration, used by the CDK asset
 * (infra/plaincve-function.ts) and by `npm run bench -- bundles`, so the bench measures exactly
 * what is deployed.
 *
 * Code splitting: a module a function reaches only through `import()` (CycloneDX's JSON schemas
 * and ajv on a CycloneDX scan, one feed's parser in the ingest) becomes its own chunk file,
 * read from disk only when a request needs it. Without splitting esbuild inlines every dynamic
 * import into the one bundle file, and a cold start reads and compiles all of it.
 */

/** The entry file's name in the asset: Lambda's handler is `index.handler`. */
export const FUNCTION_ENTRY_NAME = 'index';
export const FUNCTION_HANDLER = `${FUNCTION_ENTRY_NAME}.handler`;
/** `.mjs`: Lambda's Node.js runtime loads the entry and every chunk as ES modules without a package.json. */
const EXTENSION = '.mjs';

/** The source file of a function (`functions/<entry>.ts`). */
export const functionSource = (entry: string): string => join(PROJECT_ROOT, 'functions', `${entry}.ts`);

/** The esbuild options of one function's bundle, written into `outdir`. */
export function functionBuildOptions(entry: string, outdir: string): BuildOptions & { metafile: true } {
  return {
    entryPoints: { [FUNCTION_ENTRY_NAME]: functionSource(entry) },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    outExtension: { '.js': EXTENSION },
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    target: 'node22',
    mainFields: ['module', 'main'],
    minify: true,
    // Linked maps beside each file; the function runs with NODE_OPTIONS=--enable-source-maps.
    sourcemap: true,
    // Lambda's runtime provides the SDK.
    external: ['@aws-sdk/*'],
    // Some dependencies still `require` Node built-ins; ESM bundles need this shim (in every chunk:
    // each is its own module).
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: PROJECT_ROOT,
  };
}

/** Bundles one function into `outdir` (CDK's local bundling: synchronous). */
export function bundleFunctionSync(entry: string, outdir: string): Metafile {
  return buildSync(functionBuildOptions(entry, outdir)).metafile;
}

/** Bundles one function into `outdir`. */
export async function bundleFunction(entry: string, outdir: string): Promise<Metafile> {
  return (await build(functionBuildOptions(entry, outdir))).metafile;
}

/** The output files of a bundle, split by when a cold start reads them. */
export interface BundleLoad {
  /** The entry file's path (relative to the working directory, as in the metafile). */
  readonly entry: string;
  /** The entry and every chunk it imports statically, transitively: what the module load reads. */
  readonly atStart: readonly string[];
  /** Every other chunk: read only when the code reaches an `import()` of it. */
  readonly lazy: readonly string[];
}

/** Which of the files of function `entry`'s bundle its module load reads, from esbuild's metafile. */
export function bundleLoad(metafile: Metafile, entry: string): BundleLoad {
  const outputs = metafile.outputs;
  const code = Object.keys(outputs).filter((file) => file.endsWith(EXTENSION));
  // Every import() target is an entry point of its own chunk too: the function's is its source.
  const source = relative(PROJECT_ROOT, functionSource(entry));
  const entryFile = code.find((file) => outputs[file]?.entryPoint === source);
  if (!entryFile) throw new Error(`The bundle has no output for ${source}`);
  const atStart = new Set<string>();
  const visit = (file: string) => {
    if (atStart.has(file)) return;
    atStart.add(file);
    for (const imported of outputs[file]?.imports ?? []) if (!imported.external && imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entryFile);
  return { entry: entryFile, atStart: [...atStart], lazy: code.filter((file) => !atStart.has(file)) };
}
