/**
 * Readings of the twenty-seventh session (the h57, h58 and h59 blind sets, the twenty-seventh and twenty-eighth readings
 * of twenty random records), each beside a neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../shared/domain/cpe/version-compare.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { describedProduct } from '../../shared/ingest/facts/described-product.js';
import { sapListedVersions } from '../../shared/ingest/facts/sap-versions.js';
import { referencePointsAtExploit } from '../../shared/ingest/facts/exploit.js';
import { CpeTitles } from '../../shared/ingest/names/cpe-titles.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const fixes = (record: ReturnType<typeof derivedFixture>) => record.facts!.fixed_in.map((f) => `${f.version}${f.platform ? ` on ${f.platform}` : ''}`).sort();

describe('gains the description states in its own words', () => {
  it('reads PHP code injected or loaded, and code "that can be executed by the application", as code run (h57, h58, the twenty-eighth reading)', () => {
    expect(
      describedImpacts('header.php in ttCMS 2.3 and earlier allows remote attackers to inject arbitrary PHP code by setting the admin_root parameter.'),
    ).toEqual(['code_execution']);
    expect(describedImpacts('These kernel builds can bypass the secure boot validations, allowing the attacker to load another non-trusted code.')).toEqual([
      'code_execution',
      'security_bypass',
    ]);
    expect(describedImpacts('allows a high privileged attacker to inject code that can be executed by the application.')).toEqual(['code_execution']);
    expect(describedImpacts('This can be leveraged to execute an arbitrary script on the server.')).toEqual(['code_execution']);
    expect(describedImpacts('a non-administrative user on the remote PC may execute an arbitrary OS command with LocalSystem privilege.')).toEqual([
      'code_execution',
      'privilege_escalation',
    ]);
    expect(describedImpacts("An attacker with root privilege who gets a user's smart phone may read data")).not.toContain('privilege_escalation');
    // ChurchCRM's commands are SQL ("manipulate database queries and execute arbitrary commands", CVE-2025-1023, h59); IBM's
    // overflow through "a specially crafted SQL query and execute arbitrary code on the server" still runs code.
    expect(describedImpacts('allowing an attacker to manipulate database queries and execute arbitrary commands.')).not.toContain('code_execution');
    expect(describedImpacts('to cause a buffer overflow using a specially crafted SQL query and execute arbitrary code on the server.')).toContain(
      'code_execution',
    );
    // Script injected into a page is cross-site scripting, not code run on the server.
    expect(describedImpacts('allows remote attackers to inject arbitrary web script or HTML via the name parameter.')).toEqual(['cross_site_scripting']);
  });

  it('runs code where a PHP remote file inclusion "include[s] arbitrary files", and not for a CWE name in Patchstack\'s brackets (CVE-2006-2152, h57)', () => {
    const rfi = derivedFixture(
      'PHP remote file inclusion vulnerability in admin/addentry.php in phpBB Advanced Guestbook 2.4.0 and earlier, when register_globals is enabled, allows remote attackers to include arbitrary files via the phpbb_root_path parameter.',
    );
    expect(rfi.facts!.impacts).toEqual(['code_execution']);
    const local = derivedFixture(
      "Improper Control of Filename for Include/Require Statement in PHP Program ('PHP Remote File Inclusion') vulnerability in Crocoblock JetWooBuilder allows PHP Local File Inclusion. This issue affects JetWooBuilder: from n/a through 2.1.18.",
    );
    expect(local.facts!.impacts).not.toContain('code_execution');
  });

  it('reads e-mail addresses and a path "determined" as disclosed, a scanner blinded as bypassed, information deleted as changed', () => {
    expect(
      describedImpacts('Phorum 3.3.2 allows remote attackers to determine the email addresses of the 10 most active users via a direct HTTP request.'),
    ).toEqual(['information_disclosure']);
    expect(describedImpacts('allows remote attackers to determine the full pathname of the web server via an HTTP request.')).toEqual([
      'information_disclosure',
    ]);
    expect(describedImpacts('Foo does not properly determine the size of the data in a packet.')).toEqual([]);
    expect(
      describedImpacts(
        'Kaspersky Antivirus (KAV) 4.0.9.0 allows local users to cause a denial of service (CPU consumption or crash) and prevent malicious code from being detected via a file with a long pathname.',
      ),
    ).toEqual(['security_bypass', 'denial_of_service']);
    expect(describedImpacts('An attacker could thereby delete some critical information and could make the SAP system completely unavailable.')).toEqual([
      'data_tampering',
      'denial_of_service',
    ]);
  });

  it('reads no gain from how the program fails ("when reading data from TCP connections") or a page named by its action ("add content")', () => {
    expect(
      describedImpacts(
        'The Sun RPC functionality in multiple libc implementations does not provide a time-out mechanism when reading data from TCP connections, which allows remote attackers to cause a denial of service (hang).',
      ),
    ).toEqual(['denial_of_service']);
    expect(describedImpacts('allows remote attackers to read data from TCP connections of other users.')).toEqual(['information_disclosure']);
    expect(
      describedImpacts(
        'Cross-site scripting (XSS) vulnerability in the "add content" page in phpMyFAQ 1.5.3 and earlier allows remote attackers to inject arbitrary web script or HTML.',
      ),
    ).toEqual(['cross_site_scripting']);
    expect(describedImpacts('allows remote attackers to add content to arbitrary pages.')).toEqual(['data_tampering']);
  });
});

describe('who attacks', () => {
  it('puts someone holding the device, not the network, at the lock screen and the passcode prompt (CVE-2022-22642, the twenty-seventh reading)', () => {
    expect(describedAttack('This issue is fixed in iOS 15.4 and iPadOS 15.4. A user may be able to bypass the Emergency SOS passcode prompt.').position).toBe(
      'physical',
    );
    expect(
      describedAttack('This issue is fixed in iOS 14.5. A person with physical access to an iOS device may be able to access notes from the lock screen.')
        .position,
    ).toBe('physical');
    expect(describedAttack('allows remote attackers to reset the passcode via a crafted request to passcodeAuth.').position).toBe('remote');
  });

  it('reads Hyper-V\'s "authenticated user on a guest operating system" as a signed-in user of a guest, local to the host (CVE-2017-8704)', () => {
    expect(
      describedAttack(
        'The Windows Hyper-V component on Microsoft Windows 10 1607 allows a denial of service vulnerability when it fails to properly validate input from an authenticated user on a guest operating system.',
      ),
    ).toEqual({ position: 'local', privileges: 'user' });
  });
});

describe('versions and fixes', () => {
  it('reads Chrome\'s fix per platform through "for Mac, Windows, and Linux and … for Android" (CVE-2016-5199 sent every platform to the Mac build)', () => {
    const versions = (text: string) => describedVersions(text).fixed.map((f) => f.version);
    expect(
      versions(
        'V8 in Google Chrome prior to 54.0.2840.98 for Mac, and 54.0.2840.99 for Windows, and 54.0.2840.100 for Linux, and 55.0.2883.84 for Android incorrectly applied type rules.',
      ),
    ).toEqual(['54.0.2840.98', '54.0.2840.99', '54.0.2840.100', '55.0.2883.84']);
    expect(versions('Blink in Google Chrome prior to 57.0.2987.98 for Mac, Windows, and Linux and 57.0.2987.108 for Android failed to propagate CSP.')).toEqual(
      ['57.0.2987.98', '57.0.2987.108'],
    );
    const record = derivedFixture(
      'Blink in Google Chrome prior to 55.0.2883.75 for Mac, Windows and Linux, and 55.0.2883.84 for Android allowed a remote attacker to inject arbitrary scripts.',
      [orNode({ criteria: 'cpe:2.3:a:google:chrome:*:*:*:*:*:*:*:*', versionEndIncluding: '54.0.2840.99' })],
    );
    expect(fixes(record)).toEqual(['55.0.2883.75 on linux', '55.0.2883.75 on os x', '55.0.2883.75 on windows', '55.0.2883.84 on android']);
    expect(record.explanation!.affected).toContain(
      "versions before 55.0.2883.75 on OS X, Windows and Linux and before 55.0.2883.84 on Android, as the description states; NVD's configuration lists versions up to and including 54.0.2840.99",
    );
    // "iTunes before 12.7.3 for Windows, and iOS before 11.2.5": iOS is the next statement's product, no platform of iTunes' fix.
    const apple = derivedFixture(
      'In iCloud for Windows before 7.3, iTunes before 12.7.3 for Windows, and iOS before 11.2.5, multiple memory corruption issues exist.',
      [
        orNode(
          { criteria: 'cpe:2.3:a:apple:icloud:*:*:*:*:*:windows:*:*', versionEndExcluding: '7.3' },
          { criteria: 'cpe:2.3:a:apple:itunes:*:*:*:*:*:windows:*:*', versionEndExcluding: '12.7.3' },
          { criteria: 'cpe:2.3:o:apple:iphone_os:*:*:*:*:*:*:*:*', versionEndExcluding: '11.2.5' },
        ),
      ],
    );
    expect(apple.facts!.fixed_in.filter((f) => f.product === 'apple:itunes').map((f) => f.platform)).toEqual(['windows']);
    expect(apple.facts!.fixed_in.filter((f) => f.product === 'apple:iphone_os').map((f) => f.platform)).toEqual([null]);
    // A MAC address is no platform.
    expect(versions('Foo before 2.1 for MAC address filtering, and 2.2 for others allows spoofing.')).toEqual(['2.1']);
  });

  it('keeps SAP\'s "- version 9" affected: NVD\'s range ending before 9.0 is no fix (CVE-2022-41199)', () => {
    expect(sapListedVersions('in SAP 3D Visual Enterprise Viewer - version 9, it is possible that a Remote Code Execution can be triggered')).toEqual(['9']);
    expect(sapListedVersions('SAP NetWeaver Enterprise Portal - versions 7.10, 7.11, 7.50, is susceptible to script execution')).toEqual([
      '7.10',
      '7.11',
      '7.50',
    ]);
    expect(sapListedVersions('SAP startservice - versions KERNEL 7.22, 7.49, KRNL64NUC 7.22, - on Unix systems')).toEqual([]);
    const record = derivedFixture(
      'When a victim opens a manipulated file received from untrusted sources in SAP 3D Visual Enterprise Viewer - version 9, it is possible that a Remote Code Execution can be triggered.',
      [orNode({ criteria: 'cpe:2.3:a:sap:3d_visual_enterprise_viewer:*:*:*:*:*:*:*:*', versionEndExcluding: '9.0' })],
    );
    expect(record.facts!.fixed_in).toEqual([]);
    expect(record.facts!.last_affected.map((l) => `${l.version} ${l.source}`)).toEqual(['9 description']);
    expect(record.explanation!.fix).not.toContain('9.0 or later');
  });

  it('takes no range end as a fix where the description calls that version vulnerable (CMS Made Simple CVE-2017-1000453, h59), of its one product only', () => {
    const record = derivedFixture(
      'CMS Made Simple version 2.1.6 and 2.2 are vulnerable to Smarty templating injection in some core modules, resulting in unauthenticated PHP code execution.',
      [orNode({ criteria: 'cpe:2.3:a:cmsmadesimple:cms_made_simple:*:*:*:*:*:*:*:*', versionEndExcluding: '2.2' })],
    );
    expect(record.facts!.fixed_in).toEqual([]);
    expect(record.facts!.last_affected.map((l) => `${l.version} ${l.source}`)).toEqual(['2.2 description']);
    // "prior to software version 15.18.00.2511 is vulnerable": the version after "prior to" is the fix.
    const prior = derivedFixture('Airspan AirVelocity 1500 prior to software version 15.18.00.2511 is vulnerable to injection leading to XSS.', [
      orNode({ criteria: 'cpe:2.3:o:airspan:airvelocity_1500_firmware:*:*:*:*:*:*:*:*', versionEndExcluding: '15.18.00.2511' }),
    ]);
    expect(prior.facts!.fixed_in.map((f) => f.version)).toEqual(['15.18.00.2511']);
    const two = derivedFixture('Acme Widget before 2.5 and Acme Gadget 2.5 allow XSS.', [
      orNode({ criteria: 'cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*', versionEndExcluding: '2.5' }, { criteria: 'cpe:2.3:a:acme:gadget:2.5:*:*:*:*:*:*:*' }),
    ]);
    expect(two.facts!.fixed_in.map((f) => `${f.product} ${f.version}`)).toEqual(['acme:widget 2.5']);
  });

  it('drops a fix written with a leading zero where another fix writes its digits with more dots (Nextcloud\'s "20.011", CVE-2021-32741)', () => {
    const record = derivedFixture(
      'Nextcloud Server is a Nextcloud package. In versions prior to 19.0.13, 20.011, and 21.0.3, there was a lack of ratelimiting. The issue was fixed in versions 19.0.13, 20.0.11, and 21.0.3.',
      [
        orNode(
          { criteria: 'cpe:2.3:a:nextcloud:nextcloud_server:*:*:*:*:*:*:*:*', versionStartIncluding: '21.0.0', versionEndExcluding: '21.0.3' },
          { criteria: 'cpe:2.3:a:nextcloud:nextcloud_server:*:*:*:*:*:*:*:*', versionStartIncluding: '20.0.0', versionEndExcluding: '20.0.11' },
        ),
      ],
    );
    expect(record.facts!.fixed_in.map((f) => f.version)).not.toContain('20.011');
    expect(record.facts!.fixed_in.map((f) => f.version)).toContain('20.0.11');
    expect(record.explanation!.fix).not.toContain('20.011');
  });

  it('orders "8.1 Service Pack 4" as NVD\'s "8.1 sp4", above sp3 (BEA WebLogic CVE-2006-2464, h58)', () => {
    expect(compareVersions('8.1 Service Pack 4', '8.1 sp3')).toBe(1);
    expect(compareVersions('8.1 Service Pack 3', '8.1 sp3')).toBe(0);
    expect(compareVersions('8.1 Service Pack 3', '8.1 sp4')).toBe(-1);
  });
});

describe('patch and exploit status from the same evidence as the text', () => {
  const android = { url: 'https://source.android.com/security/bulletin/pixel/2019-09-01', tags: ['Vendor Advisory'] };

  it("is available where the vendor's own advisory states the fix the text points at (Android CVE-2019-9446, the twenty-seventh reading)", () => {
    const record = derivedFixture(
      'In the Android kernel in the touchscreen driver there is a possible out of bounds write.',
      [orNode({ criteria: 'cpe:2.3:o:google:android:-:*:*:*:*:*:*:*' })],
      { references: [android] },
    );
    expect(record.facts!.fix_stated).toBe(true);
    expect(record.patch!.status).toBe('available');
    expect(record.patch!.patch_urls).toEqual([]);
  });

  it("stays not available where the advisory is a third party's, or the description says no fix is released", () => {
    const secunia = derivedFixture(
      'Foo 1.2 allows remote attackers to cause a denial of service.',
      [orNode({ criteria: 'cpe:2.3:a:acme:foo:1.2:*:*:*:*:*:*:*' })],
      {
        references: [{ url: 'http://secunia.com/advisories/12345', tags: ['Vendor Advisory'] }],
      },
    );
    expect(secunia.patch!.status).toBe('not_available');
    const denied = derivedFixture(
      'A vulnerability in Cisco Small Business routers could allow a remote attacker to execute arbitrary code. Cisco has not released software updates that address this vulnerability.',
      [orNode({ criteria: 'cpe:2.3:o:cisco:rv110w_firmware:*:*:*:*:*:*:*:*' })],
      { references: [{ url: 'https://tools.cisco.com/security/center/content/CiscoSecurityAdvisory/cisco-sa-rv-rce', tags: ['Vendor Advisory'] }] },
    );
    expect(denied.patch!.status).toBe('not_available');
  });

  it("counts no distribution's advisory on Packet Storm as an exploit, a researcher's there still (CVE-2019-15117)", () => {
    const ref = (url: string) => referencePointsAtExploit({ url, tags: [] });
    expect(ref('http://packetstormsecurity.com/files/155212/Slackware-Security-Advisory-Slackware-14.2-kernel-Updates.html')).toBe(false);
    expect(ref('http://packetstormsecurity.com/files/163878/Kernel-Live-Patch-Security-Notice-LSN-0080-1.html')).toBe(false);
    expect(ref('http://packetstormsecurity.com/files/155658/Qualys-Security-Advisory-OpenBSD-Dynamic-Loader-Privilege-Escalation.html')).toBe(true);
    expect(ref('http://packetstormsecurity.com/files/154999/Foo-1.2-Remote-Code-Execution.html')).toBe(true);
    // Its monthly exploit folders of 2006-2008 are exploits too (CVE-2008-3707, h59); its advisory folders are not.
    expect(ref('http://packetstormsecurity.org/0808-exploits/cyboards-rfilfixss.txt')).toBe(true);
    expect(ref('http://packetstormsecurity.org/0812-advisories/foo.txt')).toBe(false);
  });
});

describe('names', () => {
  it("names a product by the description's spelling where NVD's dictionary title is its tokens in lower case (Palo Alto Networks PAN-OS, CVE-2022-0022)", () => {
    const titles = new CpeTitles();
    titles.add({ vendor: 'paloaltonetworks', product: 'pan-os', version: '6.1.3', title: 'paloaltonetworks pan-os 6.1.3' });
    const record = derivedFixture(
      'Usage of a weak cryptographic algorithm in Palo Alto Networks PAN-OS software where the password hashes are not created with a sufficient level of computational effort.',
      [orNode({ criteria: 'cpe:2.3:o:paloaltonetworks:pan-os:*:*:*:*:*:*:*:*', versionEndExcluding: '10.0.7' })],
      { cpeTitles: titles },
    );
    expect(record.explanation!.affected).toContain('Palo Alto Networks PAN-OS');
    // A description that does not write the name keeps the dictionary's title.
    const unnamed = derivedFixture(
      'A weak cryptographic algorithm allows password cracking.',
      [orNode({ criteria: 'cpe:2.3:o:paloaltonetworks:pan-os:*:*:*:*:*:*:*:*', versionEndExcluding: '10.0.7' })],
      { cpeTitles: titles },
    );
    expect(unnamed.explanation!.affected).toContain('Paloaltonetworks pan-os');
  });
});

describe('the product of a record that lists none: "… vulnerability exists in <Product>" (RemoteView CVE-2025-24864, h57)', () => {
  const named = (text: string) => describedProduct(text).map((p) => p.name);

  it('reads the capitalised name after "exists in", up to a version, a bracket or a stop', () => {
    expect(named('Incorrect access permission of a specific folder issue exists in RemoteView Agent (for Windows) versions prior to v8.1.5.2.')).toEqual([
      'RemoteView Agent',
    ]);
    expect(named('An improper handling of exceptional conditions vulnerability exists in the Palo Alto Networks PAN-OS dataplane that enables')).toEqual([
      'Palo Alto Networks PAN-OS',
    ]);
    expect(named('Buffer overflow vulnerability exists in Defense Platform Home Edition Ver.3.9.51.x and earlier.')).toEqual(['Defense Platform Home Edition']);
    expect(named('A privilege escalation vulnerability exists in the Rockwell Automation ThinManager. When the software starts')).toEqual([
      'Rockwell Automation ThinManager',
    ]);
  });

  it('names no part of another product, no platform alone, no class and no half of a pair', () => {
    expect(
      named('A stored cross-site scripting (XSS) vulnerability exists in the Latex Proof-Reading Module of binary-husky/gpt_academic version 3.9.0.'),
    ).toEqual([]);
    expect(named('Cross-site scripting vulnerability exists in the NickName registration screen of HGW-BL1500HM.')).toEqual([]);
    expect(named('A flaw exists in the Windows login flow where an AuthContext token can be exploited.')).toEqual([]);
    expect(named('a Cross-Site Scripting (XSS) vulnerability exists in the TicketsController due to insufficient input validation.')).toEqual([]);
    expect(named('Cross-Site Scripting (XSS) vulnerability exists in the WPA/WAPI Passphrase field of the Wireless Security settings.')).toEqual([]);
  });
});
