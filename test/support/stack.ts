import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../shared/local/stack.js';
import { createAccountWithKey } from '../../shared/accounts/use-cases/create-account-with-key.js';
import { cveRepository } from '../../shared/repositories/cve-repository.js';
import { rebuildFilterIndex } from '../../shared/ingest/use-cases/rebuild-filter-index.js';
import type { CatalogueRecord } from '../../shared/domain/cve.js';

export interface TestStack extends LocalStack {
  /** A fresh account's API key on this stack. */
  newKey(email?: string): Promise<string>;
  seed(records: readonly CatalogueRecord[]): Promise<void>;
  get(path: string, init?: { key?: string; headers?: Record<string, string> }): Promise<Response>;
}

/**
 * The real local stack (dynalite in memory, real authorizer and handlers) on a free port.
 *
 * The functions get a 15 s DynamoDB call timeout unless a test sets its own: the tests check what
 * the service answers, not dynalite's speed, and on a busy 2-core machine (CI, 150 concurrent
 * requests) dynalite's answers can pass the 1.5 s production budget and turn a counted request
 * into a 503. The tests of that 503 (a store that never answers) set the production budget.
 */
export async function startTestStack(options: LocalStackOptions = {}): Promise<TestStack> {
  const stack = await startLocalStack({ port: 0, ...options, environment: { DYNAMODB_TIMEOUT_MS: '15000', ...options.environment } });
  return {
    ...stack,
    async newKey(email = `user-${Math.random().toString(36).slice(2)}@example.com`) {
      return (await createAccountWithKey(email)).key.apiKey;
    },
    async seed(records) {
      await cveRepository.putMany(records);
      // Exports read the filter index, which follows every change to the catalogue.
      await rebuildFilterIndex();
    },
    get(path, init = {}) {
      return fetch(`${stack.baseUrl}${path}`, {
        headers: { ...(init.key ? { 'X-API-Key': init.key } : {}), ...init.headers },
      });
    },
  };
}
