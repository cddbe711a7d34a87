/**
 * Phrases a fourth blind annotation (45 records of 2008/2015/2018 nobody here had read, seed
 * "h27-attack-4") found misread: each rule is checked on its phrase, and on the neighbouring
 * phrase it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { bugKind, productSubject } from '../../shared/ingest/explainer/summary.js';

describe('what the attacker gains, phrases of the fourth kept-back set', () => {
  it.each<[string, string[]]>([
    // what the forged request does is the forgery itself
    [
      'Cross-site request forgery (CSRF) vulnerability in MikroTik RouterOS 5.0 and earlier allows remote attackers to hijack the authentication of administrators for requests that change the administrator password via a request in the status page to /cfg.',
      ['request_forgery'],
    ],
    [
      'Multiple cross-site request forgery (CSRF) vulnerabilities in the Log Watcher module allow remote attackers to hijack the authentication of administrators for requests that (1) enable, (2) disable, or (3) delete a report via unspecified vectors.',
      ['request_forgery'],
    ],
    // code the forged request runs is still said
    [
      'Cross-site request forgery (CSRF) vulnerability in eXtplorer before 2.1.8 allows remote attackers to hijack the authentication of arbitrary users for requests that execute PHP code.',
      ['code_execution', 'request_forgery'],
    ],
    [
      'Cross-site request forgery (CSRF) vulnerability in admin.php in Zenphoto before 1.4.9 allows remote attackers to hijack the authentication of admin users for requests that may cause a denial of service (resource consumption).',
      ['request_forgery', 'denial_of_service'],
    ],
    // showing a file's contents to someone who may not read it is a disclosure
    [
      'The Code42 app before 6.8.4 on Linux installs with overly permissive permissions on the /usr/local/crashplan/log directory. This allows a user to manipulate symbolic links to escalate privileges, or show the contents of sensitive files that a regular user would not have access to.',
      ['privilege_escalation', 'information_disclosure'],
    ],
    // a PIN reset changes the account's secret
    [
      'A CWE-306 "Missing Authentication for Critical Function" in maxprofile/accounts/routes.lua in Q-Free MaxTime less than or equal to version 2.11.0 allows an unauthenticated remote attacker to reset user PINs via crafted HTTP requests.',
      ['data_tampering'],
    ],
    // permissions the attacking app must already hold are no gain
    [
      'The device contains a pre-installed app that allows other pre-installed apps to perform command execution via an accessible app component. This capability can be accessed by any pre-installed app on the device which can obtain signatureOrSystem permissions that are required by other other pre-installed apps that exported their capabilities to other pre-installed app.',
      ['code_execution'],
    ],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));

  it('leaves alone neighbouring words that gain nothing of the kind', () => {
    // a gain stated beside the forgery, not inside its "for requests that" clause, is still read
    expect(
      describedImpacts(
        'allows remote attackers to hijack the authentication of users for requests that add posts, and to delete arbitrary files via the path parameter.',
      ),
    ).toEqual(['data_tampering', 'request_forgery']);
    expect(describedImpacts('allows remote attackers to delete arbitrary files via the path parameter.')).toEqual(['data_tampering']);
    // displaying content the attacker chose is not a disclosure
    expect(describedImpacts('allows remote attackers to display arbitrary messages to other users.')).not.toContain('information_disclosure');
    expect(describedImpacts('allows local users to show a warning dialog.')).not.toContain('information_disclosure');
    expect(describedImpacts('allows local users to obtain root privileges via a crafted ioctl.')).toEqual(['privilege_escalation']);
    // a chip's IO pins are no PIN
    expect(describedImpacts('devices are vulnerable in manipulating a combination of IO pins to set pins high.')).not.toContain('data_tampering');
  });
});

describe('who can attack: the qualifier in brackets after the attacker', () => {
  const text =
    'A buffer overflow in the DHCP and PPPOE configuration interface of the phone allows a remote attacker (authenticated as simple user in the same network as the device) to trigger remote code execution via a POST request (ManufacturerName parameter) to the web server on the device.';
  it('reads "authenticated as simple user in the same network" as an adjacent signed-in user', () => {
    expect(describedAttack(text)).toEqual({ position: 'adjacent', privileges: 'user', userInteraction: false });
  });
  it('reads physical access as no account, and a bracket about traffic between others as on-path', () => {
    const glitch = 'Lack of anti-glitch mitigations allows an attacker (with physical access to the device) to read the contents of read-protected eFuses.';
    expect(describedAttack(glitch).position).toBe('physical');
    expect(describedAttack(glitch).privileges).not.toBe('user');
    expect(
      describedAttack(
        'The transmission of cleartext LDAP bind credentials allows an attacker (who can intercept or inspect traffic between an authenticated UMS client and server) to compromise those LDAP credentials.',
      ),
    ).toEqual({ position: 'man_in_the_middle' });
  });
  it('leaves a bracket that does not qualify the attacker alone', () => {
    expect(describedAttack('allows remote attackers (CVE-2018-0001) to execute arbitrary code via a crafted request.')).toEqual({
      position: 'remote',
      privileges: 'none',
      userInteraction: false,
    });
  });
});

describe('who must act: a formula in an export, a vector the text leaves unnamed', () => {
  it.each<[string, boolean | undefined]>([
    // the formula runs when someone opens the export in a spreadsheet
    [
      'A CSV Injection vulnerability was discovered in HRSALE The Ultimate HRM v1.0.2 that allows a user with low level privileges to inject a command that will be included in the exported CSV file, leading to possible code execution.',
      true,
    ],
    ['allows remote authenticated users to inject formulas that are included in the exported spreadsheet.', true],
    // "an unspecified IOService userclient type" names the attacker's own vector; "an unspecified vector" names none
    [
      'The NVIDIA graphics driver in Apple OS X before 10.10.3 allows local users to gain privileges or cause a denial of service (NULL pointer dereference) via an unspecified IOService userclient type.',
      false,
    ],
    ['The web interface allows for the execution of arbitrary commands via an unspecified vector.', undefined],
    ['allows local users to cause a denial of service via unspecified vectors.', undefined],
  ])('user interaction: %s → %s', (text, interaction) => expect(describedAttack(text).userInteraction).toBe(interaction));
});

describe('the part a record names', () => {
  it.each<[string, string | null]>([
    // the template's first word is the file
    [
      'httputils.rb in WEBrick in Ruby 1.8.1 and 1.8.5 allows remote attackers to cause a denial of service (CPU consumption) via a crafted HTTP request.',
      'httputils.rb',
    ],
    ['buffer.c in named in ISC BIND 9.10.x before 9.10.3-P3 allows remote attackers to cause a denial of service.', 'buffer.c'],
    ['The TCL interpreter in Cisco IOS 15.2 does not properly maintain the vty state.', 'TCL interpreter'],
    // ZDI's template: the victim's page is no part, the method or property the flaw is in is
    [
      'User interaction is required to exploit this vulnerability in that the target must visit a malicious page or open a malicious file. The specific flaw exists within the handling of the resetData method of a Host object. An attacker can leverage this vulnerability to execute code in the context of the current process.',
      'resetData method',
    ],
    [
      'User interaction is required to exploit this vulnerability in that the target must visit a malicious page or open a malicious file. The specific flaw exists within the handling of the title property of a Host object. An attacker can leverage this vulnerability to execute code in the context of the current process.',
      'title property',
    ],
    // Oracle's later template names the component in brackets
    [
      'Vulnerability in the MySQL Server product of Oracle MySQL (component: Server: Security: Privileges). Supported versions that are affected are 8.0.19 and prior.',
      'Server: Security: Privileges component',
    ],
    // a GitHub workflow file is the part, not the API an attacker then uses
    [
      'In version 1.38 and prior, the `makefile-ubuntu.yml` workflow file uses `actions/upload-artifact@v4` to upload the `z80pack-ubuntu` artifact. Seeing as the artifact can be downloaded prior to the end of the workflow, there is a few seconds where an attacker can extract the token from the artifact and use it with the Github API to push malicious code or rewrite release commits in your repository.',
      'makefile-ubuntu.yml',
    ],
    // a function the flawed helper calls is not where the flaw is
    [
      'An attacker can communicate with an unprotected XPC service and directly execute arbitrary OS commands as root because com.smr.liquidvpn.OVPNHelper uses the system function to execute the "command_line" parameter as a shell command.',
      null,
    ],
    ['A stack overflow in the parse_header function allows remote attackers to execute arbitrary code.', 'parse_header function'],
    // neighbours left alone: a product's own name first, a process the code runs in
    ['Microsoft Internet Explorer 8 through 11 allows remote attackers to execute arbitrary code via a crafted web site.', null],
    ['An attacker can leverage this vulnerability to execute code in the context of the current process.', null],
  ])('%s → %s', (text, part) => expect(describedComponent(text)).toBe(part));
});

describe('the flaw and the products a title names', () => {
  it('keeps the name of loose permissions when they let an attacker run code', () => {
    const text =
      'In all android releases from CAF using the linux kernel, improper access control can lead to device node and executable to be run from /cache/ which presents a potential issue.';
    expect(bugKind(text, ['CWE-732'], ['code_execution'])).toBe('wrong permissions');
    // a consequence's CWE name still gives way to a stated gain it contradicts
    expect(bugKind('allows remote attackers to execute arbitrary code.', ['CWE-200'], ['code_execution'])).toBeUndefined();
  });

  const named = (names: string[]) => names.map((name, i) => ({ product: `v:p${i}`, name, primary: true }));
  it('counts a chip list under its vendor where the common prefix leaves chips out', () => {
    const chips = [
      'Qualcomm MDM9150 Firmware',
      'Qualcomm QCA6174A Firmware',
      'Qualcomm SD 210 Firmware',
      'Qualcomm SD 425 Firmware',
      'Qualcomm SD 430 Firmware',
      'Qualcomm SD 835 Firmware',
    ];
    expect(productSubject(named(chips), true).subject).toBe('6 Qualcomm products');
    expect(productSubject(named(chips.slice(2)), true).subject).toBe('Qualcomm SD');
  });
  it('keeps the common name where every name is one of it, a dictionary spelling without the vendor included', () => {
    const windows = ['Microsoft Windows XP', 'Microsoft Windows 7', 'Microsoft Windows Vista', 'Windows 8 x64'];
    expect(productSubject(named(windows), true).subject).toBe('Microsoft Windows');
  });
});
