/**
 * Rules from the nineteenth session's readings, each beside a neighbour it must leave alone: a
 * part whose output the attacker controls is no place of the bug (Jenkins ElectricFlow,
 * CVE-2019-10335), and a CNA's range written into one version field (Zyxel, CVE-2023-6397).
 */
import { describe, expect, it } from 'vitest';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { versionGroups } from '../../shared/ingest/explainer/affected.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { derivedFixture, FIXTURE_NOW } from '../support/nvd-fixtures.js';

/** An NVD record with no CVSS vector (2025's unscored records). */
function unscored(description: string) {
  const nvd = parseNvdCve({
    id: `CVE-2099-${Math.floor(Math.random() * 9_000_000) + 1_000_000}`,
    sourceIdentifier: 'audit@patchstack.com',
    published: '2025-03-01T00:00:00.000',
    lastModified: '2025-03-02T00:00:00.000',
    vulnStatus: 'Received',
    descriptions: [{ lang: 'en', value: description }],
    references: [],
  })!;
  return deriveRecord({ id: nvd.id, nvd, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, FIXTURE_NOW)!;
}

describe('a part the attacker controls the output of, or a library function the code uses', () => {
  it('is not where the bug is ("control the output of the ElectricFlow API")', () => {
    expect(
      describedComponent(
        'A stored cross site scripting vulnerability in Jenkins ElectricFlow Plugin 1.1.5 and earlier allowed attackers able to configure jobs in Jenkins or control the output of the ElectricFlow API to inject arbitrary HTML and JavaScript in the plugin-provided output on build status pages.',
      ),
    ).toBeNull();
    expect(
      describedComponent(
        'Multiple buffer overflows in apcupsd before 3.8.6, and 3.10.x before 3.10.5, allow local users and possibly remote attackers to execute arbitrary code, related to usage of the vsprintf function.',
      ),
    ).toBeNull();
  });

  it('is no bare "class" either (CVE-2025-3426: "Inside the namespace PortalUsersDatabase, the class Users contains")', () => {
    expect(describedComponent('Inside the namespace PortalUsersDatabase, the class Users contains the functions CreateAdmin and CreateService.')).toBeNull();
  });

  it('leaves a part named as the place alone', () => {
    expect(describedComponent('A buffer overflow in the sprintf function of Foo allows remote attackers to execute arbitrary code.')).toBe('sprintf function');
    expect(describedComponent('A flaw in the Foo API of Bar allows remote attackers to read arbitrary files.')).toBe('Foo API');
    expect(describedComponent('The handling of the resetData method allows remote attackers to execute arbitrary code.')).toBe('resetData method');
  });
});

describe("a CNA's range written in one version field", () => {
  const product = (version: string) => ({ vendor: 'zyxel', product: 'atp_series_firmware', ranges: [{ exact: version }], openEnded: false, fixedVersions: [] });

  it('is said once as versions, its own word "version" and doubled spaces dropped', () => {
    expect(versionGroups(product('version 4.32  through 5.37 Patch 1')).map((g) => g.text)).toEqual(['versions 4.32 through 5.37 Patch 1']);
    expect(versionGroups(product('Versions C3414-500-S02K5_P8 and prior')).map((g) => g.text)).toEqual(['versions C3414-500-S02K5 P8 and prior']);
  });

  it('leaves one version a version', () => {
    expect(versionGroups(product('2.6.39-rc1')).map((g) => g.text)).toEqual(['version 2.6.39-rc1']);
    expect(versionGroups(product('version 0.25.0')).map((g) => g.text)).toEqual(['version 0.25.0']);
  });
});

describe("who attacks through the victim's browser, where no vector says", () => {
  it('reflected cross-site scripting and request forgery need no account of the attacker', () => {
    const xss = unscored(
      "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting') vulnerability in Adrian Vaquez Contexto allows Reflected XSS. This issue affects Contexto: from n/a through 1.0.",
    );
    expect(xss.facts!.attack.privileges).toBe('none');
    expect(xss.provenance['facts.attack.privileges']).toMatch(/^description \(reflected/);
    expect(
      unscored('A Cross-Site Request Forgery (CSRF) vulnerability exists in the Signup feature of mlflow versions 2.17.0 to 2.20.1.').facts!.attack.privileges,
    ).toBe('none');
  });

  it('leaves a stored script or an SQL injection unsettled, and a stated account as stated', () => {
    expect(unscored('SQL injection in Foo 1.2 via the id parameter at /modules/messages/Inbox.php.').facts!.attack.privileges).toBeNull();
    expect(unscored('Foo 1.2 allows authenticated users to conduct reflected XSS attacks.').facts!.attack.privileges).toBe('user');
  });
});

describe('what a guest "with read access" gains', () => {
  it('is the upload, not a disclosure (Mattermost, CVE-2024-43780)', () => {
    expect(describedImpacts('Mattermost fails to enforce permissions which allows a guest user with read access to upload files to a channel.')).toEqual([
      'security_bypass',
      'data_tampering',
    ]);
    expect(describedImpacts('allows remote authenticated users with read access to obtain sensitive plugin information.')).toEqual(['information_disclosure']);
  });
});

describe("Mattermost's newest affected version per written line", () => {
  it('reads "9.9.x <= 9.9.1, 9.5.x <= 9.5.7" each on its line, and keeps the fixes of the other lines', () => {
    const read = describedVersions('Mattermost versions 9.9.x <= 9.9.1, 9.5.x <= 9.5.7, 9.10.0, 9.8.x <= 9.8.2 fail to enforce permissions.');
    expect(read.lastAffected.map((l) => [l.version, l.line])).toEqual([
      ['9.9.1', '9.9'],
      ['9.5.7', '9.5'],
      ['9.8.2', '9.8'],
    ]);
  });

  it('reads a version with a stray space whole (Intel\'s "before version 22.1 .1", CVE-2023-27505)', () => {
    expect(
      describedVersions(
        'Incorrect default permissions in some Intel(R) installers before version 22.1 .1 may allow an authenticated user to potentially enable escalation of privilege via local access.',
      ).fixed.map((f) => f.version),
    ).toEqual(['22.1.1']);
  });
});

describe("a media player's user opens the playlist or song", () => {
  it('needs the user for "via (1) an m3u file" in Winamp (CVE-2006-0708, the h45 blind set)', () => {
    expect(
      describedAttack(
        'Multiple buffer overflows in NullSoft Winamp 5.13 and earlier allow remote attackers to execute arbitrary code via (1) an m3u file containing a long URL ending in .wma, or (2) a pls file containing a File1 field.',
      ).userInteraction,
    ).toBe(true);
  });

  it('not for a request to its server', () => {
    expect(describedAttack('Winamp allows remote attackers to cause a denial of service via a long HTTP request to the server.').userInteraction).toBe(false);
  });
});

describe('an XXE attack the description names beside another gain', () => {
  it('is a disclosure too (CVE-2015-0254, the h45 blind set)', () => {
    expect(
      describedImpacts(
        'Apache Standard Taglibs before 1.2.3 allows remote attackers to execute arbitrary code or conduct external XML entity (XXE) attacks via a crafted XSLT extension.',
      ),
    ).toEqual(['code_execution', 'information_disclosure']);
    expect(describedImpacts('Apache Standard Taglibs before 1.2.3 allows remote attackers to execute arbitrary code via a crafted XSLT extension.')).toEqual([
      'code_execution',
    ]);
  });
});

describe('gains worded in ways the grammar missed, found among the records whose gains came from the CVSS vector', () => {
  it("reads a passive code execution, but not a stored script's", () => {
    expect(
      describedImpacts(
        "If a developer is tricked to process a specially crafted file with the affected ORC compiler, an arbitrary code may be executed on the developer's build environment.",
      ),
    ).toEqual(['code_execution']);
    expect(
      describedImpacts(
        'JavaScript Code is stored permanently in the web application and executed every time an authenticated user views the page. This means, arbitrary code can be executed to steal information.',
      ),
    ).not.toContain('code_execution');
  });

  it('reads a path learned as a disclosure', () => {
    expect(
      describedImpacts('xFlow 5.46.11 and earlier allows remote attackers to determine the installation path of the application via the action parameter.'),
    ).toEqual(['information_disclosure']);
  });
});

describe('newest affected versions from the description and the configuration', () => {
  it("are said as both sources' (Netop, CVE-2017-5216)", () => {
    const r = derivedFixture('Stack-based buffer overflow vulnerability in Netop Remote Control versions 11.53, 12.21 and prior.', [
      { nodes: [{ operator: 'OR', negate: false, cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:a:netop:remote_control:12.50:*:*:*:*:*:*:*' }] }] },
    ]);
    expect(r.explanation!.fix).toContain(
      'NVD and the description list 12.50, 12.21 for the 12.x line and 11.53 for the 11.x line as the newest affected versions',
    );
  });
});

describe("a CNA's unaffected entry that ends where it starts", () => {
  const curl = (unaffected: Record<string, string>) => {
    const cve5 = parseCve5Record({
      dataType: 'CVE_RECORD',
      cveMetadata: { cveId: 'CVE-2099-0601', state: 'PUBLISHED', datePublished: '2023-10-18T00:00:00Z' },
      containers: {
        cna: {
          providerMetadata: { shortName: 'hackerone' },
          descriptions: [{ lang: 'en', value: 'This flaw makes curl overflow a heap based buffer in the SOCKS5 proxy handshake.' }],
          affected: [
            {
              vendor: 'curl',
              product: 'curl',
              versions: [
                { status: 'affected', version: '8.4.0', lessThan: '8.4.0', versionType: 'semver' },
                { status: 'unaffected', versionType: 'semver', ...unaffected },
              ],
            },
          ],
        },
      },
    })!;
    return deriveRecord({ id: cve5.id, cve5, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, FIXTURE_NOW)!;
  };

  it('says where the flaw starts, not a fixed release (curl\'s "unaffected 7.69.0, lessThan 7.69.0", CVE-2023-38545)', () => {
    expect(curl({ version: '7.69.0', lessThan: '7.69.0' }).facts!.fixed_in.map((f) => f.version)).toEqual(['8.4.0']);
  });

  it('leaves an unaffected release a fixed one', () => {
    expect(curl({ version: '7.69.1' }).facts!.fixed_in.map((f) => f.version)).toEqual(expect.arrayContaining(['8.4.0', '7.69.1']));
  });
});
