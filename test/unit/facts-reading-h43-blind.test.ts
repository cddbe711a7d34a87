/**
 * Gains and attackers that the h43 blind set (seed "h43-blind", measured on c156810) found misread:
 * Microsoft's "an authorized attacker" (CVE-2025-27484) and its CWE-591 name "Sensitive data storage
 * in improperly locked memory", GruntJS's "lower-privileged user" (CVE-2022-1537), electron-packager's
 * "perform a man in the middle attack" (CVE-2016-10534), Ignition's "unprivileged containers"
 * (CVE-2022-1706), the fuzzing template's "discovered to contain … via <location>" (CVE-2022-35041),
 * JRE's DNS rebinding
 * (CVE-2007-5274), Apple's "code in a privileged context" (CVE-2016-1793), SonicWall's read-only access
 * (CVE-2019-7481), ASUS DriverHub's "unauthorized sources" (CVE-2025-3462), "PII retrieval"
 * (CVE-2025-32367) and Patchstack's "allows Stored XSS" with no vector (CVE-2025-23795).
 * Each beside the neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { describedAttack, namedAttackerActsAlone } from '../../shared/ingest/facts/attacker.js';
import { attackerWords } from '../../shared/ingest/explainer/fact-words.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedBug } from '../../shared/ingest/explainer/bug-words.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { FIXTURE_NOW } from '../support/nvd-fixtures.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';

const UPNP =
  'Sensitive data storage in improperly locked memory in Windows Universal Plug and Play (UPnP) Device Host allows an authorized attacker to elevate privileges over a network.';

describe("Microsoft's authorized and unauthorized attackers", () => {
  it('an authorized attacker has an account; the weakness named first is no gain', () => {
    expect(describedAttack(UPNP)).toEqual({ position: 'remote', privileges: 'user' });
    expect(describedImpacts(UPNP)).toEqual(['privilege_escalation']);
  });

  it('an unauthorized attacker needs none', () => {
    expect(describedAttack('Use after free in Windows TCP/IP allows an unauthorized attacker to execute code over a network.').privileges).toBe('none');
  });

  it('sensitive data a description says is read stays a gain', () => {
    expect(describedImpacts('Windows Hyper-V allows an authorized attacker to read sensitive data over a network.')).toEqual(['information_disclosure']);
  });
});

describe('who the attacker is', () => {
  it('a lower-privileged user is a user, though the victim account may be root', () => {
    const grunt =
      "This vulnerability can lead to local privilege escalation to the GruntJS user if a lower-privileged user has write access to both source and destination directories as the lower-privileged user can create a symlink to the GruntJS user's .bashrc file or replace /etc/shadow file if the GruntJS user is root.";
    expect(describedAttack(grunt).privileges).toBe('user');
    expect(describedAttack('allows highly privileged users to read files.').privileges).toBe('admin');
  });

  it('"perform a man in the middle attack", unhyphenated, is an on-path attacker', () => {
    expect(describedAttack('The --strict-ssl option defaults to false. This could allow an attacker to perform a man in the middle attack.').position).toBe(
      'man_in_the_middle',
    );
    expect(describedAttack('allows remote attackers to obtain sensitive information from the middle of the page.').position).toBe('remote');
  });

  it('an attacker in an unprivileged container of the machine is local', () => {
    expect(
      describedAttack(
        'A vulnerability was found in Ignition where ignition configs are accessible from unprivileged containers in VMs running on VMware products.',
      ).position,
    ).toBe('local');
    expect(describedAttack('A flaw in the registry lets remote attackers push containers.').position).toBe('remote');
  });

  it('unauthorized sources sending HTTP requests are remote and need no account', () => {
    const asus =
      "An insufficient validation in ASUS DriverHub may allow unauthorized sources to interact with the software's features via crafted HTTP requests.";
    expect(describedAttack(asus)).toMatchObject({ position: 'remote', privileges: 'none' });
    expect(describedImpacts(asus)).toEqual(['security_bypass']);
  });
});

describe('whether a victim acts', () => {
  it('the fuzzing template\'s "via <location>" says where the fault is, not how the attacker comes', () => {
    expect(
      describedAttack('OTFCC commit 617837b was discovered to contain a heap buffer overflow via /release-x64/otfccdump+0x6b558f.').userInteraction,
    ).toBeUndefined();
    expect(
      describedAttack('Acme Server was discovered to contain a SQL injection vulnerability. Attackers can exploit it via the id parameter.').userInteraction,
    ).toBe(false);
  });

  it("DNS rebinding through a browser needs its user to load the attacker's page", () => {
    const jre =
      'Sun JRE 6 Update 2 and earlier, when Firefox or Opera is used, allows remote attackers to violate the security model for JavaScript outbound connections via a multi-pin DNS rebinding attack.';
    expect(describedAttack(jre).userInteraction).toBe(true);
    expect(describedImpacts(jre)).toEqual(['security_bypass']);
  });
});

describe('gains', () => {
  it('code run in a privileged context is a privilege gain too', () => {
    expect(
      describedImpacts(
        'AppleGraphicsDeviceControlClient in Apple OS X before 10.11.5 allows attackers to execute arbitrary code in a privileged context via a crafted app.',
      ),
    ).toEqual(['code_execution', 'privilege_escalation']);
    expect(describedImpacts('allows attackers to execute arbitrary code via a crafted app.')).toEqual(['code_execution']);
  });

  it('read-only access to unauthorized resources is both a bypass and a read', () => {
    expect(describedImpacts('Vulnerability in SonicWall SMA100 allow unauthenticated user to gain read-only access to unauthorized resources.')).toEqual([
      'security_bypass',
      'information_disclosure',
    ]);
  });

  it('PII retrieval is information disclosure', () => {
    expect(
      describedImpacts('The Oz Forensics face recognition application before 4.0.8 allows PII retrieval via /statistic/list Insecure Direct Object Reference.'),
    ).toEqual(['information_disclosure']);
  });
});

describe('through the derivation', () => {
  it('a web attack with no vector at all comes over the network (Patchstack, CVE 5 only)', () => {
    const cve5 = parseCve5Record({
      dataType: 'CVE_RECORD',
      cveMetadata: { cveId: 'CVE-2099-4301', state: 'PUBLISHED', datePublished: '2025-01-01T00:00:00Z' },
      containers: {
        cna: {
          providerMetadata: { shortName: 'Patchstack' },
          descriptions: [
            {
              lang: 'en',
              value:
                "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting') vulnerability in Gold Plugins Easy FAQs allows Stored XSS.This issue affects Easy FAQs: from n/a through 3.2.1.",
            },
          ],
          affected: [
            {
              vendor: 'Gold Plugins',
              product: 'Easy FAQs',
              versions: [{ version: 'n/a', lessThanOrEqual: '3.2.1', status: 'affected', versionType: 'custom' }],
            },
          ],
        },
      },
    })!;
    const r = deriveRecord({ id: cve5.id, cve5, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, FIXTURE_NOW)!;
    expect(r.facts!.attack.position).toBe('remote');
    expect(r.provenance['facts.attack.position']).toContain('web attack');
  });
});

describe('the ninth reading and h43, second pass', () => {
  it("Microsoft's authorized attacker acts alone where no vector says otherwise", () => {
    expect(namedAttackerActsAlone(UPNP)).toBe(true);
    expect(namedAttackerActsAlone('Use after free in Microsoft Office allows an unauthorized attacker to execute code locally.')).toBe(false);
  });

  it("a javascript: URI in a client program's plugin is opened by its user", () => {
    const acrobat =
      'CRLF injection vulnerability in Adobe Acrobat Reader Plugin before 8.0.0, when used with the Microsoft.XMLHTTP ActiveX object in Internet Explorer, allows remote attackers to inject arbitrary HTTP headers via CRLF sequences in the javascript: URI in the FDF request parameter.';
    expect(describedAttack(acrobat).userInteraction).toBe(true);
    expect(
      describedAttack('Acme Server allows remote attackers to inject arbitrary HTTP headers via CRLF sequences in the page parameter.').userInteraction,
    ).toBe(false);
  });

  it('an insecure direct object reference is reached over the network', () => {
    expect(
      describedAttack('The Oz Forensics face recognition application before 4.0.8 allows PII retrieval via /statistic/list Insecure Direct Object Reference.')
        .position,
    ).toBe('remote');
  });

  it("BlueZ's and bluetoothd's attacker is within wireless range, not on the same local network", () => {
    const bluez =
      'All versions of the SDP server in BlueZ 5.46 and earlier are vulnerable to an information disclosure vulnerability which allows remote attackers to obtain sensitive information from the bluetoothd process memory.';
    const attack = { position: 'adjacent' as const, privileges: 'none' as const, user_interaction: false };
    expect(attackerWords(attack, bluez)).toBe('An attacker within wireless range');
    expect(attackerWords(attack, 'Acme Router allows adjacent attackers to read memory via ARP replies.')).toBe('An attacker on the same local network');
  });
});

describe('the ninth reading (seed 141131)', () => {
  it('an attacker who "has sufficient rights" has an account (XStream, CVE-2021-29505)', () => {
    expect(
      describedAttack(
        'A vulnerability in XStream versions prior to 1.4.17 may allow a remote attacker has sufficient rights to execute commands of the host only by manipulating the processed input stream.',
      ).privileges,
    ).toBe('user');
    expect(describedAttack('allows remote attackers to execute commands via a crafted stream.').privileges).toBe('none');
  });

  it("the flaw's name where a part would stand is no part (OpenText, CVE-2024-5201)", () => {
    expect(
      describedComponent(
        'Privilege Escalation in OpenText Dimensions RM allows an authenticated user to escalate there privilege to the privilege of another user via HTTP Request',
      ),
    ).toBeNull();
    expect(describedComponent('Buffer overflow in the LDAP Service in Novell eDirectory 8.8 allows attackers to crash it.')).toBe('LDAP Service');
  });
});

describe('bug names the ninth reading found unsaid', () => {
  it('"Integer truncation error" names the bug (CVE-2016-6240)', () => {
    expect(
      describedBug(
        'Integer truncation error in the read_SubStreamsInfo function in p7zip allows remote attackers to cause a denial of service via a crafted 7z archive.',
      ),
    ).toBe('integer truncation');
    expect(describedBug('Integer overflow in the read_SubStreamsInfo function allows remote attackers to cause a denial of service.')).toBe('integer overflow');
  });
});
