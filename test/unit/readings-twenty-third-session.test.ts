/**
 * Readings of the twenty-third session (the h49 blind set and the seventeenth reading of twenty random records), each
 * beside a neighbour it must leave alone: what the attacker gains, who they are and what the text says of them, the
 * product names the dictionary's titles give, and a fix Oracle's Critical Patch Update states.
 */
import { describe, expect, it } from 'vitest';
import { describedBug } from '../../shared/ingest/explainer/bug-words.js';
import { attackerWords } from '../../shared/ingest/explainer/fact-words.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { cutTitle } from '../../shared/ingest/names/cpe-titles.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

describe('script code run "in the context of the interface" (Cisco\'s XSS template, CVE-2020-3580, h49)', () => {
  it('is cross-site scripting, not code running on the device', () => {
    const impacts = describedImpacts(
      'A successful exploit could allow the attacker to execute arbitrary script code in the context of the interface or allow the attacker to access sensitive, browser-based information.',
    );
    expect(impacts).toContain('cross_site_scripting');
    expect(impacts).not.toContain('code_execution');
  });

  it('still runs code "in the context of the browser process" or of the affected system', () => {
    expect(describedImpacts('allows attackers to execute arbitrary script code in the context of the browser process.')).toContain('code_execution');
    expect(describedImpacts('allows remote attackers to execute arbitrary code in the context of the affected system.')).toContain('code_execution');
  });
});

describe('other gains the h49 set showed unread', () => {
  it('runs code through "arbitrary MVEL expressions and Java code" (Elasticsearch, CVE-2014-3120)', () => {
    expect(
      describedImpacts(
        'enables dynamic scripting, which allows remote attackers to execute arbitrary MVEL expressions and Java code via the source parameter to _search.',
      ),
    ).toEqual(['code_execution']);
    expect(describedImpacts('allows remote attackers to evaluate arbitrary expressions via the filter parameter.')).not.toContain('code_execution');
  });

  it('gains privileges by "native code in a privileged context" after a sandbox bypass (Adobe Reader, CVE-2014-0546)', () => {
    expect(
      describedImpacts(
        'allow attackers to bypass a sandbox protection mechanism, and consequently execute native code in a privileged context, via unspecified vectors.',
      ),
    ).toEqual(['code_execution', 'privilege_escalation', 'security_bypass']);
    expect(describedImpacts('allow attackers to execute native code via unspecified vectors.')).toEqual(['code_execution']);
  });

  it('spoofs answers by DNS cache poisoning (Infoblox DNS One, CVE-2002-2213); a web cache is another matter', () => {
    expect(describedImpacts('allows remote attackers to conduct DNS cache poisoning via a birthday attack.')).toEqual(['spoofing']);
    expect(describedImpacts('allow remote attackers to conduct cache poisoning attacks.')).not.toContain('spoofing');
  });
});

describe('who attacks', () => {
  it('needs the victim where an ActiveX SDK is driven by a page (Panasonic PS-API, CVE-2015-4647)', () => {
    expect(
      describedAttack(
        'Multiple stack-based buffer overflows in Ipropsapi in Panasonic Security API (PS-API) ActiveX SDK before 8.10.18 allow remote attackers to execute arbitrary code via a long string in the FilePassword property.',
      ).userInteraction,
    ).toBe(true);
    expect(
      describedAttack('A buffer overflow in the Acme SDK before 8.10.18 allows remote attackers to execute arbitrary code via a long string.').userInteraction,
    ).not.toBe(true);
  });

  it('says a client library is attacked by a remote attacker, not by anyone who reaches it (curl, CVE-2021-22897)', () => {
    const attack = { position: 'remote', privileges: 'none', user_interaction: false } as const;
    expect(attackerWords(attack, 'curl 7.61.0 through 7.76.1 suffers from exposure of data element to wrong session.')).toBe('A remote attacker');
    expect(attackerWords(attack, 'Acme Web Server 2.1 allows remote attackers to read files via a crafted URL.')).toContain('without an account');
  });

  it('says "without an account" only where privileges are known to be none (CVE-2025-45021 had no CVSS)', () => {
    const description = 'Attackers can exploit SQL injection in admin/edit-directory.php of PHPGurukul Directory Management System 2.0.';
    expect(attackerWords({ position: 'remote', privileges: null, user_interaction: false }, description)).toBe('A remote attacker');
    expect(attackerWords({ position: 'remote', privileges: 'none', user_interaction: false }, description)).toContain('without an account');
  });
});

describe('product names from dictionary titles with "Version" before the number', () => {
  it('names Symantec Endpoint Protection Manager without "Version" (CVE-2016-3647)', () => {
    expect(cutTitle('Symantec Endpoint Protection Manager (SEPM) Version 12.1.2', '12.1.2', 'endpoint_protection_manager')).toBe(
      'Symantec Endpoint Protection Manager (SEPM)',
    );
  });
});

describe("Oracle's Critical Patch Update as the stated fix (CVE-2020-2802, the seventeenth reading)", () => {
  const stated = (vendor: string, url: string) =>
    derivedFixture(
      'Vulnerability in the GraalVM Enterprise Edition product of Oracle GraalVM (component: GraalVM Compiler). Supported versions that are affected are 19.3.1 and 20.0.0.',
      [orNode({ criteria: `cpe:2.3:a:${vendor}:graalvm:20.0.0:*:*:*:enterprise:*:*:*` })],
      { references: [{ url, tags: [] }] },
    ).facts!.fix_stated;

  it('states a fix where an Oracle product points at one update, whatever its reference is tagged', () => {
    expect(stated('oracle', 'https://www.oracle.com/security-alerts/cpuapr2020.html')).toBe(true);
  });

  it('states none for another vendor pointing at it, nor for an untagged page of another kind', () => {
    expect(stated('jasper_project', 'https://www.oracle.com/security-alerts/cpuapr2020.html')).toBe(false);
    expect(stated('oracle', 'https://www.oracle.com/java/technologies/graalvm.html')).toBe(false);
  });
});

describe('gains the h49 set showed read from the vector alone', () => {
  it('discloses secrets that are cracked or stored in plaintext (CVE-2002-0426, CVE-2002-0110)', () => {
    expect(
      describedImpacts('reduces the key lengths for keys that are supplied via manual key entry, which makes it easier for attackers to crack the keys.'),
    ).toEqual(['information_disclosure']);
    expect(
      describedImpacts(
        'MiraMail 1.04 stores authentication information such as POP usernames and passwords in plaintext in a .ini file, which allows an attacker to gain privileges by reading the passwords from the file.',
      ),
    ).toEqual(['privilege_escalation', 'information_disclosure']);
    expect(describedImpacts('The server stores the session files in the temporary folder.')).toEqual([]);
  });

  it('keeps other users out by locking their mailboxes (FTGate, CVE-2002-2082), not where a lockout is the weak defence', () => {
    expect(
      describedImpacts('FTGate 1.05 locks user mailboxes before authentication succeeds, which allows remote attackers to lock the mailboxes of other users.'),
    ).toEqual(['denial_of_service']);
    expect(describedImpacts('The account lockout capability only locks out users once for the specified lockout period.')).not.toContain('denial_of_service');
  });
});

describe('a file named "in the X file of" its product (CVE-2025-45021, the seventeenth reading)', () => {
  it('is the part, with its parameter', () => {
    expect(
      describedComponent(
        'A SQL Injection vulnerability was identified in the admin/edit-directory.php file of the PHPGurukul Directory Management System v2.0. Attackers can exploit this vulnerability via the email parameter in a POST request.',
      ),
    ).toBe('admin/edit-directory.php (email parameter)');
  });

  it('is not a file the attacker writes to', () => {
    expect(describedComponent('A flaw in Acme CMS allows attackers to write PHP code to the config.php file.')).not.toBe('config.php');
  });
});

describe("Patchstack's CWE-98 title beside the attack it allows (CVE-2025-26889)", () => {
  const template = (attack: string) =>
    `Improper Control of Filename for Include/Require Statement in PHP Program ('PHP Remote File Inclusion') vulnerability in Crocoblock JetCompareWishlist allows ${attack}.This issue affects JetCompareWishlist: from n/a through 1.5.9.`;

  it('names the local file inclusion the record says it allows', () => {
    expect(describedBug(template('PHP Local File Inclusion'))).toBe('local file inclusion');
  });

  it('keeps the remote one where that is what it allows', () => {
    expect(describedBug(template('PHP Remote File Inclusion'))).toBe('remote file inclusion');
  });
});

describe('commands run through shell metacharacters (Rlaj whois, CVE-2002-1854, the seventeenth reading)', () => {
  it('are a command injection', () => {
    expect(
      describedBug(
        'Rlaj whois CGI script (whois.cgi) 1.0 allows remote attackers to execute arbitrary commands via shell metacharacters in the domain name field.',
      ),
    ).toBe('command injection');
  });

  it('name none where no command runs, and leave a class the description names', () => {
    expect(describedBug('The script does not escape shell metacharacters, which allows remote attackers to read arbitrary files.')).toBeUndefined();
    expect(describedBug('Argument injection in Acme allows remote attackers to execute arbitrary commands via shell metacharacters in the host field.')).toBe(
      'argument injection',
    );
  });
});
