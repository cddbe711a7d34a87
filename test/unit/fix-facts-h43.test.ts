/**
 * Fix facts and text from the h43 blind set's findings (and the readings beside it). Each rule on
 * the phrase or data shape that showed it, through the real parsers and derivation, and on the
 * neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';
import { FIXTURE_NOW, derivedFixture, nvdFixture } from '../support/nvd-fixtures.js';

const os = (product: string, version = '-') => `cpe:2.3:o:microsoft:${product}:${version}:*:*:*:*:*:*:*`;
const or = (...criteria: string[]) => ({ nodes: [{ operator: 'OR', negate: false, cpeMatch: criteria.map((c) => ({ vulnerable: true, criteria: c })) }] });
const fixesOf = (r: Pick<NonNullable<ReturnType<typeof deriveRecord>>, 'facts'>) => r.facts!.fixed_in.map((f) => `${f.product} ${f.version} ${f.source}`);

/** Microsoft's CNA entry: one edition, its CPE, affected from 10.0.0 up to the fixed build. */
const edition = (product: string, cpeProduct: string, build: string) => ({
  vendor: 'Microsoft',
  product,
  cpes: [`cpe:2.3:o:microsoft:${cpeProduct}:${build}:*:*:*:*:*:x64:*`],
  versions: [{ status: 'affected', version: '10.0.0', lessThan: build, versionType: 'custom' }],
});

function microsoftRecord(configurations: object[], affected: object[]) {
  const description = 'Windows Font Driver Host Remote Code Execution Vulnerability';
  const nvd = nvdFixture(description, configurations);
  const cve5 = parseCve5Record({
    dataType: 'CVE_RECORD',
    cveMetadata: { cveId: nvd.id, state: 'PUBLISHED', datePublished: '2021-07-13T00:00:00Z' },
    containers: { cna: { providerMetadata: { shortName: 'microsoft' }, descriptions: [{ lang: 'en', value: description }], affected } },
  })!;
  return deriveRecord({ id: nvd.id, nvd, cve5, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, FIXTURE_NOW)!;
}

describe('Windows 2004 editions in the older CPE style, the edition in the version slot (CVE-2021-34438)', () => {
  const configurations = [or(os('windows_10', '1809'), os('windows_10', '2004'), os('windows_server_2016', '2004'), os('windows_server_2016', '20h2'))];
  const affected = [
    edition('Windows 10 Version 1809', 'windows_10_1809', '10.0.17763.2061'),
    edition('Windows 10 Version 2004', 'windows_10_1809', '10.0.19041.1110'),
    edition('Windows Server version 2004', 'windows_server_2004', '10.0.19041.1110'),
    edition('Windows Server version 20H2', 'windows_server_20H2', '10.0.19042.1110'),
  ];

  it("gives 'Windows 10 Version 2004' its build though its CPE is 1809's, and the Server releases NVD files under windows_server_2016 theirs", () => {
    expect(fixesOf(microsoftRecord(configurations, affected))).toEqual([
      'microsoft:windows_10_1809 10.0.17763.2061 cve5',
      'microsoft:windows_10_2004 10.0.19041.1110 cve5',
      'microsoft:windows_server_2004 10.0.19041.1110 cve5',
      'microsoft:windows_server_20h2 10.0.19042.1110 cve5',
    ]);
  });

  it('names those builds, and no longer sends the 2004 editions to an unnamed update', () => {
    const fix = microsoftRecord(configurations, affected).explanation!.fix;
    expect(fix).toContain('Microsoft Windows 10 2004');
    expect(fix).toContain('10.0.19041.1110');
    expect(fix).toContain('10.0.19042.1110');
    expect(fix).not.toContain('also lists');
    // Microsoft writes its half-year releases "20H2"; the CPE key's "20h2" is no name.
    expect(fix).toContain('Windows Server 20H2');
    expect(fix).not.toContain('20h2');
  });

  it('leaves Server 2016 itself alone: its release keys are only those NVD lists in its version slot', () => {
    const r = microsoftRecord([or(os('windows_10', '1809'), os('windows_server_2016'))], affected);
    expect(fixesOf(r).filter((f) => f.includes('server'))).toEqual([]);
  });

  it('takes no edition from a name that states none the CPE lacks', () => {
    const r = microsoftRecord(configurations, [affected[0]!, edition('Windows 10 Version 2004', 'windows_server_2019', '10.0.19041.1110')]);
    expect(fixesOf(r)).toEqual(['microsoft:windows_10_1809 10.0.17763.2061 cve5']);
  });
});

describe("Adobe's desktop runtimes NVD lists apart: 'Flash Player before 20.0.0.306 on Windows and OS X', 'Adobe AIR before 20.0.0.260' (CVE-2016-0968)", () => {
  const adobe = (product: string, end: string) => ({
    vulnerable: true,
    criteria: `cpe:2.3:a:adobe:${product}:*:*:*:*:*:*:*:*`,
    versionEndIncluding: end,
  });
  const configurations = [
    {
      nodes: [
        {
          operator: 'OR',
          negate: false,
          cpeMatch: [
            adobe('flash_player', '20.0.0.286'),
            adobe('flash_player_desktop_runtime', '20.0.0.286'),
            adobe('air_desktop_runtime', '20.0.0.233'),
            adobe('air_sdk', '20.0.0.233'),
          ],
        },
      ],
    },
  ];
  const r = derivedFixture(
    'Adobe Flash Player 19.x and 20.x before 20.0.0.306, Adobe AIR before 20.0.0.260 and Adobe AIR SDK before 20.0.0.260 allow attackers to execute arbitrary code via unspecified vectors.',
    configurations,
  );

  it('gives the desktop runtimes the fix of the product they are builds of', () => {
    expect(fixesOf(r)).toEqual(
      expect.arrayContaining(['adobe:flash_player_desktop_runtime 20.0.0.306 description', 'adobe:air_desktop_runtime 20.0.0.260 description']),
    );
  });

  it('gives a runtime NVD lists on Windows and OS X no fix stated for Linux (CVE-2015-0312)', () => {
    const onDesktops = (product: string, end: string) => ({
      operator: 'AND',
      nodes: [
        { operator: 'OR', negate: false, cpeMatch: [adobe(product, end)] },
        {
          operator: 'OR',
          negate: false,
          cpeMatch: ['windows', 'mac_os_x'].map((os) => ({
            vulnerable: false,
            criteria: `cpe:2.3:o:${os === 'windows' ? 'microsoft' : 'apple'}:${os}:-:*:*:*:*:*:*:*`,
          })),
        },
      ],
    });
    const tied = derivedFixture(
      'Adobe Flash Player 14.x through 16.x before 16.0.0.296 on Windows and OS X and before 11.2.202.440 on Linux allows attackers to execute arbitrary code via unspecified vectors.',
      [
        { nodes: [{ operator: 'OR', negate: false, cpeMatch: [adobe('flash_player', '16.0.0.287')] }] },
        onDesktops('flash_player_desktop_runtime', '16.0.0.287'),
      ],
    );
    const runtime = fixesOf(tied).filter((f) => f.startsWith('adobe:flash_player_desktop_runtime'));
    expect(runtime).toContain('adobe:flash_player_desktop_runtime 16.0.0.296 description');
    expect(runtime).not.toContain('adobe:flash_player_desktop_runtime 11.2.202.440 description');
  });

  it('leaves the AIR SDK its own fix, and gives the runtimes nothing a statement about another product states', () => {
    expect(fixesOf(r)).toContain('adobe:air_sdk 20.0.0.260 description');
    expect(fixesOf(r).filter((f) => f.startsWith('adobe:air_desktop_runtime'))).toEqual(['adobe:air_desktop_runtime 20.0.0.260 description']);
  });
});

describe("a configuration's bound written as a CPE token (`bmc_8100.01.08`) beside the description's 'before version EFI BIOS 7215, BMC 8100.01.08' (CVE-2021-0113)", () => {
  const intel = (description: string) =>
    derivedFixture(description, [
      {
        nodes: [
          {
            operator: 'OR',
            negate: false,
            cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:o:intel:efi_bios_7215:*:*:*:*:*:*:*:*', versionEndExcluding: 'bmc_8100.01.08' }],
          },
        ],
      },
    ]);

  it('names the fixed release as the description writes it, never the raw token', () => {
    const r = intel(
      'Out of bounds write in the BMC firmware for Intel(R) Server Board M10JNP2SB before version EFI BIOS 7215, BMC 8100.01.08 may allow an unauthenticated user to potentially enable a denial of service via adjacent access.',
    );
    // The words are the description's, so the statement is too (the whole-data check holds each version to its source).
    expect(fixesOf(r)).toEqual(['intel:efi_bios_7215 EFI BIOS 7215, BMC 8100.01.08 description']);
    expect(r.explanation!.fix).toContain('EFI BIOS 7215, BMC 8100.01.08 or later');
    expect(r.explanation!.fix).not.toContain('bmc_');
  });

  it('keeps the bound where the description does not write it', () => {
    expect(fixesOf(intel('Out of bounds write in the BMC firmware for Intel(R) Server Board M10JNP2SB may allow a denial of service.'))).toEqual([
      'intel:efi_bios_7215 bmc_8100.01.08 configuration',
    ]);
  });
});

describe("'The Oz Forensics face recognition application before 4.0.8 late 2023' with no configuration (CVE-2025-32367)", () => {
  const description =
    'The Oz Forensics face recognition application before 4.0.8 late 2023 allows PII retrieval via /statistic/list Insecure Direct Object Reference. NOTE: the number 4.0.8 was used for both the unpatched and patched versions.';

  it("keys the fix by the capitalised vendor before the lower-case name, and keeps the release's time as written", () => {
    const r = derivedFixture(description);
    expect(fixesOf(r)).toEqual(['oz_forensics:face_recognition_application 4.0.8 late 2023 description']);
    expect(r.explanation!.fix).toContain('4.0.8 late 2023');
  });

  it("takes no sentence's opening word for a vendor ('In swtpm before 0.4.2')", () => {
    expect(fixesOf(derivedFixture('In swtpm before 0.4.2, a local attacker may be able to overwrite arbitrary files.'))).toEqual([
      'swtpm:swtpm 0.4.2 description',
    ]);
  });

  it('leaves alone a lower-case name with no capitalised vendor before it, and a bare version', () => {
    expect(fixesOf(derivedFixture('The face recognition application before 4.0.8 allows PII retrieval.'))).toEqual([
      'face:recognition_application 4.0.8 description',
    ]);
  });
});

describe("a product's number inside its name: 'Samsung MagicINFO 9 Server version before 21.1052' (CVE-2025-4632)", () => {
  it('names MagicINFO 9 Server, with the fix', () => {
    const r = derivedFixture(
      'Improper limitation of a pathname to a restricted directory vulnerability in Samsung MagicINFO 9 Server version before 21.1052 allows attackers to write arbitrary file as system authority.',
    );
    expect(r.facts!.products.map((p) => p.product)).toEqual(['samsung:magicinfo_9_server']);
    expect(fixesOf(r)).toEqual(['samsung:magicinfo_9_server 21.1052 description']);
  });

  it("leaves alone a release number right before the versions ('in Acme Widget 9 before 9.2')", () => {
    const r = derivedFixture('Cross-site scripting in Acme Widget 9 before 9.2 allows remote attackers to inject script.');
    expect(r.facts!.products.map((p) => p.product)).toEqual(['acme:widget']);
  });
});
