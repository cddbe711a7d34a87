import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local stand-in for the NVD CVE API 2.0: paging, lastModified windows, scripted failures. */
export interface NvdStandIn {
  readonly url: string;
  /** Every request: its query and the status answered. */
  readonly requests: { startIndex: number; start: string; end: string; status: number; apiKey?: string }[];
  /** Statuses to answer instead of data, in order, for the next requests. */
  failNext(...statuses: number[]): void;
  /** Answer this status for every request from now on (an outage), until cleared. */
  outage(status: number | undefined): void;
  /** Holds every request from now on until `release` (a run kept in flight); `reached` resolves on the first held one. */
  hold(): { readonly reached: Promise<void>; release(): void };
  close(): Promise<void>;
}

const DAY = 86_400_000;

/** `count` invented CVEs, modified on distinct days from `from` (never on a window boundary: noon). */
export function inventedCves(count: number, from: Date): { id: string; lastModified: string; cve: unknown }[] {
  return Array.from({ length: count }, (_, i) => {
    const id = `CVE-2024-${String(90000 + i)}`;
    const lastModified = new Date(from.getTime() + i * 3 * DAY + DAY / 2).toISOString().replace('Z', '');
    return {
      id,
      lastModified,
      cve: {
        id,
        sourceIdentifier: 'cna@example.org',
        published: '2024-01-02T10:00:00.000',
        lastModified,
        vulnStatus: 'Analyzed',
        descriptions: [{ lang: 'en', value: `Example Product ${i} allows remote attackers to read files via a crafted path.` }],
        metrics: {
          cvssMetricV31: [
            {
              source: 'nvd@nist.gov',
              type: 'Primary',
              cvssData: { version: '3.1', vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', baseScore: 7.5, baseSeverity: 'HIGH' },
            },
          ],
        },
        weaknesses: [{ source: 'nvd@nist.gov', type: 'Primary', description: [{ lang: 'en', value: 'CWE-22' }] }],
        configurations: [
          {
            nodes: [
              {
                operator: 'OR',
                negate: false,
                cpeMatch: [{ vulnerable: true, criteria: `cpe:2.3:a:example:product_${i}:*:*:*:*:*:*:*:*`, versionEndExcluding: `1.${i}.0` }],
              },
            ],
          },
        ],
        references: [{ url: `https://example.org/advisories/${i}`, source: 'cna@example.org', tags: ['Vendor Advisory'] }],
      },
    };
  });
}

/**
 * `issuedKeys`: the API keys this NVD issued. Given, a request with any other key gets 404, as
 * NVD answers a key it does not know; not given, any key is taken.
 */
export async function startNvdStandIn(cves: ReturnType<typeof inventedCves>, options: { issuedKeys?: readonly string[] } = {}): Promise<NvdStandIn> {
  const requests: NvdStandIn['requests'] = [];
  const failures: number[] = [];
  let down: number | undefined;
  let held: { gate: Promise<void>; arrived: () => void } | undefined;
  const server: Server = createServer(async (req, res) => {
    if (held) {
      held.arrived();
      await held.gate;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = url.searchParams;
    const start = q.get('lastModStartDate') ?? '';
    const end = q.get('lastModEndDate') ?? '';
    const startIndex = Number(q.get('startIndex') ?? 0);
    const perPage = Number(q.get('resultsPerPage') ?? 2000);
    const apiKey = req.headers.apikey as string | undefined;
    const answer = (status: number, body?: unknown) => {
      requests.push({ startIndex, start, end, status, ...(apiKey ? { apiKey } : {}) });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    const failure = failures.shift() ?? down;
    if (failure) return answer(failure);
    if (apiKey !== undefined && options.issuedKeys && !options.issuedKeys.includes(apiKey)) return answer(404);
    const from = Date.parse(start);
    const to = Date.parse(end);
    // NVD answers 404 to a window over 120 days or a malformed date.
    if (!Number.isFinite(from) || !Number.isFinite(to) || to - from > 120 * DAY || to < from) return answer(404);
    const matching = cves.filter((c) => {
      const t = Date.parse(`${c.lastModified}Z`);
      return t >= from && t <= to;
    });
    const page = matching.slice(startIndex, startIndex + perPage);
    answer(200, {
      resultsPerPage: page.length,
      startIndex,
      totalResults: matching.length,
      format: 'NVD_CVE',
      version: '2.0',
      timestamp: new Date().toISOString(),
      vulnerabilities: page.map((c) => ({ cve: c.cve })),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rest/json/cves/2.0`,
    requests,
    failNext: (...statuses) => failures.push(...statuses),
    outage: (status) => (down = status),
    hold() {
      let release = () => {};
      let arrived = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      held = { gate, arrived };
      return {
        reached,
        release() {
          held = undefined;
          release();
        },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
