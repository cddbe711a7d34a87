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
import { attackerWords } from '../../shared/ingest/explainer/fact-words.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { referencePointsAtExploit } from '../../shared/ingest/facts/exploit.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';

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

describe("MITRE's form template (CVE-2019-1010170, the eleventh reading)", () => {
  const JSISH =
    'Jsish 2.4.77 2.0477 is affected by: Use After Free. The impact is: denial of service. The component is: function Jsi_ObjFree (jsiObj.c:230). The attack vector is: executing crafted javascript code. The fixed version is: 2.4.78.';

  it('takes the "component is:" field as the part, never the "impact is:" field', () => {
    expect(describedComponent(JSISH)).toBe('function Jsi_ObjFree (jsiObj.c:230)');
    expect(describedComponent('Libnmap is affected by: XML Injection. The impact is: Denial of service. The attack vector is: a crafted XML file.')).toBeNull();
  });

  it('names no part from a field that describes one, or from a line of code', () => {
    expect(
      describedComponent(
        'ImageMagick is affected by: Buffer Overflow. The impact is: crash. The component is: affected source code file, affected function, affected executable. The attack vector is: a file.',
      ),
    ).toBeNull();
    expect(
      describedComponent(
        "WebFile Explorer is affected by: SQL Injection. The component is: $file = $_GET['id'] in download.php. The attack vector is: a request.",
      ),
    ).toBe('download.php');
  });

  it('reads the "fixed version is:" field, each version of a list its line\'s', () => {
    expect(describedVersions(JSISH).fixed.map((f) => f.version)).toEqual(['2.4.78']);
    expect(describedVersions('Zammad is affected by: XSS. The fixed version is: 2.3.1, 2.2.2 and 2.1.3.').fixed.map((f) => f.version)).toEqual([
      '2.3.1',
      '2.2.2',
      '2.1.3',
    ]);
  });
});

describe("a workaround's examples (RDS Light, CVE-2024-48918, the eleventh reading)", () => {
  const RDS =
    'Any user providing input to the system could exploit this vulnerability to corrupt stored data. For users unable to upgrade to the patched version, a workaround can be implemented. The user implementing the workaround should implement custom validation checks for user inputs to filter out unsafe characters and patterns (e.g., SQL injection attempts, script injections) and limit or remove features that allow user input.';

  it('names attacks to filter, not what this flaw is', () => {
    expect(describedImpacts(RDS)).toEqual(['data_tampering']);
  });

  it('leaves an example outside a workaround sentence alone', () => {
    expect(describedImpacts('The search form is vulnerable to injection attacks (e.g., SQL injection) via the q parameter.')).toContain('sql_injection');
  });
});

describe('a browser reached by a remote attacker (Internet Explorer, CVE-2013-1347, the h44 blind set)', () => {
  it('needs its user to load the page, whatever the vector', () => {
    expect(
      describedAttack(
        'Microsoft Internet Explorer 8 does not properly handle objects in memory, which allows remote attackers to execute arbitrary code by accessing an object that (1) was not properly allocated or (2) is deleted.',
      ).userInteraction,
    ).toBe(true);
  });

  it("leaves Oracle's OPERA hotel system, a server, to its vector", () => {
    expect(
      describedAttack('Vulnerability in the Oracle Hospitality OPERA 5 Property Services component allows remote attackers to read data via the login page.')
        .userInteraction,
    ).toBe(false);
  });
});

describe('an included PHP file runs (Limbo CMS, CVE-2005-4319, the h44 blind set)', () => {
  it('is code execution; reading a file is not', () => {
    expect(
      describedImpacts(
        'Directory traversal vulnerability in index2.php in Limbo CMS 1.0.4.2 and earlier allows remote attackers to include arbitrary PHP files via ".." sequences in the option parameter.',
      ),
    ).toEqual(['code_execution']);
    expect(describedImpacts('Directory traversal in Acme allows remote attackers to read arbitrary files via ".." sequences.')).toEqual([
      'information_disclosure',
    ]);
  });
});

describe('"does not require any authentication from the attacker" (Istio, CVE-2022-24726, the twelfth reading)', () => {
  it('says who can attack, not a check bypassed', () => {
    expect(
      describedImpacts(
        'Istiod is vulnerable to a request processing error which results in the control plane crashing. This endpoint is served over TLS port 15017, but does not require any authentication from the attacker.',
      ),
    ).toEqual(['denial_of_service']);
  });

  it('leaves a function that requires no authentication a bypass', () => {
    expect(describedImpacts('The admin endpoint does not require authentication, so anyone can change the settings.')).toContain('security_bypass');
  });
});

describe('a local attacker whose attack needs a user (Samsung, CVE-2023-30728, the twelfth reading)', () => {
  const attack = { position: 'local' as const, privileges: 'none' as const, user_interaction: true };

  it('is said local where the record names it so', () => {
    expect(
      attackerWords(
        attack,
        'Intent redirection vulnerability in PackageInstallerCHN prior to version 13.1.03.00 allows local attacker to access arbitrary file. This vulnerability requires user interaction.',
      ),
    ).toBe('A local attacker');
  });

  it("leaves a crafted file's attacker, who needs no access of their own, as an attacker", () => {
    expect(attackerWords(attack, 'Buffer overflow in Acme Viewer allows attackers to execute arbitrary code via a crafted file.')).toBe('An attacker');
  });
});
