/**
 * Fix facts and text of the twenty-second session, each beside a neighbour it must leave alone: a configured range
 * that starts on an older line ("3.19 to before 4.1.43") keeps its fix beside the description's one fix when that
 * fix is another configured line's bound (the kernel's "before 4.12.3", CVE-2017-7541, h47), and the described fix
 * then names its line (Sudo's 1.9.5 beside 1.8.32, CVE-2021-23239); the one unlined fix above lined ones is "for
 * other releases" (Apple's "13.5 and 12.6.8 for the 12.x line", CVE-2023-32442).
 */
import { describe, expect, it } from 'vitest';
import type { VersionFact } from '../../shared/domain/facts.js';
import { fixFactSentences } from '../../shared/ingest/explainer/fix.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const kernel = (start: string, end: string) => ({
  criteria: 'cpe:2.3:o:linux:linux_kernel:*:*:*:*:*:*:*:*',
  versionStartIncluding: start,
  versionEndExcluding: end,
});
const fixesOf = (r: ReturnType<typeof derivedFixture>) => r.facts!.fixed_in.map((f) => `${f.version}${f.branch === null ? '' : ` (${f.branch})`}`);

describe('the kernel\'s "before 4.12.3" beside per-line ranges, one of them starting on the 3.x line (CVE-2017-7541)', () => {
  const description =
    'The brcmf_cfg80211_mgmt_tx function in drivers/net/wireless/broadcom/brcm80211/brcmfmac/cfg80211.c in the Linux kernel before 4.12.3 allows local users to cause a denial of service (buffer overflow and system crash) or possibly gain privileges via a crafted NL80211_CMD_FRAME Netlink packet.';
  const ranges = orNode(
    kernel('3.19', '4.1.43'),
    kernel('4.2', '4.4.78'),
    kernel('4.5', '4.9.39'),
    kernel('4.10', '4.11.12'),
    kernel('4.12', '4.12.3'),
    kernel('3.9', '3.10.108'),
    kernel('3.11', '3.16.48'),
    kernel('3.17', '3.18.62'),
  );

  it("keeps every line's fix, 4.1.43 of the range that starts at 3.19 too", () => {
    const r = derivedFixture(description, [ranges]);
    expect(
      fixesOf(r)
        .map((f) => f.split(' ')[0])
        .sort(),
    ).toEqual(['3.10.108', '3.16.48', '3.18.62', '4.1.43', '4.11.12', '4.12.3', '4.4.78', '4.9.39']);
    expect(r.explanation!.fix).toContain('4.1.43 for the 4.1.x line');
  });

  it("names the described fix's line beside an open range's fix of an older line (Sudo's \"before 1.9.5\", CVE-2021-23239)", () => {
    const sudo = (end: string, start?: string) => ({
      criteria: 'cpe:2.3:a:sudo_project:sudo:*:*:*:*:*:*:*:*',
      ...(start ? { versionStartIncluding: start } : {}),
      versionEndExcluding: end,
    });
    const r = derivedFixture(
      'The sudoedit personality of Sudo before 1.9.5 may allow a local unprivileged user to perform arbitrary directory-existence tests.',
      [orNode(sudo('1.8.32'), sudo('1.9.5', '1.9.0'))],
    );
    expect(fixesOf(r).sort()).toEqual(['1.8.32', '1.9.5 (1.9)']);
    expect(r.explanation!.fix).toContain('1.9.5 for the 1.9.x line and 1.8.32 for older releases');
  });

  it('still drops a configured fix below the described one where no configured range ends at the described fix', () => {
    const r = derivedFixture(description, [orNode(kernel('3.19', '4.1.43'))]);
    expect(fixesOf(r)).toEqual(['4.12.3']);
  });
});

describe('the one unlined fix above a lined one (macOS Ventura 13.5 beside Monterey 12.6.8, CVE-2023-32442)', () => {
  const fix = (version: string, branch: string | null): VersionFact => ({ product: 'apple:macos', version, branch, platform: null, source: 'description' });
  const text = (fixes: VersionFact[]) =>
    fixFactSentences(
      { fixed_in: fixes, last_affected: [], fix_stated: true, advisoryHosts: [], patchLinks: false, steps: { optIn: false, replaceKeys: false } },
      () => 'Apple macOS',
    ).join(' ');

  it("is said to be every other release's, never read as a second fix of the named line", () => {
    const said = text([fix('13.5', null), fix('12.6.8', '12')]);
    expect(said).toContain('13.5 for other releases and 12.6.8 for the 12.x line');
    expect(said).not.toContain('13.5 and 12.6.8');
  });

  it('leaves alone an unlined fix below the lined ones, and fixes that all name their lines', () => {
    expect(text([fix('2.0.5', '2.0'), fix('1.9.8', null)])).toContain('2.0.5 for the 2.0.x line and 1.9.8 for older releases');
    expect(text([fix('13.5', '13'), fix('12.6.8', '12')])).toContain('13.5 for the 13.x line and 12.6.8 for the 12.x line');
  });
});

describe('Jenkins\' "2.503 and earlier, LTS 2.492.2 and earlier" beside its LTS and weekly ranges (CVE-2025-31721, h47)', () => {
  const ranges = [
    orNode({ criteria: 'cpe:2.3:a:jenkins:jenkins:*:*:*:*:lts:*:*:*', versionEndExcluding: '2.492.3' }),
    orNode({ criteria: 'cpe:2.3:a:jenkins:jenkins:*:*:*:*:-:*:*:*', versionEndExcluding: '2.504' }),
  ];
  const description = (affected: string) =>
    `A missing permission check in Jenkins ${affected} allows attackers with Computer/Create permission but without Computer/Configure permission to copy an agent, gaining access to encrypted secrets in its configuration.`;

  it("keeps the LTS line's fix beside the weekly one", () => {
    const r = derivedFixture(description('2.503 and earlier, LTS 2.492.2 and earlier'), ranges);
    expect(
      fixesOf(r)
        .map((f) => f.split(' ')[0])
        .sort(),
    ).toEqual(['2.492.3', '2.504']);
    expect(r.explanation!.fix).toContain('2.492.3');
  });

  it('still drops it where the description names no LTS version and calls 2.503 affected', () => {
    const r = derivedFixture(description('2.503 and earlier'), ranges);
    expect(fixesOf(r)).toEqual(['2.504']);
  });
});

describe("an unlined fix on a lined fix's line (OpenSSL's 1.0.2e beside 1.0.1q of the 1.0 line, CVE-2015-3194)", () => {
  it('is not said to be for other releases', () => {
    const fix = (version: string, branch: string | null): VersionFact => ({
      product: 'openssl:openssl',
      version,
      branch,
      platform: null,
      source: 'description',
    });
    const said = fixFactSentences(
      {
        fixed_in: [fix('1.0.2e', null), fix('1.0.1q', '1.0')],
        last_affected: [],
        fix_stated: true,
        advisoryHosts: [],
        patchLinks: false,
        steps: { optIn: false, replaceKeys: false },
      },
      () => 'OpenSSL',
    ).join(' ');
    expect(said).not.toContain('for other releases');
  });
});

describe('OpenSSL\'s "1.0.1 before 1.0.1q and 1.0.2 before 1.0.2e" beside its listed letter releases (CVE-2015-3194)', () => {
  const release = (version: string) => ({ criteria: `cpe:2.3:a:openssl:openssl:${version}:*:*:*:*:*:*:*` });
  const listed = [orNode(release('1.0.1'), release('1.0.1p'), release('1.0.2'), release('1.0.2d'))];

  it('gives 1.0.1q the 1.0.1 line it is written with, never the 1.0 line that holds 1.0.2 too', () => {
    const r = derivedFixture(
      'crypto/rsa/rsa_ameth.c in OpenSSL 1.0.1 before 1.0.1q and 1.0.2 before 1.0.2e allows remote attackers to cause a denial of service (NULL pointer dereference and application crash).',
      listed,
    );
    expect(fixesOf(r)).toContain('1.0.1q (1.0.1)');
    expect(r.explanation!.fix).not.toContain('for the 1.0.x line');
  });

  it('leaves a two-number release, and a base the fix does not continue, to the release line', () => {
    const r = derivedFixture('A flaw in OpenSSL 1.0 before 1.0.1q and 1.0.2 before 1.0.2e allows remote attackers to cause a denial of service.', listed);
    // "1.0 before 1.0.1q" writes no line of 1.0.1; beside 1.0.2e of the 1.0.2 line (the twenty-third session) it is the older releases' fix.
    expect(fixesOf(r)).toContain('1.0.1q');
    expect(r.explanation!.fix).toContain('1.0.2e for the 1.0.2 line and 1.0.1q for older releases');
  });
});
