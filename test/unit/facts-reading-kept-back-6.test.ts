/**
 * Phrases two blind annotations (h34: 60 records of 2008/2015/2018; h35: 64 records of
 * 2004–2025) found misread in who can attack and what they gain: each rule is checked on its
 * phrase, and on the neighbouring phrase it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { attackFactsOf } from '../support/nvd-fixtures.js';
import type { AttackFacts } from '../../shared/domain/facts.js';
import { attackerWords, maliciousAppAttacks } from '../../shared/ingest/explainer/fact-words.js';
import { describedAka } from '../../shared/ingest/facts/aka.js';
import { describedAttack, namedAttackerActsAlone } from '../../shared/ingest/facts/attacker.js';
import { cweImpacts } from '../../shared/ingest/facts/fallback.js';
import { describedImpacts, namedWeaknessImpacts } from '../../shared/ingest/facts/impacts.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';

describe('gains stated without the usual verbs', () => {
  it.each<[string, string[]]>([
    [
      'The CAPTCHA implementation uses a code_bg.jpg background image in a way that produces an insufficient number of different images, which allows remote attackers to pass the CAPTCHA test via an automated attack using a table of all possible image checksums.',
      ['security_bypass'],
    ],
    [
      'secure-compare 3.0.0 and below do not actually compare two strings properly. compare was actually comparing the first argument with itself, meaning the check passed for any two strings of the same length.',
      ['security_bypass'],
    ],
    [
      'Samba before versions 4.6.1, 4.5.7 and 4.4.11 are vulnerable to a malicious client using a symlink race to allow access to areas of the server file system not exported under the share definition.',
      ['security_bypass'],
    ],
    [
      'Unknown vulnerability in Apache 2.0.51 prevents "the merging of the Satisfy directive," which could allow attackers to obtain access to restricted resources contrary to the specified authentication configuration.',
      ['security_bypass'],
    ],
    [
      "The MWOAuthDataStore::lookup_token function does not properly validate the signature, which allows remote registered Consumers to use another Consumer's credentials by leveraging knowledge of the credentials.",
      ['spoofing'],
    ],
    [
      'Insufficient data validation in Downloads in Google Chrome prior to 64.0.3282.119 allowed a remote attacker to potentially run arbitrary code outside sandbox via a crafted Chrome Extension.',
      ['code_execution', 'security_bypass'],
    ],
    [
      'This vulnerability allows physically present attackers to execute arbitrary code on affected installations. An attacker can leverage this vulnerability to execute code in the context of root.',
      ['code_execution', 'privilege_escalation'],
    ],
    [
      'A person can change this DLL in a local way, or with a remote connection, to a malicious DLL with the same name -- and when the product is used, this malicious DLL will be loaded, aka a DLL Hijacking attack.',
      ['code_execution'],
    ],
    ['This can cause r_count to become negative, which can lead to a problem where the ksmbd thread does not terminate.', ['denial_of_service']],
    // WordPress shortcodes are the site's own features, run by someone who should not
    ['This makes it possible for unauthenticated attackers to execute arbitrary shortcodes.', ['security_bypass']],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));

  it('leaves their neighbours as they were', () => {
    // reading restricted files is a disclosure
    expect(describedImpacts('allows remote attackers to read restricted files via a crafted path.')).toEqual(['information_disclosure']);
    // a request that passes a check is the vector, not a gain
    expect(describedImpacts('allows remote attackers to cause a denial of service via a request that passes the length check.')).toEqual(['denial_of_service']);
    // code in the context of the current process is no privilege gain
    expect(describedImpacts('An attacker can leverage this vulnerability to execute code in the context of the current process.')).toEqual(['code_execution']);
    // a process that does not terminate a session is no hang
    expect(describedImpacts('The logout process does not terminate the session on the server.')).toEqual([]);
    // a library loaded from the current directory names no malicious one
    expect(describedImpacts('The installer loads version.dll from the current directory.')).toEqual([]);
  });
});

describe('gains a record does not state', () => {
  it('a parenthesis after a denial of service names the bug behind it', () => {
    expect(
      describedImpacts(
        'Adobe Flash Player before 18.0.0.268 allow attackers to execute arbitrary code or cause a denial of service (out-of-bounds read and memory corruption) via crafted MPEG-4 data.',
      ),
    ).toEqual(['code_execution', 'denial_of_service']);
    // one that states a further gain keeps it
    expect(describedImpacts('allows remote attackers to cause a denial of service (crash and possibly obtain sensitive information) via a packet.')).toEqual([
      'information_disclosure',
      'denial_of_service',
    ]);
  });

  it('an out-of-bounds write is the bug, not a write the attacker makes', () => {
    expect(
      describedImpacts(
        'The affected product is vulnerable to an out-of-bounds write while processing project files, which allows an attacker to craft a project file that would allow arbitrary code execution.',
      ),
    ).toEqual(['code_execution']);
    expect(describedImpacts('allows remote attackers to write arbitrary files via a crafted archive.')).toEqual(['data_tampering']);
  });

  it('"the running code" is a noun, not code the attacker runs', () => {
    expect(
      describedImpacts(
        'An attacker with network access to port 102/tcp could potentially modify the user program on the PLC in a way that the running code is different from the source code which is stored on the device. The vulnerability could impact the perceived integrity of the user program stored on the CPU.',
      ),
    ).toEqual(['data_tampering']);
    expect(describedImpacts('allows remote attackers to gain the ability of running arbitrary code on the device.')).toEqual(['code_execution']);
  });

  it('deserialization names no code running: the CVSS vector speaks for it', () => {
    expect(describedImpacts('An issue was discovered in MISP before 2.4.158. PHAR deserialization can occur.')).toEqual([]);
    expect(namedWeaknessImpacts('An issue was discovered in MISP before 2.4.158. PHAR deserialization can occur.')).toEqual([]);
    expect(cweImpacts(['CWE-502'])).toEqual([]);
    // an object injection is still code running
    expect(describedImpacts('The plugin is vulnerable to PHP Object Injection via deserialization of untrusted input.')).toEqual(['code_execution']);
  });

  it('an unchecked certificate lets an on-path attacker read and change the traffic', () => {
    expect(cweImpacts(['CWE-295'])).toEqual(['information_disclosure', 'data_tampering']);
  });
});

describe('who can attack', () => {
  it('"unauthenticated attackers" wins over the users who use the plugin', () => {
    expect(
      describedAttack(
        'The ORDER POST plugin for WordPress is vulnerable to arbitrary shortcode execution in all versions up to, and including, 2.0.2. This is due to the software allowing users to execute an action that does not properly validate a value before running do_shortcode. This makes it possible for unauthenticated attackers to execute arbitrary shortcodes.',
      ).privileges,
    ).toBe('none');
    expect(
      describedAttack('This makes it possible for authenticated attackers, with Subscriber-level access and above, to execute arbitrary shortcodes.')
        .privileges,
    ).toBe('user');
  });

  it('"registered Consumers" hold an account', () => {
    expect(
      describedAttack("allows remote registered Consumers to use another Consumer's credentials by leveraging knowledge of the credentials."),
    ).toMatchObject({
      position: 'remote',
      privileges: 'user',
    });
  });

  it('a local app\'s "no additional execution privileges needed" leaves its account to the CVSS vector (h30\'s call)', () => {
    expect(
      describedAttack(
        'In Bluetooth, there is a use of uninitialized variable. This could lead to local information disclosure with no additional execution privileges needed. User interaction is not needed for exploitation.',
      ),
    ).toEqual({ position: 'local', userInteraction: false });
    expect(describedAttack('This could lead to remote denial of service with no additional execution privileges needed.').privileges).toBe('none');
  });

  it('a document a client program opens is opened by its user', () => {
    expect(
      describedAttack(
        'Adobe Acrobat and Acrobat Reader 6.0 allow remote attackers to read arbitrary files via a PDF file that contains an embedded Shockwave (swf) file that references files outside of the temporary directory.',
      ).userInteraction,
    ).toBe(true);
    // a server that converts the PDF: the attacker sends it
    expect(
      describedAttack('The PDF conversion service allows remote attackers to cause a denial of service via a PDF file with a long name.').userInteraction,
    ).toBe(false);
  });
});

describe('an attacker acting alone where the description names no victim and no vector', () => {
  it.each<[string, boolean]>([
    [
      'Nettica Corporation INTELLIPEER Email Server 1.01 displays different error messages for valid and invalid account names, which allows remote attackers to determine valid account names.',
      true,
    ],
    [
      'Zoom X3 ADSL modem has a terminal running on port 254 that can be accessed using the default HTML management password, even if the password has been changed for the HTTP interface, which could allow remote attackers to gain unauthorized access.',
      true,
    ],
    ['This vulnerability allows physically present attackers to execute arbitrary code on affected installations of CarlinKit CPC200-CCPA devices.', true],
    // a bare "attackers" says nothing of how they reach it
    [
      'Weblog in Mac OS X Server 10.4.11 does not properly check an error condition, which might allow attackers to bypass intended access restrictions.',
      false,
    ],
    // how is unknown
    ['Unspecified vulnerability in the DAM Frontend extension allows remote attackers to obtain sensitive information via unknown vectors.', false],
    ['Incomplete blacklist vulnerability in the Packman extension for TYPO3 has unknown impact and attack vectors.', false],
    [
      'Multiple unspecified vulnerabilities in NetApp Data ONTAP allow remote attackers to execute arbitrary commands, probably related to insufficient access control for HTTP requests.',
      false,
    ],
    // an app on the device, and a client program's user
    ['dyld in Apple iOS before 9 allows local users to bypass a code-signing protection mechanism via an app that places a crafted signature.', false],
    ['Mozilla Firefox before 39.0 allows remote attackers to obtain sensitive information.', false],
  ])('%s → %s', (text, alone) => expect(namedAttackerActsAlone(text)).toBe(alone));

  const record = (description: string, metrics: object) =>
    parseNvdCve({
      id: 'CVE-2004-2150',
      sourceIdentifier: 'cve@mitre.org',
      published: '2004-12-31T05:00:00.000',
      lastModified: '2005-01-02T05:00:00.000',
      vulnStatus: 'Modified',
      descriptions: [{ lang: 'en', value: description }],
      metrics,
    })!;
  const factsOf = (description: string, metrics: object) => {
    const nvd = record(description, metrics);
    return attackFactsOf(nvd, description);
  };
  const alone =
    'Email Server 1.01 displays different error messages for valid and invalid account names, which allows remote attackers to determine valid account names.';
  const v2 = {
    cvssMetricV2: [{ source: 'nvd@nist.gov', type: 'Primary', cvssData: { version: '2.0', vectorString: 'AV:N/AC:L/Au:N/C:P/I:N/A:N', baseScore: 5 } }],
  };
  const v3 = (ui: 'N' | 'R') => ({
    cvssMetricV31: [
      {
        source: 'nvd@nist.gov',
        type: 'Primary',
        cvssData: { version: '3.1', vectorString: `CVSS:3.1/AV:N/AC:L/PR:N/UI:${ui}/S:U/C:L/I:N/A:N`, baseScore: 5.3 },
      },
    ],
  });

  it('is false with a CVSS v2 vector (no user-interaction field), and says so in the provenance', () => {
    const read = factsOf(alone, v2);
    expect(read.attack.user_interaction).toBe(false);
    expect(read.provenance['facts.attack.user_interaction']).toMatch(/^description \(a named attacker, no victim, no vector/);
  });

  it("leaves a v3 vector's user-interaction field to speak, and an unknown vector open", () => {
    expect(factsOf(alone, v3('R')).attack.user_interaction).toBe(true);
    expect(factsOf('allows remote attackers to obtain sensitive information via unknown vectors.', v2).attack.user_interaction).toBeNull();
  });
});

describe('what the summary says of the attacker', () => {
  const localApp: AttackFacts = { position: 'local', privileges: 'none', user_interaction: true };

  it("names Android's local malicious application, which a user installs, not a file or page a user opens", () => {
    const text =
      'An information disclosure vulnerability in kernel components including the ION subsystem could enable a local malicious application to access data outside of its permission levels.';
    expect(maliciousAppAttacks(text)).toBe(true);
    expect(attackerWords(localApp, text)).toBe('A malicious app, once a user installs it on the device,');
    expect(attackerWords({ ...localApp, user_interaction: false }, text)).toBe('A malicious app on the device');
    // a crafted file a local user is given is still opened by them
    expect(maliciousAppAttacks('allows attackers to execute arbitrary code via a crafted file.')).toBe(false);
    expect(attackerWords(localApp, 'allows attackers to execute arbitrary code via a crafted file.')).toBe('An attacker');
  });
});

describe('the names a record gives the bug', () => {
  it('takes no bug class for a name', () => {
    expect(describedAka('when the product is used, this malicious DLL will be loaded, aka a DLL Hijacking attack.')).toEqual([]);
    expect(describedAka('allows local users to gain privileges via a Trojan horse DLL, aka "DLL Planting Remote Code Execution Vulnerability."')).toEqual([
      'DLL Planting Remote Code Execution Vulnerability',
    ]);
    expect(describedAka('aka an argument-switch attack or a KHOBE attack.')).toEqual(['argument-switch attack', 'KHOBE attack']);
  });
});
