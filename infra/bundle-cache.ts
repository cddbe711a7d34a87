import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { version as esbuildVersion, type Metafile } from 'esbuild';
import { PROJECT_ROOT } from './project-root.js';

/**
 * Function bundles kept between builds of the app, for a process that builds it many times (the
 * infra tests build it thirteen times, 21 bundles each). Only a build that sets the CDK context
 * below uses it; `cdk synth` and deploys bundle afresh.
 *
 * A kept bundle is reused only where esbuild would write the same bytes: the same esbuild version
 * and options, the same place relative to the project (the source maps' paths are relative), and
 * every file esbuild read for it (its metafile's inputs) unchanged in size and modification time.
 * Kept bundles are never rewritten: a changed input makes a new version, which replaces the old.
 */
export const BUNDLE_CACHE_CONTEXT = 'plaincve:bundleCacheDir';

type Stamp = [path: string, size: number, mtimeMs: number];

/** Size and modification time; an input that is no file (esbuild's `(disabled):fs` and the like) stamps as absent. */
function stampOf(path: string): Stamp {
  const stat = statSync(join(PROJECT_ROOT, path), { throwIfNoEntry: false });
  return stat?.isFile() ? [path, stat.size, stat.mtimeMs] : [path, -1, -1];
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

function unchanged(stamps: readonly Stamp[]): boolean {
  return stamps.every(([path, size, mtimeMs]) => {
    const [, nowSize, nowMtimeMs] = stampOf(path);
    return nowSize === size && nowMtimeMs === mtimeMs;
  });
}

/** `build` writes the bundle into `outdir` and returns its metafile; a kept copy stands in for it when still valid. */
export function cachedBundleSync(cacheDir: string, options: object, outdir: string, build: () => Metafile): void {
  const keyDir = join(cacheDir, sha(JSON.stringify({ esbuildVersion, options, root: PROJECT_ROOT, place: relative(outdir, PROJECT_ROOT) })));
  const versions = existsSync(keyDir) ? readdirSync(keyDir).filter((name) => !name.startsWith('.')) : [];
  for (const name of versions) {
    try {
      const stamps = JSON.parse(readFileSync(join(keyDir, name, 'inputs.json'), 'utf8')) as Stamp[];
      if (!unchanged(stamps)) continue;
      cpSync(join(keyDir, name, 'bundle'), outdir, { recursive: true });
      return;
    } catch {
      // Pruned by another process while read: bundled afresh below.
      rmSync(outdir, { recursive: true, force: true });
      mkdirSync(outdir, { recursive: true });
    }
  }
  const stamps = Object.keys(build().inputs).map(stampOf);
  const version = sha(JSON.stringify(stamps));
  const staging = join(keyDir, `.${version}-${process.pid}`);
  mkdirSync(staging, { recursive: true });
  cpSync(outdir, join(staging, 'bundle'), { recursive: true });
  writeFileSync(join(staging, 'inputs.json'), JSON.stringify(stamps));
  try {
    // Atomic: a process running beside this one sees the whole version or none of it.
    renameSync(staging, join(keyDir, version));
  } catch {
    // Another process kept the same version first.
    rmSync(staging, { recursive: true, force: true });
  }
  // The versions this one replaces can serve no build again (their inputs have changed).
  for (const name of versions) if (name !== version) rmSync(join(keyDir, name), { recursive: true, force: true });
}
