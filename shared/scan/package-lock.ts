import * as z from '../domain/zod.js';
import { entryText, oversizedField } from './bounds.js';
import { keyLinesOf } from './json-key-lines.js';
import { badManifest, checkComponentCount, type NotChecked, type ParsedManifest, type ScanComponent } from './manifest.js';
import { npmPurl } from './purl.js';

const lockEntrySchema = z.looseObject({
  name: z.optional(z.string()),
  version: z.optional(z.string()),
  link: z.optional(z.boolean()),
  resolved: z.optional(z.string()),
});

/** The parts of package-lock.json v2/v3 a scan reads (`packages`, keyed by install path). */
export const packageLockSchema = z.looseObject({
  lockfileVersion: z.number().check(z.int()),
  packages: z.record(z.string(), lockEntrySchema),
});

/** `node_modules/a/node_modules/@s/b` → `@s/b`: the last installed name of a path. */
export function nameFromLockPath(path: string): string | null {
  const at = path.lastIndexOf('node_modules/');
  if (at < 0) return null;
  return path.slice(at + 'node_modules/'.length) || null;
}

/**
 * npm's package-lock.json, lockfileVersion 2 or 3: one component per installed package
 * (`packages["node_modules/…"]`), located on the line of its key. The root project (`""`),
 * workspace links (`link: true`, whose target is listed under its own path) and entries with no
 * version are not matched; version 1 lockfiles carry no `packages` map and are refused.
 */
export function parsePackageLock(text: string, document: unknown): ParsedManifest {
  const version = (document as { lockfileVersion?: unknown }).lockfileVersion;
  if (version === 1) {
    throw badManifest('package-lock.json lockfileVersion 1 is not supported: regenerate it with npm 7 or later (lockfileVersion 2 or 3).');
  }
  const parsed = packageLockSchema.safeParse(document);
  if (!parsed.success) {
    throw badManifest(
      'The package-lock.json is not a lockfileVersion 2 or 3 lockfile: it needs a numeric "lockfileVersion" and a "packages" object.',
      parsed.error.issues.slice(0, 5).map((issue) => ({ parameter: `body.${issue.path.join('.')}`, message: issue.message })),
    );
  }
  if (parsed.data.lockfileVersion !== 2 && parsed.data.lockfileVersion !== 3) {
    throw badManifest(`package-lock.json lockfileVersion ${parsed.data.lockfileVersion} is not supported (2 or 3).`);
  }
  const entries = Object.entries(parsed.data.packages).filter(([path, entry]) => path !== '' && nameFromLockPath(path) !== null && !entry.link);
  checkComponentCount(entries.length);
  const lines = keyLinesOf(text, ['packages']);
  const components: ScanComponent[] = [];
  const notChecked: NotChecked[] = [];
  for (const [path, entry] of entries) {
    // An empty `name` names nothing: the path's last name is the package's.
    const name = entry.name || (nameFromLockPath(path) ?? path);
    const line = lines.get(path) ?? null;
    if (!entry.version) {
      notChecked.push({ entry: entryText(path), line, reason: 'The lockfile entry has no version.' });
      continue;
    }
    const oversized = oversizedField({ name, version: entry.version });
    if (oversized) {
      notChecked.push({ entry: entryText(path), line, reason: oversized });
      continue;
    }
    let purl: string;
    try {
      purl = npmPurl(name, entry.version);
    } catch (error) {
      // packageurl-js refuses what no registry could hold (an empty name, a name of only a scope).
      notChecked.push({
        entry: entryText(path),
        line,
        reason: `Not checked: its name cannot be a package URL (${error instanceof Error ? error.message : String(error)}).`,
      });
      continue;
    }
    // An alias (`"x": "npm:real@1.0.0"`) is installed under its alias path but carries the real name.
    components.push({
      name,
      version: entry.version,
      purl,
      ecosystem: 'npm',
      packageName: name,
      cpe: null,
      line,
      locator: path,
    });
  }
  return { kind: 'package-lock', componentCount: entries.length, components, notChecked };
}
