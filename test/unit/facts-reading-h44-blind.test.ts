/**
 * Gains, attackers and exploit sources that the h44 blind set (seed "h44-blind", measured on eb1d830)
 * found misread: Cisco's "cause a reload of an affected device" (CVE-2020-3118), Xiaomi's "can reveal
 * WIFI password" (CVE-2020-14140), Wordfence's "discover the hidden login page location"
 * (CVE-2024-13794), Silverlight's "validate pointers during access" read as an access check and its
 * "crafted Silverlight application" (CVE-2013-3896), a file named by its extension (FL Studio's ".flp
 * file", CVE-2005-3092), EchoVNC's "remote echoServers" (CVE-2008-3705), Fortinet's "formula
 * elements in a csv file" (CVE-2024-47572), attackers who send packets or "execute remote code"
 * with no CVSS vector (CVE-2023-37022, CVE-2023-51333), and Packet Storm's new address
 * (CVE-2023-51315). Each beside the neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { referencePointsAtExploit } from '../../shared/ingest/facts/exploit.js';

describe('gains', () => {
  it('reads a reload of the device as a denial of service (Cisco)', () => {
    expect(
      describedImpacts(
        'A vulnerability in Cisco IOS XR could allow an unauthenticated, adjacent attacker to execute arbitrary code or cause a reload on an affected device.',
      ),
    ).toEqual(['code_execution', 'denial_of_service']);
    expect(describedImpacts('An attacker could exploit this vulnerability to cause an affected device to reload.')).toEqual(['denial_of_service']);
  });

  it('leaves a page the browser reloads alone (CVE-2017-5466)', () => {
    expect(describedImpacts('If a page contains a redirect to a data: URL, triggering a reload will run the reloaded page with its origin.')).not.toContain(
      'denial_of_service',
    );
  });

  it('reads a password revealed or a hidden location discovered as a disclosure', () => {
    expect(describedImpacts('There is an unauthenticated API that can reveal WIFI password vulnerability.')).toEqual(['information_disclosure']);
    expect(describedImpacts('This makes it possible for unauthenticated attackers to discover the hidden login page location.')).toEqual([
      'information_disclosure',
    ]);
  });

  it('leaves credentials an attacker "discovers" first as a precondition (CVE-2022-27226)', () => {
    expect(describedImpacts('If an attacker discovers valid credentials, the attacker can change the settings.')).not.toContain('information_disclosure');
  });

  it('reads no access check in "does not properly validate pointers during access"', () => {
    expect(
      describedImpacts(
        'Microsoft Silverlight 5 before 5.1.20913.0 does not properly validate pointers during access to Silverlight elements, which allows remote attackers to obtain sensitive information via a crafted Silverlight application.',
      ),
    ).toEqual(['information_disclosure']);
    expect(describedImpacts('The API does not properly check user access, so anyone can call it.')).toEqual(['security_bypass']);
  });
});

describe('who attacks', () => {
  it('a crafted Silverlight application runs when its user loads it', () => {
    expect(
      describedAttack(
        'Microsoft Silverlight 5 before 5.1.20125.0 does not properly validate pointers during HTML object rendering, which allows remote attackers to execute arbitrary code via a crafted Silverlight application.',
      ).userInteraction,
    ).toBe(true);
  });

  it('a file named by its extension is opened by its user; a local user supplying one is not a victim', () => {
    expect(
      describedAttack(
        'Heap-based buffer overflow in FL Studio 5.0.1 allows remote attackers to execute arbitrary code via a .flp file that contains a long path.',
      ).userInteraction,
    ).toBe(true);
    expect(describedAttack('Buffer overflow in Acme allows local users to gain privileges via a .conf file with a long line.').userInteraction).not.toBe(true);
  });

  it('a server named in one word attacks the client that connects to it; observers do not', () => {
    expect(
      describedAttack(
        'Stack-based buffer overflow in EchoVNC Linux before 1.1.2 allows remote echoServers to execute arbitrary code via a large group or user list.',
      ),
    ).toEqual({ position: 'remote', privileges: 'none', userInteraction: true });
    expect(describedAttack('Acme allows remote observers to read the list via the id parameter.').userInteraction).toBe(false);
  });

  it("a CSV file's formula elements run when someone opens the export", () => {
    expect(
      describedAttack(
        'An improper neutralization of formula elements in a csv file in Fortinet FortiSOAR 7.2.1 through 7.4.1 allows attacker to execute unauthorized code or commands via manipulating csv file',
      ).userInteraction,
    ).toBe(true);
  });

  it('an attacker who sends packets or executes remote code is remote, unless the text names a nearer place', () => {
    expect(
      describedAttack(
        'Open5GS MME versions <= 2.6.4 contain a reachable assertion. A packet containing an invalid field causes Open5gs to crash; an attacker may repeatedly send such packets to cause denial of service.',
      ).position,
    ).toBe('remote');
    expect(
      describedAttack('PHPJabbers Cinema Booking System v1.0 is vulnerable to CSV Injection vulnerability which allows an attacker to execute remote code.')
        .position,
    ).toBe('remote');
    expect(describedAttack('An adjacently located attacker sending specific packets can cause a Denial of Service.').position).not.toBe('remote');
    expect(describedAttack('If an AF_PACKET socket is used to send packets through ipvlan, the kernel reads out of bounds.').position).toBeUndefined();
  });
});

describe('exploit archives', () => {
  it("counts Packet Storm's files at its new address", () => {
    expect(referencePointsAtExploit({ url: 'https://packetstorm.news/files/id/176493', tags: [] })).toBe(true);
    expect(referencePointsAtExploit({ url: 'https://packetstorm.news/news/view/1', tags: [] })).toBe(false);
  });
});
