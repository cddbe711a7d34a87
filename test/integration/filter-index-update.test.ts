import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { startLocalDynamo, type LocalDynamo } from '../../shared/local/dynalite-server.js';
import { localTableEnvironment } from '../../shared/local/local-tables.js';
import { decodeFilterIndexColumns, withSearchBytes, type FilterIndex, type ListOf } from '../../shared/query/filter-index.js';
import { resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { filterIndexRepository } from '../../shared/repositories/filter-index-repository.js';
import { ingestCatalogue } from '../../shared/ingest/use-cases/ingest-catalogue.js';
import { rebuildFilterIndex } from '../../shared/ingest/use-cases/rebuild-filter-index.js';
import { FilterIndexUpdate } from '../../shared/ingest/use-cases/update-filter-index.js';
import { ALL_FIXTURES, disguisedFixtureDir } from '../support/ingest-fixtures.js';

const NOW = new Date('2025-03-01T12:00:00Z');
const filesOf = (dir: string) => readdirSync(dir).map((f) => join(dir, f));
// Without KEV's CSV (which lists CVE-2017-9006) and the CVE 5 records (which add CVEs of their own).
const part = filesOf(disguisedFixtureDir(ALL_FIXTURES.filter((name) => name !== 'kev.csv' && name !== 'cve5-records.jsonl')));
const everything = filesOf(disguisedFixtureDir());

let dynamo: LocalDynamo | undefined;
beforeEach(async () => {
  dynamo = await startLocalDynamo();
  applyFunctionEnvironment({ ...localTableEnvironment(), DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'local' });
  resetDocumentClient();
});
afterEach(async () => {
  resetDocumentClient();
  await dynamo?.close();
  dynamo = undefined;
});

/** The current index, as plain values, without its version and build time. */
async function currentIndex() {
  const pointer = await filterIndexRepository.readPointer();
  const columns = pointer ? await filterIndexRepository.readChunks(pointer, 'columns') : undefined;
  const search = pointer ? await filterIndexRepository.readChunks(pointer, 'search') : undefined;
  if (!columns || !search) throw new Error('no index');
  const { version: _v, builtAt: _b, ...index }: FilterIndex = withSearchBytes(decodeFilterIndexColumns(columns), search);
  // Columns as plain arrays; the decoded ids and tag names (read on demand) as their items.
  const plain = (v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : isList(v) ? Array.from({ length: v.length }, (_, i) => v.at(i)) : v);
  return Object.fromEntries(Object.entries(index).map(([k, v]) => [k, plain(v)]));
}

function isList(v: unknown): v is ListOf<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as ListOf<unknown>).at === 'function' && typeof (v as ListOf<unknown>).length === 'number';
}

async function ingestWithUpdate(files: string[], update = new FilterIndexUpdate()) {
  const summary = await ingestCatalogue({ files, now: NOW, beforeWrite: update.beforeWrite, onWritten: update.written, afterWrite: update.apply });
  return { summary, update };
}

describe('the ingest updates the export filter index from what it wrote (issue 10 §4)', () => {
  it('builds the first index in full, then updates it without a rescan to exactly the index a full rebuild builds', async () => {
    const first = new FilterIndexUpdate();
    await ingestWithUpdate(part, first);
    expect((await filterIndexRepository.readPointer())?.datesChunks).toBeGreaterThan(0);

    const second = new FilterIndexUpdate();
    const { summary } = await ingestWithUpdate(everything, second);
    expect(summary.written).toBeGreaterThan(0);
    expect(second.size).toBe(summary.written);
    // apply() ran at the end of the ingest; once more shows how it decided (same records, same index).
    const report = await second.apply();
    expect(report.mode).toBe('update');
    const updated = await currentIndex();
    expect(updated.count).toBeGreaterThan(0);
    expect(updated.ids).toContain('CVE-2017-9006');

    const full = await rebuildFilterIndex();
    expect(full.mode).toBe('full');
    expect(await currentIndex()).toEqual(updated);
    // The mark is gone: the next run may update again.
    expect(await filterIndexRepository.readBehind()).toBeUndefined();
  });

  it('rebuilds in full when an earlier run wrote records and stopped before its index was out', async () => {
    await ingestWithUpdate(part);
    // A run that writes and dies: its mark stays, its index never comes.
    const dead = new FilterIndexUpdate();
    await ingestCatalogue({ files: everything, now: NOW, beforeWrite: dead.beforeWrite, onWritten: dead.written });
    expect(await filterIndexRepository.readBehind()).toBeDefined();

    // The next run has nothing new to write; its index update must still not trust the old index.
    const next = new FilterIndexUpdate();
    const { summary } = await ingestWithUpdate(everything, next);
    expect(summary.written).toBe(0);
    const report = await next.apply();
    expect(report.mode).toBe('full');
    expect(await filterIndexRepository.readBehind()).toBeUndefined();
    const afterNext = await currentIndex();
    await rebuildFilterIndex();
    expect(await currentIndex()).toEqual(afterNext);
    expect(afterNext.ids).toContain('CVE-2017-9006');
  });
});
