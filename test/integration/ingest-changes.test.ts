import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { computeChange } from '../../shared/domain/change.js';
import { positionAtEndOf, positionBefore } from '../../shared/domain/change-log.js';
import { startLocalDynamo, type LocalDynamo } from '../../shared/local/dynalite-server.js';
import { localTableEnvironment } from '../../shared/local/local-tables.js';
import { changeRepository } from '../../shared/repositories/change-repository.js';
import { cveRepository } from '../../shared/repositories/cve-repository.js';
import { resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { ingestCatalogue } from '../../shared/use-cases/ingest-catalogue.js';
import { ALL_FIXTURES, disguisedFixtureDir } from '../support/ingest-fixtures.js';

const NOW = new Date('2025-03-01T12:00:00Z');
const filesOf = (dir: string) => readdirSync(dir).map((f) => join(dir, f));
const withoutKevCsv = filesOf(disguisedFixtureDir(ALL_FIXTURES.filter((name) => name !== 'kev.csv')));
const everything = filesOf(disguisedFixtureDir());

let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startLocalDynamo();
  applyFunctionEnvironment({ ...localTableEnvironment(), DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'local' });
  resetDocumentClient();
});
afterAll(async () => {
  resetDocumentClient();
  await dynamo.close();
});

/** Every change logged so far, oldest first. */
const allChanges = () => changeRepository.readRange(positionBefore(Date.now() - 86_400_000), positionAtEndOf(Date.now() + 60_000), 10_000);

describe('the ingest logs its changes (product-decisions §7)', () => {
  it('adds one change per live record, none for records that arrive rejected, none on a re-run, and one per record a new source moves', async () => {
    const first = await ingestCatalogue({ files: withoutKevCsv, now: NOW });
    const added = await allChanges();
    // Every live record the run wrote is one `added` change; the rejected ones are none.
    expect(added.map((c) => c.kind)).toEqual(Array(first.written - first.rejected).fill('added'));
    const liveIds = added.map((c) => c.cve_id).sort();
    const stored = await cveRepository.getMany(liveIds);
    expect(stored.map((r) => r.cve_id).sort()).toEqual(liveIds);
    expect(stored.every((r) => !r.rejected)).toBe(true);
    for (const change of added) {
      expect(change.record?.cve_id).toBe(change.cve_id);
      expect(change.fields).toEqual(expect.arrayContaining(['severity', 'risk_level', 'in_kev', 'title']));
    }

    // The same input again: nothing moved, nothing logged.
    const again = await ingestCatalogue({ files: withoutKevCsv, now: NOW });
    expect(again.written).toBe(0);
    expect(await allChanges()).toHaveLength(added.length);

    // KEV's CSV adds CVE-2017-9006: exactly that record changes, and the change says what moved.
    const before = await cveRepository.get('CVE-2017-9006');
    expect(before?.in_kev).toBe(false);
    await ingestCatalogue({ files: everything, now: NOW });
    const after = await allChanges();
    const fresh = after.slice(added.length);
    expect(fresh.map((c) => [c.cve_id, c.kind])).toEqual([['CVE-2017-9006', 'updated']]);
    // KEV listing makes it weaponized and in KEV (its wording may follow); the log names what the
    // two stored versions differ in, and nothing of the bookkeeping.
    expect(fresh[0]?.fields).toEqual(expect.arrayContaining(['weaponized', 'in_kev']));
    expect(fresh[0]?.fields).toEqual(computeChange(before, (await cveRepository.get('CVE-2017-9006'))!)?.fields);
    expect(fresh[0]?.fields).not.toContain('provenance');
    expect(fresh[0]?.record?.cve_id).toBe('CVE-2017-9006');

    // And once more with everything: still nothing new.
    await ingestCatalogue({ files: everything, now: NOW });
    expect(await allChanges()).toHaveLength(after.length);
  });
});
