import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { MAX_EXPORT_ROWS } from '../../shared/domain/limits.js';
import { startLocalDynamo, type LocalDynamo } from '../../shared/local/dynalite-server.js';
import { localTableEnvironment } from '../../shared/local/local-tables.js';
import { createIndexCache } from '../../shared/query/index-cache.js';
import { selectFromIndex } from '../../shared/query/filter-index.js';
import { cveRepository } from '../../shared/repositories/cve-repository.js';
import { resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { filterIndexRepository } from '../../shared/repositories/filter-index-repository.js';
import { ingestCatalogue } from '../../shared/ingest/use-cases/ingest-catalogue.js';
import { rebuildFilterIndex } from '../../shared/ingest/use-cases/rebuild-filter-index.js';
import { disguisedFixtureDir } from '../support/ingest-fixtures.js';
import { startSlowProxy, type SlowProxy } from '../support/slow-proxy.js';

const NOW = new Date('2025-03-01T12:00:00Z');
const dir = disguisedFixtureDir();
const files = readdirSync(dir).map((f) => join(dir, f));
const TIMEOUT_MS = 150;

let dynamo: LocalDynamo;
let proxy: SlowProxy;

beforeAll(async () => {
  // dynalite in this very process: if an aborted request still took its process down, it would take this test with it.
  dynamo = await startLocalDynamo();
  proxy = await startSlowProxy(dynamo.endpoint, { every: 3, delayMs: TIMEOUT_MS * 3 });
  applyFunctionEnvironment({ ...localTableEnvironment(), DYNAMODB_ENDPOINT: proxy.endpoint, AWS_REGION: 'local', DYNAMODB_TIMEOUT_MS: String(TIMEOUT_MS) });
  resetDocumentClient();
});
afterAll(async () => {
  resetDocumentClient();
  await proxy.close();
  await dynamo.close();
  applyFunctionEnvironment({ DYNAMODB_TIMEOUT_MS: '1500' });
});

describe('an ingest against a store that keeps stalling', () => {
  it('finishes, writes every record and publishes a readable filter index', async () => {
    let rebuilt: Awaited<ReturnType<typeof rebuildFilterIndex>> | undefined;
    const summary = await ingestCatalogue({
      files,
      now: NOW,
      batchSize: 2,
      afterWrite: async () => {
        rebuilt = await rebuildFilterIndex();
      },
    });
    expect(summary).toMatchObject({ derived: 9, written: 9 });
    // The store really was slow: calls were cut off half-way and repeated.
    expect(proxy.stalled()).toBeGreaterThan(3);
    expect(rebuilt).toMatchObject({ published: true, count: 7 });

    // Read back directly from the database, past the proxy.
    applyFunctionEnvironment({ DYNAMODB_ENDPOINT: dynamo.endpoint, DYNAMODB_TIMEOUT_MS: '1500' });
    resetDocumentClient();
    const records = await cveRepository.getMany(['CVE-2023-40001', 'CVE-2021-45005', 'CVE-2004-0444']);
    expect(records.map((r) => r.cve_id)).toEqual(['CVE-2023-40001', 'CVE-2021-45005', 'CVE-2004-0444']);
    const pointer = await filterIndexRepository.readPointer();
    expect(pointer?.version).toBe(rebuilt?.version);
    const index = await createIndexCache(filterIndexRepository).get();
    expect(selectFromIndex(index, {}, MAX_EXPORT_ROWS).total).toBe(7);
  });
});
