/**
 * Phrases a fourth blind annotation (45 records of 2008/2015/2018 nobody here had read, seed
 * "h27-attack-4") found misread: each rule is checked on its phrase, and on the neighbouring
 * phrase it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';

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
    // showing a file's contents to someone who may not read it is a disclosure
    [
      'The Code42 app before 6.8.4 on Linux installs with overly permissive permissions on the /usr/local/crashplan/log directory. This allows a user to manipulate symbolic links to escalate privileges, or show the contents of sensitive files that a regular user would not have access to.',
      ['privilege_escalation', 'information_disclosure'],
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
  });
});

describe('who can attack: the qualifier in brackets after the attacker', () => {
  const text =
    'A buffer overflow in the DHCP and PPPOE configuration interface of the phone allows a remote attacker (authenticated as simple user in the same network as the device) to trigger remote code execution via a POST request (ManufacturerName parameter) to the web server on the device.';
  it('reads "authenticated as simple user in the same network" as an adjacent signed-in user', () => {
    expect(describedAttack(text)).toEqual({ position: 'adjacent', privileges: 'user', userInteraction: false });
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
