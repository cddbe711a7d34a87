import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../shared/domain/errors.js';
import { makeRecord } from '../support/records.js';
import { startTestStack, type TestStack } from '../support/stack.js';

const dataPath = mkdtempSync(join(tmpdir(), 'plaincve-dependency-'));
const record = makeRecord({ cve_id: 'CVE-2014-0160' });
let stack: TestStack;
let key: string;

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(errorEnvelopeSchema.parse(await response.json()).error.code).toBe('SERVICE_UNAVAILABLE');
  expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
}

beforeAll(async () => {
  stack = await startTestStack({ dataPath });
  await stack.seed([record]);
  key = await stack.newKey();
});
afterAll(async () => {
  await stack.close();
  rmSync(dataPath, { recursive: true, force: true });
});

describe('the database stops while the service runs', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, never 500, and recovers when it is back', async () => {
    expect((await stack.get('/health')).status).toBe(200);
    expect((await stack.get('/api/cve/CVE-2014-0160', { key })).status).toBe(200);

    await stack.stopDatabase();
    for (let round = 0; round < 2; round++) {
      await expectUnavailable(await stack.get('/health'));
      await expectUnavailable(await stack.get('/api/cve/CVE-2014-0160', { key }));
      await expectUnavailable(await stack.get('/api/cve/CVE-2099-0001', { key }));
    }
    // What needs no database still answers as before.
    expect((await stack.get('/api/cve/CVE-2014-0160')).status).toBe(401);
    expect((await stack.get('/nowhere')).status).toBe(404);

    await stack.startDatabase();
    const health = await stack.get('/health');
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('{"ok":true,"data":{"status":"healthy","product":"PlainCVE"}}');
    const lookup = await stack.get('/api/cve/CVE-2014-0160', { key });
    expect(lookup.status).toBe(200);
    expect(((await lookup.json()) as { data: { cve_id: string } }).data.cve_id).toBe('CVE-2014-0160');
  });
});
