import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { tableName } from '../../shared/config/index.js';
import { catalogueRecordSchema } from '../../shared/domain/cve.js';
import { startLocalDynamo, type LocalDynamo } from '../../shared/local/dynalite-server.js';
import { localTableEnvironment } from '../../shared/local/local-tables.js';
import { recordOfItem } from '../../shared/repositories/catalogue-item.js';
import { documentClient, resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { ingestRepository } from '../../shared/repositories/ingest-repository.js';
import { ingestCatalogue } from '../../shared/ingest/use-cases/ingest-catalogue.js';
import { disguisedFixtureDir } from '../support/ingest-fixtures.js';

const NOW = new Date('2025-03-01T12:00:00Z');
const dir = disguisedFixtureDir();
const files = readdirSync(dir).map((f) => join(dir, f));

let dynamo: LocalDynamo | undefined;
async function freshTable() {
  resetDocumentClient();
  await dynamo?.close();
  dynamo = undefined;
  dynamo = await startLocalDynamo();
  applyFunctionEnvironment({ ...localTableEnvironment(), DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'local' });
  resetDocumentClient();
}
async function tableContents() {
  const out = await documentClient().send(new ScanCommand({ TableName: tableName('CATALOGUE_TABLE') }));
  // The stored record (catalogue-item.ts), beside its key.
  return (out.Items ?? []).map((item) => ({ pk: item.pk as unknown, ...recordOfItem(item) })).sort((a, b) => String(a.pk).localeCompare(String(b.pk)));
}

beforeEach(freshTable);
afterEach(async () => {
  resetDocumentClient();
  await dynamo?.close();
  dynamo = undefined;
});

describe('ingest writes idempotently', () => {
  it('loads every record, then a second run over the same input writes nothing', async () => {
    let rebuilt = 0;
    const afterWrite = async () => {
      rebuilt++;
    };
    const first = await ingestCatalogue({ files, now: NOW, afterWrite });
    expect(first).toMatchObject({ derived: 9, written: 9, unchanged: 0, rejected: 2 });
    expect(first.ignored).toHaveLength(1);
    expect(first.unknown).toEqual([]);
    const contents = await tableContents();
    expect(contents.map((i) => i.pk)).toEqual([
      'CVE-2004-0444',
      'CVE-2017-9006',
      'CVE-2019-30003',
      'CVE-2021-45005',
      'CVE-2022-70009',
      'CVE-2023-40001',
      'CVE-2023-60008',
      'CVE-2024-12002',
      'CVE-2024-50007',
    ]);
    for (const { pk: _pk, ...item } of contents) expect(() => catalogueRecordSchema.parse(item)).not.toThrow();

    const writes: number[] = [];
    const second = await ingestCatalogue({
      files,
      now: NOW,
      afterWrite,
      store: { states: ingestRepository.states, putMany: async (r) => void writes.push(r.length) },
    });
    expect(second).toMatchObject({ derived: 9, written: 0, unchanged: 9 });
    expect(writes).toEqual([]);
    expect(rebuilt).toBe(1); // only the run that changed something asks for the index rebuild
    expect(await tableContents()).toEqual(contents);
  });

  it('a run interrupted half-way and restarted ends with the same table as an uninterrupted run', async () => {
    await ingestCatalogue({ files, now: NOW });
    const uninterrupted = await tableContents();

    await freshTable();
    let calls = 0;
    const crashing = {
      states: ingestRepository.states,
      putMany: async (records: Parameters<typeof ingestRepository.putMany>[0]) => {
        if (++calls === 3) throw new Error('simulated crash');
        await ingestRepository.putMany(records);
      },
    };
    await expect(ingestCatalogue({ files, now: NOW, store: crashing, batchSize: 2, concurrency: 1 })).rejects.toThrow('simulated crash');
    expect((await tableContents()).length).toBe(4);
    const restarted = await ingestCatalogue({ files, now: NOW });
    expect(restarted.written).toBe(5);
    // modified_at is the wall-clock time the change was logged (the change feed's), so the two
    // runs differ in it and in nothing else.
    const withoutModifiedAt = (items: Record<string, unknown>[]) => items.map(({ modified_at: _at, ...item }) => item);
    expect(withoutModifiedAt(await tableContents())).toEqual(withoutModifiedAt(uninterrupted));
  });

  it('--dry-run writes nothing; --since writes only records changed since then', async () => {
    const dry = await ingestCatalogue({ files, now: NOW, dryRun: true });
    expect(dry.written).toBe(9);
    expect(await tableContents()).toEqual([]);
    const since = await ingestCatalogue({ files, now: NOW, since: new Date('2024-09-01T00:00:00Z') });
    expect(since).toMatchObject({ written: 2, notSince: 7 });
    expect((await tableContents()).map((i) => i.pk)).toEqual(['CVE-2024-12002', 'CVE-2024-50007']);
  });
});
