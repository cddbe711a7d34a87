import { describe, expect, it } from 'vitest';
import { describedAka } from '../../shared/ingest/facts/aka.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { exploitPublic, referencePointsAtExploit } from '../../shared/ingest/facts/exploit.js';
import { cvssAttack, cvssImpacts, cweImpacts } from '../../shared/ingest/facts/fallback.js';
import { describedImpacts, namedWeaknessImpacts } from '../../shared/ingest/facts/impacts.js';
import { consequenceProse, statedProse } from '../../shared/ingest/facts/prose.js';
import { factProducts } from '../../shared/ingest/facts/products.js';
import { parseCvssVector } from '../../shared/ingest/explainer/attack.js';

describe('the parts of a description the grammar reads', () => {
  it('drops NOTE sentences, aka titles and mentions of other records', () => {
    const text = statedProse(
      'Flaw in X allows local users to gain privileges, aka "Remote Code Execution Vulnerability," a different vulnerability than CVE-2015-0001. NOTE: this is disputed.',
    );
    expect(text).not.toMatch(/Remote Code Execution|CVE-2015-0001|disputed/);
    expect(text).toMatch(/gain privileges/);
  });

  it('cuts the vector clause, up to a consequence stated again', () => {
    expect(consequenceProse('allows physically proximate attackers to bypass restrictions via a long password that triggers a crash.')).not.toMatch(/crash/);
    expect(
      consequenceProse('allows attackers to cause a denial of service via a crafted file, or possibly execute arbitrary code via a crafted image.'),
    ).toMatch(/execute arbitrary code/);
    expect(consequenceProse('allows users to execute code by uploading a file, then requesting it.')).not.toMatch(/uploading/);
  });
});

describe('impacts, phrase by phrase', () => {
  it.each<[string, string[]]>([
    ['allows remote attackers to execute arbitrary code via a crafted file.', ['code_execution']],
    [
      'might allow remote attackers to cause a denial of service or possibly have unspecified other impact via a long name.',
      ['denial_of_service', 'unspecified'],
    ],
    ['allows remote attackers to cause a denial of service (crash) and possibly execute arbitrary code.', ['code_execution', 'denial_of_service']],
    ['allows remote attackers to execute arbitrary SQL commands via the id parameter.', ['sql_injection']],
    ['allows remote attackers to inject arbitrary web script or HTML via the q parameter.', ['cross_site_scripting']],
    ['The Calendar component in Foo 1.0 allows HTML injection.', ['cross_site_scripting']],
    // what the forged request does is the forgery itself (the gold's CSRF records, CVE-2015-4390, -3351)
    ['allow remote attackers to hijack the authentication of administrators for requests that delete data.', ['request_forgery']],
    ['allows remote attackers to redirect users to arbitrary web sites and conduct phishing attacks via a URL.', ['spoofing']],
    ['allows local users to gain privileges via a crafted application.', ['privilege_escalation']],
    ['could allow an authenticated local attacker to execute arbitrary code on the system as root.', ['code_execution', 'privilege_escalation']],
    [
      'allows remote attackers to bypass intended access restrictions, and list or read arbitrary documents, by providing keywords.',
      ['security_bypass', 'information_disclosure'],
    ],
    [
      'allows remote attackers to affect confidentiality, integrity, and availability via unknown vectors.',
      ['information_disclosure', 'data_tampering', 'denial_of_service'],
    ],
    ['allows remote attackers to affect integrity via vectors related to COM.', ['data_tampering']],
    ['Wireless keys are stored in plain text on the device.', ['information_disclosure']],
    ['allows remote attackers to reconfigure a hop-limit setting via a small value.', ['data_tampering']],
    ['HongCMS allows arbitrary file deletion via a ../ in the file parameter.', ['data_tampering']],
    ['Foo has a heap overflow when handling documents. This results in a program crash or denial of service conditions.', ['denial_of_service']],
    ['Foo is vulnerable to regular expression denial of service (ReDoS) when input is passed in.', ['denial_of_service']],
    ['A heap overflow can lead to code corruption, control-flow hijack, or an information leak attack.', ['code_execution', 'information_disclosure']],
    ['allows remote administrators to include and execute arbitrary local files via a .. in the tab parameter.', ['code_execution']],
    ['a memory leak vulnerability in ReadMATImage allows attackers to cause a denial of service.', ['denial_of_service']],
    ['The attack allows for an eavesdropper to capture the communication and decrypt the data.', ['information_disclosure']],
    ['An unprivileged application can allocate memory by calling an ioctl and can exhaust all the memory.', ['denial_of_service']],
    ['The plugin allows media deletion via the id parameter.', ['data_tampering']],
    ['Linear eMerge E3-Series devices have Cleartext Credentials in a Database.', ['information_disclosure']],
    ['Cisco Guard, when anti-spoofing is enabled, allows remote attackers to inject arbitrary web script or HTML.', ['cross_site_scripting']],
    ['some menu links may be crafted to execute JavaScript when the administrator is logged in.', ['cross_site_scripting']],
    [
      'An unauthenticated physical attacker can execute arbitrary code, manipulate system data or terminate service.',
      ['code_execution', 'data_tampering', 'denial_of_service'],
    ],
    ['allows a remote attacker to log in with the root privilege if the product is in its default settings.', ['privilege_escalation']],
    [
      'Browser is affected by type confusion vulnerability, successful exploitation of this vulnerability may affect service availability.',
      ['denial_of_service'],
    ],
    ['This could render the device inoperable when malicious firmware is downloaded.', ['denial_of_service']],
    ['Type Confusion in V8 allowed a remote attacker to potentially exploit object corruption via a crafted HTML page.', ['unspecified']],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));

  it('never reads a crash-only bug as code execution, nor a memory class as an impact', () => {
    expect(describedImpacts('A use-after-free in Foo allows remote attackers to cause a denial of service (application crash).')).toEqual([
      'denial_of_service',
    ]);
    expect(describedImpacts('Buffer overflow in Foo 1.2.')).toEqual([]);
  });

  it('does not take a crash in the vector clause for what the attacker gains', () => {
    expect(
      describedImpacts('allows physically proximate attackers to bypass intended access restrictions via a long password that triggers a SystemUI crash.'),
    ).toEqual(['security_bypass']);
  });

  it('does not take an aka title for a stated impact', () => {
    expect(describedImpacts('allows local users to gain privileges via a DLL, aka "DLL Planting Remote Code Execution Vulnerability."')).toEqual([
      'privilege_escalation',
    ]);
  });

  it('falls back to the weakness the description names where it states no consequence', () => {
    expect(namedWeaknessImpacts('The manipulation of the argument id leads to improper access controls.')).toEqual(['security_bypass']);
    expect(namedWeaknessImpacts('A path traversal vulnerability in Foo 1.0.')).toEqual(['information_disclosure']);
    expect(namedWeaknessImpacts('A use-after-free in Foo 1.0.')).toEqual([]);
  });

  it('falls back to the CWE, then to the CVSS impact metrics', () => {
    expect(cweImpacts(['CWE-79', 'CWE-20'])).toEqual(['cross_site_scripting']);
    expect(cweImpacts(['CWE-190'])).toEqual([]);
    expect(cvssImpacts(parseCvssVector('CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:N'))).toEqual(['data_tampering']);
    expect(cvssImpacts(parseCvssVector('AV:N/AC:L/Au:N/C:P/I:N/A:C'))).toEqual(['information_disclosure', 'denial_of_service']);
  });
});

describe('who can attack, phrase by phrase', () => {
  it.each<[string, ReturnType<typeof describedAttack>]>([
    ['allows remote attackers to execute arbitrary SQL commands via the id parameter.', { position: 'remote', privileges: 'none', userInteraction: false }],
    ['allows remote authenticated users to bypass restrictions via an upload action.', { position: 'remote', privileges: 'user', userInteraction: false }],
    ['allows remote administrators to include local files via the tab parameter.', { position: 'remote', privileges: 'admin', userInteraction: false }],
    ['allows local users to gain privileges via a crafted application.', { position: 'local', privileges: 'user', userInteraction: false }],
    ['allows physically proximate attackers to bypass restrictions via a long password.', { position: 'physical', privileges: 'none', userInteraction: false }],
    [
      'allows man-in-the-middle attackers to spoof servers via a crafted certificate.',
      { position: 'man_in_the_middle', privileges: 'none', userInteraction: false },
    ],
    [
      'allows remote attackers to reconfigure a setting via a Router Advertisement (RA) message.',
      { position: 'adjacent', privileges: 'none', userInteraction: false },
    ],
    ['allows remote domains to cause a denial of service via a crafted hypercall.', { position: 'local', privileges: 'user', userInteraction: false }],
    ['allows guest OS users to gain privileges on the host.', { position: 'local', privileges: 'user', userInteraction: false }],
    ['allows low privileged attacker with network access via HTTP to compromise Foo.', { position: 'remote', privileges: 'user', userInteraction: false }],
    [
      'allows high privileged attacker with network access via multiple protocols to compromise Foo.',
      { position: 'remote', privileges: 'admin', userInteraction: false },
    ],
    ['This is exploitable by authenticated users who have local filesystem access.', { position: 'local', privileges: 'user' }],
    [
      'may allow disclosure of information to an attacker with local user access via side-channel analysis.',
      { position: 'local', privileges: 'user', userInteraction: false },
    ],
    ['allows the owner of the contract to set the balance of an arbitrary user.', { privileges: 'admin' }],
    ['allows attackers with Overall/Read access to obtain the configuration.', { privileges: 'user' }],
    ['Foo devices allow authenticated remote code execution via crafted JSON data.', { position: 'remote', privileges: 'user', userInteraction: false }],
    ['allows user-assisted remote attackers to execute arbitrary code via a crafted file.', { position: 'remote', privileges: 'none', userInteraction: true }],
    ['allows attackers to cause a denial of service via unspecified vectors.', {}],
    [
      'may allow an unauthenticated user to potentially enable denial of service via network access.',
      { position: 'remote', privileges: 'none', userInteraction: false },
    ],
    ['a non-administrative attacker on the local server could create a DLL.', { position: 'local', privileges: 'user' }],
    [
      'allow remote attackers to execute arbitrary OS commands as root by leveraging admin access and sending a request.',
      { position: 'remote', privileges: 'admin', userInteraction: false },
    ],
    [
      'This could lead to local escalation of privilege with System execution privileges needed. User interaction is not needed for exploitation.',
      { position: 'local', privileges: 'admin', userInteraction: false },
    ],
  ])('%s', (text, attack) => expect(describedAttack(text)).toEqual(attack));

  it('does not take a word of the product for the attacker ("the admin panel allows remote attackers")', () => {
    expect(describedAttack('XSS in the admin panel allows remote attackers to inject arbitrary web script.')).toMatchObject({ privileges: 'none' });
  });

  it.each([
    ['Cross-site scripting (XSS) vulnerability in search.php allows remote attackers to inject arbitrary web script.', true],
    ['CSRF in Foo allows remote attackers to hijack the authentication of administrators.', true],
    ['User interaction is required to exploit this vulnerability in that the target must visit a malicious page.', true],
    ['allows remote attackers to execute arbitrary code via a crafted Sorenson 3 video file.', true],
    ['Mozilla Firefox before 43.0 allows remote attackers to cause a denial of service via a crafted font-family name.', true],
    ['allows remote authenticated users to execute arbitrary code by uploading a crafted file.', false],
    ['allows remote attackers to execute arbitrary code via crafted TCP packets to port 41025.', false],
    ['allows remote attackers to cause a denial of service by using an invalid extension.', false],
    ['SQL injection in Foo allows remote attackers to execute arbitrary SQL commands via unknown vectors.', false],
  ])('user interaction: %s → %s', (text, interaction) => expect(describedAttack(text).userInteraction).toBe(interaction));

  it('leaves user interaction to the vector when the description names no vector', () => {
    expect(describedAttack('allows remote attackers to affect integrity via unknown vectors.').userInteraction).toBeUndefined();
  });

  it('reads the CVSS vector where the description is silent; v2 says nothing of a victim', () => {
    expect(cvssAttack(parseCvssVector('CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:N/I:N/A:H'))).toEqual({
      position: 'local',
      privileges: 'none',
      user_interaction: true,
    });
    expect(cvssAttack(parseCvssVector('AV:A/AC:L/Au:S/C:N/I:N/A:P'))).toEqual({ position: 'adjacent', privileges: 'user', user_interaction: null });
    expect(cvssAttack(undefined)).toEqual({ position: null, privileges: null, user_interaction: null });
  });
});

describe('component, aka, exploit and products', () => {
  it.each<[string, string | null]>([
    [
      'SQL injection vulnerability in bannerclick.php in Foo 2.0 allows remote attackers to execute arbitrary SQL commands via the adid parameter.',
      'bannerclick.php (adid parameter)',
    ],
    ['The specific flaw exists within the importTextData method.', 'importTextData method'],
    ['Vulnerability in the MySQL Server component of Oracle MySQL (subcomponent: Server: Optimizer).', 'Server: Optimizer subcomponent'],
    ['Buffer overflow in Foo 1.2 allows remote attackers to execute arbitrary code.', null],
  ])('component of %s', (text, component) => expect(describedComponent(text)).toBe(component));

  it.each<[string, string[]]>([
    ['... related to d1_both.c and t1_lib.c, aka the Heartbleed bug.', ['Heartbleed']],
    ['allows local users to gain privileges, aka "Windows Kernel Memory Corruption Vulnerability."', ['Windows Kernel Memory Corruption Vulnerability']],
    ["JNDI features do not protect against attacker-controlled endpoints, aka the 'Log4Shell' issue.", ['Log4Shell']],
    ['allows physically proximate attackers to bypass restrictions, aka internal bug 22214934.', []],
    ['vmware-authd (aka the Authorization process) in VMware Workstation allows attackers to cause a denial of service.', []],
    [
      'The Server service in Microsoft Windows allows remote attackers to execute arbitrary code, as exploited by Gimmiv.A in October 2008 (MS08-067).',
      ['MS08-067'],
    ],
  ])('aka of %s', (text, aka) => expect(describedAka(text)).toEqual(aka));

  it('counts exploit sources, Exploit-tagged references and exploit archives', () => {
    expect(referencePointsAtExploit({ url: 'https://www.exploit-db.com/exploits/5321', tags: [] })).toBe(true);
    expect(referencePointsAtExploit({ url: 'http://packetstormsecurity.com/files/133/foo.html', tags: [] })).toBe(true);
    expect(referencePointsAtExploit({ url: 'https://github.com/foo/bar', tags: ['exploit'] })).toBe(true);
    expect(referencePointsAtExploit({ url: 'https://example.com/advisory', tags: ['vendor advisory'] })).toBe(false);
    expect(exploitPublic(new Set(['Metasploit']), []).value).toBe(true);
    expect(exploitPublic(new Set(), [{ url: 'https://example.com/', tags: ['patch'] }])).toEqual({
      value: false,
      provenance: 'no exploit source or exploit reference',
    });
  });

  it('marks the products the description names as primary, the others as also in', () => {
    const product = (vendor: string, name: string) => ({ vendor, product: name, ranges: [], openEnded: false, fixedVersions: [] });
    const facts = factProducts(
      [product('openssl', 'openssl'), product('redhat', 'enterprise_linux'), product('openssl', 'openssl')],
      'The TLS implementation in OpenSSL 1.0.1 before 1.0.1g does not handle Heartbeat packets.',
    );
    expect(facts).toEqual([
      { product: 'openssl:openssl', name: 'OpenSSL', primary: true },
      { product: 'redhat:enterprise_linux', name: 'Red Hat Enterprise Linux', primary: false },
    ]);
    expect(factProducts([product('acme', 'widget')], 'A flaw in the parser.')).toEqual([{ product: 'acme:widget', name: 'Acme Widget', primary: true }]);
  });
});
