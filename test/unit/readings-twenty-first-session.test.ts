/**
 * Rules from the twenty-first session's readings, each beside a neighbour it must leave alone: a process a value is
 * inherited or obtained from is no place of the bug (PIA's umask, CVE-2019-12577; Popup Builder's nonce, CVE-2023-6696);
 * attacker-controlled files "being stored on the server" are data changed, and a gain the description rules out ("Data
 * exfiltration cannot occur") is not taken from the weakness either (RSA's XXE, CVE-2024-25066).
 */
import { describe, expect, it } from 'vitest';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedImpacts, namedWeaknessImpacts } from '../../shared/ingest/facts/impacts.js';
import { describedBug } from '../../shared/ingest/explainer/bug-words.js';
import { deniedImpacts } from '../../shared/ingest/facts/prose.js';
import { sentInCleartext } from '../../shared/ingest/facts/cleartext.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';
import { CatalogueAssembler } from '../../shared/ingest/assembler.js';

describe('the part a value comes from', () => {
  it('is not where the bug is when the value is inherited or obtained from it', () => {
    expect(
      describedComponent(
        'The macOS binary openvpn_launcher.64 is setuid root. This binary creates /tmp/pia_upscript.sh when executed. Because the file creation mask (umask) is not reset, the umask value is inherited from the calling process.',
      ),
    ).not.toBe('calling process');
    expect(
      describedComponent(
        'The Popup Builder plugin for WordPress is vulnerable to unauthorized access of functionality due to a missing capability check on several functions. While some functions contain a nonce check, the nonce can be obtained from the profile page of a logged-in user.',
      ),
    ).not.toBe('profile page');
  });

  it('still names a part the flaw is in', () => {
    expect(describedComponent('A buffer overflow in the profile page of Acme Portal 1.2 allows remote attackers to execute arbitrary code.')).toBe(
      'profile page',
    );
  });
});

describe("RSA's XXE that stores files and cannot exfiltrate (CVE-2024-25066)", () => {
  const rsa =
    "RSA Authentication Manager before 8.7 SP2 Patch 1 allows XML External Entity (XXE) attacks via a license file, resulting in attacker-controlled files being stored on the product's server. Data exfiltration cannot occur.";

  it('reads the stored files as data changed', () => {
    expect(describedImpacts(rsa)).toEqual(['data_tampering']);
    expect(describedImpacts('Acme Portal allows remote attackers to download arbitrary files stored on the server.')).not.toContain('data_tampering');
  });

  it('knows which gain the description denies, and only a named one', () => {
    expect([...deniedImpacts(rsa)]).toEqual(['information_disclosure']);
    expect([...deniedImpacts('By itself, this bypass vulnerability does not allow arbitrary code execution.')]).toEqual(['code_execution']);
    expect(deniedImpacts('The product does not allow users to disable SNMP.').size).toBe(0);
  });

  it('says no disclosure from the XXE weakness where the description rules it out', () => {
    const denied = derivedFixture(
      'Acme Server 2.0 is vulnerable to an XML External Entity (XXE) attack via a crafted license file. Data exfiltration cannot occur.',
      [],
      {},
    );
    const allowed = derivedFixture('Acme Server 2.0 is vulnerable to an XML External Entity (XXE) attack via a crafted license file.', [], {});
    expect(allowed.facts!.impacts).toContain('information_disclosure');
    expect(denied.facts!.impacts).not.toContain('information_disclosure');
  });
});

describe('data intercepted in transit (Huawei, CVE-2021-22325)', () => {
  it('is read by someone on its path, not anyone on the network', () => {
    expect(sentInCleartext('Successful exploitation of this vulnerability may result in video streams being intercepted during transmission.')).toBe(true);
    expect(sentInCleartext('Successful exploitation of this vulnerability may cause the transmission to fail.')).toBe(false);
  });
});

describe('code said in the passive ("This results in arbitrary code being executed with root authority", IBM, CVE-2019-4448)', () => {
  it('is code execution', () => {
    expect(
      describedImpacts(
        'The binaries are setuid root and allow a low privileged user to load arbitrary db2 libraries. This results in arbitrary code being executed with root authority.',
      ),
    ).toContain('code_execution');
    expect(describedImpacts('A yaml parsing flaw results in arbitrary code being executed when a crafted specification is parsed.')).toContain(
      'code_execution',
    );
  });

  it("is not script a victim's browser runs (TinyMCE's 'malicious code to be executed when that content was loaded', CVE-2024-38357)", () => {
    expect(
      describedImpacts(
        'A cross-site scripting (XSS) vulnerability allowed specially crafted noscript elements containing malicious code to be executed when that content was loaded into the editor.',
      ),
    ).not.toContain('code_execution');
  });
});

describe("ranges each of its own line (FortiPortal's '6.0.0 through 6.0.4, 5.3.0 through 5.3.5, 5.2.0 through 5.2.5', CVE-2021-32590)", () => {
  const lines = (description: string) => describedVersions(description).lastAffected.map((l) => `${l.version} ${l.line ?? 'no line'}`);

  it("gives each range its start's line, and leaves the 'and earlier' of no start alone", () => {
    expect(
      lines(
        'SQL injection in FortiPortal 6.0.0 through 6.0.4, 5.3.0 through 5.3.5, 5.2.0 through 5.2.5, and 4.2.2 and earlier may allow an attacker to run SQL.',
      ),
    ).toEqual(['6.0.4 6.0', '5.3.5 5.3', '5.2.5 5.2', '4.2.2 no line']);
  });

  it('leaves a single range as it was', () => {
    expect(lines('Acme Server 12.1.1 through 12.1.3 allows remote attackers to read files.')).toEqual(['12.1.3 no line']);
  });

  it("keeps the 5.2 line's configured fix, which 5.3.5 says nothing of", () => {
    const range = (start: string, end: string) => ({
      vulnerable: true,
      criteria: 'cpe:2.3:a:fortinet:fortiportal:*:*:*:*:*:*:*:*',
      versionStartIncluding: start,
      versionEndExcluding: end,
    });
    const r = derivedFixture('SQL injection in FortiPortal 6.0.0 through 6.0.4, 5.3.0 through 5.3.5, 5.2.0 through 5.2.5 may allow an attacker to run SQL.', [
      orNode(range('5.2.0', '5.2.6'), range('5.3.0', '5.3.6'), range('6.0.0', '6.0.5')),
    ]);
    expect(r.facts!.fixed_in.map((f) => f.version).sort()).toEqual(['5.2.6', '5.3.6', '6.0.5']);
  });
});

describe('commands the database runs (FortiPortal, CVE-2021-32590; Quest KACE, CVE-2019-13076)', () => {
  it('are SQL injection, not code running on the system', () => {
    const forti =
      "Multiple improper neutralization of special elements used in an SQL command vulnerabilities in FortiPortal 6.0.0 through 6.0.4 may allow an attacker with regular user's privileges to execute arbitrary commands on the underlying SQL database via specifically crafted HTTP requests.";
    expect(describedImpacts(forti)).toEqual(['sql_injection']);
    expect(
      describedImpacts('Quest KACE is vulnerable to SQL injection. An authenticated user has the ability to execute arbitrary commands against the database.'),
    ).toEqual(['sql_injection']);
  });

  it('leaves commands on the system alone', () => {
    expect(describedImpacts('Acme Router allows remote attackers to execute arbitrary commands on the underlying operating system.')).toEqual([
      'code_execution',
    ]);
  });
});

describe("a user the attack adds is no attacker (Geutebruck's CSRF, CVE-2018-7524)", () => {
  const csrf =
    'A cross-site request forgery vulnerability has been identified in Geutebruck G-Cam/EFD-2250 Version 1.12.0.4 IP cameras, which may allow an unauthorized user to be added to the system.';

  it('reads no account for the attacker, and the account added as what the attack gains', () => {
    expect(describedAttack(csrf).privileges).toBeUndefined();
    expect(describedImpacts(csrf)).toEqual(['security_bypass', 'request_forgery']);
  });

  it('still reads the user who acts, and a user added by an administrator is no gain', () => {
    expect(describedAttack('Acme allows local users to gain privileges via a crafted file.').privileges).toBe('user');
    expect(describedImpacts('In RabbitMQ, a new user being added via management UI could lead to the name being rendered without sanitization.')).not.toContain(
      'security_bypass',
    );
  });
});

describe('VeryFitPro: all communication over cleartext HTTP, "information theft and account takeover via network sniffing" (CVE-2021-32612)', () => {
  const veryfit =
    'The VeryFitPro application 3.2.8 for Android does all communication with the backend API over cleartext HTTP. This includes logins, registrations, and password change requests. This allows information theft and account takeover via network sniffing.';

  it('is read on the path of the traffic, and the theft is a disclosure', () => {
    expect(sentInCleartext(veryfit)).toBe(true);
    expect(sentInCleartext('Acme stores its logs in a world-readable file.')).toBe(false);
    expect(describedImpacts(veryfit)).toEqual(['security_bypass', 'information_disclosure']);
  });
});

describe('Adobe\'s "out of bound read vulnerability. Successful exploitation could lead to memory leak" (CVE-2019-8000)', () => {
  const adobe =
    'Adobe Photoshop CC versions 19.1.8 and earlier and 20.0.5 and earlier have an out of bound read vulnerability. Successful exploitation could lead to memory leak.';

  it('is an out-of-bounds read that discloses memory, not a leak that exhausts it', () => {
    expect(namedWeaknessImpacts(adobe)).toEqual(['information_disclosure']);
    expect(
      namedWeaknessImpacts('When ImageMagick 7.0.6-1 processes a crafted file in convert, it can lead to a Memory Leak in the WriteMPCImage() function.'),
    ).toEqual(['denial_of_service']);
    expect(describedBug(adobe)).toBe('out-of-bounds read');
  });
});

describe('Wordfence\'s "in all versions up to, and including, 2.6.2" (3,338 descriptions; CVE-2025-1973, fifteenth reading)', () => {
  it('names the newest affected version, as "up to and including" does', () => {
    const wordfence =
      'The Export and Import Users and Customers plugin for WordPress is vulnerable to Path Traversal in all versions up to, and including, 2.6.2 via the download_file() function.';
    expect(describedVersions(wordfence).lastAffected.map((l) => l.version)).toEqual(['2.6.2']);
    expect(describedVersions('Acme Portal up to and including 3.1 allows remote attackers to read files.').lastAffected.map((l) => l.version)).toEqual(['3.1']);
  });

  it('says those versions where the record lists no configuration', () => {
    const r = derivedFixture(
      'The Export and Import Users and Customers plugin for WordPress is vulnerable to Path Traversal in all versions up to, and including, 2.6.2 via the download_file() function.',
    );
    expect(r.explanation!.affected).toContain('versions up to and including 2.6.2, as the description states');
  });
});

describe('h47: VulDB\'s "launch the attack on the physical device" and Jenkins\' ", gaining access to encrypted secrets"', () => {
  it('reads the physical attacker', () => {
    expect(
      describedAttack('The manipulation with the input Realtek leads to use of default password. It is possible to launch the attack on the physical device.')
        .position,
    ).toBe('physical');
    expect(describedAttack('The manipulation leads to sql injection. It is possible to launch the attack remotely.').position).toBe('remote');
  });

  it('reads the secrets gained after the comma, not access a step needs', () => {
    expect(
      describedImpacts(
        'A missing permission check in Jenkins 2.503 and earlier allows attackers with Computer/Create permission but without Computer/Configure permission to copy an agent, gaining access to encrypted secrets in its configuration.',
      ),
    ).toEqual(['information_disclosure']);
    expect(describedImpacts('Gaining access to that database should be difficult and require significant privileges.')).toEqual([]);
  });
});

describe("two NVD versions of one CVE, the newer without the older one's v3.1 score (CVE-2021-34486, h47; ProxyNotShell)", () => {
  const record = (lastModified: string, metrics: object) =>
    parseNvdCve({
      id: 'CVE-2021-34486',
      sourceIdentifier: 'secure@microsoft.com',
      published: '2021-08-12T18:15:00.000',
      lastModified,
      vulnStatus: 'Analyzed',
      descriptions: [{ lang: 'en', value: 'Windows Event Tracing Elevation of Privilege Vulnerability' }],
      metrics,
    })!;
  const v31 = {
    cvssMetricV31: [
      {
        source: 'nvd@nist.gov',
        type: 'Primary',
        cvssData: { version: '3.1', vectorString: 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', baseScore: 7.8, baseSeverity: 'HIGH' },
      },
    ],
  };
  const v2 = {
    cvssMetricV2: [
      {
        source: 'nvd@nist.gov',
        type: 'Primary',
        baseSeverity: 'MEDIUM',
        cvssData: { version: '2.0', vectorString: 'AV:L/AC:L/Au:N/C:P/I:P/A:P', baseScore: 4.6 },
      },
    ],
  };

  it('keeps the newer record and the v3.1 score it lacks, in either reading order', () => {
    for (const order of [
      [record('2021-08-23T20:38:00.000', { ...v31, ...v2 }), record('2025-02-24T15:47:00.000', v2)],
      [record('2025-02-24T15:47:00.000', v2), record('2021-08-23T20:38:00.000', { ...v31, ...v2 })],
    ]) {
      const a = new CatalogueAssembler();
      for (const r of order) a.nvd(r);
      const kept = a.nvdRecords.get('CVE-2021-34486')!;
      expect(kept.lastModified).toBe('2025-02-24T15:47:00.000Z');
      expect(kept.cvss.map((m) => m.version)).toEqual(['3.1', '2.0']);
    }
  });

  it('never takes an older score of a version the newer record scores itself', () => {
    const older = record('2021-08-23T20:38:00.000', v31);
    const newer = record('2025-02-24T15:47:00.000', {
      cvssMetricV31: [
        {
          source: 'nvd@nist.gov',
          type: 'Primary',
          cvssData: { version: '3.1', vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', baseScore: 9.8, baseSeverity: 'CRITICAL' },
        },
      ],
    });
    const a = new CatalogueAssembler();
    a.nvd(older);
    a.nvd(newer);
    expect(a.nvdRecords.get('CVE-2021-34486')!.cvss.map((m) => m.score)).toEqual([9.8]);
  });
});
