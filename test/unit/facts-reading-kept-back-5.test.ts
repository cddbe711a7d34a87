/**
 * Phrases a fifth blind annotation (45 records of 2008/2015/2018 nobody here had read, seed
 * "h28-blind") found misread: each rule is checked on its phrase, and on the neighbouring
 * phrase it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import type { AttackFacts, Facts } from '../../shared/domain/facts.js';
import { factTitle } from '../../shared/ingest/derive/title.js';
import { describedBug, describedMistake } from '../../shared/ingest/explainer/bug-words.js';
import { attackerWords, impactPhrase, serverAttacksClient } from '../../shared/ingest/explainer/fact-words.js';
import { bugKind, factSummary } from '../../shared/ingest/explainer/summary.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { factsFixture } from '../support/facts-fixture.js';

describe('what the attacker gains, phrases of the fifth kept-back set', () => {
  it.each<[string, string[]]>([
    // a series of verbs that share one object: each verb is a gain on it
    [
      'Automatic Bug Reporting Tool (ABRT) allows local users to read, change the ownership of, or have other unspecified impact on arbitrary files via a symlink attack on (1) /var/tmp/abrt/*/maps or (2) /tmp/jvm-*/hs_error.log.',
      ['information_disclosure', 'data_tampering', 'unspecified'],
    ],
    ['allows remote attackers to create, modify, or delete arbitrary files via a crafted request.', ['data_tampering']],
    // access to stored information is reading it, beside the hard-coded credentials' bypass
    [
      'Juniper Networks Contrail Service Orchestration releases prior to 3.3.0 have Cassandra service enabled by default with hardcoded credentials. These credentials allow network based attackers unauthorized access to information stored in Cassandra.',
      ['security_bypass', 'information_disclosure'],
    ],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));

  it('leaves a list whose verbs have objects of their own', () => {
    expect(describedImpacts('allows remote attackers to cause a denial of service, or read arbitrary files via a crafted path.')).toEqual([
      'information_disclosure',
      'denial_of_service',
    ]);
    expect(describedImpacts('allows remote attackers to cause a denial of service (crash), hang, or restart the device.')).toEqual(['denial_of_service']);
  });
});

describe('who can attack and who must act, phrases of the fifth kept-back set', () => {
  it('reads "makes it easier for local users to" as the attacker slot', () => {
    expect(
      describedAttack(
        'Omron CX-One CX-Programmer before 9.6 uses a reversible format for password storage in project source-code files, which makes it easier for local users to obtain sensitive information by reading a file.',
      ),
    ).toEqual({ position: 'local', privileges: 'user', userInteraction: false });
  });

  it.each<[string, boolean | undefined]>([
    // a malicious server reads the memory of the client that connects to it
    [
      "FreeRDP 2.0.0-rc3 contains a Other/Unknown vulnerability in channels/drdynvc/client/drdynvc_main.c that can result in The RDP server can read the client's memory.. This attack appear to be exploitable via RDPClient must connect the rdp server with echo option.",
      true,
    ],
    // a local user who gains privileges with no vector named acts alone
    [
      'The default configuration of consolehelper in system-config-network before 1.5.10-1 on Fedora 8 lacks the USER=root directive, which allows local users of the workstation console to gain privileges and change the network configuration.',
      false,
    ],
    // "via unknown vectors" leaves open how, even for a local user
    ['Unspecified vulnerability in the Data Store component allows local users to affect integrity and availability via unknown vectors.', undefined],
    // an ActiveX control's properties are set by a page its user loads
    [
      'Stack-based buffer overflow in the Creative Software AutoUpdate Engine ActiveX control in CTSUEng.ocx allows remote attackers to execute arbitrary code via a long CacheFolder property value.',
      true,
    ],
    // an app on the device: who installed it is not said
    [
      'dyld in Apple iOS before 9 allows attackers to bypass a code-signing protection mechanism via an app that places a crafted signature in an executable file.',
      undefined,
    ],
    // a local user runs their own application
    ['The kernel in Microsoft Windows 10 allows local users to gain privileges via a crafted application.', false],
    // an application server is no app on the device
    ['allows remote attackers to execute arbitrary code via an application server request.', false],
  ])('user interaction: %s → %s', (text, interaction) => expect(describedAttack(text).userInteraction).toBe(interaction));
});

describe('the words for the attacker and the gain', () => {
  const remoteAnyone: AttackFacts = { position: 'remote', privileges: 'none', user_interaction: null };

  it('says a malicious server attacks the clients that connect to it', () => {
    const text = "The RDP server can read the client's memory. This attack appear to be exploitable via RDPClient must connect the rdp server.";
    expect(serverAttacksClient(text)).toBe(true);
    expect(attackerWords({ ...remoteAnyone, user_interaction: true }, text)).toMatch(/^A malicious or compromised server/);
    expect(serverAttacksClient('allows remote attackers to read the memory of the server via a crafted client request.')).toBe(false);
  });

  it('says an attack through an app is made on the device, not over the network', () => {
    const text = 'allows attackers to bypass a code-signing protection mechanism via an app that places a crafted signature in an executable file.';
    expect(attackerWords(remoteAnyone, text)).toBe('An attacker, through a malicious app on the device,');
    expect(attackerWords(remoteAnyone, text)).not.toMatch(/over the network/);
    // a local user's own application is said as the local user
    expect(
      attackerWords({ position: 'local', privileges: 'user', user_interaction: false }, 'allows local users to gain privileges via a crafted application.'),
    ).toBe('A local user of the machine');
  });

  it('does not call memory consumed by a denial of service a leak of memory', () => {
    const text = 'A remote attacker could exploit this vulnerability to expose sensitive information or consume memory resources.';
    expect(impactPhrase('information_disclosure', text, remoteAnyone)).toBe('see information they should not see');
    expect(impactPhrase('information_disclosure', 'allows remote attackers to obtain sensitive information from process memory.', remoteAnyone)).toBe(
      'see information they should not see, such as process memory',
    );
  });
});

describe('the part a record names, fifth kept-back set', () => {
  it.each<[string, string | null]>([
    // a file in brackets after "file"
    [
      'In Micropoint proactive defense software 2.0.20266.0146, the driver file (mp110005.sys) allows local users to cause a denial of service (BSOD) because of not validating input values from IOCtl 0x8000014c.',
      'mp110005.sys',
    ],
    // an identifier between the flaw and the product
    [
      'Unspecified vulnerability in conv_lpd in Sun OpenSolaris has unknown impact and local attack vectors, related to improper handling of temporary files.',
      'conv_lpd',
    ],
    // Microsoft's "exists when <program> improperly handles": the program, unless it is the listed product
    ['A security feature bypass vulnerability exists when Microsoft WordPad improperly handles embedded OLE objects.', 'WordPad'],
    [
      'The Touch Pal application can collect user behavior data without awareness by the user in Snapdragon Mobile and Snapdragon Wear.',
      'Touch Pal application',
    ],
  ])('%s → %s', (text, part) => expect(describedComponent(text)).toBe(part));

  it('takes no listed product for a part', () => {
    const windows = [{ vendor: 'microsoft', product: 'windows' }];
    expect(describedComponent('An elevation of privilege vulnerability exists when Windows improperly handles calls to Win32k.sys.', windows)).toBe(
      'Win32k.sys',
    );
    expect(describedComponent('An information disclosure vulnerability exists when Windows improperly discloses memory.', windows)).toBeNull();
  });
});

describe('the mistake a title and summary name where no bug class is named', () => {
  it.each<[string, string | undefined]>([
    [
      'A security feature bypass vulnerability exists when Microsoft WordPad improperly handles embedded OLE objects, aka "WordPad Security Feature Bypass Vulnerability."',
      'improper handling of embedded OLE objects',
    ],
    [
      'Cisco APIC on Nexus 9000 devices does not properly implement RBAC health scoring, which allows remote authenticated users to obtain sensitive information.',
      'improper implementation of RBAC health scoring',
    ],
    [
      'Unspecified vulnerability in conv_lpd in Sun OpenSolaris has unknown impact, related to improper handling of temporary files, aka Bug ID 6655641.',
      'improper handling of temporary files',
    ],
    [
      'ATMFD.DLL in Microsoft Windows allows remote attackers to execute arbitrary code via a crafted OpenType font, aka "OpenType Font Parsing Vulnerability," a different vulnerability than CVE-2015-2459.',
      'OpenType font parsing',
    ],
    // a CWE's name in its capitals is a phrase; the object stops where the clause goes on
    [
      'The login page has an Improper Restriction of Excessive Authentication Attempts vulnerability.',
      'improper restriction of excessive authentication attempts',
    ],
    ['The server performs improper validation of a user-supplied path prior to using it in file operations.', 'improper validation of user-supplied path'],
    // "improperly handles input" names no more than a category
    ['The web interface does not properly validate input, which allows remote attackers to cause a denial of service.', undefined],
  ])('%s → %s', (text, mistake) => expect(describedMistake(text)).toBe(mistake));

  it('names "incomplete blacklist" as a bug class', () => {
    expect(
      describedBug(
        'Incomplete blacklist vulnerability in the Packman (kb_packman) extension 0.2.1 and earlier for TYPO3 has unknown impact and attack vectors.',
      ),
    ).toBe('incomplete blacklist');
  });

  it("says a CWE bug class before the description's wording, and the wording before nothing", () => {
    const text = 'An elevation of privilege vulnerability exists when the Windows kernel improperly handles objects in memory.';
    expect(bugKind(text, ['CWE-416'], ['privilege_escalation'])).toBe('use-after-free');
    expect(bugKind(text, ['CWE-20'], ['privilege_escalation'])).toBe('improper handling of objects in memory');
    // an identifier in the wording is code, as the page shows it
    expect(
      bugKind(
        'ViewCVS does not properly implement hide_cvsroot, which allows remote attackers to obtain sensitive information.',
        [],
        ['information_disclosure'],
      ),
    ).toBe('improper implementation of hide_cvsroot');
  });
});

describe('titles and summaries with the part and the mistake', () => {
  const facts = (overrides: Partial<Facts>): Facts =>
    factsFixture({
      impacts: ['security_bypass'],
      attack: { position: 'local', privileges: 'none', user_interaction: true },
      component: 'WordPad',
      products: [{ product: 'microsoft:windows_10', name: 'Microsoft Windows', primary: true }],
      ...overrides,
    });
  const summary = (f: Facts, description: string) =>
    factSummary({ facts: f, description, cweIds: [], severity: 'It is rated medium.', inKev: false, exploitCode: false });

  it('says what is wrong, where and in what', () => {
    const text = 'A security feature bypass vulnerability exists when Microsoft WordPad improperly handles embedded OLE objects.';
    expect(factTitle(facts({}), text, [])).toBe(
      'Improper handling of embedded OLE objects in WordPad in Microsoft Windows lets attackers bypass security checks',
    );
    expect(summary(facts({}), text)).toMatch(/^This is a flaw in WordPad in Microsoft Windows: improper handling of embedded OLE objects\. /);
    const font =
      'ATMFD.DLL in Microsoft Windows allows remote attackers to execute arbitrary code via a crafted OpenType font, aka "OpenType Font Parsing Vulnerability."';
    expect(
      factTitle(
        facts({ impacts: ['code_execution'], attack: { position: 'remote', privileges: 'none', user_interaction: true }, component: 'ATMFD.DLL' }),
        font,
        [],
      ),
    ).toBe('OpenType font parsing flaw in ATMFD.DLL in Microsoft Windows lets remote attackers run code');
  });

  it('writes an identifier part as a name, in its product', () => {
    const text =
      'Unspecified vulnerability in conv_lpd in Sun OpenSolaris has unknown impact and local attack vectors, related to improper handling of temporary files.';
    const f = facts({ impacts: ['unspecified'], component: 'conv_lpd', products: [{ product: 'sun:opensolaris', name: 'Sun OpenSolaris', primary: true }] });
    expect(factTitle(f, text, [])).toBe('Improper handling of temporary files in conv_lpd in Sun OpenSolaris');
  });

  it('says a program that collects data behind its user is no attacker over the network', () => {
    const text = 'The Touch Pal application can collect user behavior data without awareness by the user in Snapdragon Mobile and Snapdragon Wear.';
    const f = facts({
      impacts: ['information_disclosure'],
      attack: { position: 'remote', privileges: 'none', user_interaction: false },
      component: 'Touch Pal application',
    });
    expect(summary(f, text)).toContain('Whoever gets what the program collects, without its user knowing, can see information they should not see.');
    expect(summary(f, text)).not.toContain('over the network');
    expect(factTitle(f, text, ['CWE-200'])).toBe('Information leak in the Touch Pal application of Microsoft Windows lets the program read sensitive data');
  });
});
