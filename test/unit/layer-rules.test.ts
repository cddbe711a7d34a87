import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The layer messages ESLint (with the project's config) reports for one import in a file at `filePath`. */
async function layerErrors(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Loading the project's ESLint config (typescript-eslint) takes seconds on a busy machine.
describe('the layer rules (eslint.config.js) bite', { timeout: 120_000 }, () => {
  it.each([
    ['shared/catalogue/use-cases/export-cves.ts', '../../http/caller.js', 'Use cases never import http/'],
    ['shared/ingest/use-cases/ingest-catalogue.ts', '../../http/logger.js', 'Use cases never import http/'],
    ['shared/domain/caller.ts', '../http/caller.js', 'shared/domain imports nothing'],
    ['shared/domain/cve-id.ts', '../config/index.js', 'shared/domain imports nothing'],
    ['shared/domain/cpe/cpe-index.ts', '../../config/index.js', 'shared/domain imports nothing'],
    ['shared/repositories/account-repository.ts', '../accounts/use-cases/sessions.js', 'Repositories never import'],
    ['shared/repositories/cpe-index-repository.ts', '../scan/manifest.js', 'Repositories never import'],
    ['shared/repositories/account-repository.ts', '../http/logger.js', 'Repositories never import'],
    ['functions/account.ts', '../shared/repositories/account-repository.js', 'functions/ imports only'],
    ['functions/openapi.ts', '../shared/config/index.js', 'functions/ imports only'],
    ['functions/health.ts', '../infra/api-stack.js', 'functions/ imports only'],
    ['functions/ingest.ts', '../shared/ingest/sources/nvd.js', 'functions/ imports only'],
    ['functions/scan.ts', '../shared/scan/declaration.js', 'functions/ imports only'],
    ['shared/accounts/use-cases/sign-in.ts', '../../../infra/api-stack.js', 'Nothing in shared/ imports infra/'],
    ['shared/local/stack.ts', '../../functions/account.js', 'Nothing in shared/ imports infra/'],
    ['shared/repositories/batch.ts', '../../functions/account.js', 'Nothing in shared/ imports infra/'],
  ])('%s importing %s is an error', async (file, specifier, message) => {
    const errors = await layerErrors(file, specifier);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ['shared/domain/cve-id.ts', './cve.js'],
    ['shared/repositories/account-repository.ts', '../domain/api-key.js'],
    ['shared/repositories/account-repository.ts', '../config/index.js'],
    ['shared/catalogue/use-cases/export-cves.ts', '../../domain/caller.js'],
    ['shared/domain/cpe/cpe-index.ts', '../nvd-record.js'],
    ['functions/account.ts', '../shared/http/account-handler.js'],
    ['functions/account.ts', '../shared/accounts/use-cases/account-dashboard.js'],
    ['functions/ingest.ts', '../shared/ingest/use-cases/run-scheduled-ingest.js'],
    ['shared/http/caller.ts', '../domain/caller.js'],
  ])('%s importing %s is allowed', async (file, specifier) => {
    expect(await layerErrors(file, specifier)).toEqual([]);
  });
});

/** The zod-import messages ESLint reports for one import line in a file at `filePath`. */
async function zodErrors(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const y = z;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the zod import rule (eslint.config.js) bites', { timeout: 120_000 }, () => {
  it.each([
    ['shared/domain/cve.ts', "import * as z from 'zod';", 'shared/domain/zod.ts'],
    ['shared/query/export-query.ts', "import * as z from 'zod/mini';", 'shared/domain/zod.ts'],
    ['shared/query/export-query.ts', "import { z } from '../domain/zod.js';", 'the named `z`'],
    ['functions/feed.ts', "import * as z from 'zod';", 'classic zod'],
    ['functions/feed.ts', "import * as z from 'zod/v4';", 'classic zod'],
    ['functions/feed.ts', "import { z } from 'zod/mini';", 'the named `z`'],
  ])('%s with %s is an error', async (file, line, message) => {
    const errors = await zodErrors(file, line);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ['shared/domain/cve.ts', "import * as z from './zod.js';"],
    ['shared/query/export-query.ts', "import * as z from '../domain/zod.js';"],
    ['shared/domain/zod.ts', "import * as z from 'zod/mini';"],
    ['functions/feed.ts', "import * as z from 'zod/mini';"],
  ])('%s with %s is allowed', async (file, line) => {
    expect(await zodErrors(file, line)).toEqual([]);
  });
});
