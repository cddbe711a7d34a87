import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorHash, newCursorToken } from '../../shared/query/export-cursor.js';
import { parseExportQuery } from '../../shared/query/export-query.js';
import { counterRepository } from '../../shared/repositories/counter-repository.js';
import { createAccountWithKey } from '../../shared/accounts/use-cases/create-account-with-key.js';
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import { exportClient } from '../support/export-client.js';
import { expectedExport, exportOrder } from '../support/export-expectations.js';
import { makeRecords } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack;
let client: ReturnType<typeof exportClient>;
let catalogue: CatalogueRecord[];

beforeAll(async () => {
  stack = await startTestStack();
  catalogue = makeRecords(2150, (i) => ({ severity: i % 3 === 0 ? 'CRITICAL' : 'HIGH', cvss_score: i % 3 === 0 ? 9.8 : 7.5 }));
  await stack.seed(catalogue);
  client = exportClient(stack);
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

interface Page {
  cves: { cve_id: string }[];
  meta: { total: number; exported: number; next_cursor?: string };
}

describe('export paging with cursors (product decisions §10)', () => {
  it('pages through every row in export order: the first page one export unit, later pages one request each', async () => {
    const key = await stack.newKey();
    const first = await client.exportAs('json', 'severity=high', key);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-resource')).toBe('exports');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('9');
    const pages: Page[] = [first.json<{ data: Page }>().data];
    expect(first.headers.get('x-next-cursor')).toBe(pages[0]?.meta.next_cursor);
    while (pages.at(-1)?.meta.next_cursor) {
      const next = await client.exportAs('json', `cursor=${pages.at(-1)?.meta.next_cursor}`, key);
      expect(next.status).toBe(200);
      expect(next.headers.get('x-ratelimit-resource')).toBe('core');
      pages.push(next.json<{ data: Page }>().data);
    }
    const expected = expectedExport(catalogue, { severity: 'HIGH' });
    expect(expected.total).toBeGreaterThan(1000);
    expect(pages.map((p) => p.meta.exported)).toEqual([1000, expected.total - 1000]);
    expect(pages.every((p) => p.meta.total === expected.total)).toBe(true);
    const allInOrder = catalogue
      .filter((r) => r.severity === 'HIGH' && !r.rejected)
      .sort(exportOrder)
      .map((r) => r.cve_id);
    expect(pages.flatMap((p) => p.cves.map((c) => c.cve_id))).toEqual(allInOrder);
    expect(allInOrder.slice(0, 1000)).toEqual(expected.ids);
    // The later page used no export unit.
    const after = await client.exportAs('csv', 'severity=critical', key);
    expect(after.headers.get('x-ratelimit-remaining')).toBe('8');
    expect(after.headers.get('x-next-cursor')).toBeNull();
  });

  it('CSV pages carry the cursor in X-Next-Cursor', async () => {
    const key = await stack.newKey();
    const first = await client.exportAs('csv', '', key);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await client.exportAs('csv', `cursor=${cursor}`, key);
    expect(second.status).toBe(200);
    expect(second.text.trimEnd().split('\r\n')).toHaveLength(1 + 1000);
    const third = await client.exportAs('csv', `cursor=${second.headers.get('x-next-cursor')}`, key);
    expect(third.text.trimEnd().split('\r\n')).toHaveLength(1 + catalogue.length - 2000);
    expect(third.headers.get('x-next-cursor')).toBeNull();
  });

  it('a foreign, altered, expired, misplaced or accompanied cursor is a 400 INVALID_PARAMETER, using no export unit', async () => {
    const key = await stack.newKey();
    const cursor = (await client.exportAs('json', '', key)).json<{ data: Page }>().data.meta.next_cursor ?? '';
    const stranger = await stack.newKey();
    const { account, key: issued } = await createAccountWithKey('expired@example.com');
    const expired = newCursorToken();
    await counterRepository.putExportCursor(account.account_id, cursorHash(expired) ?? '', {
      keyId: issued.keyId,
      format: 'json',
      query: parseExportQuery('json', {}),
      offset: 1000,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    const altered = `${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'B' : 'A'}`;
    const cases: [string, string, string[]][] = [
      [key, `cursor=${altered}`, ['cursor']],
      [key, 'cursor=not-a-cursor', ['cursor']],
      [stranger, `cursor=${cursor}`, ['cursor']],
      [issued.apiKey, `cursor=${expired}`, ['cursor']],
      [key, `cursor=${cursor}&severity=high`, ['severity']],
      [key, `cursor=${cursor}&cursor=${cursor}`, ['cursor']],
    ];
    for (const [caller, query, parameters] of cases) {
      const answer = await client.exportAs('json', query, caller);
      expect(answer.status, query).toBe(400);
      const body = answer.json<{ error: { code: string; details: { parameter: string }[] } }>();
      expect(body.error.code).toBe('INVALID_PARAMETER');
      expect(body.error.details.map((d) => d.parameter)).toEqual(parameters);
    }
    // A JSON cursor does not continue a CSV export.
    const wrongFormat = await client.exportAs('csv', `cursor=${cursor}`, key);
    expect(wrongFormat.status).toBe(400);
    // The cursor still works for its key, and no export unit went on the refusals.
    expect((await client.exportAs('json', `cursor=${cursor}`, key)).status).toBe(200);
    expect((await client.exportAs('json', 'severity=critical', key)).headers.get('x-ratelimit-remaining')).toBe('8');
  });

  it('every answer conforms to the OpenAPI document', () => {
    expect(client.conformanceProblems()).toEqual([]);
  });
});
