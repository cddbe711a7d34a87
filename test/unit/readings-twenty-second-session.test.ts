/**
 * Rules from the twenty-second session's readings (h48 and the sixteenth random twenty), each beside a neighbour it
 * must leave alone: a weakness's privilege gain is not taken where the vector rates a read alone (CWE-266 with
 * C:L/I:N/A:N, CVE-2025-3550); attackers, gains, bug names, product names and exposed details as the phrases
 * below say; Cisco's umbrella text leaves who attacks to the record's own vector (CVE-2022-20722).
 */
import { describe, expect, it } from 'vitest';
import type { AffectedProduct } from '../../shared/domain/nvd-record.js';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { describedBug } from '../../shared/ingest/explainer/bug-words.js';
import { productName } from '../../shared/ingest/explainer/names.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { narrowedByVector } from '../../shared/ingest/facts/fallback.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { nameProducts } from '../../shared/ingest/names/display-names.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';
import { derivedFixture, FIXTURE_NOW, orNode, scoredNvdFixture } from '../support/nvd-fixtures.js';

describe("a weakness's privilege gain beside a vector that rates a read alone (VulDB's CWE-266 with C:L/I:N/A:N, CVE-2025-3550)", () => {
  it("is not taken; the weakness's other gains stay", () => {
    expect(narrowedByVector(['privilege_escalation', 'security_bypass'], ['information_disclosure'])).toEqual(['security_bypass']);
    expect(narrowedByVector(['privilege_escalation'], ['information_disclosure'])).toEqual([]);
  });

  it('is kept where the vector rates a change or an outage, or rates nothing', () => {
    expect(narrowedByVector(['privilege_escalation'], ['information_disclosure', 'data_tampering'])).toEqual(['privilege_escalation']);
    expect(narrowedByVector(['privilege_escalation'], ['denial_of_service'])).toEqual(['privilege_escalation']);
    expect(narrowedByVector(['privilege_escalation'], [])).toEqual(['privilege_escalation']);
  });

  it("gives VulDB's record the weakness's bypass and no privilege gain, and keeps it where the vector rates a change", () => {
    const record = (vector: string) => {
      const nvd = parseNvdCve({
        id: vector.includes('I:N') ? 'CVE-2099-93550' : 'CVE-2099-93551',
        sourceIdentifier: 'cna@vuldb.com',
        published: '2025-04-14T00:00:00.000',
        lastModified: '2025-04-15T00:00:00.000',
        vulnStatus: 'Analyzed',
        descriptions: [
          {
            lang: 'en',
            value:
              'A vulnerability has been found in Acme Doctor Workstation System 1.0 and classified as problematic. Affected by this vulnerability is an unknown functionality of the file /admin/list. The manipulation leads to incorrect privilege assignment. The attack can be launched remotely.',
          },
        ],
        weaknesses: [
          {
            source: 'cna@vuldb.com',
            type: 'Primary',
            description: [
              { lang: 'en', value: 'CWE-266' },
              { lang: 'en', value: 'CWE-285' },
            ],
          },
        ],
        metrics: {
          cvssMetricV31: [
            { source: 'cna@vuldb.com', type: 'Secondary', cvssData: { version: '3.1', vectorString: vector, baseScore: 4.3, baseSeverity: 'MEDIUM' } },
          ],
        },
      })!;
      return deriveRecord({ id: nvd.id, nvd, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, FIXTURE_NOW)!;
    };
    expect(record('CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:L/I:N/A:N').facts!.impacts).toEqual(['security_bypass']);
    expect(record('CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:L/I:L/A:N').facts!.impacts).toContain('privilege_escalation');
  });
});

describe('readings of the sixteenth random twenty and h48', () => {
  it('names no memory-leak bug where the leak is of sensitive memory (OpenVPN, CVE-2017-7520), and keeps a real one', () => {
    expect(
      describedBug(
        'OpenVPN versions before 2.4.3 and before 2.3.17 are vulnerable to denial-of-service and/or possibly sensitive memory leak triggered by man-in-the-middle attacker.',
      ),
    ).not.toBe('memory leak');
    expect(describedBug('A memory leak in the parser of Acme 1.2 allows remote attackers to cause a denial of service.')).toBe('memory leak');
  });

  it("reads IBM's disclosure 'to an authenticated user' and Oracle's 'user accounts to' as signed-in attackers", () => {
    expect(
      describedAttack(
        'IBM Maximo Asset Management 7.6.1.0 could allow a remote attacker to disclose sensitive information to an authenticated user due to disclosing path information in the URL. IBM X-Force ID: 172883.',
      ).privileges,
    ).toBe('user');
    expect(
      describedAttack(
        'The (1) dbsnmp and (2) nmo programs in Oracle 8i, Oracle 9i, and Oracle IAS 9.0.2.0.1, on Unix systems, use a default path to find and execute library files while operating at raised privileges, which allows certain Oracle user accounts to gain root privileges via a modified libclntsh.so.9.0.',
      ).privileges,
    ).toBe('user');
    // The victim of a hijacked session is no attacker's account, and a reset of user accounts is no account the attacker holds.
    expect(describedAttack('IBM Acme 1.0 could allow a remote attacker to hijack the session of an authenticated user.').privileges).toBe('none');
    expect(describedAttack('A request could allow an attacker to reset the user accounts to factory defaults, without authentication.').privileges).toBe(
      'none',
    );
  });

  it("reads Cisco's 'increase user-account privileges', KNIME's 'read and manipulate', a hidden IP address and unpublished pages", () => {
    expect(
      describedImpacts(
        'The web-based GUI in Cisco Firepower Management Center allows remote authenticated users to increase user-account privileges via crafted HTTP requests.',
      ),
    ).toEqual(['privilege_escalation']);
    expect(
      describedImpacts(
        'A hard-coded, non-random password for the object store (minio) of KNIME Business Hub allows an unauthenticated remote attacker in possession of the password to read and manipulate swapped jobs or read and manipulate in- and output data of active jobs.',
      ),
    ).toEqual(expect.arrayContaining(['information_disclosure', 'data_tampering']));
    expect(describedImpacts('Chat Anywhere 2.72 and earlier allows remote attackers to hide their IP address by using %00 before the nickname.')).toEqual([
      'spoofing',
    ]);
    expect(
      describedImpacts(
        'The Layout module in Liferay Portal does not check user permission before showing the preview of a page, allowing attackers to view unpublished pages via URL manipulation.',
      ),
    ).toContain('information_disclosure');
  });

  it('leaves alone neighbours that gain nothing of the kind', () => {
    expect(describedImpacts('allows administrators to increase the upload limit')).not.toContain('privilege_escalation');
    expect(describedImpacts('allows attackers to publish unpublished posts')).not.toContain('information_disclosure');
    expect(describedImpacts('allows the process to hide its window')).not.toContain('spoofing');
  });

  it("titles QEMU's flaw for guest OS administrators as theirs (CVE-2016-8578)", () => {
    const r = derivedFixture(
      'The v9fs_iov_vunmarshal function in fsdev/9p-iov-marshal.c in QEMU (aka Quick Emulator) allows local guest OS administrators to cause a denial of service (NULL pointer dereference and QEMU process crash) by sending an empty string parameter to a 9P operation.',
      [orNode({ criteria: 'cpe:2.3:a:qemu:qemu:*:*:*:*:*:*:*:*', versionEndIncluding: '2.7.0' })],
    );
    expect(r.facts!.attack.privileges).toBe('admin');
    expect(r.title).toContain('guest VM administrators');
    expect(r.title).not.toContain('guest VM users');
  });
});

describe("a product named as the description writes it, with a small word inside ('Point of Sale', CVE-2024-36673)", () => {
  const product = (vendor: string, name: string): AffectedProduct => ({ vendor, product: name, ranges: [], openEnded: true, fixedVersions: [] });

  it("takes the description's spelling, the slash kept", () => {
    const named = nameProducts([product('mayurik', 'pharmacymedical_store_point_of_sale_system')], {
      description: 'Sourcecodester Pharmacy/Medical Store Point of Sale System 1.0 is vulnerable SQL Injection via login.php.',
    });
    expect(productName(named[0]!)).toContain('Pharmacy/Medical Store Point of Sale System');
  });

  it('still leaves prose with a small word at its end or an article inside', () => {
    const named = nameProducts([product('prototype', 'prototype_of_an_php_application')], {
      description: 'Remote file inclusion in Prototype of an PHP application 0.1.',
    });
    expect(productName(named[0]!)).not.toContain('of an PHP');
  });
});

describe('what a hard-coded password opens is read, not the password (KNIME Business Hub, CVE-2025-2402)', () => {
  it('says no password is what attackers see, and still names passwords an attacker reads', () => {
    const knime = derivedFixture(
      'A hard-coded, non-random password for the object store (minio) of KNIME Business Hub in all versions except the ones listed below allows an unauthenticated remote attacker in possession of the password to read and manipulate swapped jobs or read and manipulate in- and output data of active jobs.',
    );
    expect(knime.facts!.impacts).toContain('information_disclosure');
    expect(knime.explanation!.summary).not.toContain('such as passwords');
    const reads = derivedFixture('A flaw in Acme Portal 1.2 allows remote attackers to read the passwords of other users via a crafted request.');
    expect(reads.explanation!.summary).toContain('such as passwords');
  });
});

describe("Cisco's umbrella text for several vulnerabilities (CVE-2022-20722, h48)", () => {
  const record = (description: string, vector: string, id: string) => {
    const nvd = scoredNvdFixture(id, description, vector, 'ykramarz@cisco.com');
    return deriveRecord({ id: nvd.id, nvd, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, FIXTURE_NOW)!;
  };
  const umbrella =
    'Multiple vulnerabilities in the Cisco IOx application hosting environment on multiple Cisco platforms could allow an attacker to inject arbitrary commands into the underlying host operating system, execute arbitrary code on the underlying host operating system, install applications without being authenticated, or conduct a cross-site scripting (XSS) attack against a user of the affected software. For more information about these vulnerabilities, see the Details section of this advisory.';

  it("takes who attacks from this record's own vector, not the text told of them all", () => {
    const r = record(umbrella, 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:N/A:N', 'CVE-2099-92072');
    expect(r.facts!.attack).toEqual({ position: 'remote', privileges: 'admin', user_interaction: false });
    expect(r.provenance['facts.attack.user_interaction']).toContain('several vulnerabilities');
  });

  it('leaves a one-vulnerability description to say who attacks', () => {
    const one = umbrella.replace('Multiple vulnerabilities in', 'A vulnerability in').replace('For more information about these vulnerabilities, see', 'See');
    const r = record(one, 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:N/A:N', 'CVE-2099-92073');
    expect(r.facts!.attack.user_interaction).toBe(true);
  });
});

describe('a file or script run when a user reaches it (CVE-2004-2290, h48)', () => {
  it('needs that user to act', () => {
    expect(
      describedAttack(
        'Microsoft Windows XP Explorer allows attackers to execute arbitrary code via a HTML and script in a self-executing folder that references an executable file within the folder, which is automatically executed when a user accesses the folder.',
      ).userInteraction,
    ).toBe(true);
  });

  it('leaves alone a program run at start-up and an attacker who accesses it', () => {
    expect(
      describedAttack('The daemon is run when the service starts and allows remote attackers to execute code by accessing its port.').userInteraction,
    ).not.toBe(true);
  });
});

describe('a part named before the product that holds a product word ("Windows Shell in Microsoft Windows", CVE-2015-2515)', () => {
  const windows = [
    { vendor: 'microsoft', product: 'windows_vista' },
    { vendor: 'microsoft', product: 'windows_server_2008' },
  ];

  it('is the part', () => {
    expect(
      describedComponent(
        'Use-after-free vulnerability in Windows Shell in Microsoft Windows Vista SP2, Windows Server 2008 SP2 and R2 SP1 allows remote attackers to execute arbitrary code via a crafted toolbar object, aka "Toolbar Use After Free Vulnerability."',
        windows,
      ),
    ).toBe('Windows Shell');
  });

  it("is not where the part is the product's own name, with or without its vendor", () => {
    expect(describedComponent('A flaw in Jenkins in Jenkins core allows attackers to read files.', [{ vendor: 'jenkins', product: 'jenkins' }])).toBeNull();
    expect(
      describedComponent('Buffer overflow in Oracle Database Server in Oracle Database 11g allows attackers to crash it.', [
        { vendor: 'oracle', product: 'database_server' },
      ]),
    ).toBeNull();
  });
});
