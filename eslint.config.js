import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'dist', '.local', 'coverage', 'test-results', 'dashboard/dist'] },
  js.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through shared/config.' },
      ],
    },
  },
  {
    files: ['shared/config/**', 'test/**', 'bench/**', 'bin/**', '*.config.*'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // `import { z } from 'zod'` hands esbuild the whole namespace, 258 KiB of locale files
    // included, in every function bundle; `import * as z` lets it keep only what is used.
    files: ['shared/**', 'functions/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
          message: "Use `import * as z from 'zod'`: the named `z` bundles every locale.",
        },
      ],
    },
  },
  {
    files: ['infra/app.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
