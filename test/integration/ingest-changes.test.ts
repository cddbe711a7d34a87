import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeChange } from '../../shared/domain/change.js';
import { positionAtEndOf, positionBefore } from '../../shared/domain/change-log.js';
import { changeRepository } from '../../shared/repositories/change-repository.js';
import { cveRepository } from '../../shared/repositories/cve-repository.js';
import { ingestCatalogue } from '../../shared/ingest/use-cases/ingest-catalogue.js';
import { rebuildFilterIndex } from '../../shared/ingest/use-cases/rebuild-filter-index.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { ALL_FIXTURES, disguisedFixtureDir } from '../support/ingest-fixtures.js';

const NOW = new Date('2025-03-01T12:00:00Z');
const filesOf = (dir: string) => readdirSync(dir).map((f) => join(dir, f));
const withoutKevCsv = filesOf(disguisedFixtureDir(ALL_FIXTURES.filter((name) => name !== 'kev.csv')));
const everything = filesOf(disguisedFixtureDir());

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
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
    const firstModified = new Map(stored.map((r) => [r.cve_id, r.modified_at]));
    expect([...firstModified.values()].every((at) => at !== undefined)).toBe(true);
    const between = new Date().toISOString();
    await ingestCatalogue({ files: everything, now: NOW, afterWrite: rebuildFilterIndex });
    const after = await allChanges();
    const fresh = after.slice(added.length);
    expect(fresh.map((c) => [c.cve_id, c.kind])).toEqual([['CVE-2017-9006', 'updated']]);
    // KEV listing makes it weaponized and in KEV (its wording may follow); the log names what the
    // two stored versions differ in, and nothing of the bookkeeping.
    expect(fresh[0]?.fields).toEqual(expect.arrayContaining(['weaponized', 'in_kev']));
    expect(fresh[0]?.fields).toEqual(computeChange(before, (await cveRepository.get('CVE-2017-9006'))!)?.fields);
    expect(fresh[0]?.fields).not.toContain('provenance');
    expect(fresh[0]?.record?.cve_id).toBe('CVE-2017-9006');

    // modified_since: the record that moved has a new modified_at, the others kept theirs, and the
    // export filter (served by the filter index) returns exactly it.
    const nowStored = await cveRepository.getMany(liveIds);
    for (const record of nowStored) {
      if (record.cve_id === 'CVE-2017-9006') expect(record.modified_at! >= between).toBe(true);
      else expect(record.modified_at).toBe(firstModified.get(record.cve_id));
    }
    const key = await stack.newKey();
    const exported = async (since: string) => {
      const response = await stack.get(`/api/cves/export.json?modified_since=${encodeURIComponent(since)}`, { key });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { cves: { cve_id: string }[] } }).data.cves.map((c) => c.cve_id).sort();
    };
    expect(await exported(between)).toEqual(['CVE-2017-9006']);
    expect(await exported('2000-01-01')).toEqual(liveIds);

    // And once more with everything: still nothing new.
    await ingestCatalogue({ files: everything, now: NOW });
    expect(await allChanges()).toHaveLength(after.length);
  });
});
