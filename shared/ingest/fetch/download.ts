/**
 * Fetches side-source files (KEV, CWE names, EPSS, exploit and detection tables) to a temporary
 * folder, so a scheduled run reads them exactly as `--from-dir` reads local files: by content.
 * Transient failures (429, 5xx, network) are retried with backoff.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface DownloadOptions {
  readonly fetch?: typeof fetch;
  readonly maxRetries?: number;
  readonly backoffMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

export async function downloadSources(urls: readonly string[], options: DownloadOptions = {}): Promise<string[]> {
  if (urls.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), 'plaincve-sources-'));
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
