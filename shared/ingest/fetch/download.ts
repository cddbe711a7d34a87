/**
 * Fetches side-source files (KEV, CWE names, EPSS, exploit and detection tables) to a temporary
 * folder, so a scheduled run reads them exactly as `--from-dir` reads local files: by content.
 * Transient failures (429, 5xx, network) are retried with backoff.
 *
 * The folder lives only as long as the run that reads it: Lambda keeps a warm container's /tmp
 * (512 MB) from one invocation to the next, and the OSV exports alone are hundreds of MB, so a
 * folder left behind by each run would fill it within a few runs and fail every later one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface DownloadOptions {
  readonly fetch?: typeof fetch;
  readonly maxRetries?: number;
  readonly backoffMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Downloads the files, hands their paths to `use`, and removes them when `use` is done, whether it succeeded or failed. */
export async function withDownloadedSources<T>(urls: readonly string[], options: DownloadOptions, use: (paths: string[]) => Promise<T>): Promise<T> {
  if (urls.length === 0) return use([]);
  const dir = mkdtempSync(join(tmpdir(), 'plaincve-sources-'));
  try {
    return await use(await downloadInto(dir, urls, options));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function downloadInto(dir: string, urls: readonly string[], options: DownloadOptions): Promise<string[]> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const paths: string[] = [];
  for (const [i, url] of urls.entries()) {
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      try {
        const response = await doFetch(url, { headers: { 'User-Agent': 'PlainCVE ingest' } });
        status = response.status;
        if (response.ok) {
          const path = join(dir, `source-${i}`);
          writeFileSync(path, Buffer.from(await response.arrayBuffer()));
          paths.push(path);
          break;
        }
        await response.body?.cancel();
        if (status !== 429 && status < 500) throw new Error(`${new URL(url).host} answered ${status}`);
      } catch (error) {
        if (status !== 0 && status !== 429 && status < 500) throw error;
      }
      if (attempt >= (options.maxRetries ?? 4)) throw new Error(`${new URL(url).host} failed after retries (last status ${status || 'no answer'})`);
      await sleep((options.backoffMs ?? 2000) * 2 ** attempt);
    }
  }
  return paths;
}
