/**
 * The project's import graph and the rules it must keep (docs/architecture.md, "Layout"):
 * read from the sources with the TypeScript compiler's own import scanner, checked by plain
 * functions so a tiny hand-made graph can show each rule biting (test/unit/architecture.test.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

/** Repo-relative file → the repo-relative files it imports (type-only and dynamic imports included). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The capability slices, each a folder shared/<slice>/. */
export const SLICES = ['catalogue', 'accounts', 'keeping-up', 'ingest', 'scan'] as const;

/** The folders below the slices: they serve every slice, so they import none. */
export const LOWER_LAYERS = ['shared/domain/', 'shared/repositories/', 'shared/query/', 'shared/render/', 'shared/config/', 'shared/auth/', 'shared/secrets/'];

/** Every other folder of shared/ (docs/architecture.md, "Layout"): the lower layers and those above the slices. */
export const SHARED_LAYERS = [...LOWER_LAYERS.map((layer) => layer.slice('shared/'.length, -1)), 'platform', 'http', 'openapi', 'local'];

/** Where the ingest may be entered from outside it: its Lambda's handler and the command-line tools. */
const INGEST_ENTRANTS = [/^functions\/ingest\.ts$/, /^bin\//];

function sourceFiles(root: string, folder: string): string[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = posix.join(folder, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(root, path);
    return /\.(ts|mts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names (`./x.js` is `./x.ts` in the sources), if it exists. */
function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, `${base}/index.ts`];
  return candidates.find((candidate) => existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile());
}

/** The import graph of every TypeScript file under `folders` (relative imports of project files only). */
export function readImportGraph(root: string, folders: readonly string[]): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of folders.flatMap((folder) => sourceFiles(root, folder))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => resolveSpecifier(root, file, imported.fileName))
      .filter((target): target is string => target !== undefined && /\.(ts|mts|tsx)$/.test(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every import circle: the strongly connected parts of the graph with more than one file, or a file importing itself. */
export function importCircles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative: a deep import chain must not overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== frame.node);
      if (part.length > 1 || edges.includes(frame.node)) circles.push(part.sort());
    }
  }
  return circles;
}

/** The slice a file belongs to (shared/<slice>/…), if any. */
export function sliceOf(file: string): string | undefined {
  return SLICES.find((slice) => file.startsWith(`shared/${slice}/`));
}

/** Each import that breaks a layer rule, as `importer → imported: rule`. */
export function layerViolations(graph: ImportGraph): string[] {
  const violations: string[] = [];
  for (const [from, targets] of graph) {
    const fromSlice = sliceOf(from);
    for (const to of targets) {
      const toSlice = sliceOf(to);
      const edge = `${from} → ${to}`;
      if (toSlice && LOWER_LAYERS.some((layer) => from.startsWith(layer))) {
        violations.push(`${edge}: a lower layer imports a slice (arrows point down only)`);
      } else if (
        toSlice === 'ingest' &&
        fromSlice !== 'ingest' &&
        to !== 'shared/ingest/declaration.ts' &&
        !INGEST_ENTRANTS.some((entrant) => entrant.test(from))
      ) {
        violations.push(`${edge}: only the ingest's handler and bin/ enter the ingest (others read its declaration alone)`);
      } else if (fromSlice && toSlice && fromSlice !== toSlice && to !== `shared/${toSlice}/public.ts`) {
        violations.push(`${edge}: one slice uses another only through its public entry, shared/${toSlice}/public.ts`);
      }
    }
  }
  return violations;
}
