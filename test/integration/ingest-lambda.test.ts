import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as ingestHandler } from '../../functions/ingest.js';
import { lambdaContext } from '../../shared/local/lambda-context.js';
import { applyFunctionEnvironment } from '../../shared/config/local.js';
import { withDownloadedSources } from '../../shared/ingest/fetch/download.js';
import { startLocalDynamo, type LocalDynamo } from '../../shared/local/dynalite-server.js';
import { localTableEnvironment } from '../../shared/local/local-tables.js';
import { resetDocumentClient } from '../../shared/repositories/dynamo-client.js';
import { advisoryRepository } from '../../shared/repositories/advisory-repository.js';
import { cveRepository } from '../../shared/repositories/cve-repository.js';
import { ingestRepository } from '../../shared/repositories/ingest-repository.js';
import { recogniseFile } from '../../shared/ingest/files.js';
import { fixture } from '../support/ingest-fixtures.js';
import { inventedCves, startNvdStandIn, type NvdStandIn } from '../support/nvd-stand-in.js';

/** A CPE dictionary in NVD's format that titles the invented product of the second CVE. */
const CPE_DICTIONARY = `<?xml version='1.0' encoding='UTF-8'?>
<cpe-list xmlns="http://cpe.mitre.org/dictionary/2.0" xmlns:cpe-23="http://scap.nist.gov/schema/cpe-extension/2.3">
  <cpe-item name="cpe:/a:example:product_1:1.0">
    <title xml:lang="en-US">Example Corp PRODUCT-1 Server 1.0</title>
    <cpe-23:cpe23-item name="cpe:2.3:a:example:product_1:1.0:*:*:*:*:*:*:*"/>
  </cpe-item>
</cpe-list>
`;

/** OSV.dev's export layout: a zip with one OSV record per `<id>.json`; one record is withdrawn. */
const OSV_ZIP = zipSync({
  'PYSEC-2021-335.json': strToU8(
    JSON.stringify({
      id: 'PYSEC-2021-335',
      modified: '2021-09-26T23:32:08Z',
      aliases: ['CVE-2021-32807'],
      details: 'AccessControl lets restricted code reach unsafe modules.',
      affected: [{ package: { name: 'AccessControl', ecosystem: 'PyPI' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '4.0' }, { fixed: '4.3' }] }] }],
    }),
  ),
  'PYSEC-2020-1.json': strToU8(
    JSON.stringify({
      id: 'PYSEC-2020-1',
      modified: '2021-01-01T00:00:00Z',
      withdrawn: '2021-01-01T00:00:00Z',
      aliases: [],
      affected: [{ package: { name: 'AccessControl', ecosystem: 'PyPI' }, versions: ['4.0'] }],
    }),
  ),
});

/** As Lambda invokes it: with a context (the 15-minute ingest timeout). */
const invoke = (event: unknown) => ingestHandler(event, lambdaContext('ingest', `ingest-${Date.now()}`, 900, 1024));

/** Serves side-source files; `/flaky` answers 503 to every other request. */
async function startFileServer(): Promise<{ url: string; close(): Promise<void> }> {
  let flaky = 0;
  const server: Server = createServer((req, res) => {
    if (req.url === '/kev.json') return res.end(readFileSync(fixture('kev.json')));
    if (req.url === '/metasploit.tsv.gz') return res.end(gzipSync(readFileSync(fixture('metasploit.tsv'))));
    // FIRST's daily EPSS file, gzipped as FIRST serves it, scoring the CVE the first run writes.
    if (req.url === '/epss.csv.gz')
      return res.end(gzipSync(`#model_version:v2025.03.14,score_date:2025-08-25T00:00:00Z\ncve,epss,percentile\n${cves[1]!.id},0.12345,0.93000\n`));
    if (req.url === '/cpe-dictionary.xml.gz') return res.end(gzipSync(CPE_DICTIONARY));
    if (req.url === '/osv/PyPI/all.zip') return res.end(OSV_ZIP);
    if (req.url === '/flaky' && flaky++ % 2 === 0) return res.writeHead(503).end();
    if (req.url === '/flaky') return res.end(readFileSync(fixture('cwe-names.tsv')));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

const NOW = Date.now();
let dynamo: LocalDynamo;
let nvd: NvdStandIn;
let files: Awaited<ReturnType<typeof startFileServer>>;
// The runs' temporary folder, as a warm Lambda container's /tmp: os.tmpdir() follows TMPDIR.
const realTmp = tmpdir();
const runTmp = mkdtempSync(join(realTmp, 'plaincve-lambda-tmp-'));
// Two CVEs modified in the last week (the first run's look-back), and one before it.
const cves = inventedCves(3, new Date(NOW - 10 * 86_400_000)).map((c, i) =>
  i === 0 ? c : { ...c, lastModified: new Date(NOW - i * 86_400_000).toISOString().replace('Z', '') },
);
for (const c of cves) (c.cve as { lastModified: string }).lastModified = c.lastModified;

beforeAll(async () => {
  process.env.TMPDIR = runTmp;
  dynamo = await startLocalDynamo();
  nvd = await startNvdStandIn(cves);
  files = await startFileServer();
  applyFunctionEnvironment({
    ...localTableEnvironment(),
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    AWS_REGION: 'local',
    NVD_API_URL: nvd.url,
    NVD_API_KEY: 'local-test-key',
    KEV_URL: `${files.url}/kev.json`,
    EPSS_URL: `${files.url}/epss.csv.gz`,
    INGEST_SOURCE_URLS: `${files.url}/metasploit.tsv.gz, ${files.url}/flaky`,
    CPE_DICTIONARY_URL: `${files.url}/cpe-dictionary.xml.gz`,
    OSV_EXPORT_URLS: `${files.url}/osv/PyPI/all.zip`,
  });
  resetDocumentClient();
});
afterAll(async () => {
  resetDocumentClient();
  await Promise.all([dynamo.close(), nvd.close(), files.close()]);
  process.env.TMPDIR = realTmp;
  rmSync(runTmp, { recursive: true, force: true });
});

describe('ingest Lambda', () => {
  it('a scheduled run reads KEV, FIRST EPSS and the side sources, then NVD changes of the look-back window, and stores the cursor', async () => {
    const result = await invoke({
      version: '0',
      id: 'e1',
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      time: new Date(NOW).toISOString(),
      resources: [],
      detail: {},
    });
    expect(result).toMatchObject({ written: 2, derived: 2, nvdPages: 1 });
    expect(nvd.requests[0]?.apiKey).toBe('local-test-key');
    expect(await cveRepository.get(cves[1]!.id)).toMatchObject({
      cvss_score: 7.5,
      cwe_ids: ['CWE-22'],
      exploit_intel: { epss: { score: 0.12345, percentile: 0.93, date: '2025-08-25' } },
    });
    expect(await cveRepository.get(cves[0]!.id)).toBeUndefined();
    // The configured CPE dictionary names the product (its legal form dropped); the tags keep the CPE spelling.
    const named = await cveRepository.get(cves[1]!.id);
    expect(named?.explanation?.affected).toContain('Example PRODUCT-1 Server');
    expect(named?.tags).toContainEqual({ tag: 'product_1', tag_type: 'product' });
    expect(await ingestRepository.getCursor(NVD_CURSOR_NAME)).toMatchObject({ complete: true });
    // OSV.dev's zip export: the live advisory is indexed under the PEP 503 name, the withdrawn one is not stored.
    expect(result).toMatchObject({ advisories: { read: 2, written: 1, withdrawn: 1 } });
    expect((await advisoryRepository.findByPackage('PyPI', 'accesscontrol')).map((a) => [a.id, a.cve_id])).toEqual([['PYSEC-2021-335', 'CVE-2021-32807']]);

    const again = await invoke({ 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} });
    expect(again).toMatchObject({ written: 0 });
    // Every downloaded file (KEV, EPSS, CPE dictionary, OSV zip, side sources) is gone with its folder.
    expect(readdirSync(runTmp)).toEqual([]);
  });

  it('a manual run with `since` reloads from that date', async () => {
    const result = await invoke({ since: new Date(NOW - 30 * 86_400_000).toISOString() });
    expect(result).toMatchObject({ derived: 3, written: 1 });
  });

  it('refuses a malformed event', async () => {
    await expect(invoke({ since: 'last tuesday' })).rejects.toThrow(/Invalid ingest event/);
  });

  it('a run that fails after its downloads leaves nothing in /tmp either', async () => {
    nvd.outage(404);
    try {
      await expect(invoke({ since: new Date(NOW - 30 * 86_400_000).toISOString() })).rejects.toThrow();
    } finally {
      nvd.outage(undefined);
    }
    expect(nvd.requests.at(-1)?.status).toBe(404);
    expect(readdirSync(runTmp)).toEqual([]);
  });
});

describe('side-source downloads', () => {
  it('retries a 503 and keeps gzip content as it came, recognised by content', async () => {
    const sleeps: number[] = [];
    const kinds = await withDownloadedSources(
      [`${files.url}/flaky`, `${files.url}/metasploit.tsv.gz`],
      { sleep: async (ms) => void sleeps.push(ms), backoffMs: 10 },
      (paths) => Promise.all(paths.map(async (p) => ((await recogniseFile(p)) as { source?: { label: string } } | undefined)?.source?.label)),
    );
    expect(sleeps).toEqual([10]);
    expect(kinds).toEqual(['CWE catalogue', 'Metasploit']);
    expect(readdirSync(runTmp)).toEqual([]);
  });

  it('fails clearly on a 404, and removes what it had downloaded before it', async () => {
    let used = false;
    await expect(withDownloadedSources([`${files.url}/kev.json`, `${files.url}/missing`], {}, () => Promise.resolve((used = true)))).rejects.toThrow(
      /answered 404/,
    );
    expect(used).toBe(false);
    expect(readdirSync(runTmp)).toEqual([]);
  });
});

const NVD_CURSOR_NAME = 'nvd';
