/**
 * The description grammar on the CNAs' templates (VulDB, Oracle, TWCERT, GitHub, Wordfence,
 * Patchstack) and the phrases a reading of random records found misread: each case is a phrase,
 * not a record.
 */
import { describe, expect, it } from 'vitest';
import { describedAka } from '../../shared/ingest/facts/aka.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { exploitPublic } from '../../shared/ingest/facts/exploit.js';
import { describedImpacts, memorySafetyImpacts, namedWeaknessImpacts } from '../../shared/ingest/facts/impacts.js';
import { factProducts } from '../../shared/ingest/facts/products.js';

const VULDB =
  'A vulnerability, which was classified as critical, has been found in itsourcecode Gym Management System 1.0. Affected by this issue is some unknown functionality of the file /view_member.php. The manipulation of the argument ID leads to sql injection. The attack may be launched remotely. The exploit has been disclosed to the public and may be used.';

describe('aka names of the bug, not of the product', () => {
  it("an unquoted aka that runs on into the sentence's verb is the product's identifier", () => {
    expect(
      describedAka('The "Acme Mobile Banking" app 3.0.1 -- aka acme-mobile-banking/id699679197 for iOS does not verify X.509 certificates from SSL servers.'),
    ).toEqual([]);
    expect(describedAka('A flaw in OpenSSL, aka the Heartbleed bug, allows remote attackers to read memory.')).toEqual(['Heartbleed']);
  });
});

describe('impacts of phrases a reading found missed', () => {
  it.each<[string, string[]]>([
    [
      'allows attackers to cause a denial of service (CPU consumption) or possibly conduct ECDH private key recovery attacks.',
      ['information_disclosure', 'denial_of_service'],
    ],
    ['allows remote attackers to conduct plaintext-recovery attacks via a padding oracle.', ['information_disclosure']],
    ['allows local users to insert cron jobs into the crontab files of arbitrary users via unspecified vectors.', ['data_tampering']],
    ['allow attackers to cause a denial of service or possibly have other impact via unknown vectors.', ['denial_of_service', 'unspecified']],
    ['helix-update 0.5 and earlier allows local users to install arbitrary RPM packages by creating the installation directory.', ['code_execution']],
    [
      'allows code that is loaded from a local filesystem to read arbitrary files and make unauthorized connections to localhost via unknown vectors.',
      ['security_bypass', 'information_disclosure'],
    ],
    ['A successful exploit could allow the attacker to determine the presence of certain values in the database.', ['information_disclosure']],
    ["A smart contract's request_dividend function allows attackers to steal all of the contract's Ether.", ['data_tampering']],
    [
      'XSS Auditor in Google Chrome did not ensure the reporting URL was in the same origin, which allowed a remote attacker to obtain referrer details via a crafted HTML page.',
      ['information_disclosure'],
    ],
    [
      'A guest user could use this flaw to crash the host kernel resulting in DoS or potentially gain privileged access to a system.',
      ['privilege_escalation', 'denial_of_service'],
    ],
    [
      'when application tracing is configured, record cleartext passwords during changetsmpassword command execution, which allows local users to obtain sensitive information by reading the application trace output.',
      ['information_disclosure'],
    ],
    [
      'when Internet Explorer is used, allows attackers to perform a transition from Low Integrity to Medium Integrity via unspecified vectors.',
      ['privilege_escalation'],
    ],
    ['The plugin has a nopriv_ AJAX action that allows modification of the siteurl setting.', ['data_tampering']],
    ['allows deletion of arbitrary posts by unauthenticated users.', ['data_tampering']],
    ['Successful attacks of this vulnerability can result in takeover of Java SE.', ['information_disclosure', 'data_tampering', 'denial_of_service']],
    [
      'Successful attacks of this vulnerability can result in unauthorized access to critical data or complete access to all Foo accessible data as well as unauthorized update, insert or delete access to some of Foo accessible data and unauthorized ability to cause a hang or frequently repeatable crash (complete DOS) of Foo.',
      ['information_disclosure', 'data_tampering', 'denial_of_service'],
    ],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));
});

describe("script run in a victim's browser is cross-site scripting, not code running on the system", () => {
  it.each<[string, string[]]>([
    [
      "allows an authenticated remote attacker to conduct a stored cross-site scripting (XSS) attack. If successfully exploited, a threat actor could run arbitrary script code in a victim's web browser.",
      ['cross_site_scripting'],
    ],
    ['allows attackers to execute arbitrary JavaScript code in the browser of a user.', ['cross_site_scripting']],
    ['allows remote attackers to execute arbitrary code in the browser process via a crafted HTML page.', ['code_execution']],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));
});

describe('who can attack, in the CNAs templates', () => {
  it.each<[string, ReturnType<typeof describedAttack>]>([
    [
      'As obtaining the administrator permission, remote attackers can launch command injection to execute command arbitrary.',
      { position: 'remote', privileges: 'admin', userInteraction: false },
    ],
    [
      'After obtaining general user permission, remote attackers can inject JavaScript into the page.',
      { position: 'remote', privileges: 'user', userInteraction: true },
    ],
    [
      'Foo for Windows suffers from a SYSTEM privilege escalation vulnerability in its service. An authenticated attacker may modify this file to load a plugin.',
      { position: 'local', privileges: 'user' },
    ],
    ['A local privilege escalation vulnerability in the Foo agent lets an attacker gain root.', { position: 'local' }],
    ['The manipulation leads to improper access controls. The attack needs to be approached locally.', { position: 'local' }],
    ['The manipulation leads to sql injection. The attack may be launched remotely.', { position: 'remote', userInteraction: false }],
    [
      'Easily exploitable vulnerability allows low privileged attacker with network access via HTTP to compromise Foo.',
      { position: 'remote', privileges: 'user', userInteraction: false },
    ],
    [
      'Easily exploitable vulnerability allows unauthenticated attacker with logon to the infrastructure where Foo executes to compromise Foo.',
      { position: 'local', privileges: 'none' },
    ],
    [
      'Difficult to exploit vulnerability allows unauthenticated attacker with network access via HTTP to compromise Foo. Successful attacks require human interaction from a person other than the attacker.',
      { position: 'remote', privileges: 'none', userInteraction: true },
    ],
    [
      'In ril service, there is a possible out of bounds write due to a missing bounds check. This could lead to local denial of service with System execution privileges needed',
      { position: 'local', privileges: 'admin' },
    ],
    [
      // "no additional execution privileges" of a local app: its own account, which the CVSS vector rates (h30's call)
      'In ccu, there is a possible out of bounds read. This could lead to local information disclosure with no additional execution privileges needed.',
      { position: 'local' },
    ],
    ['Certain NETGEAR devices are affected by a stack-based buffer overflow by an authenticated user.', { privileges: 'user' }],
    [
      'Plaintext of decrypted emails can leak through by user submitting an embedded form by pressing enter key within a text input field.',
      { userInteraction: true },
    ],
    [
      'Hyper-V allows guest OS users to cause a denial of service (VMM functionality loss) via a crafted application.',
      { position: 'local', privileges: 'user', userInteraction: false },
    ],
    [
      'The interface does not log failed attempts, which makes it easier for remote attackers to conduct brute force attacks without detection.',
      { position: 'remote', privileges: 'none', userInteraction: false },
    ],
    [
      'Certain NETGEAR devices are affected by command injection by an unauthenticated attacker.',
      { position: 'remote', privileges: 'none', userInteraction: false },
    ],
    [
      'In modem, there is a possible system crash. This could lead to remote denial of service with no additional execution privileges needed.',
      { position: 'remote', privileges: 'none' },
    ],
  ])('%s', (text, attack) => expect(describedAttack(text)).toEqual(attack));

  it("reads the Android bulletin template's part: 'In vow driver, there is a possible …', but no file's owner and no TBD", () => {
    expect(describedComponent('In vow driver, there is a possible memory corruption due to improper locking.')).toBe('vow driver');
    expect(describedComponent('In ActivityStarter, there is a possible background activity launch due to an unsafe PendingIntent.')).toBe('ActivityStarter');
    expect(describedComponent('In TBD of TBD, there is a possible confusion of OEM and DRM certificates.')).toBeNull();
    expect(describedComponent('In the Linux kernel, there is a possible use after free.')).toBeNull();
  });

  it("reads Wordfence's access levels and Patchstack's attack names", () => {
    expect(
      describedAttack(
        'This makes it possible for authenticated attackers, with administrator-level access and above, to inject arbitrary web scripts in pages.',
      ).privileges,
    ).toBe('admin');
    expect(
      describedAttack('This makes it possible for authenticated attackers, with contributor-level access and above, to inject arbitrary web scripts in pages.')
        .privileges,
    ).toBe('user');
    expect(describedImpacts('Missing Authorization vulnerability in Foo Bar allows Exploiting Incorrectly Configured Access Control Security Levels.')).toEqual(
      ['security_bypass'],
    );
    expect(describedImpacts('Deserialization of Untrusted Data vulnerability in Foo Bar allows Object Injection.')).toEqual(['code_execution']);
  });

  it("reads Microsoft's 'locally' and 'over a network'", () => {
    expect(describedAttack('Use after free in Windows Kernel allows an authorized attacker to elevate privileges locally.').position).toBe('local');
    expect(describedAttack('Heap overflow in Windows allows an unauthorized attacker to execute code over a network.').position).toBe('remote');
  });

  it('does not take a privilege escalation over the network for a local one', () => {
    expect(describedAttack('allows a remote attacker to send a crafted HTTP request that leads to a root privilege escalation.').position).toBe('remote');
  });
});

describe("VulDB's template", () => {
  it('reads the file, the argument and the public exploit', () => {
    expect(describedComponent(VULDB)).toBe('/view_member.php (ID parameter)');
    expect(
      describedComponent('This vulnerability affects unknown code of the component Login. The manipulation of the argument user leads to denial of service.'),
    ).toBe('Login component (user parameter)');
    expect(exploitPublic(new Set(), [], VULDB)).toEqual({ value: true, provenance: 'description: the exploit is public' });
    expect(exploitPublic(new Set(), [], 'The attack may be launched remotely.').value).toBe(false);
  });

  it('names the product the description names where the record lists none', () => {
    expect(factProducts([], VULDB)).toEqual([{ product: 'itsourcecode:gym_management_system', name: 'itsourcecode Gym Management System', primary: true }]);
    expect(factProducts([], 'Go before 1.10.8 mishandles P-521 elliptic curves.')).toEqual([{ product: 'go:go', name: 'Go', primary: true }]);
    expect(factProducts([], 'Use-after-free vulnerability in Microsoft Internet Explorer 9 and 10 allows remote attackers to execute arbitrary code.')).toEqual(
      [{ product: 'microsoft:internet_explorer', name: 'Microsoft Internet Explorer', primary: true }],
    );
    expect(factProducts([], 'SAP HANA Extend Application Services (XS) does not encrypt transmissions.')).toEqual([
      { product: 'sap:hana_extend_application_services', name: 'SAP HANA Extend Application Services (XS)', primary: true },
    ]);
    expect(factProducts([], 'A crafted file may cause a crash.')).toEqual([]);
    expect(factProducts([], 'An issue was discovered in function zzip_disk_entry_to_file_header in mmapped.c in zziplib 0.13.69.')).toEqual([]);
    expect(factProducts([], 'A vulnerability has been found in crmeb_java up to 1.3.4.')).toEqual([]);
  });
});

describe('the CNAs wordings of a consequence', () => {
  it.each<[string, string[]]>([
    ["An app may be able to access information about a user's contacts.", ['information_disclosure']],
    ['Processing a maliciously crafted texture may lead to unexpected app termination.', ['denial_of_service']],
    ['An app may be able to break out of its sandbox.', ['security_bypass']],
    ['A maliciously-crafted image can cause excessive CPU consumption in decoding.', ['denial_of_service']],
    ['Successful exploitation of this vulnerability can cause the Bluetooth function to be unavailable.', ['denial_of_service']],
    ['This can allow for credentials in the authorization header to be exposed to unintended hosts.', ['information_disclosure']],
    ['The shadow file is world readable.', ['information_disclosure']],
    ['lock_task_sighand() can trigger a hard lockup.', ['denial_of_service']],
    ['allows a attacker to log in to the product may execute an arbitrary command.', ['code_execution']],
    ['a value larger than the buffer can be read from a file into the buffer, which may allow remote code execution.', ['code_execution']],
    ['Fixed versions are unavailable for older branches.', []],
    ['An app may be able to determine a user’s current location.', ['information_disclosure']],
    ["An app may be able to view a contact's phone number in system logs.", ['information_disclosure']],
    ['allows a remote attacker to see the internal path and the username of a public share.', ['information_disclosure']],
    ['Tags not expected to be visible to a user could still be discovered by them via the tag search page.', ['information_disclosure']],
    ['User enumeration is found in the password recovery form.', ['information_disclosure']],
    ['upset-gal-web contains an arbitrary file read vulnerability.', ['information_disclosure']],
    ['Element55 KnowMore appliances store passwords in plaintext.', ['information_disclosure']],
    ['/cgi-bin/support/killps.cgi deletes all data from the device.', ['data_tampering']],
    ['An app may be able to enable iCloud storage features without user consent.', ['security_bypass']],
    ["can enter any non-admin user's email and gain access to their account.", ['security_bypass']],
    ['An attacker may be able to force a device to disconnect from a secure network.', ['denial_of_service']],
    ['a memory leak vulnerability in ReadMATImage allows attackers to cause a denial of service.', ['denial_of_service']],
    ['Exposed dangerous method in Windows Local Session Manager allows an authorized attacker to deny service over a network.', ['denial_of_service']],
    ['A hidden interface in the router firmware leaks information regarding the SystemWizardStatus component.', ['information_disclosure']],
    ['The plugin logs the access token at the INFO level, potentially resulting in its exposure.', ['information_disclosure']],
    ['this password is then stored in cleartext in the resulting .cnf file.', ['information_disclosure']],
    ["allows local attackers to access files with My Files' privilege.", ['information_disclosure']],
    ["A malicious application may gain access to a user's Keychain items.", ['information_disclosure']],
    ['user enable passwords set in clear text could result in unprivileged users getting complete access to the systems.', ['security_bypass']],
    ['An attacker can obtain unauthorized access to the WiFi service.', ['security_bypass']],
    ['allows unauthorized changes to the Account Owner field due to client-side-only restrictions.', ['data_tampering']],
    ['allows attackers to disrupt a connection by sending a CONNECTION_CLOSE frame.', ['denial_of_service']],
    ['XnView Classic has a Write Access Violation at xnview.exe+0x3ADBD0.', ['denial_of_service']],
    ['A remote attacker may be able to break out of Web Content sandbox.', ['security_bypass']],
    ['A receiver of a federated share could update the permissions and therefore elevate their own permissions.', ['privilege_escalation']],
    ['Generated Support Bundles contains private S/MIME and PGP keys if containing folder is not hidden.', ['information_disclosure']],
    ['Nomad is vulnerable to unintentional exposure of the workload identity token in audit logs.', ['information_disclosure']],
    [
      'may permit a privileged attacker to perform memory reads potentially leading to a loss of confidentiality or arbitrary kernel execution.',
      ['code_execution', 'information_disclosure'],
    ],
    ['Couchbase Server allows HTTP Host header injection.', ['data_tampering']],
    ['VisiCut 2.1 allows stack consumption via an XML document with nested set elements.', ['denial_of_service']],
    ['a string containing special tokens is parsed twice.', []],
    ['IBM RPA is vulnerable to exposure of the first tenant owner e-mail address to users with access to the platform.', ['information_disclosure']],
    ["An authenticated user's token could be used by another source after the user had logged out.", ['security_bypass']],
    ['Improper neutralization in some Zoom Workplace Apps may allow an authenticated user to impact app integrity via network access.', ['data_tampering']],
    ['Buttercup allows attackers to obtain the hash of the master password.', ['information_disclosure']],
    [
      'Minerbabe ships with SSH host keys baked into the installation image, which allows man-in-the-middle attacks.',
      ['information_disclosure', 'data_tampering'],
    ],
    ['An attacker in a privileged network position may be able to alter network traffic.', ['data_tampering']],
    ['TinyLab linux-lab is vulnerable to insecure permissions. The default configuration could cause Container Escape.', ['security_bypass']],
    ['There is an interface unauthorized access vulnerability in the background of Foo.', ['security_bypass']],
    [
      'Jenkins Warnings Plugin does not set the appropriate context for credentials lookup, allowing attackers with Item/Configure permission to access and capture credentials they are not entitled to.',
      ['information_disclosure'],
    ],
    [
      "Jenkins Config File Provider Plugin does not mask (i.e., replace with asterisks) credentials specified in configuration files when they're written to the build log.",
      ['information_disclosure'],
    ],
    ['A missing permission check allows attackers with Overall/Read permission to connect to an attacker-specified hostname and port.', ['request_forgery']],
    ['is_closing_session() allows users to fill up apport.log', ['denial_of_service']],
    ['Exposure of Sensitive Information to an Unauthorized Access vulnerability in OpenText NetIQ.', ['information_disclosure']],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));

  it('reads a crash into the kernel classes that always bring it down, and into memory-safety classes only a crash and an unnamed rest', () => {
    expect(namedWeaknessImpacts('Bluetooth: qca: fix NULL-deref on non-serdev setup')).toEqual(['denial_of_service']);
    expect(namedWeaknessImpacts('ice: Fix DMA mappings leak')).toEqual(['denial_of_service']);
    expect(namedWeaknessImpacts('fbdev: sis: it may cause divide-by-zero error.')).toEqual(['denial_of_service']);
    expect(memorySafetyImpacts('scsi: elx: libefc: Fix potential use after free in efc_nport_vport_del()')).toEqual(['denial_of_service', 'unspecified']);
    expect(memorySafetyImpacts('netfs: Delete subtree of fs/netfs when netfs module exits')).toEqual([]);
    expect(memorySafetyImpacts('drm/nouveau: prime: fix refcount underflow')).toEqual(['denial_of_service', 'unspecified']);
    expect(memorySafetyImpacts('ring-buffer: the writer can corrupt the reader.')).toEqual(['denial_of_service', 'unspecified']);
    expect(namedWeaknessImpacts('KVM: arm64: vgic-v2: Check for non-NULL vCPU in vgic_v2_parse_attr()')).toEqual(['denial_of_service']);
    expect(namedWeaknessImpacts('lockdep reports: WARNING: possible circular locking dependency detected')).toEqual(['denial_of_service']);
    expect(namedWeaknessImpacts('BUG: scheduling while atomic: kworker/u9:0/80/0x00000002')).toEqual(['denial_of_service']);
    expect(memorySafetyImpacts('arm64: topology: fix possible overflow in amu_fie_setup()')).toEqual(['denial_of_service', 'unspecified']);
    expect(memorySafetyImpacts('the skb is accessed after being freed.')).toEqual(['denial_of_service', 'unspecified']);
  });
});

describe('a new reading of random records: the phrases it found misread', () => {
  it('names each bug an unquoted aka gives', () => {
    expect(describedAka('allows local users to bypass kernel-mode hook handlers, aka an argument-switch attack or a KHOBE attack.')).toEqual([
      'argument-switch attack',
      'KHOBE attack',
    ]);
  });

  it('takes an attacker who sniffs the network for one on the path, not one anywhere on the internet', () => {
    expect(describedAttack('does not encrypt transmissions, which allows remote attackers to obtain credentials by sniffing the network.').position).toBe(
      'man_in_the_middle',
    );
  });

  it('takes a man-in-the-middle attack the text allows for an on-path attacker', () => {
    expect(describedAttack('Samsung Themes allows attackers to perform Man-in-the-middle attack.').position).toBe('man_in_the_middle');
  });

  it('leaves open whether a user acts where a client program is attacked via unspecified vectors', () => {
    expect(
      describedAttack('Adobe Reader and Acrobat before 11.0.18 allow attackers to execute arbitrary code via unspecified vectors.').userInteraction,
    ).toBeUndefined();
  });
});

describe("Microsoft's template: the description is the advisory's title", () => {
  const windows = [{ vendor: 'microsoft', product: 'windows_10' }];
  it('reads the part the title names before the impact', () => {
    expect(
      describedComponent('Windows Container Execution Agent Elevation of Privilege Vulnerability This CVE ID is unique from CVE-2021-26891.', windows),
    ).toBe('Windows Container Execution Agent');
    expect(describedComponent('Windows Network Address Translation (NAT) Denial of Service Vulnerability', windows)).toBe(
      'Windows Network Address Translation (NAT)',
    );
    expect(describedComponent('Secure Boot Security Feature Bypass Vulnerability', windows)).toBe('Secure Boot');
  });

  it('takes no product for a part: one the record lists, or a "Microsoft …" name', () => {
    expect(describedComponent('Microsoft Photos App Remote Code Execution Vulnerability.', [{ vendor: 'microsoft', product: 'photos' }])).toBeNull();
    expect(
      describedComponent('Open Management Infrastructure (OMI) Elevation of Privilege Vulnerability', [
        { vendor: 'microsoft', product: 'open_management_infrastructure' },
      ]),
    ).toBeNull();
    expect(describedComponent('Microsoft Word Remote Code Execution Vulnerability', [{ vendor: 'microsoft', product: 'office' }])).toBeNull();
  });

  it('is not a longer description that quotes such a title', () => {
    expect(
      describedComponent(
        'Microsoft Edge allows remote attackers to execute arbitrary code via unspecified vectors, aka "Microsoft Edge Memory Corruption Vulnerability."',
        [{ vendor: 'microsoft', product: 'edge' }],
      ),
    ).toBeNull();
  });
});

describe('closing reading of twenty real records', () => {
  it('"an authenticated, Administrator-level, remote attacker" is a signed-in administrator, not anyone', () => {
    expect(describedAttack('could allow an authenticated, Administrator-level, remote attacker to execute arbitrary code as the root user.')).toEqual({
      position: 'remote',
      privileges: 'admin',
    });
  });

  it("Oracle's write access to critical data is tampering, not disclosure", () => {
    expect(
      describedImpacts('Successful attacks of this vulnerability can result in unauthorized creation, deletion or modification access to critical data.'),
    ).toEqual(['data_tampering']);
    expect(describedImpacts('Successful attacks of this vulnerability can result in unauthorized access to critical data.')).toEqual([
      'information_disclosure',
    ]);
  });
});
