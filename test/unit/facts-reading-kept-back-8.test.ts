/**
 * Phrases a blind annotation (h39: 64 records of 2002–2025) found misread in who can attack:
 * each rule is checked on its phrase, and on the neighbouring phrase it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { attackFactsOf } from '../support/nvd-fixtures.js';
import type { AttackFacts } from '../../shared/domain/facts.js';
import { attackerWords } from '../../shared/ingest/explainer/fact-words.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';

describe('where the attacker is', () => {
  it('a "remote authenticated guest user" of a web application signs in from afar; one of a virtual machine attacks its host locally', () => {
    const web = describedAttack(
      'Synology Photo Station before 6.3-2958 allows remote authenticated guest users to execute arbitrary commands via shell metacharacters in the X-Forwarded-For HTTP header to photo/login.php.',
    );
    expect(web.position).toBe('remote');
    expect(web.privileges).toBe('user');
    expect(
      describedAttack(
        'Race condition in SPICE 0.12.4 allows a remote authenticated guest user to cause a denial of service (QEMU-KVM crash) or possibly execute arbitrary code on the host via unspecified vectors.',
      ).position,
    ).toBe('local');
    expect(describedAttack('Xen allows local guest OS users to cause a denial of service via a crafted hypercall.').position).toBe('local');
    // a web application's guest role without a position leaves it to the CVSS vector
    expect(describedAttack('In SapphireIMS 4097_1, a guest user is able to change the password of an administrative user.').position).toBeUndefined();
    expect(describedAttack('allowing Guest project members to access the issues of other projects.').position).toBeUndefined();
    expect(describedAttack('allows guest users to cause a denial of service of the host via a crafted MSR write in KVM.').position).toBe('local');
  });

  it('the first attacker a comma clause names decides', () => {
    const ldap = describedAttack(
      'slapd in OpenLDAP 2.0 through 2.0.19 allows local users, and anonymous users before 2.0.8, to conduct a "replace" action on access controls without any values, which causes OpenLDAP to delete non-mandatory attributes that would otherwise be protected by ACLs.',
    );
    expect(ldap).toEqual({ position: 'local', privileges: 'user', userInteraction: false });
    // a comma clause that names no attacker leaves the slot as it was
    expect(describedAttack('allows remote attackers, via a crafted request, to read files.').position).toBe('remote');
    expect(
      describedAttack(
        'could allow an attacker with knowledge of a valid user name, and physical or network access to the affected system, to bypass the authentication.',
      ).privileges,
    ).toBeUndefined();
  });

  it('an attacker "in an MITM position" is on the path', () => {
    expect(
      describedAttack(
        'An attacker could retrieve passwords from a HTTP GET request from the Kunbus PR100088 Modbus gateway versions prior to Release R02 if the attacker is in an MITM position.',
      ).position,
    ).toBe('man_in_the_middle');
    // a position in a network that is no on-path one stays remote
    expect(describedAttack('allows remote attackers to gain a privileged position in the application.').position).toBe('remote');
  });

  it("Android's proximal attacker is adjacent and needs no account", () => {
    const wifi = describedAttack(
      'In wifi driver, there is a possible out of bounds read due to a missing bounds check. This could lead to remote information disclosure to a proximal attacker with no additional execution privileges needed. User interaction is not needed for exploitation.',
    );
    expect(wifi).toEqual({ position: 'adjacent', privileges: 'none', userInteraction: false });
    expect(
      describedAttack('This could lead to remote information disclosure to a proximal attacker, with no additional execution privileges needed.').privileges,
    ).toBe('none');
    // the local template leaves privileges to the CVSS vector, as before
    expect(
      describedAttack('This could lead to local escalation of privilege with no additional execution privileges needed. User interaction is not needed.'),
    ).toEqual({ position: 'local', userInteraction: false });
  });
});

describe('what account the attacker needs', () => {
  it('"group members" hold an account', () => {
    expect(
      describedAttack(
        'The WebLogic Authentication provider does not properly clear member relationships when a group is deleted, which allows group members to gain privileges.',
      ).privileges,
    ).toBe('user');
  });

  it('of roles joined by "or" the lowest decides; of roles joined by "and" an administrator\'s', () => {
    expect(
      describedAttack(
        'Cross-site scripting (XSS) vulnerability in index.php in CuteNews 1.3.6 and earlier allows remote attackers with Administrator, Editor, Journalist or Commenter privileges to inject arbitrary web script or HTML via the mod parameter.',
      ).privileges,
    ).toBe('user');
    expect(
      describedAttack(
        'There is a Stored Cross Site Scripting vulnerability in the undisclosed page of a BIG-IQ 6.0.0-6.1.0 system. The attack can be stored by users granted the Device Manager and Administrator roles.',
      ).privileges,
    ).toBe('admin');
    expect(describedAttack('allows remote attackers with Administrator or Owner privileges to delete any page.').privileges).toBe('admin');
    expect(describedAttack('an authenticated attacker with Resource Administrator or Manager privileges can create monitors.').privileges).toBe('admin');
    // capitals that do not follow the attacker are no roles the attacker holds
    expect(
      describedAttack(
        'IIS 4.0 opens log files with FILE_SHARE_READ and FILE_SHARE_WRITE permissions, which could allow remote attackers to modify the log file contents.',
      ).privileges,
    ).toBe('none');
    // lower-case words are no roles: "read or write access" leaves the attacker phrase to speak
    expect(describedAttack('allows remote attackers with read or write access to the share to delete files.').privileges).toBe('user');
  });

  it("Cisco's privilege level 15 is an administrator's; one the attacker gains is not needed", () => {
    expect(
      describedAttack(
        'A vulnerability in the CLI of Cisco IOS XE Software could allow an authenticated, local attacker with privilege level 15 to elevate privileges to root on the underlying operating system of an affected device.',
      ),
    ).toMatchObject({ position: 'local', privileges: 'admin' });
    expect(describedAttack('could allow an authenticated, local attacker to escalate from privilege level 15 to root-level privileges.').privileges).toBe(
      'admin',
    );
    expect(describedAttack('could allow an authenticated, but unprivileged, remote attacker to elevate privileges to level 15.').privileges).toBe('user');
    expect(
      describedAttack(
        'could allow an authenticated, remote attacker with a lobby ambassador user account to perform a command injection attack. A successful exploit could allow the attacker to execute arbitrary CLI commands with privilege level 15.',
      ).privileges,
    ).toBe('user');
    expect(
      describedAttack(
        'could allow an unauthenticated, remote attacker to log in to a device. The vulnerability is due to an undocumented user account with privilege level 15 that has a default username and password.',
      ).privileges,
    ).toBe('none');
  });

  it('"an authenticated user without … permissions could identify" is a signed-in user', () => {
    expect(describedAttack('An authenticated user without user-management permissions could identify other user accounts.').privileges).toBe('user');
    // a user who sees what the attacker did is the victim, not the attacker
    expect(describedAttack('Upon navigation to the same URL, the user would see the cached response.').privileges).toBeUndefined();
    // an unauthenticated one needs none
    expect(describedAttack('An unauthenticated user could identify other user accounts.').privileges).toBe('none');
  });
});

describe('whether a victim acts', () => {
  it('a browser loads markup only when its user opens the page', () => {
    expect(
      describedAttack(
        'Microsoft Internet Explorer 6.0 allows remote attackers to cause a denial of service (infinite loop and crash) via an IFRAME with "?" as the file source.',
      ).userInteraction,
    ).toBe(true);
    // a web server sent the same markup is attacked by the sender alone
    expect(describedAttack('The web server allows remote attackers to cause a denial of service via an IFRAME tag in a POST body.').userInteraction).toBe(
      false,
    );
  });

  it("an anti-virus scans an archive once it reaches the victim; a file made to slip past the scan is the attacker's alone", () => {
    expect(
      describedAttack(
        'Heap-based buffer overflow in NOD32 2.5 with nod32.002 1.033 build 1127, with active scanning enabled, allows remote attackers to execute arbitrary code via an ARJ archive containing a file with a long filename.',
      ).userInteraction,
    ).toBe(true);
    expect(
      describedAttack('F-Prot Antivirus for Linux 4.6.8 allows remote attackers to bypass anti-virus detection via an ELF program with a corrupted header.')
        .userInteraction,
    ).toBe(false);
    expect(
      describedAttack(
        'Eset Anti-Virus before 1.020 allows remote attackers to bypass antivirus protection via a compressed file with both local and global headers set to zero.',
      ).userInteraction,
    ).toBe(false);
    // an archive a server unpacks is no scan
    expect(
      describedAttack('The upload handler allows remote attackers to write arbitrary files via a ZIP archive containing ../ entries.').userInteraction,
    ).toBe(false);
  });

  it('a signed-in user who acts alone, with no CVSS vector, needs no victim', () => {
    const nvd = parseNvdCve({
      id: 'CVE-2025-46747',
      sourceIdentifier: 'cve@mitre.org',
      published: '2025-05-01T05:00:00.000',
      lastModified: '2025-05-02T05:00:00.000',
      vulnStatus: 'Received',
      descriptions: [{ lang: 'en', value: 'An authenticated user without user-management permissions could identify other user accounts.' }],
      metrics: {},
    })!;
    const factsOf = (description: string) => attackFactsOf(nvd, description);
    const read = factsOf('An authenticated user without user-management permissions could identify other user accounts.');
    expect(read.attack).toEqual({ position: null, privileges: 'user', user_interaction: false });
    // a bare "attackers" says nothing of how they reach the flaw
    expect(factsOf('Attackers could identify other user accounts.').attack.user_interaction).toBeNull();
  });
});

describe('the words for a nearby attacker', () => {
  const nearby: AttackFacts = { position: 'adjacent', privileges: 'none', user_interaction: false };

  it('a proximal attacker is within wireless range, not on the network', () => {
    expect(
      attackerWords(nearby, 'This could lead to remote information disclosure to a proximal attacker with no additional execution privileges needed.'),
    ).toBe('An attacker within wireless range');
    expect(attackerWords({ ...nearby, privileges: 'user' }, 'A Bluetooth pairing flaw allows an authenticated user to read keys.')).toBe(
      'An attacker with an account, within wireless range',
    );
    // an attacker on the same subnet is on the network
    expect(attackerWords(nearby, 'allows attackers on the same subnet to spoof Router Advertisements.')).toBe('An attacker on the same local network');
  });
});
