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

describe("the check's own reading of a list of hardware models (Cisco NX-OS per family, CVE-2019-1776)", () => {
  const nxos = (end: string) => ({ vulnerable: true, criteria: 'cpe:2.3:o:cisco:nx-os:*:*:*:*:*:*:*:*', versionEndExcluding: end });
  const hardware = (...models: string[]) => ({ cpeMatch: models.map((m) => ({ vulnerable: false, criteria: `cpe:2.3:h:cisco:${m}:-:*:*:*:*:*:*:*` })) });
  const family = (end: string, models: string[]) => ({ operator: 'AND', nodes: [{ cpeMatch: [nxos(end)] }, hardware(...models)] });

  it('ties each family its own platform, named as the facts name it, where the firmware is listed twice or more', () => {
    const spans = vulnerableSpans({
      configurations: [
        family('8.2(2)', ['mds_9132t', 'mds_9148s', 'mds_9148t', 'mds_9216']),
        family('4.0(1a)', ['ucs_6248up', 'ucs_6296up', 'ucs_6324', 'ucs_6332']),
      ],
      description: 'Cisco NX-OS Software',
    }).get('cisco:nx-os')!;
    expect(spans.map((s) => s.platforms)).toEqual([['4 MDS devices'], ['4 UCS devices']]);
  });

  it('leaves a firmware listed once on every platform', () => {
    const spans = vulnerableSpans({ configurations: [family('8.2(2)', ['mds_9132t', 'mds_9148s', 'mds_9148t', 'mds_9216'])] }).get('cisco:nx-os')!;
    expect(spans.map((s) => s.platforms)).toEqual([[]]);
  });
});
