import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { positionAtEndOf, positionBefore } from '../../shared/domain/change-log.js';
import { startLocalDynamo, type LocalDynamo } from '../../shared/local/dynalite-server.js';
import { localTableEnvironment } from '../../shared/local/local-tables.js';
import { tableName } from '../../shared/config/index.js';
import { batchPutAll } from '../../shared/repositories/batch.js';
import { changeRepository, type NewChange } from '../../shared/repositories/change-repository.js';
import { resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { scanTable } from '../support/tables.js';

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

const change = (n: number): NewChange => ({ cve_id: `CVE-2024-${String(10000 + n)}`, kind: 'updated', fields: ['cvss_score'] });
const DAY = 86_400_000;

describe('change repository (dynalite)', () => {
  it('the local sweep deletes exactly the expired changes (first: ids never go back in time within a process)', async () => {
    const before = (await scanTable('CHANGES_TABLE')).length;
    const old = Date.parse('2025-01-01T00:00:00Z');
    await changeRepository.append([change(900), change(901)], () => old);
    expect((await scanTable('CHANGES_TABLE')).length).toBe(before + 2);
    expect(await changeRepository.deleteExpired(old + 90 * DAY + 1000)).toBe(2);
    expect((await scanTable('CHANGES_TABLE')).length).toBe(before);
  });

  it('stores each change under its day with a 90-day TTL and reads ranges in id order across days', async () => {
    const start = Date.parse('2026-03-01T23:59:59.990Z');
    let tick = 0;
    // 60 changes spread over three days, 2 ms apart then a day's jump.
    const clock = () => start + (tick < 30 ? tick++ * 2 : DAY + tick++ * 2);
    const ids = await changeRepository.append(
      Array.from({ length: 60 }, (_, i) => change(i)),
      clock,
    );
    expect(ids).toHaveLength(60);
    const items = await scanTable('CHANGES_TABLE');
    const buckets = new Set(items.map((i) => i.pk));
    expect(buckets).toEqual(new Set(['CHANGES#2026-03-01', 'CHANGES#2026-03-02', 'CHANGES#2026-03-03']));
    for (const item of items) {
      expect(item.expires_at).toBe(Math.ceil((Date.parse(String(item.changed_at)) + 90 * DAY) / 1000));
    }

    const sorted = [...ids].sort();
    const all = await changeRepository.readRange(positionBefore(start - DAY), positionAtEndOf(start + 3 * DAY), 1000);
    expect(all.map((c) => c.change_id)).toEqual(sorted);

    // Paging by the last id read: every change once, in order.
    const paged: string[] = [];
    let after = positionBefore(start - DAY);
    for (;;) {
      const page = await changeRepository.readRange(after, positionAtEndOf(start + 3 * DAY), 7);
      if (page.length === 0) break;
      paged.push(...page.map((c) => c.change_id));
      after = page.at(-1)!.change_id;
    }
    expect(paged).toEqual(sorted);

    // The upper bound is inclusive and nothing beyond it is read.
    const upTo = sorted[41]!;
    const bounded = await changeRepository.readRange(sorted[9]!, upTo, 1000);
    expect(bounded.map((c) => c.change_id)).toEqual(sorted.slice(10, 42));
  });

  it('reads field names back as written (one string), and as items written before stored them (a list)', async () => {
    const at = Date.parse('2026-05-01T12:00:00Z');
    const [id] = await changeRepository.append([{ cve_id: 'CVE-2024-20001', kind: 'updated', fields: ['cvss_score', 'severity', 'tags'] }], () => at);
    const [rejected] = await changeRepository.append([{ cve_id: 'CVE-2024-20002', kind: 'rejected', fields: [] }], () => at + 1);
    const stored = (await scanTable('CHANGES_TABLE')).find((item) => item.sk === id);
    expect(stored?.fields).toBe('cvss_score,severity,tags');
    // An item as the log stored it before: the names as a list. Its key differs from the first one's in the last
    // character, never equal to it (an id ending in "0" was overwritten, one run in sixteen).
    const olderKey = `${id!.slice(0, -1)}${id!.endsWith('0') ? '1' : '0'}`;
    await batchPutAll(tableName('CHANGES_TABLE'), [{ ...stored, sk: olderKey, cve_id: 'CVE-2024-20003', fields: ['patch_status', 'patch_date'] }]);
    const read = await changeRepository.readRange(positionBefore(at - 1000), positionAtEndOf(at + 1000), 100);
    expect(read.map((c) => [c.cve_id, c.fields])).toEqual(
      expect.arrayContaining([
        ['CVE-2024-20001', ['cvss_score', 'severity', 'tags']],
        ['CVE-2024-20002', []],
        ['CVE-2024-20003', ['patch_status', 'patch_date']],
      ]),
    );
    expect(read.find((c) => c.change_id === rejected)?.fields).toEqual([]);
  });
});
