import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../shared/local/stack.js';
import { createAccountWithKey } from '../../shared/use-cases/create-account-with-key.js';
import { cveRepository } from '../../shared/repositories/cve-repository.js';
import { rebuildFilterIndex } from '../../shared/use-cases/rebuild-filter-index.js';
import type { CatalogueRecord } from '../../shared/domain/cve.js';

export interface TestStack extends LocalStack {
  /** A fresh account's API key on this stack. */
  newKey(email?: string): Promise<string>;
  seed(records: readonly CatalogueRecord[]): Promise<void>;
  get(path: string, init?: { key?: string; headers?: Record<string, string> }): Promise<Response>;
}

/** The real local stack (dynalite in memory, real authorizer and handlers) on a free port. */
export async function startTestStack(options: LocalStackOptions = {}): Promise<TestStack> {
  const stack = await startLocalStack({ port: 0, ...options });
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
