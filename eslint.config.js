import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import prettier from 'eslint-config-prettier';

/** The capability slices: shared/<slice>/ holds its use cases and its declaration (docs/architecture.md). */
const SLICES = 'catalogue|accounts|keeping-up|ingest|scan';
/**
 * The layers (docs/architecture.md, "Layout"): arrows point down only. Each rule names the
 * relative imports a folder may not make; `test/unit/layer-rules.test.ts` proves they bite.
 * The import graph's own rules (no circle, nothing below the slices reaching into one, slices
 * meeting only through a public entry) are checked by `test/unit/architecture.test.ts`.
 */
const NOT_INFRA_OR_FUNCTIONS = {
  regex: '^(\\.\\./)+(infra|functions|bin)/',
  message: 'Nothing in shared/ imports infra/, functions/ or bin/: arrows point down only.',
};
const DOMAIN_ALONE = 'shared/domain imports nothing of the project outside shared/domain (plain functions and schemas).';
const LAYERS = {
  'shared/**': [NOT_INFRA_OR_FUNCTIONS],
  'shared/domain/**': [NOT_INFRA_OR_FUNCTIONS, { regex: '^\\.\\./', message: DOMAIN_ALONE }],
  // A file one folder down (shared/domain/cpe/) may reach the rest of shared/domain, nothing above it.
  'shared/domain/*/**': [NOT_INFRA_OR_FUNCTIONS, { regex: '^\\.\\./\\.\\./', message: DOMAIN_ALONE }],
  'shared/repositories/**': [
    NOT_INFRA_OR_FUNCTIONS,
    {
      regex: `^\\.\\./(http|${SLICES})/`,
      message: 'Repositories never import http/ or a slice (catalogue, accounts, keeping-up, ingest, scan): they sit below both.',
    },
  ],
  'shared/*/use-cases/**': [
    NOT_INFRA_OR_FUNCTIONS,
    { regex: '^(\\.\\./)+http/', message: 'Use cases never import http/: the handlers call them, not the other way round.' },
  ],
  'functions/**': [
    {
      regex: `^\\.\\./shared/(?!http/|(${SLICES})/use-cases/)`,
      message: "functions/ imports only shared/http and the slices' use cases (shared/<slice>/use-cases): handlers are thin adapters.",
    },
    { regex: '^\\.\\./(infra|bin)/', message: "functions/ imports only shared/http and the slices' use cases." },
  ],
};
const layerRules = Object.entries(LAYERS).map(([glob, patterns]) => ({
  files: [glob],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
}));

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'dist', '.local', 'coverage', 'test-results', 'dashboard/dist'] },
  js.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through shared/config.' }],
    },
  },
  {
    files: ['shared/config/**', 'test/**', 'bench/**', 'bin/**', '*.config.*'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // zod classic puts ≈ 95 KiB in every function bundle whatever a file uses of it; zod/mini's
    // functions tree-shake to ≈ 30 KiB (docs/architecture.md, "Cold starts"). shared/ takes its `z`
    // from shared/domain/zod.ts, which is zod/mini with zod's English messages installed (mini
    // has none, and the messages reach clients in a 400's `details`).
    files: ['shared/**'],
    ignores: ['shared/domain/zod.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/^zod($|\\/)/]',
          message: "Take zod from shared/domain/zod.ts (`import * as z from '../domain/zod.js'`): zod/mini with English messages.",
        },
        {
          selector: "ImportDeclaration[source.value=/(^|\\/)zod\\.js$/] > ImportSpecifier[imported.name='z']",
          message: "Use `import * as z from '../domain/zod.js'`: the named `z` bundles all of zod/mini, every locale included.",
        },
      ],
    },
  },
  {
    // functions/ may import only shared/http and the slices' use cases, so its handlers take zod/mini
    // itself; the English messages come with the shared modules every handler loads.
    files: ['functions/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value=/^zod($|\\/)/][source.value!='zod/mini']",
          message: "Use `import * as z from 'zod/mini'`: classic zod adds ≈ 65 KiB to the bundle.",
        },
        {
          selector: "ImportDeclaration[source.value='zod/mini'] > ImportSpecifier[imported.name='z']",
          message: "Use `import * as z from 'zod/mini'`: the named `z` bundles every locale.",
        },
      ],
    },
  },
  {
    // The SDK ships CommonJS: repositories take its values from shared/repositories/aws-sdk.ts,
    // which `require`s it (an ES import of CommonJS doubled the SDK's share of a cold start).
    files: ['shared/**', 'functions/**'],
    ignores: ['shared/repositories/aws-sdk.ts', 'shared/local/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/client-secrets-manager', '@aws-sdk/client-sqs'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Take SDK values from shared/repositories/aws-sdk.ts (loaded with require); `import type` is fine.',
          })),
        },
      ],
    },
  },
  {
    // Issue 24: a regex with ambiguous repetition costs quadratic (or worse) time on a crafted
    // line ("a" + 150,000 spaces took 25 s). Every pattern that can see a request must be
    // linear: everything that serves one. shared/ingest reads the upstream feeds (NVD, OSV,
    // CVE 5) on a schedule, never a request body; its patterns are listed in docs/scan.md
    // ("Linear in the input") as the next to convert, and join this rule when they are.
    files: ['shared/**/*.ts', 'functions/**/*.ts', 'dashboard/**/*.ts', 'dashboard/**/*.js'],
    // The ingest's use cases and demo seed were linted before they joined the slice: they stay so.
    ignores: ['shared/ingest/**', '!shared/ingest/use-cases/**', '!shared/ingest/demo/**'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  {
    files: ['infra/app.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  // Later entries win for the same rule, so each folder's entry repeats the shared/ one (LAYERS).
  ...layerRules,
  // Last: Prettier holds the layout (`npm run lint` checks it), so the rules it would fight are off.
  prettier,
);
