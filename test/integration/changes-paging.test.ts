import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestCatalogue } from '../../shared/ingest/use-cases/ingest-catalogue.js';
import { inventedCves } from '../support/nvd-stand-in.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { scanTable } from '../support/tables.js';
import { TestClock } from '../support/time.js';

/**
 * Done-means of issue 13: 2,500 changes read with limit=1000 → 2,500 unique changes in order,
 * while a concurrent ingest adds more (none skipped, none twice). The ingest's writer mark, not
 * a timing assumption, keeps readers from passing a change still in flight; the in-process
 * dynalite is slow on a busy machine, so calls get a generous timeout.
 */
const SETTLE_MS = 1000;
// Real time, moved ahead once the ingest is over instead of waiting for its last writes to settle.
const clock = TestClock.running();
let stack: TestStack;
let key: string;
const dir = mkdtempSync(join(tmpdir(), 'plaincve-changes-'));

/** An NVD JSON-lines file of `count` invented CVEs numbered from `first`. */
function nvdFile(name: string, first: number, count: number): string {
  const lines = inventedCves(count, new Date('2024-01-01T00:00:00Z')).map(({ cve }, i) => {
    const id = `CVE-2024-${String(first + i)}`;
    return JSON.stringify({ ...(cve as Record<string, unknown>), id });
  });
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

beforeAll(async () => {
  stack = await startTestStack({ clock: clock.now, environment: { CHANGE_SETTLE_MS: String(SETTLE_MS) } });
  key = await stack.newKey();
});
afterAll(async () => {
  await stack?.close();
});

interface Change {
  change_id: string;
  cve_id: string;
  kind: string;
}
interface Page {
  changes: Change[];
  next_cursor: string;
  has_more: boolean;
}

async function page(cursor: string | undefined): Promise<Page> {
  const response = await stack.get(`/api/changes?limit=1000${cursor ? `&since=${cursor}` : ''}`, { key });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Page }).data;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('paging the change feed while an ingest writes', () => {
  it('a client following next_cursor holds every change once, in order', async () => {
    const first = await ingestCatalogue({ files: [nvdFile('first.jsonl', 100_000, 2500)] });
    expect(first.written).toBe(2500);

    // The second ingest runs while the client pages: 4 writers in parallel, so change ids are
    // taken in one order and become readable in another.
    let ingestDone = false;
    let ingestEndedAt = 0;
    const second = ingestCatalogue({ files: [nvdFile('second.jsonl', 200_000, 1500)], batchSize: 25, concurrency: 4 }).then((summary) => {
      ingestDone = true;
      ingestEndedAt = clock.now();
      return summary;
    });

    const held: Change[] = [];
    let cursor: string | undefined;
    let pages = 0;
    let fullPages = 0;
    for (;;) {
      const askedAt = clock.now();
      const answer = await page(cursor);
      pages++;
      if (answer.changes.length === 1000) fullPages++;
      held.push(...answer.changes);
      cursor = answer.next_cursor;
      // Done once caught up with a page ASKED after every write of the second ingest settled: the
      // server reads up to its own now − CHANGE_SETTLE_MS, so a page asked earlier (and answered
      // late, on a busy machine) may rightly stop short of the last writes.
      if (!answer.has_more && ingestDone && askedAt > ingestEndedAt + SETTLE_MS) break;
      if (ingestDone && clock.now() <= ingestEndedAt + SETTLE_MS) clock.advance(SETTLE_MS + 1);
      else if (!answer.has_more) await pause(100);
    }
    expect((await second).written).toBe(1500);

    const ids = held.map((c) => c.change_id);
    expect(new Set(ids).size).toBe(ids.length); // none twice
    expect([...ids].sort()).toEqual(ids); // in order
    const stored = (await scanTable('CHANGES_TABLE')).map((item) => String(item.sk)).sort();
    expect(ids).toEqual(stored); // none skipped
    expect(held).toHaveLength(4000);
    expect(new Set(held.slice(0, 2500).map((c) => c.cve_id)).size).toBe(2500);
    expect(held.slice(0, 2500).every((c) => c.kind === 'added' && c.cve_id.startsWith('CVE-2024-1'))).toBe(true);
    expect(fullPages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
