/**
 * The whole-data checker reads a product's ranges per operating system (CPE target_sw) as the
 * facts do, so Windows' own fix of Cloudflare WARP is not counted inside the Linux range.
 */
import { describe, expect, it } from 'vitest';
import { vulnerableSpans } from '../support/fix-checks.js';

const match = (os: string, fix: string) => ({ vulnerable: true, criteria: `cpe:2.3:a:cloudflare:warp:*:*:*:*:*:${os}:*:*`, versionEndExcluding: fix });

describe('the checker’s spans per target operating system', () => {
  it('ties each range to its platform when a product has ranges for two systems or more', () => {
    const spans = vulnerableSpans({
      configurations: [{ nodes: [{ cpeMatch: [match('linux_kernel', '2022.8.936'), match('windows', '2022.8.857.0')] }] }],
    });
    expect(spans.get('cloudflare:warp')!.map((s) => s.platforms)).toEqual([['linux'], ['windows']]);
  });

  it('leaves the ranges of a product made for one system on every platform', () => {
    const spans = vulnerableSpans({ configurations: [{ nodes: [{ cpeMatch: [match('windows', '2022.8.857.0')] }] }] });
    expect(spans.get('cloudflare:warp')!.map((s) => s.platforms)).toEqual([[]]);
  });

  it('reads "mac" as OS X (Primx ZED), and leaves every range on every platform where one names no known system', () => {
    const tied = vulnerableSpans({ configurations: [{ nodes: [{ cpeMatch: [match('mac', '2.0.199'), match('linux', '2.0.199')] }] }] });
    expect(tied.get('cloudflare:warp')!.map((s) => s.platforms)).toEqual([['os x'], ['linux']]);
    const untied = vulnerableSpans({ configurations: [{ nodes: [{ cpeMatch: [match('macos', '1.0'), match('universal', '2.0')] }] }] });
    expect(untied.get('cloudflare:warp')!.map((s) => s.platforms)).toEqual([[], []]);
  });
});
