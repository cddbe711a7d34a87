import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_FUNCTIONS } from '../../shared/accounts/declaration.js';
import { CATALOGUE_FUNCTIONS } from '../../shared/catalogue/declaration.js';
import { INGEST_FUNCTION } from '../../shared/ingest/declaration.js';
import { CHANGE_MATCHER_FUNCTION, KEEPING_UP_FUNCTIONS, WEBHOOK_DELIVERY_FUNCTION } from '../../shared/keeping-up/declaration.js';
import type { FunctionDefinition } from '../../shared/platform/function-definition.js';
import { SCAN_FUNCTIONS } from '../../shared/scan/declaration.js';
import { importCircles, layerViolations, readImportGraph, SHARED_LAYERS, SLICES, type ImportGraph } from '../support/import-graph.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('the import graph of shared/, functions/, infra/ and bin/ (docs/architecture.md, "Layout")', () => {
  const graph = readImportGraph(ROOT, ['shared', 'functions', 'infra', 'bin']);

  it('is read whole: static, type-only and dynamic imports are edges', () => {
    expect(graph.get('functions/scan.ts')).toContain('shared/scan/use-cases/scan-manifest.ts');
    // `import type` (erased from the bundle, still an arrow between modules).
    expect(graph.get('shared/keeping-up/use-cases/watchlist-feed-token.ts')).toContain('shared/accounts/public.ts');
    // `await import(…)` (the account function loads the scan on first use).
    expect(graph.get('functions/account.ts')).toContain('shared/scan/use-cases/scan-manifest.ts');
    expect(graph.get('shared/platform/functions.ts')).toEqual(
      expect.arrayContaining([
        'shared/catalogue/declaration.ts',
        'shared/accounts/declaration.ts',
        'shared/keeping-up/declaration.ts',
        'shared/scan/declaration.ts',
      ]),
    );
  });

  it('is laid out by capability: every folder of shared/ is a slice with its declaration and use cases, or a named layer', () => {
    const folders = readdirSync(join(ROOT, 'shared'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const known = new Set<string>([...SLICES, ...SHARED_LAYERS]);
    expect(folders.map((entry) => entry.name).filter((name) => !known.has(name))).toEqual([]);
    for (const slice of SLICES) {
      expect(existsSync(join(ROOT, 'shared', slice, 'declaration.ts')), `shared/${slice}/declaration.ts`).toBe(true);
      expect(existsSync(join(ROOT, 'shared', slice, 'use-cases')), `shared/${slice}/use-cases/`).toBe(true);
    }
  });

  it('gives every Lambda under functions/ to exactly one slice: each file is the entry of one declared function', () => {
    const declared: Record<string, readonly FunctionDefinition[]> = {
      catalogue: Object.values(CATALOGUE_FUNCTIONS),
      accounts: Object.values(ACCOUNTS_FUNCTIONS),
      'keeping-up': [...Object.values(KEEPING_UP_FUNCTIONS), CHANGE_MATCHER_FUNCTION, WEBHOOK_DELIVERY_FUNCTION],
      ingest: [INGEST_FUNCTION],
      scan: Object.values(SCAN_FUNCTIONS),
    };
    const owners = new Map<string, string[]>();
    for (const [slice, definitions] of Object.entries(declared)) {
      for (const { entry } of definitions) owners.set(entry, [...(owners.get(entry) ?? []), slice]);
    }
    const files = readdirSync(join(ROOT, 'functions'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => name.slice(0, -'.ts'.length));
    expect(files.filter((file) => owners.get(file)?.length !== 1)).toEqual([]);
    expect([...owners.keys()].filter((entry) => !files.includes(entry))).toEqual([]);
  });

  it('has no import circle', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('keeps the layer rules: nothing below a slice imports one, the ingest is entered only by its handler and bin/, slices meet through public.ts', () => {
    expect(layerViolations(graph)).toEqual([]);
  });
});

describe('the checks bite (a tiny graph in memory)', () => {
  it('finds a circle of two, a longer one and a file importing itself, and nothing in a chain', () => {
    const circles = importCircles(
      graphOf({
        'shared/a.ts': ['shared/b.ts'],
        'shared/b.ts': ['shared/a.ts', 'shared/c.ts'],
        'shared/c.ts': ['shared/d.ts'],
        'shared/d.ts': ['shared/e.ts'],
        'shared/e.ts': ['shared/c.ts'],
        'shared/f.ts': ['shared/f.ts'],
        'shared/g.ts': ['shared/h.ts'],
        'shared/h.ts': [],
      }),
    );
    expect(circles).toHaveLength(3);
    expect(circles).toEqual(expect.arrayContaining([['shared/a.ts', 'shared/b.ts'], ['shared/c.ts', 'shared/d.ts', 'shared/e.ts'], ['shared/f.ts']]));
    expect(importCircles(graphOf({ 'shared/g.ts': ['shared/h.ts'], 'shared/h.ts': ['shared/i.ts'] }))).toEqual([]);
  });

  it.each([
    ['shared/domain/cpe/cpe-index.ts', 'shared/ingest/sources/nvd.ts', 'a lower layer imports a slice'],
    ['shared/repositories/cve-repository.ts', 'shared/ingest/writer.ts', 'a lower layer imports a slice'],
    ['shared/render/csv.ts', 'shared/scan/manifest.ts', 'a lower layer imports a slice'],
    ['shared/query/export-query.ts', 'shared/catalogue/use-cases/export-cves.ts', 'a lower layer imports a slice'],
    ['shared/http/scan-answer.ts', 'shared/ingest/versions/description.ts', 'only the ingest'],
    ['shared/scan/use-cases/scan-manifest.ts', 'shared/ingest/sources/osv.ts', 'only the ingest'],
    ['functions/scan.ts', 'shared/ingest/use-cases/ingest-catalogue.ts', 'only the ingest'],
    ['shared/scan/use-cases/scan-manifest.ts', 'shared/catalogue/use-cases/package-vulnerabilities.ts', 'shared/catalogue/public.ts'],
    ['shared/keeping-up/use-cases/watchlist-preview.ts', 'shared/accounts/use-cases/sessions.ts', 'shared/accounts/public.ts'],
    ['shared/ingest/use-cases/store-cpe-index.ts', 'shared/scan/parse-manifest.ts', 'shared/scan/public.ts'],
  ])('%s importing %s is refused', (from, to, rule) => {
    const violations = layerViolations(graphOf({ [from]: [to] }));
    expect(violations).toHaveLength(1);
    expect(violations[0]).toContain(rule);
  });

  it.each([
    ['functions/ingest.ts', 'shared/ingest/use-cases/run-scheduled-ingest.ts'],
    ['bin/ingest.ts', 'shared/ingest/use-cases/ingest-catalogue.ts'],
    ['infra/ingest-stack.ts', 'shared/ingest/declaration.ts'],
    ['shared/ingest/use-cases/ingest-catalogue.ts', 'shared/domain/nvd-record.ts'],
    ['shared/scan/use-cases/scan-manifest.ts', 'shared/catalogue/public.ts'],
    ['shared/http/export-handler.ts', 'shared/catalogue/use-cases/export-cves.ts'],
    ['shared/platform/functions.ts', 'shared/scan/declaration.ts'],
  ])('%s importing %s is allowed', (from, to) => {
    expect(layerViolations(graphOf({ [from]: [to] }))).toEqual([]);
  });
});

describe('reading a graph from files (a tiny tree on disk)', () => {
  const root = mkdtempSync(join(tmpdir(), 'plaincve-graph-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('follows .js specifiers to .ts files, type-only, re-export and dynamic imports, and skips packages', () => {
    write('shared/a.ts', "import { b } from './b.js';\nimport type { C } from './c.js';\nimport * as z from 'zod/mini';\nexport const a = b;\n");
    write('shared/b.ts', "export { d as b } from './d/index.js';\n");
    write('shared/c.ts', "export type C = string;\nexport const load = () => import('./a.js');\n");
    write('shared/d/index.ts', 'export const d = 1;\n');
    const graph = readImportGraph(root, ['shared']);
    expect(graph.get('shared/a.ts')).toEqual(['shared/b.ts', 'shared/c.ts']);
    expect(graph.get('shared/b.ts')).toEqual(['shared/d/index.ts']);
    expect(graph.get('shared/c.ts')).toEqual(['shared/a.ts']);
    expect(importCircles(graph)).toEqual([['shared/a.ts', 'shared/c.ts']]);
  });
});
