/**
 * Titles and summaries on the phrases a reading of random records found misnamed: the bug is
 * named as the record names it, a stated consequence outranks the CWE's, and a gain the text only
 * states (one of several) names no flaw.
 */
import { describe, expect, it } from 'vitest';
import type { Facts } from '../../shared/domain/facts.js';
import { factTitle } from '../../shared/ingest/derive/title.js';
import { describedBug } from '../../shared/ingest/explainer/bug-words.js';
import { bugKind, factSummary } from '../../shared/ingest/explainer/summary.js';
import { factsFixture } from '../support/facts-fixture.js';

const facts = (overrides: Partial<Facts> = {}): Facts =>
  factsFixture({
    impacts: ['code_execution'],
    attack: { position: 'remote', privileges: 'none', user_interaction: false },
    component: null,
    products: [{ product: 'acme:widget', name: 'Acme Widget', primary: true }],
    ...overrides,
  });

describe('the bug as the record names it', () => {
  it.each([
    [
      'Acme Reader 2018.011 and earlier have an untrusted pointer dereference vulnerability. Successful exploitation could lead to arbitrary code execution.',
      'untrusted pointer dereference',
    ],
    ['Affected is the file /a.php. The manipulation of the argument id leads to sql injection. The attack may be launched remotely.', 'SQL injection'],
    ['This issue affects the file /b.php. The manipulation of the argument name leads to cross site scripting.', 'cross-site scripting'],
    ['The manipulation leads to improper access controls. The attack needs to be approached locally.', 'improper access controls'],
    ['The manipulation of the argument cmd leads to injection. The attack may be launched remotely.', undefined],
    ['Foo suffers from a SYSTEM privilege escalation vulnerability in its service.', 'privilege escalation'],
  ])('%s → %s', (text, bug) => expect(describedBug(text)).toBe(bug));

  it('never names the bug after a CWE whose nature the stated consequences contradict', () => {
    expect(bugKind('The plugin has an AJAX action that allows modification of the siteurl setting.', ['CWE-601'], ['data_tampering'])).toBeUndefined();
    expect(bugKind('The plugin allows remote attackers to redirect users to arbitrary web sites.', ['CWE-601'], ['spoofing'])).toBe('open redirect');
  });

  it('names no flaw after one stated gain of several (Oracle: read, update and a partial denial of service)', () => {
    const oracle =
      'Vulnerability in the Solaris component of Oracle Sun Systems Products Suite (subcomponent: Sudo). Difficult to exploit vulnerability allows unauthenticated attacker with network access via multiple protocols to compromise Solaris. Successful attacks of this vulnerability can result in unauthorized update, insert or delete access to some of Solaris accessible data as well as unauthorized read access to a subset of Solaris accessible data and unauthorized ability to cause a partial denial of service (partial DOS) of Solaris.';
    const title = factTitle(
      facts({
        impacts: ['information_disclosure', 'data_tampering', 'denial_of_service'],
        component: 'Sudo subcomponent',
        products: [{ product: 'oracle:solaris', name: 'Oracle Solaris', primary: true }],
      }),
      oracle,
      [],
    );
    expect(title).toBe('Oracle Solaris flaw in Sudo subcomponent lets remote attackers read sensitive data');
    expect(bugKind('The kernel allows local users to cause a denial of service.', [], ['denial_of_service'])).toBe('denial of service');
  });
});

describe('who attacks, in a title', () => {
  it('says "attackers", not "local users", of a crafted file a user opens on the machine', () => {
    const title = factTitle(
      facts({ attack: { position: 'local', privileges: 'none', user_interaction: true } }),
      'Acme Widget has an untrusted pointer dereference vulnerability.',
      ['CWE-476'],
    );
    expect(title).toBe('Untrusted pointer dereference in Acme Widget lets attackers run code');
  });

  it('says an administrator where the record requires one', () => {
    expect(
      factTitle(
        facts({ attack: { position: 'remote', privileges: 'admin', user_interaction: false } }),
        'As obtaining the administrator permission, remote attackers can launch command injection.',
        [],
      ),
    ).toBe('Command injection in Acme Widget lets administrators run code');
  });
});

describe('who attacks, in a summary', () => {
  it('never says anyone reaches a client program over the network', () => {
    const text = factSummary({
      facts: facts({ impacts: ['code_execution'] }),
      description: 'Adobe Reader and Acrobat before 11.0.18 allow attackers to execute arbitrary code via unspecified vectors.',
      cweIds: [],
      severity: '',
      inKev: false,
      exploitCode: false,
    });
    expect(text).toContain('A remote attacker can run their own code.');
    expect(text).not.toMatch(/anyone/i);
  });
});

describe('what is exposed, in a summary', () => {
  it('says the kind of secret in the plural, whatever the phrase of the record', () => {
    const text = factSummary({
      facts: facts({ impacts: ['information_disclosure'] }),
      description: 'Go mishandles P-521 curves, which allows attackers to possibly conduct ECDH private key recovery attacks.',
      cweIds: [],
      severity: '',
      inKev: false,
      exploitCode: false,
    });
    expect(text).toContain('such as private keys.');
  });
});

describe("a VulDB record's text", () => {
  const vuldb =
    'A vulnerability, which was classified as critical, has been found in itsourcecode Gym Management System 1.0. Affected by this issue is some unknown functionality of the file /view_member.php. The manipulation of the argument ID leads to sql injection. The attack may be launched remotely. The exploit has been disclosed to the public and may be used.';
  const read = facts({
    impacts: ['sql_injection'],
    component: '/view_member.php (ID parameter)',
    products: [{ product: 'itsourcecode:gym_management_system', name: 'itsourcecode Gym Management System', primary: true }],
    exploit_public: true,
  });

  it('titles the bug, the file and the product', () => {
    expect(factTitle(read, vuldb, ['CWE-89'])).toBe('SQL injection in /view_member.php (ID parameter) in itsourcecode Gym Management System');
  });

  it('says who can attack, what they gain and that the exploit is public', () => {
    const text = factSummary({
      facts: read,
      description: vuldb,
      cweIds: ['CWE-89'],
      severity: 'It is rated high: 7.3 out of 10.',
      inKev: false,
      exploitCode: false,
    });
    expect(text).toContain('This is an SQL injection flaw in');
    expect(text).toContain('can read and change data in the database through SQL injection');
    expect(text).toContain('Public code to exploit it exists.');
  });
});
