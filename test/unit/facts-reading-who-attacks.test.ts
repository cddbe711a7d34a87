/**
 * Whether a victim must act, as a reading of twenty random records (s15) found it misread: a
 * Trojan horse the local user points PATH at is run by that user (CVE-2001-0366); a crafted file
 * the attacker uploads is theirs alone (CVE-2019-8404); a file the attacker builds
 * (CVE-2022-21711) and a fix's "by eliminating …" (CVE-2023-42955) say nothing of a victim, so
 * the CVSS vector that gives the score decides. The summary names the least role a WordPress
 * plugin's attacker needs, not "any account", and says a stored script waits in a page the victim
 * views (CVE-2024-1422). Each with a neighbour it leaves alone.
 */
import { describe, expect, it } from 'vitest';
import { attackFactsOf } from '../support/nvd-fixtures.js';
import type { Cve5Record, CvssMetric } from '../../shared/domain/nvd-record.js';
import type { Facts } from '../../shared/domain/facts.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { factSummary } from '../../shared/ingest/explainer/summary.js';
import { readAttackFacts } from '../../shared/ingest/facts/reading.js';
import { deriveScore } from '../../shared/ingest/derive/score.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';

const SAPOSCOL =
  'saposcol in SAP R/3 Web Application Server Demo before 1.5 trusts the PATH environmental variable to find and execute the expand program, which allows local users to obtain root access by modifying the PATH to point to a Trojan horse expand program.';
const WEBINESS =
  'An issue was discovered in Webiness Inventory 2.3. The ProductModel component allows Arbitrary File Upload via a crafted product image during the creation of a new product. Consequently, an attacker can steal information from the site with the help of an installed executable file, or change the contents of pages.';
const ELFSPIRIT =
  'elfspirit is an ELF static analysis and injection framework that parses, manipulates, and camouflages ELF files. When analyzing the ELF file format in versions prior to 1.1, there is an out-of-bounds read bug, which can lead to application crashes or information leakage. By constructing a special format ELF file, the information of any address can be leaked. elfspirit version 1.1 contains a patch for this issue.';
const FILEMAKER =
  'Claris International has successfully resolved an issue of potentially exposing password information to front-end websites when signed in to the Admin Console with an administrator role.  This issue has been fixed in FileMaker Server 20.3.1 by eliminating the send of Admin Role passwords in the Node.js socket.';

/** The attack facts of an NVD record with this description and one CVSS v3.1 vector. */
function nvdFacts(description: string, vector: string) {
  const nvd = parseNvdCve({
    id: 'CVE-2022-21711',
    sourceIdentifier: 'security-advisories@github.com',
    published: '2022-01-27T19:15:00.000',
    lastModified: '2022-02-04T14:40:00.000',
    vulnStatus: 'Analyzed',
    descriptions: [{ lang: 'en', value: description }],
    metrics: { cvssMetricV31: [{ source: 'nvd@nist.gov', type: 'Primary', cvssData: { version: '3.1', vectorString: vector, baseScore: 7.1 } }] },
  })!;
  return attackFactsOf(nvd, description);
}

/** A CVE 5 record alone, whose only CVSS vector is CISA-ADP's (FileMaker's case). */
function adpOnly(description: string, vector: string) {
  const metric: CvssMetric = { version: '3.1', score: 6.1, severity: 'MEDIUM', vector, source: 'CISA-ADP', type: 'Secondary' };
  const cve5: Cve5Record = {
    id: 'CVE-2023-42955',
    state: 'PUBLISHED',
    description,
    cna: { shortName: 'Claris', cvss: [], cweIds: [], products: [], references: [] },
    adp: { shortName: 'CISA-ADP', cvss: [metric], cweIds: [], products: [], references: [] },
  };
  const sources = { id: cve5.id, cve5, exploits: new Set<never>(), detections: new Set<never>(), cweCatalogue: new Map() };
  return { facts: readAttackFacts({ sources, description, products: [], rejected: false }), score: deriveScore(sources) };
}

describe('a Trojan horse', () => {
  it('that the local user points the program at is run by that user: no victim acts', () => {
    expect(describedAttack(SAPOSCOL)).toEqual({ position: 'local', privileges: 'user', userInteraction: false });
    expect(
      describedAttack('lpstat in IRIX 6.5.13f and earlier allows local users to gain root privileges by specifying a Trojan Horse nettype shared library.')
        .userInteraction,
    ).toBe(false);
  });

  it('that a victim is tricked into running, or that sits where the victim works, still needs the victim', () => {
    expect(describedAttack('allows remote attackers to execute arbitrary code by tricking a user into running a Trojan horse program.').userInteraction).toBe(
      true,
    );
    expect(
      describedAttack(
        'Untrusted search path vulnerability in Foo 2.1 allows local users to gain privileges via a Trojan horse DLL in the current working directory.',
      ).userInteraction,
    ).toBe(true);
  });
});

describe('a crafted file the attacker uploads', () => {
  it('is the attacker’s own act: no victim', () => {
    expect(describedAttack(WEBINESS).userInteraction).toBe(false);
    expect(
      describedAttack(
        'This vulnerability allows an unauthenticated attacker to achieve remote command execution on the affected PAM system by uploading a specially crafted PAM upgrade file.',
      ).userInteraction,
    ).toBe(false);
  });

  it('differs from a crafted file that a user opens', () => {
    expect(describedAttack('Heap overflow in Foo Viewer 3.2 allows remote attackers to execute arbitrary code via a crafted image file.').userInteraction).toBe(
      true,
    );
  });
});

describe('where the description names no victim and no vector of the attacker’s own', () => {
  it('leaves a file the attacker builds to the CVSS vector: UI:R is a victim', () => {
    expect(describedAttack(ELFSPIRIT).userInteraction).toBeUndefined();
    const read = nvdFacts(ELFSPIRIT, 'CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:N/A:H');
    expect(read.attack).toEqual({ position: 'local', privileges: 'none', user_interaction: true });
    expect(read.provenance['facts.attack.user_interaction']).toBe('CVSS v3.1 vector');
  });

  it('reads the fix’s "by eliminating …" as the vendor’s mend, and takes the victim from the vector that gives the score', () => {
    expect(describedAttack(FILEMAKER).userInteraction).toBeUndefined();
    const vector = 'CVSS:3.1/AV:L/AC:L/PR:H/UI:R/S:U/C:H/I:H/A:L';
    const { facts, score } = adpOnly(FILEMAKER, vector);
    expect(score.vector).toBe(vector);
    expect(facts.attack).toEqual({ position: 'local', privileges: 'admin', user_interaction: true });
  });

  it('keeps the attacker’s own vector after a fix named as a thing ("Fix Pack 10", "hotfix")', () => {
    expect(
      describedAttack(
        'db2fmp process in IBM DB2 Content Manager before 8.2 Fix Pack 10 allows local users to cause a denial of service (CPU consumption) by importing a corrupted Microsoft Excel file.',
      ).userInteraction,
    ).toBe(false);
    expect(
      describedAttack(
        'IIS 3.0 with the iis-fix hotfix installed allows remote intruders to read source code for ASP programs by using a %2e instead of a . (dot) in the URL.',
      ).userInteraction,
    ).toBe(false);
  });

  it('keeps the attacker’s own vector beside a fix sentence, and one that sends what they built', () => {
    expect(
      describedAttack(
        'Foo 1.x allows remote attackers to read arbitrary files by sending a crafted request. This issue has been fixed in 2.0 by validating the path.',
      ).userInteraction,
    ).toBe(false);
    expect(describedAttack('allows remote attackers to cause a denial of service by sending crafted packets to port 443.').userInteraction).toBe(false);
  });
});

const xss = (description: string) =>
  factSummary({
    facts: {
      impacts: ['cross_site_scripting'],
      attack: { position: 'remote', privileges: 'user', user_interaction: true },
      component: null,
      products: [{ product: 'wpdeveloper:elementor_addon_elements', name: 'Elementor Addon Elements', primary: true }],
      fixed_in: [],
      last_affected: [],
      fix_stated: false,
      exploit_public: false,
      aka: [],
    } satisfies Facts,
    description,
    cweIds: [],
    severity: 'It is rated medium: 6.4 out of 10.',
    inKev: false,
    exploitCode: false,
  });

describe('the summary’s words for a signed-in attacker and their victim', () => {
  it('names the least role the description requires, and the stored script’s page', () => {
    const text = xss(
      'The Elementor Addon Elements plugin for WordPress is vulnerable to Stored Cross-Site Scripting via the modal popup widget’s effect setting in all versions up to, and including, 1.12.12 due to insufficient input sanitization and output escaping on user supplied attributes. This makes it possible for authenticated attackers with contributor-level and above permissions to inject arbitrary web scripts in pages that will execute whenever a user accesses an injected page.',
    );
    expect(text).toContain('An attacker with a contributor account or higher, over the network, can');
    expect(text).toContain('when someone views a page the attacker stored the script in.');
    expect(xss('allows authenticated attackers with Author-level access to inject arbitrary web scripts.')).toContain(
      'An attacker with an author account or higher',
    );
  });

  it('keeps "any account" where no role is named, and the link of a reflected script', () => {
    const text = xss('Reflected cross-site scripting in the search page allows remote authenticated users to inject arbitrary web script via the q parameter.');
    expect(text).toContain('An attacker who can sign in to it (any account) over the network can');
    expect(text).toContain('when someone opens a link or page the attacker made.');
  });
});

describe('an image a browser user views ("Opera … via a JPEG file with …", CVE-2007-0126, the h41 blind set)', () => {
  it('needs the user to open it', () => {
    expect(
      describedAttack(
        'Heap-based buffer overflow in Opera 9.02 allows remote attackers to execute arbitrary code via a JPEG file with an invalid number of index bytes.',
      ).userInteraction,
    ).toBe(true);
  });

  it('leaves an image sent to a server program alone', () => {
    expect(describedAttack('A flaw in Acme Server allows remote attackers to cause a denial of service via a JPEG file upload.').userInteraction).toBe(false);
  });
});
