/**
 * Fixes per platform (§9: a fix is never carried from one platform to another): one product's
 * ranges per operating system (CPE `target_sw`), and the platform a description names between a
 * product and its statement. Each rule through the real parser and derivation, beside the
 * neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { targetPlatform } from '../../shared/ingest/sources/target-platform.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const placed = (r: ReturnType<typeof derivedFixture>) => r.facts!.fixed_in.map((f) => `${f.version} ${f.platform ?? 'every platform'}`).sort();
const ranged = (vendorProduct: string, edition: string, os: string, fix: string) => ({
  criteria: `cpe:2.3:a:${vendorProduct}:*:*:*:*:${edition}:${os}:*:*`,
  versionEndExcluding: fix,
});

describe('the operating system a CPE target_sw names', () => {
  it.each([
    ['linux_kernel', 'linux'],
    ['mac', 'os x'],
    ['macos', 'os x'],
    ['mac_os_x', 'os x'],
    ['iphone_os', 'ios'],
    ['android', 'android'],
    ['windows', 'windows'],
    ['windows_phone', 'windows phone'],
    ['tizen', 'tizen'],
  ])('reads %s as %s', (target, platform) => expect(targetPlatform(target)).toBe(platform));

  it.each(['*', '-', 'universal', 'wordpress', 'node.js'])('names no system for %s', (target) => expect(targetPlatform(target)).toBeUndefined());
});

describe("one product's ranges per operating system (CPE target_sw; Cloudflare WARP, CVE-2022-3320, h40)", () => {
  const warp = (os: string, fix: string) => ranged('cloudflare:warp', '*', os, fix);
  const description = "It was possible to bypass policies configured for Zero Trust Secure Web Gateway by using warp-cli 'set-custom-endpoint' subcommand.";

  it('gives each platform its own fix, never the Linux fix to every platform', () => {
    const r = derivedFixture(description, [orNode(warp('linux_kernel', '2022.8.936'), warp('windows', '2022.8.857.0'), warp('macos', '2022.8.861.0'))]);
    expect(placed(r)).toEqual(['2022.8.857.0 windows', '2022.8.861.0 os x', '2022.8.936 linux']);
    expect(r.explanation!.fix).toContain('2022.8.936 on Linux, 2022.8.861.0 on OS X and 2022.8.857.0 on Windows');
  });

  it('leaves a product made for one system alone (no platform)', () => {
    expect(placed(derivedFixture(description, [orNode(warp('windows', '2022.8.857.0'))]))).toEqual(['2022.8.857.0 every platform']);
  });

  it('ties no range where one of the product’s ranges is for a system not known here (Office’s "universal", CVE-2025-21338)', () => {
    const office = (os: string, fix: string) => ranged('microsoft:office', '*', os, fix);
    const r = derivedFixture('Microsoft Office Remote Code Execution Vulnerability', [
      orNode(office('macos', '16.93.25011212'), office('android', '16.0.18429.20000'), office('universal', '16.0.14326.22175')),
    ]);
    expect(r.facts!.fixed_in.every((f) => f.platform === null)).toBe(true);
  });
});

describe('Primx ZED: one edition per system, "mac" read as OS X (CVE-2019-7312)', () => {
  const zed = (edition: string, os: string, fix: string) => ranged('primx:zed', edition, os, fix);
  const r = derivedFixture('Limited plaintext disclosure exists in PRIMX Zed. Analyzing a Zed container can lead to the disclosure of plaintext content.', [
    orNode(
      zed('free', 'windows', '1.0.195'),
      zed('free', 'linux', '1.0.199'),
      zed('free', 'mac', '1.0.199'),
      zed('entreprise', 'linux', '2.0.199'),
      zed('entreprise', 'mac', '2.0.199'),
      zed('entreprise', 'windows', '6.1.2240'),
    ),
  ]);

  it('keeps the OS X fix beside the same version on Linux', () => {
    expect(placed(r)).toEqual(['1.0.195 windows', '1.0.199 linux', '1.0.199 os x', '2.0.199 linux', '2.0.199 os x', '6.1.2240 windows']);
    expect(r.explanation!.fix).toContain('2.0.199 on Linux and OS X');
  });
});

describe("a range tied to its system by target_sw is not also tied to an AND configuration's device (TrackR, CVE-2016-6538)", () => {
  it('gives the iOS fix to iOS alone', () => {
    const firmware = (os: string, fix: string) => ({
      vulnerable: true,
      criteria: `cpe:2.3:o:thetrackr:trackr_bravo_firmware:*:*:*:*:*:${os}:*:*`,
      versionEndExcluding: fix,
    });
    const r = derivedFixture('The TrackR Bravo mobile app stores the account password in cleartext.', [
      {
        operator: 'AND',
        nodes: [
          { operator: 'OR', negate: false, cpeMatch: [firmware('android', '2.2.5'), firmware('iphone_os', '5.1.6')] },
          { operator: 'OR', negate: false, cpeMatch: [{ vulnerable: false, criteria: 'cpe:2.3:h:thetrackr:trackr_bravo:-:*:*:*:*:*:*:*' }] },
        ],
      },
    ]);
    expect(placed(r)).toEqual(['2.2.5 android', '5.1.6 ios']);
  });
});

describe('the platform a description names between a product and its statement ("WhatsApp for iOS prior to v2.18.93", CVE-2018-6344)', () => {
  const whatsapp = (os: string, fix: string) => ranged('whatsapp:whatsapp', '*', os, fix);
  const configurations = [orNode(whatsapp('android', '2.18.293'), whatsapp('iphone_os', '2.18.93'), whatsapp('windows_phone', '2.18.172'))];

  it('keeps each platform its own fix', () => {
    const r = derivedFixture(
      'A heap corruption in WhatsApp can be caused by a malformed RTP packet. It affects WhatsApp for Android prior to v2.18.293, WhatsApp for iOS prior to v2.18.93, and WhatsApp for Windows Phone prior to v2.18.172.',
      configurations,
    );
    expect(placed(r)).toEqual(['v2.18.172 windows phone', 'v2.18.293 android', 'v2.18.93 ios']);
    expect(r.explanation!.fix).toContain('v2.18.172 on Windows Phone');
  });

  it('reads a version right after the platform as the platform’s own ("OpenSSH on FreeBSD 4.4 and earlier"), no platform of the product', () => {
    const r = derivedFixture('libutil in OpenSSH on FreeBSD 4.4 and earlier does not drop privileges, which allows local users to read arbitrary files.', [
      orNode({ criteria: 'cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:*', versionEndIncluding: '4.4' }),
    ]);
    expect(r.facts!.last_affected.map((l) => l.platform)).not.toContain('freebsd');
  });
});

describe('a record that lists no product', () => {
  it('names the product before "for Linux", not Linux ("the Zoom Workplace App for Linux before version 6.2.5", CVE-2025-0143)', () => {
    const r = derivedFixture(
      'Out-of-bounds write in the Zoom Workplace App for Linux before version 6.2.5 may allow an unauthorized user to conduct a denial of service via network access.',
    );
    expect(r.facts!.fixed_in.map((f) => `${f.product} ${f.version} ${f.platform}`)).toEqual(['zoom:workplace_app 6.2.5 linux']);
    expect(r.explanation!.fix).toContain('Update Zoom Workplace App to version 6.2.5 or later on Linux');
  });

  it('reads "users should upgrade to version 25.1.0" as a fix of the record’s subject, no product "Should" (CVE-2025-22146)', () => {
    const r = derivedFixture(
      'Sentry is a developer-first error tracking tool. A crafted request can take over accounts. Otherwise, users should upgrade to version 25.1.0 or higher.',
    );
    expect(r.explanation!.fix).not.toMatch(/Should/);
    expect(r.facts!.fixed_in.map((f) => f.version)).toEqual(['25.1.0']);
  });

  it('reads "Ver" as the word version ("HGW-BL1500HM Ver 002.002.003 and earlier", CVE-2025-27726)', () => {
    const r = derivedFixture('Path traversal in the download process of HGW-BL1500HM Ver 002.002.003 and earlier allows an attacker to read files.');
    expect(r.explanation!.fix).not.toMatch(/\bVER\b/);
  });
});
