import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as ingestHandler } from '../../functions/ingest.js';
import { resetConfig } from '../../shared/config/index.js';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { startLocalDynamo, type LocalDynamo } from '../../shared/local/dynalite-server.js';
import { lambdaContext } from '../../shared/local/lambda-context.js';
import { localTableEnvironment } from '../../shared/local/local-tables.js';
import { NVD_API_KEY_PLACEHOLDER } from '../../shared/platform/deployment.js';
import { cveRepository } from '../../shared/repositories/cve-repository.js';
import { resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { fixture } from '../support/ingest-fixtures.js';
import { inventedCves, startNvdStandIn, type NvdStandIn } from '../support/nvd-stand-in.js';

/*
 * The NVD API key is optional (docs/deploy.md): the scheduled ingest completes with none, with
 * the placeholder the deployed secret holds until an operator fills it, and with a key NVD
 * issued. The stand-in answers 404 to a key it did not issue, as NVD does, which is what a
 * generated secret value met on every run.
 */
const ISSUED_KEY = '0f3c2a1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const NOW = Date.now();
// Modified in the last week: inside the first run's look-back.
const cves = inventedCves(2, new Date(NOW - 5 * 86_400_000));

let dynamo: LocalDynamo;
let nvd: NvdStandIn;
let files: { url: string; close(): Promise<void> };

async function startKevServer(): Promise<typeof files> {
  const server: Server = createServer((req, res) => (req.url === '/kev.json' ? res.end(readFileSync(fixture('kev.json'))) : res.writeHead(404).end()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** The hourly EventBridge event, as Lambda delivers it. */
const scheduledRun = () =>
  ingestHandler(
    { version: '0', id: `e-${Date.now()}`, 'detail-type': 'Scheduled Event', source: 'aws.events', time: new Date().toISOString(), resources: [], detail: {} },
    lambdaContext('ingest', `ingest-${Date.now()}`, 900, 1536),
  );

function configureKey(value: string | undefined): void {
  if (value === undefined) delete process.env.NVD_API_KEY;
  else process.env.NVD_API_KEY = value;
  delete process.env.NVD_API_KEY_SECRET_ID;
  resetConfig();
}

beforeAll(async () => {
  dynamo = await startLocalDynamo();
  nvd = await startNvdStandIn(cves, { issuedKeys: [ISSUED_KEY] });
  files = await startKevServer();
  applyFunctionEnvironment({
    ...localTableEnvironment(),
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    AWS_REGION: 'local',
    NVD_API_URL: nvd.url,
    KEV_URL: `${files.url}/kev.json`,
    EPSS_URL: '',
    INGEST_SOURCE_URLS: '',
    OSV_EXPORT_URLS: '',
  });
  resetDocumentClient();
});
beforeEach(() => {
  nvd.requests.length = 0;
});
afterAll(async () => {
  configureKey(undefined);
  resetDocumentClient();
  await Promise.all([dynamo.close(), nvd.close(), files.close()]);
});

describe('the scheduled ingest and the optional NVD key', () => {
  it('with no key configured: completes, asks NVD without an apiKey header, stores the changed CVEs', async () => {
    configureKey(undefined);
    await expect(scheduledRun()).resolves.toMatchObject({ status: 'done', written: 2, nvdPages: 1 });
    expect(nvd.requests.length).toBeGreaterThan(0);
    expect(nvd.requests.every((r) => r.status === 200 && r.apiKey === undefined)).toBe(true);
    expect(await cveRepository.get(cves[0]!.id)).toBeDefined();
  });

  it('with the placeholder the deployed secret starts with: completes keyless', async () => {
    configureKey(NVD_API_KEY_PLACEHOLDER);
    await expect(scheduledRun()).resolves.toMatchObject({ status: 'done' });
    expect(nvd.requests.length).toBeGreaterThan(0);
    expect(nvd.requests.every((r) => r.status === 200 && r.apiKey === undefined)).toBe(true);
  });

  it('with a key NVD issued: completes, sending it', async () => {
    configureKey(` ${ISSUED_KEY}\n`);
    await expect(scheduledRun()).resolves.toMatchObject({ status: 'done' });
    expect(nvd.requests.length).toBeGreaterThan(0);
    expect(nvd.requests.every((r) => r.status === 200 && r.apiKey === ISSUED_KEY)).toBe(true);
  });

  it('with a key NVD never issued (what a generated secret value was): NVD answers 404 and the run fails, so the alarm fires', async () => {
    configureKey('Xk9vQ2mT7pLr4sWz8yBn3cFd6gHj1aE5uIoPqRsTuVwXyZ0123456789AbCdEfGh');
    await expect(scheduledRun()).rejects.toThrow(/404/);
    expect(nvd.requests.map((r) => r.status)).toEqual([404]);
  });
});
