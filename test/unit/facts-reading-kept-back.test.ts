/**
 * Phrases a second, blind annotation of records nobody here had read (45 of 2008/2015/2018, 6 of
 * other years) found misread, and the known misreadings of issue 23's last reading: each rule is
 * checked on its phrase, and on the neighbouring phrase it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import type { Facts } from '../../shared/domain/facts.js';
import { deriveTitle } from '../../shared/ingest/derive/title.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { affirmedProse } from '../../shared/ingest/facts/prose.js';
import { factSummary } from '../../shared/ingest/explainer/summary.js';
import { factsFixture } from '../support/facts-fixture.js';

describe('a consequence the description denies gives no impact', () => {
  const goLeak =
    'Due to the usage of a variable time instruction in the assembly implementation of an internal function, a small number of bits of secret scalars are leaked on the ppc64le architecture. Due to the way this function is used, we do not believe this leakage is enough to allow recovery of the private key when P-256 is used in any well known protocols.';

  it('keeps the leak it states and drops the key recovery it denies', () => {
    expect(describedImpacts(goLeak)).toEqual(['information_disclosure']);
    expect(affirmedProse(goLeak)).not.toMatch(/private key/);
  });

  it('names no private keys in the summary of a leak that cannot recover them', () => {
    const facts: Facts = {
      impacts: ['information_disclosure'],
      attack: { position: null, privileges: null, user_interaction: null },
      component: null,
      products: [{ product: 'golang:go', name: 'Go', primary: true }],
      fixed_in: [],
      last_affected: [],
      fix_stated: false,
      exploit_public: false,
      aka: [],
    };
    const text = factSummary({ facts, description: goLeak, cweIds: [], severity: '', inKev: false, exploitCode: false });
    expect(text).toContain('see information they should not see');
    expect(text).not.toMatch(/private key/i);
  });

  it.each<[string, string[]]>([
    ['While this does not allow privilege escalation or impersonation, it exposes information about other users.', ['information_disclosure']],
    ['The script can then run in the page but does not allow for privilege escalation.', []],
    [
      'While invoking these PHP scripts does not enable remote code execution, it can negatively impact integrity and confidentiality of PAN-OS.',
      ['information_disclosure', 'data_tampering'],
    ],
    ['This allows an attacker to register an account. This does not allow attackers to take over or access existing accounts or private data.', []],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));

  it('reads a product that "does not enable" or "does not allow" something as its bug, not as a denial', () => {
    expect(
      describedImpacts('Foo does not enable the HSTS protection mechanism, which makes it easier for remote attackers to obtain sensitive information.'),
    ).toEqual(['information_disclosure']);
    expect(describedImpacts('Foo does not allow attachments to be blocked, which could allow remote attackers to execute arbitrary code.')).toEqual([
      'code_execution',
    ]);
  });
});

describe('a crash and what the program was doing when it crashed', () => {
  it.each<[string, string[]]>([
    [
      'A CWE-248: Uncaught Exception vulnerability exists in all versions of the Modicon M580 which could cause denial of service when reading memory blocks with an invalid data size or with an invalid data offset in the controller over Modbus.',
      ['denial_of_service'],
    ],
    ['allows remote attackers to cause a denial of service (crash) when Fetchmail attempts to read data beyond the expected boundary.', ['denial_of_service']],
    // a gain stated again after the when-clause is still read
    [
      'the device may crash while accessing an invalid pointer or expose otherwise inaccessible memory contents.',
      ['information_disclosure', 'denial_of_service'],
    ],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));

  it('still reads a when-clause that does not follow a crash', () => {
    expect(describedImpacts('allows remote attackers to obtain sensitive information when reading the log file.')).toEqual(['information_disclosure']);
  });
});

describe('what the attacker gains, more phrases', () => {
  it.each<[string, string[]]>([
    [
      'IBM Security Directory Server could allow an authenticated user to execute commands into the web administration tool that would cause the tool to crash.',
      ['denial_of_service'],
    ],
    [
      'XML external entity (XXE) vulnerability in Foo allows remote attackers to send TCP requests to intranet servers or possibly have unspecified other impact via an XML request.',
      ['request_forgery', 'unspecified'],
    ],
    ['allows remote attackers to send requests to intranet servers via crafted XML.', ['request_forgery']],
    ['baserCMS allows remote attackers with a site operator privilege to upload arbitrary files.', ['data_tampering']],
    [
      'IBM WebSphere Application Server 9.0 is vulnerable to cross-site scripting. This vulnerability allows users to embed arbitrary JavaScript code in the Web UI thus altering the intended functionality potentially leading to credentials disclosure within a trusted session.',
      ['information_disclosure', 'cross_site_scripting'],
    ],
    ['The plugin allows unauthenticated attackers to upload arbitrary files, resulting in remote code execution.', ['code_execution']],
    ['allows an authenticated user to upload malicious files that would be automatically executed by the server.', ['code_execution']],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));

  it('still reads commands that run as code', () => {
    expect(describedImpacts('allows remote authenticated users to execute arbitrary OS commands via shell metacharacters in the mac parameter.')).toEqual([
      'code_execution',
    ]);
  });
});

describe('who can attack, more phrases', () => {
  it.each<[string, ReturnType<typeof describedAttack>]>([
    [
      '/bin/login in shadow 4.0.18.1 allows local users in the utmp group to overwrite arbitrary files via a symlink attack on a temporary file.',
      { position: 'local', privileges: 'user', userInteraction: false },
    ],
    [
      'crashdump allows local users in the admin group to modify arbitrary files via a symlink attack.',
      { position: 'local', privileges: 'admin', userInteraction: false },
    ],
    [
      'allows an authenticated remote attacker in the same network to trigger OS commands via shell metacharacters.',
      {
        position: 'adjacent',
        privileges: 'user',
        userInteraction: false,
      },
    ],
    ['baserCMS allows remote attackers with a site operator privilege to upload arbitrary files.', { position: 'remote', privileges: 'user' }],
    ['A non-admin user can modify this file to either create files or change the content of files in an admin-protected location.', { privileges: 'user' }],
    ['allows non-admin users to reset the settings via the reset-cmb parameter.', { privileges: 'user', userInteraction: false }],
    ['allowing an authenticated attacker with high privileges to manipulate the policy.', { privileges: 'admin' }],
  ])('%s', (text, attack) => expect(describedAttack(text)).toEqual(attack));

  it.each<[string, boolean | undefined]>([
    // the server returns pages to the browser: the attacker's own request, no victim
    [
      'JetBrains TeamCity 8 and 9 before 9.0.2 allows bypass of account-creation restrictions via a crafted request because the required request data can be deduced by reading HTML and JavaScript files that are returned to the web browser after an initial unauthenticated request.',
      false,
    ],
    // a browser's own flaw reached through a crafted page still needs the victim
    ['Mozilla Firefox allows remote attackers to execute arbitrary code via crafted packets that trigger incorrect buffer-resize operations.', true],
    [
      'In Delta Electronics TPEditor 1.89 or prior, parsing a malformed program file may cause heap-based buffer overflow, which may allow remote code execution.',
      true,
    ],
    ['allows remote attackers to cause a denial of service via a malformed JPEG image.', true],
    // a local user supplies the crafted file to the machine themselves, as a malformed one below
    ['otools in Apple Xcode before 7.2 allows local users to gain privileges via a crafted mach-o file.', false],
    // a link of the program's own scheme is opened by its user; a file: URL is the attacker's own argument to a server
    ['Buffer overflow in oovoo.exe allows remote attackers to cause a denial of service and possibly execute arbitrary code via a long oovoo: URI.', true],
    ['The File Browser View allows remote authenticated administrators to read arbitrary files via a file: URL in the WebHDFS URL configuration.', false],
    // a local user supplies the malformed file to the machine themselves
    ['allows local users to cause a denial of service (crash) via a malformed ELF file.', false],
  ])('user interaction: %s → %s', (text, interaction) => expect(describedAttack(text).userInteraction).toBe(interaction));
});

describe('the texts of what the kept-back set showed', () => {
  const facts = (overrides: Partial<Facts>): Facts =>
    factsFixture({
      impacts: [],
      attack: { position: 'remote', privileges: 'none', user_interaction: false },
      component: null,
      products: [{ product: 'sap:netweaver', name: 'SAP NetWeaver', primary: true }],
      ...overrides,
    });
  const summary = (f: Facts, description: string) => factSummary({ facts: f, description, cweIds: [], severity: '', inKev: false, exploitCode: false });

  it('says the server sends the requests of an XXE "send TCP requests to intranet servers", not a user\'s browser', () => {
    const text = summary(
      facts({ impacts: ['request_forgery'] }),
      'XML external entity (XXE) vulnerability in SAP NetWeaver AS Java 7.4 allows remote attackers to send TCP requests to intranet servers via an XML request.',
    );
    expect(text).toContain('make the server send requests to places they choose');
    expect(text).not.toMatch(/browser/);
  });

  it("still says a cross-site request forgery makes the user's browser send requests", () => {
    const text = summary(
      facts({ impacts: ['request_forgery'], attack: { position: 'remote', privileges: 'none', user_interaction: true } }),
      'Cross-site request forgery (CSRF) vulnerability in Foo allows remote attackers to hijack the authentication of administrators.',
    );
    expect(text).toContain("make a signed-in user's browser send requests");
  });

  it("skips a finder's credit for the title of a record that names no product", () => {
    const sources = { id: 'CVE-2025-1056', kev: undefined, nvd: undefined, cve5: undefined, cweCatalogue: new Map() } as unknown as Parameters<
      typeof deriveTitle
    >[0];
    const description =
      'Gee-netics, member of AXIS Camera Station Pro Bug Bounty Program, has identified an issue with a specific file that the server is using. A non-admin user can modify this file to either create files or change the content of files in an admin-protected location.';
    expect(deriveTitle(sources, { rejected: false, cweIds: [], description }).value).toMatch(/^A non-admin user can modify this file to either create files/);
  });
});
