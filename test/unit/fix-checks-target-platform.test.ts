/**
 * The whole-data checker reads a product's ranges per operating system (CPE target_sw) as the
 * facts do, so Windows' own fix of Cloudflare WARP is not counted inside the Linux range.
 */
import { describe, expect, it } from 'vitest';
import { factFaults, vulnerableSpans } from '../support/fix-checks.js';
import { derivedFixture } from '../support/nvd-fixtures.js';

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

describe("the check's reading of Jenkins' LTS and weekly ranges (CPE sw_edition lts and -, CVE-2025-31721)", () => {
  const jenkins = (edition: string, end: string) => ({
    vulnerable: true,
    criteria: `cpe:2.3:a:jenkins:jenkins:*:*:*:*:${edition}:*:*:*`,
    versionEndExcluding: end,
  });
  const raw = { configurations: [{ nodes: [{ cpeMatch: [jenkins('lts', '2.492.3')] }] }, { nodes: [{ cpeMatch: [jenkins('-', '2.504')] }] }] };
  const record = (version: string) => {
    const derived = derivedFixture('A missing permission check in Jenkins 2.503 and earlier, LTS 2.492.2 and earlier allows attackers to copy an agent.');
    return {
      ...derived,
      explanation: { ...derived.explanation!, fix: version },
      facts: { ...derived.facts!, fixed_in: [{ product: 'jenkins:jenkins', version, branch: null, platform: null, source: 'configuration' as const }] },
    };
  };

  it("holds the LTS fix in the LTS range's track only, not in the weekly range", () => {
    expect(factFaults(record('2.492.3'), raw)).toEqual([]);
  });

  it('still counts a weekly version inside the weekly range', () => {
    expect(factFaults(record('2.500'), raw)).toHaveLength(1);
  });
});
