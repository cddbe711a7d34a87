/**
 * NVD CVE API 2.0, incrementally: CVEs modified in [since, until), asked for in windows of at
 * most 120 days (the API's limit for lastModStartDate/lastModEndDate), page by page with
 * startIndex/resultsPerPage. Polite: one request at a time, spaced by NVD's published limits
 * (5 requests per 30 s without a key, 50 with one); 403 (NVD's rate-limit answer), 429 and 5xx
 * are retried with exponential backoff (honouring Retry-After). Each page comes with the cursor
 * to store once the page has been written; a run started from that cursor resumes after it.
 */
import { nvdPageCves } from '../sources/nvd.js';

export const NVD_MAX_WINDOW_DAYS = 120;
export const NVD_MAX_RESULTS_PER_PAGE = 2000;
const DAY_MS = 86_400_000;

export interface NvdCursor {
  /** The window being read, ISO timestamps. */
  readonly windowStart: string;
  readonly windowEnd: string;
  /** Next startIndex inside the window. */
  readonly startIndex: number;
  /** End of the whole run; the next run starts here once `complete`. */
  readonly until: string;
  readonly complete: boolean;
}

export interface NvdFetchOptions {
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly resultsPerPage?: number;
  /** Gap between requests; defaults to NVD's limits (6.5 s without a key, 0.7 s with one). */
  readonly pacingMs?: number;
  readonly maxRetries?: number;
  /** First backoff delay; doubles on each retry. */
  readonly backoffMs?: number;
  readonly fetch?: typeof fetch;
  readonly sleep?: (ms: number) => Promise<void>;
}

export interface NvdPage {
  readonly cves: unknown[];
  readonly totalResults: number;
  /** Store this after the page's records are written. */
  readonly cursor: NvdCursor;
}

export class NvdFetchError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'NvdFetchError';
  }
}

const RETRYABLE = new Set([403, 429, 500, 502, 503, 504]);

/** NVD's date form, with an explicit offset (URLSearchParams encodes the '+'). */
export function nvdDate(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

/** The first cursor of a run over [since, until). */
export function startCursor(since: Date, until: Date): NvdCursor {
  const windowEnd = new Date(Math.min(until.getTime(), since.getTime() + NVD_MAX_WINDOW_DAYS * DAY_MS));
  return {
    windowStart: since.toISOString(),
    windowEnd: windowEnd.toISOString(),
    startIndex: 0,
    until: until.toISOString(),
    complete: since.getTime() >= until.getTime(),
  };
}

function nextWindow(cursor: NvdCursor): NvdCursor {
  if (cursor.windowEnd >= cursor.until) return { ...cursor, windowStart: cursor.until, windowEnd: cursor.until, startIndex: 0, complete: true };
  return startCursor(new Date(cursor.windowEnd), new Date(cursor.until));
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function getPage(url: URL, options: NvdFetchOptions): Promise<{ totalResults: number; cves: unknown[]; returned: number }> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxRetries = options.maxRetries ?? 6;
  const backoff = options.backoffMs ?? 2000;
  for (let attempt = 0; ; attempt++) {
    let status: number | undefined;
    let retryAfter: number | undefined;
    try {
      const response = await doFetch(url, { headers: { Accept: 'application/json', ...(options.apiKey ? { apiKey: options.apiKey } : {}) } });
      status = response.status;
      if (response.ok) {
        const body = (await response.json()) as { totalResults?: number; resultsPerPage?: number };
        const cves = nvdPageCves(body);
        return { totalResults: Number(body.totalResults ?? 0), cves, returned: cves.length };
      }
      const header = Number(response.headers.get('retry-after'));
      if (Number.isFinite(header) && header > 0) retryAfter = header * 1000;
      await response.body?.cancel();
      if (!RETRYABLE.has(status)) throw new NvdFetchError(`NVD answered ${status} for ${url.pathname}`, status);
    } catch (error) {
      if (error instanceof NvdFetchError) throw error;
      if (status === undefined && attempt >= maxRetries) throw new NvdFetchError(`NVD unreachable: ${(error as Error).message}`);
    }
    if (attempt >= maxRetries) throw new NvdFetchError(`NVD still answered ${status} after ${maxRetries} retries`, status);
    await sleep(retryAfter ?? backoff * 2 ** attempt);
  }
}

/**
 * Pages of CVEs modified in the cursor's range, from the cursor's position on. The generator
 * never stores anything itself: the caller writes the page, then stores `page.cursor`.
 */
export async function* nvdChanges(from: NvdCursor, options: NvdFetchOptions): AsyncGenerator<NvdPage> {
  const perPage = Math.min(options.resultsPerPage ?? NVD_MAX_RESULTS_PER_PAGE, NVD_MAX_RESULTS_PER_PAGE);
  const pacing = options.pacingMs ?? (options.apiKey ? 700 : 6500);
  const sleep = options.sleep ?? defaultSleep;
  let cursor = from;
  let first = true;
  while (!cursor.complete) {
    if (!first) await sleep(pacing);
    first = false;
    const url = new URL(options.baseUrl);
    url.searchParams.set('lastModStartDate', nvdDate(new Date(cursor.windowStart)));
    url.searchParams.set('lastModEndDate', nvdDate(new Date(cursor.windowEnd)));
    url.searchParams.set('startIndex', String(cursor.startIndex));
    url.searchParams.set('resultsPerPage', String(perPage));
    const page = await getPage(url, options);
    const nextIndex = cursor.startIndex + page.returned;
    cursor = page.returned === 0 || nextIndex >= page.totalResults ? nextWindow(cursor) : { ...cursor, startIndex: nextIndex };
    yield { cves: page.cves, totalResults: page.totalResults, cursor };
  }
}
