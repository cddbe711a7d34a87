/**
 * Rules from the twentieth session's readings, each beside a neighbour it must leave alone: the process whose rights the
 * attacker gains or must already control is no place of the bug (MuleSoft, CVE-2019-15630; Chrome's compromised renderer),
 * OWASP's stored-XSS wording is stored script (PandoraFMS, CVE-2019-19968), and a library's users who "might mistakenly
 * read" a value disclose nothing to an attacker (go-jose, CVE-2016-9122).
 */
import { describe, expect, it } from 'vitest';
import type { AttackFacts } from '../../shared/domain/facts.js';
import type { AffectedProduct } from '../../shared/domain/nvd-record.js';
import { attackerWords, victimClause } from '../../shared/ingest/explainer/fact-words.js';
import { exploitPublic } from '../../shared/ingest/facts/exploit.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { attackFactsOf, derivedFixture, orNode } from '../support/nvd-fixtures.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';
import { nameProducts } from '../../shared/ingest/names/display-names.js';

describe('a process named beside the gain', () => {
  it('is not where the bug is when its files are accessible to it, its rights gained, or it was compromised first', () => {
    expect(
      describedComponent(
        'Directory Traversal in APIkit, HTTP connector, and OAuth2 Provider components in MuleSoft Mule Runtime 3.2.0 and higher released before August 1 2019 allow remote attackers to read files accessible to the Mule process.',
      ),
    ).not.toBe('Mule process');
    expect(
      describedComponent(
        'Use after free in Blink in Google Chrome prior to 80.0.3987.87 allowed a remote attacker who had compromised the renderer process to potentially perform a sandbox escape via a crafted HTML page.',
      ),
    ).toBeNull();
    expect(
      describedComponent(
        'An out-of-bounds write in vhost-user-gpu of QEMU in versions up to 6.0 can allow a malicious guest to crash the QEMU process on the host.',
      ),
    ).toBeNull();
    expect(describedComponent('Processing maliciously crafted web content may result in the disclosure of process memory.')).toBeNull();
  });

  it('still names a process, daemon or service that is the place ("in the authentication process", "crash the flowd daemon")', () => {
    expect(describedComponent('A flaw in the authentication process of Acme Portal 2.1 allows remote attackers to log in as any user.')).toBe(
      'authentication process',
    );
    expect(describedComponent('A crafted packet sent to Junos OS SRX Series devices may crash the flowd daemon.')).toBe('flowd daemon');
  });
});

describe('stored script the victim only views', () => {
  const attack: AttackFacts = { position: 'remote', privileges: 'user', user_interaction: true };
  it('is said as a page holding the script for OWASP\'s "data store that is later read" and "XSS (stored)"', () => {
    const pandora =
      'PandoraFMS 742 suffers from multiple XSS vulnerabilities, affecting the Agent Management, Report Builder, and Graph Builder components. An authenticated user can inject dangerous content into a data store that is later read and included in dynamic content.';
    expect(victimClause(attack, ['cross_site_scripting'], pandora)).toBe(' when someone views a page the attacker stored the script in');
    expect(victimClause(attack, ['cross_site_scripting'], 'There is an XSS (stored) vulnerability in ZenTao 11.5.1.')).toBe(
      ' when someone views a page the attacker stored the script in',
    );
  });

  it('keeps reflected and non-persistent script a link or page the attacker made', () => {
    expect(victimClause(attack, ['cross_site_scripting'], 'A reflected XSS in the search page. The attack vector is non-persistent.')).toBe(
      ' when someone opens a link or page the attacker made',
    );
  });
});

describe("a value the library's users might mistakenly read", () => {
  it('is no disclosure (go-jose, CVE-2016-9122)', () => {
    expect(
      describedImpacts(
        'go-jose before 1.0.4 suffers from multiple signatures exploitation. The go-jose library supports messages with multiple signatures. However, when validating a signed message the API did not indicate which signature was valid, which could potentially lead to confusion. For example, users of the library might mistakenly read protected header values from an attached signature that was different from the one originally validated.',
      ),
    ).toEqual([]);
  });

  it('leaves an attacker who reads protected values', () => {
    expect(describedImpacts('The flaw allows remote attackers to read protected header values of other users.')).toEqual(['information_disclosure']);
  });
});

describe('NVD\'s escaped range bounds ("8.2\\(2\\)", Cisco NX-OS, CVE-2019-1776)', () => {
  const nxos = (range: object) => ({ criteria: 'cpe:2.3:o:cisco:nx-os:*:*:*:*:*:*:*:*', vulnerable: true, ...range });
  it('are written as people read them, in the affected text as in the fix', () => {
    const r = derivedFixture('A vulnerability in the CLI of Cisco NX-OS Software could allow an authenticated, local attacker to execute arbitrary commands.', [
      orNode(nxos({ versionEndExcluding: '8.2\\(2\\)' }), nxos({ versionStartIncluding: '8.3', versionEndExcluding: '8.3\\(1\\)' })),
    ]);
    expect(r.explanation?.affected).not.toMatch(/\\/);
    expect(r.explanation?.affected).toContain('8.3(1)');
    expect(r.facts!.fixed_in.map((f) => f.version).sort()).toEqual(['8.2(2)', '8.3(1)']);
  });
});

describe('Cisco\'s "as the argument of an affected command"', () => {
  it('names no parameter "of", and a VulDB argument named "list" stays one', () => {
    expect(
      describedComponent(
        'A vulnerability in the CLI of Cisco NX-OS Software could allow an authenticated, local attacker to execute arbitrary commands. An attacker could exploit this vulnerability by including malicious input as the argument of an affected command.',
      ),
    ).toBe('CLI');
    expect(
      describedComponent(
        'A vulnerability, which was classified as critical, has been found in Tenda TX3 16.03.13.11_multi. This issue affects some unknown processing of the file /goform/SetNetControlList. The manipulation of the argument list leads to buffer overflow.',
      ),
    ).toBe('/goform/SetNetControlList (list parameter)');
  });
});

describe('two stated fixes whose configured ranges start at their major release (next-auth, CVE-2022-24858)', () => {
  const nextAuth = (start: string, end: string) => ({
    criteria: 'cpe:2.3:a:nextauth.js:next-auth:*:*:*:*:*:node.js:*:*',
    vulnerable: true,
    versionStartIncluding: start,
    versionEndExcluding: end,
  });
  it('are the fixes of the 4.x and 3.x lines, not of 4.3.x and 3.29.x alone', () => {
    const r = derivedFixture(
      'next-auth v3 users before version 3.29.2 are impacted. next-auth version 4 users before version 4.3.2 are also impacted. Upgrading to 3.29.2 or 4.3.2 will patch this vulnerability.',
      [orNode(nextAuth('4.0.0', '4.3.2'), nextAuth('3.0.0', '3.29.2'))],
    );
    expect(r.facts!.fixed_in.map((f) => [f.version, f.branch]).sort()).toEqual([
      ['3.29.2', '3'],
      ['4.3.2', '4'],
    ]);
  });
});

describe('a consequence the record denies', () => {
  it('is no gain ("It is not possible to … view sensitive data", "Data exfiltration cannot occur")', () => {
    expect(
      describedImpacts(
        'A successful exploit could allow the attacker to reboot the device repeatedly, creating a denial of service (DoS) condition. It is not possible to change the configuration or view sensitive data with this account.',
      ),
    ).toEqual(['denial_of_service']);
    expect(describedImpacts('The product allows an attacker to exfiltrate data from the server.')).toEqual(['information_disclosure']);
    expect(describedImpacts('The product allows XXE attacks via a license file. Data exfiltration cannot occur.')).not.toContain('information_disclosure');
  });
});

describe('words that look like a gain and are not', () => {
  it('a bound check bypass is memory safety lost, not a security control passed', () => {
    expect(
      describedImpacts('Mojang Bedrock Dedicated Server 1.18.2 is affected by an integer overflow leading to a bound check bypass in the packet deserializer.'),
    ).not.toContain('security_bypass');
    expect(describedImpacts('The flaw allows remote attackers to bypass the authentication check.')).toContain('security_bypass');
  });

  it('a hard-coded DES or AES key decrypts, where hard-coded credentials let anyone in', () => {
    expect(
      describedImpacts(
        'A hardcoded DES key in the PrefDBCredentials class allows an attacker, who has discovered encrypted superuser credentials, to decrypt those credentials using a static 8-byte DES key.',
      ),
    ).toEqual(['information_disclosure']);
    expect(describedImpacts('The device ships with hard-coded credentials for the telnet service.')).toEqual(['security_bypass']);
  });
});

describe('content the attacker publishes', () => {
  it('is data tampering ("publish posts by spoofing the From information", Postie, CVE-2019-20203)', () => {
    expect(
      describedImpacts(
        'The Authorized Addresses feature in the Postie plugin 1.9.40 for WordPress allows remote attackers to publish posts by spoofing the From information of an email message.',
      ),
    ).toEqual(['data_tampering']);
  });

  it('but not a privilege named "post comments", an article carrying script, or a forged request', () => {
    expect(describedImpacts('allows remote authenticated users with a post comments privilege to inject arbitrary web script or HTML')).toEqual([
      'cross_site_scripting',
    ]);
    expect(describedImpacts('JEESNS through 1.2.1 allows XSS attacks by ordinary users who publish articles containing a crafted payload.')).toEqual([
      'cross_site_scripting',
    ]);
    expect(
      describedImpacts(
        'The plugin is vulnerable to Cross-Site Request Forgery. This makes it possible for unauthenticated attackers to publish arbitrary posts, granted they can trick a site administrator into clicking on a link.',
      ),
    ).toEqual(['request_forgery']);
  });
});

describe('a hardware port on the device', () => {
  it('is reached by hand ("local access to the USB interface of the car is needed", CVE-2024-37601)', () => {
    expect(
      describedAttack(
        'A possible heap buffer overflow exists in the user data import/export function of NTG 6 head units. To perform this attack, local access to the USB interface of the car is needed.',
      ).position,
    ).toBe('physical');
    expect(describedAttack('A local attacker can send crafted USB requests to the driver through an ioctl.').position).toBe('local');
  });
});

describe("Windows' service packs listed with no version (`windows_vista:*:sp2`, `windows_server_2008:-:sp2`)", () => {
  const windows = (product: string, version: string, update: string) => ({
    criteria: `cpe:2.3:o:microsoft:${product}:${version}:${update}:*:*:*:*:*:*`,
    vulnerable: true,
  });
  it('are the service packs listed, not every version (CVE-2017-0125, CVE-2015-2515)', () => {
    const r = derivedFixture(
      'The kernel in Microsoft Windows Vista SP2, Windows Server 2008 SP2 and R2 SP1, and Windows 7 SP1 allows local users to gain privileges.',
      [
        orNode(
          windows('windows_vista', '*', 'sp2'),
          windows('windows_server_2008', '-', 'sp2'),
          windows('windows_server_2008', 'r2', 'sp1'),
          windows('windows_7', '*', 'sp1'),
        ),
      ],
    );
    expect(r.explanation?.affected).not.toContain('all versions');
    expect(r.explanation?.affected).toContain('Microsoft Windows Vista (version sp2)');
    expect(r.explanation?.affected).toMatch(/Microsoft Windows Server 2008 \(version sp2 and version r2 sp1\)/);
  });

  it('leave a product listed with no version and no service pack as every version', () => {
    const r = derivedFixture('The kernel in Microsoft Windows 10 allows local users to gain privileges.', [orNode(windows('windows_10', '*', '*'))]);
    expect(r.explanation?.affected).toContain('all versions');
  });
});

describe("CISA's SSVC assessment in the CVE 5 record", () => {
  const withSsvc = (exploitation: string) =>
    parseCve5Record({
      dataType: 'CVE_RECORD',
      cveMetadata: { cveId: 'CVE-2024-34532', state: 'PUBLISHED', datePublished: '2024-05-22T00:00:00Z' },
      containers: {
        cna: { descriptions: [{ lang: 'en', value: 'A SQL injection vulnerability in Query Deluxe allows a remote attacker to gain privileges.' }] },
        adp: [
          {
            providerMetadata: { shortName: 'CISA-ADP' },
            metrics: [{ other: { type: 'ssvc', content: { options: [{ Exploitation: exploitation }, { Automatable: 'yes' }] } } }],
          },
        ],
      },
    })!;
  it('makes the exploit public where it says a proof of concept is ("Exploitation: poc")', () => {
    const cve5 = withSsvc('poc');
    expect(cve5.ssvcExploitation).toBe('poc');
    expect(exploitPublic(new Set(), [], cve5.description, cve5.ssvcExploitation)).toMatchObject({ value: true });
  });

  it('leaves "none" and "active" (exploitation seen says nothing of public code)', () => {
    expect(exploitPublic(new Set(), [], '', withSsvc('none').ssvcExploitation).value).toBe(false);
    expect(exploitPublic(new Set(), [], '', withSsvc('Active').ssvcExploitation).value).toBe(false);
  });
});

describe('an attacker inside a guest virtual machine', () => {
  const attack: AttackFacts = { position: 'local', privileges: 'admin', user_interaction: false };
  it("is said as such, not as the machine's administrator (QEMU, CVE-2016-8578)", () => {
    expect(
      attackerWords(
        attack,
        'The v9fs_iov_vunmarshal function in fsdev/9p-iov-marshal.c in QEMU (aka Quick Emulator) allows local guest OS administrators to cause a denial of service (NULL pointer dereference and QEMU process crash).',
      ),
    ).toBe('An administrator inside a guest virtual machine');
  });

  it("titles the record for guest VM administrators, not the machine's", () => {
    const r = derivedFixture(
      'The v9fs_iov_vunmarshal function in fsdev/9p-iov-marshal.c in QEMU (aka Quick Emulator) allows local guest OS administrators to cause a denial of service (NULL pointer dereference and QEMU process crash).',
      [orNode({ criteria: 'cpe:2.3:a:qemu:qemu:*:*:*:*:*:*:*:*', vulnerable: true, versionEndIncluding: '2.7.1' })],
    );
    expect(r.title).toContain('lets guest VM administrators');
    expect(r.title).not.toContain('local administrators');
  });

  it("leaves a web application's guest users and the machine's own administrators", () => {
    expect(attackerWords(attack, 'The daemon allows local administrators to gain root privileges.')).toBe('A local administrator of the machine');
    expect(attackerWords({ ...attack, privileges: 'user' }, 'Mattermost allows guest users to read channels.')).toBe('A local user of the machine');
  });
});

describe('OpenVPN\'s "possibly sensitive memory leak" (CVE-2017-7520)', () => {
  it('is memory read out, beside the denial of service; a plain memory leak is not', () => {
    expect(
      describedImpacts(
        'OpenVPN versions before 2.4.3 and before 2.3.17 are vulnerable to denial-of-service and/or possibly sensitive memory leak triggered by man-in-the-middle attacker.',
      ),
    ).toEqual(['information_disclosure', 'denial_of_service']);
    expect(describedImpacts('A memory leak in the parser allows remote attackers to cause a denial of service (memory consumption).')).toEqual([
      'denial_of_service',
    ]);
  });
});

describe('advice to the reader', () => {
  it('states no gain ("If you are not able to upgrade …, you can add a configuration", next-auth, CVE-2022-24858)', () => {
    expect(
      describedImpacts(
        'next-auth v3 users before version 3.29.2 are impacted. If you are not able to upgrade for any reason, you can add a configuration to your callbacks option. If you already have a `redirect` callback, make sure that you match the incoming `url` origin against the `baseUrl`.',
      ),
    ).toEqual([]);
  });

  it('leaves an attack written in the second person ("You can use this page as a web shell to execute commands")', () => {
    expect(describedImpacts('The appliance has a hidden page. You can use this page as a web shell essentially to execute commands.')).toContain(
      'code_execution',
    );
  });
});

describe('KNIME\'s "update to one of the following versions of KNIME Business Hub: * 1.13.2 or later * 1.12.3 or later" (CVE-2025-2402)', () => {
  it('reads each listed version as a fix', () => {
    const read = describedVersions(
      'A hard-coded password for the object store of KNIME Business Hub allows an unauthenticated remote attacker to read and manipulate swapped jobs. There are no viable workarounds therefore we strongly recommend to update to one of the following versions of KNIME Business Hub: \n\n  *  1.13.2 or later \n\n  *  1.12.3 or later \n\n  *  1.11.3 or later',
    );
    expect(read.fixed.map((f) => f.version)).toEqual(['1.13.2', '1.12.3', '1.11.3']);
  });

  it('leaves versions that are no fix ("the following versions are affected: 1.13.2 or later")', () => {
    expect(describedVersions('The following versions are affected: 1.13.2 or later.').fixed).toEqual([]);
  });
});

describe('Chrome\'s "an attacker who convinced a user to install a malicious extension to inject scripts or HTML into a privileged page"', () => {
  const chrome =
    'Insufficient validation of untrusted input in Settings in Google Chrome prior to 104.0.5112.79 allowed an attacker who convinced a user to install a malicious extension to inject scripts or HTML into a privileged page via a crafted HTML page.';
  it('gains script in the page, once the victim installs the extension (CVE-2022-2619)', () => {
    expect(describedImpacts(chrome)).toEqual(['cross_site_scripting']);
    expect(victimClause({ position: 'remote', privileges: 'none', user_interaction: true }, ['cross_site_scripting'], chrome)).toBe(
      ' once a user installs a malicious extension the attacker made',
    );
  });

  it('leaves a crafted page the victim opens', () => {
    expect(victimClause({ position: 'remote', privileges: 'none', user_interaction: true }, ['code_execution'], 'via a crafted HTML page.')).toBe(
      ' if a user opens a file, link or page that the attacker made',
    );
  });
});

describe('NVD\'s CVSS v2 "user interaction required" beside a description that names only what the attacker supplies', () => {
  const scoredV2 = (description: string, userInteractionRequired: boolean) => {
    const nvd = parseNvdCve({
      id: 'CVE-2015-2515',
      sourceIdentifier: 'secure@microsoft.com',
      published: '2015-10-14T00:00:00.000',
      lastModified: '2018-10-12T00:00:00.000',
      vulnStatus: 'Modified',
      descriptions: [{ lang: 'en', value: description }],
      metrics: {
        cvssMetricV2: [
          {
            source: 'nvd@nist.gov',
            type: 'Primary',
            cvssData: { version: '2.0', vectorString: 'AV:N/AC:M/Au:N/C:C/I:C/A:C', baseScore: 9.3 },
            userInteractionRequired,
          },
        ],
      },
    })!;
    return attackFactsOf(nvd, description);
  };
  const shell =
    'Use-after-free vulnerability in Windows Shell in Microsoft Windows Vista SP2 allows remote attackers to execute arbitrary code via a crafted toolbar object, aka "Toolbar Use After Free Vulnerability."';

  it('settles that a victim acts (Windows Shell, CVE-2015-2515)', () => {
    const read = scoredV2(shell, true);
    expect(read.attack.user_interaction).toBe(true);
    expect(read.provenance['facts.attack.user_interaction']).toMatch(/v2 "user interaction required"/);
    expect(scoredV2(shell, false).attack.user_interaction).toBe(false);
  });

  it('leaves an attacker who acts alone by the description (SQL injection) and one the description says needs no victim', () => {
    expect(
      scoredV2('SQL injection vulnerability in index.php allows remote attackers to execute arbitrary SQL commands via the id parameter.', true).attack
        .user_interaction,
    ).toBe(false);
    expect(
      scoredV2('The service allows remote attackers to execute arbitrary code via a crafted packet without user interaction.', true).attack.user_interaction,
    ).toBe(false);
  });
});

describe('a record with no CVSS vector and no stated attacker', () => {
  const unscored = (description: string) =>
    attackFactsOf(
      parseNvdCve({
        id: 'CVE-2024-57011',
        sourceIdentifier: 'cve@mitre.org',
        published: '2025-01-10T00:00:00.000',
        lastModified: '2025-01-10T00:00:00.000',
        vulnStatus: 'Awaiting Analysis',
        descriptions: [{ lang: 'en', value: description }],
      })!,
      description,
    ).attack.position;

  it("is attacked over the network in a device's web handler named with its parameter, or in Patchstack's WordPress template", () => {
    expect(
      unscored(
        'TOTOLINK X5000R V9.1.0cu.2350_B20230313 was discovered to contain an OS command injection vulnerability via the "minute" parameters in setScheduleCfg.',
      ),
    ).toBe('remote');
    expect(
      unscored(
        'Missing Authorization vulnerability in GS Plugins GS Testimonial Slider allows Exploiting Incorrectly Configured Access Control Security Levels. This issue affects GS Testimonial Slider: from n/a through 3.2.9.',
      ),
    ).toBe('remote');
  });

  it('stays unsaid for a kernel fix and for a file named with no parameter', () => {
    expect(
      unscored('In the Linux kernel, the following vulnerability has been resolved: usb: dwc3: Wait unconditionally after issuing EndXfer command.'),
    ).toBeNull();
    expect(unscored('SeaCMS V12.9 was discovered to contain an arbitrary file write vulnerability via the component admin_notify.php.')).toBeNull();
  });
});

describe('the kernel\'s "allows local users running on certain architectures to read kernel memory" (CVE-2007-1734)', () => {
  it('reads the local users as the attacker, with their accounts', () => {
    expect(describedAttack('The DCCP support in Linux kernel 2.6.20 allows local users running on certain architectures to read kernel memory.')).toEqual({
      position: 'local',
      privileges: 'user',
      userInteraction: false,
    });
  });
});

describe('a file named only as where the request goes ("vulnerable SQL Injection via login.php", CVE-2024-36673)', () => {
  it('is the part where the description names no other', () => {
    expect(
      describedComponent(
        'Sourcecodester Pharmacy/Medical Store Point of Sale System 1.0 is vulnerable SQL Injection via login.php. This vulnerability stems from inadequate validation of user inputs.',
      ),
    ).toBe('login.php');
  });

  it('gives way to a part the description names ("the editDownload function … via admin/index.php")', () => {
    expect(describedComponent('SQL injection exists in the editDownload function of Acme CMS 2.0 via admin/index.php?m=download.')).toBe(
      'editDownload function',
    );
  });
});

describe("Apple's renamed systems", () => {
  const product = (vendor: string, name: string): AffectedProduct => ({ vendor, product: name, ranges: [], openEnded: true, fixedVersions: [] });
  it('go by their current names, unless the record lists the product under its new key too', () => {
    expect(nameProducts([product('apple', 'mac_os_x'), product('apple', 'iphone_os')], {}).map((p) => p.title)).toEqual(['Apple macOS', 'Apple iOS']);
    const both = nameProducts([product('apple', 'mac_os_x'), product('apple', 'macos')], {}).map((p) => p.title);
    expect(both[0]).not.toBe('Apple macOS');
  });
});

describe('IBM\'s "obtain sensitive information using man in the middle techniques" (CVE-2019-4214)', () => {
  it('is an on-path attacker, as "man-in-the-middle attacks" is', () => {
    expect(
      describedAttack(
        'IBM SmartCloud Analytics 1.3.1 through 1.3.5 does not set the secure attribute on authorization tokens or session cookies. This could allow an attacker to obtain sensitive information using man in the middle techniques.',
      ).position,
    ).toBe('man_in_the_middle');
  });
});
