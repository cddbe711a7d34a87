import { lookup } from 'node:dns/promises';

/**
 * How a webhook's host name becomes addresses. The system resolver by default; tests (and only
 * tests) inject their own, so a check of a name that resolves to a private or metadata address
 * never needs a real DNS answer and never connects anywhere (TEAM-RULES: loopback traffic only).
 */
export type HostResolver = (hostname: string) => Promise<string[]>;

const systemResolver: HostResolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

let current: HostResolver = systemResolver;

export function resolveHost(hostname: string): Promise<string[]> {
  return current(hostname);
}

/** Tests: resolve names with `resolver`; undefined restores the system resolver. */
export function useHostResolver(resolver: HostResolver | undefined): void {
  current = resolver ?? systemResolver;
}
