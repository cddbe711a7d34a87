import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLocalStore } from '../../shared/local/local-store.js';
import { PROJECT_ROOT } from '../../shared/local/stack.js';
import { advisoryRepository } from '../../shared/repositories/advisory-repository.js';
import { cveRepository } from '../../shared/repositories/cve-repository.js';
import { fixture } from '../support/ingest-fixtures.js';
import { inventedCves, startNvdStandIn, type NvdStandIn } from '../support/nvd-stand-in.js';

const NOW = Date.now();
// Modified within the first run's look-back (7 days).
const cves = inventedCves(2, new Date(NOW - 5 * 86_400_000));
const localDir = mkdtempSync(join(tmpdir(), 'plaincve-download-'));
let nvd: NvdStandIn;
let files: Server;
let filesUrl: string;
const served: string[] = [];

/** Loopback stand-ins of KEV, FIRST EPSS, a Metasploit table and OSV.dev's PyPI export. */
function startFiles(): Promise<void> {
  files = createServer((req, res) => {
    served.push(req.url ?? '');
    if (req.url === '/kev.json') return res.end(readFileSync(fixture('kev.json')));
    if (req.url === '/epss.csv.gz')
      return res.end(gzipSync(`#model_version:v2025.03.14,score_date:2025-08-25T00:00:00Z\ncve,epss,percentile\n${cves[1]!.id},0.5,0.9\n`));
    if (req.url === '/metasploit.tsv.gz') return res.end(gzipSync(readFileSync(fixture('metasploit.tsv'))));
    if (req.url === '/osv/PyPI/all.zip') {
      return res.end(
        zipSync({
          'PYSEC-2021-335.json': strToU8(
            JSON.stringify({
              id: 'PYSEC-2021-335',
              modified: '2021-09-26T23:32:08Z',
              aliases: ['CVE-2021-32807'],
              details: 'AccessControl lets restricted code reach unsafe modules.',
              affected: [
                { package: { name: 'AccessControl', ecosystem: 'PyPI' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '4.0' }, { fixed: '4.3' }] }] },
              ],
            }),
          ),
        }),
      );
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    files.listen(0, '127.0.0.1', () => {
      filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

function runIngest(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'ingest'], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        PLAINCVE_LOCAL_DIR: localDir,
        NVD_API_URL: nvd.url,
        KEV_URL: `${filesUrl}/kev.json`,
        EPSS_URL: `${filesUrl}/epss.csv.gz`,
        INGEST_SOURCE_URLS: `${filesUrl}/metasploit.tsv.gz`,
        OSV_EXPORT_URLS: `${filesUrl}/osv/PyPI/all.zip`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  // This process reads the store the CLI wrote: the same local folder.
  process.env.PLAINCVE_LOCAL_DIR = localDir;
  nvd = await startNvdStandIn(cves);
  await startFiles();
});
afterAll(async () => {
  delete process.env.PLAINCVE_LOCAL_DIR;
  await nvd?.close();
  await new Promise<void>((resolve) => files.close(() => resolve()));
  rmSync(localDir, { recursive: true, force: true });
});

describe('npm run ingest with no folder: the public sources, downloaded as the scheduled ingest does', () => {
  it('loads every source kind into the local store, with progress; a second run continues from the stored NVD cursor', async () => {
    const run = await runIngest();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/NVD: up to .* of the history since 1999/);
    expect(served.sort()).toEqual(['/epss.csv.gz', '/kev.json', '/metasploit.tsv.gz', '/osv/PyPI/all.zip']);
    expect(nvd.requests.length).toBeGreaterThan(0);

    const loaded = await withLocalStore(async () => ({
      records: await cveRepository.getMany(cves.map((c) => c.id)),
      advisories: await advisoryRepository.findByPackage('PyPI', 'accesscontrol'),
    }));
    expect(loaded.records.map((r) => r.cve_id)).toEqual(cves.map((c) => c.id));
    expect(loaded.records[1]?.exploit_intel?.epss).toEqual({ score: 0.5, percentile: 0.9, date: '2025-08-25' });
    expect(loaded.advisories.map((a) => a.id)).toEqual(['PYSEC-2021-335']);

    // Resumable: the cursor stored by the first run is where the second starts.
    const firstRequests = nvd.requests.length;
    const again = await runIngest();
    expect(again.code, again.stderr).toBe(0);
    // The first run read the 7-day look-back; the second starts where the first ended.
    expect(nvd.requests[firstRequests]?.start).toBe(nvd.requests[firstRequests - 1]?.end);
    expect(Date.parse(nvd.requests[0]?.start ?? '')).toBeLessThan(NOW - 6 * 86_400_000);
  });
});
