/**
 * Fix facts and text, seventh round of issue 23's readings (the h42 blind set). Each rule on the
 * phrase or data shape that showed it, through the real parsers and derivation, and on the
 * neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';
import { FIXTURE_NOW, derivedFixture, nvdFixture } from '../support/nvd-fixtures.js';

const os = (product: string, version = '-', update = '*') => `cpe:2.3:o:microsoft:${product}:${version}:${update}:*:*:*:*:*:*`;
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
  const description = 'Windows CSRSS Elevation of Privilege Vulnerability.';
  const nvd = nvdFixture(description, configurations);
  const cve5 = parseCve5Record({
    dataType: 'CVE_RECORD',
    cveMetadata: { cveId: nvd.id, state: 'PUBLISHED', datePublished: '2022-07-12T00:00:00Z' },
    containers: { cna: { providerMetadata: { shortName: 'microsoft' }, descriptions: [{ lang: 'en', value: description }], affected } },
  })!;
  return deriveRecord({ id: nvd.id, nvd, cve5, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, FIXTURE_NOW)!;
}

describe("a CNA's fixed build per Windows edition beside NVD's editions with no bounds (CVE-2022-22026)", () => {
  const configurations = [or(os('windows_10', '1809'), os('windows_10', '21h1'), os('windows_server_2019'), os('windows_server_2008', 'r2', 'sp1'))];
  const affected = [
    edition('Windows 10 Version 1809', 'windows_10_1809', '10.0.17763.3165'),
    edition('Windows Server 2019', 'windows_server_2019', '10.0.17763.3165'),
    edition('Windows 10 Version 21H1', 'windows_10_21H1', '10.0.19043.1826'),
    edition('Windows Server 2008 R2 Service Pack 1', 'windows_server_2008_R2', '6.1.7601.26022'),
  ];

  it("keys each build by the edition's CPE product", () => {
    expect(fixesOf(microsoftRecord(configurations, affected))).toEqual([
      'microsoft:windows_10_1809 10.0.17763.3165 cve5',
      'microsoft:windows_server_2019 10.0.17763.3165 cve5',
      'microsoft:windows_10_21h1 10.0.19043.1826 cve5',
      'microsoft:windows_server_2008_r2 6.1.7601.26022 cve5',
    ]);
  });

  it('names every build in one sentence, editions that share a build together', () => {
    expect(microsoftRecord(configurations, affected).explanation!.fix).toContain(
      "Install the vendor's security update that brings your edition to its fixed build or later: Microsoft Windows 10 21H1 to 10.0.19043.1826; Microsoft Windows 10 1809 and Microsoft Windows Server 2019 to 10.0.17763.3165; Microsoft Windows Server 2008 R2 to 6.1.7601.26022.",
    );
  });

  it('still names an edition NVD lists that no build covers (windows_server_2016 version 20h2 beside Server 2016 itself)', () => {
    const listed = [or(os('windows_10', '1809'), os('windows_server_2016'), os('windows_server_2016', '20h2'))];
    const r = microsoftRecord(listed, [
      edition('Windows 10 Version 1809', 'windows_10_1809', '10.0.17763.3165'),
      edition('Windows Server 2016', 'windows_server_2016', '10.0.14393.5246'),
    ]);
    expect(r.explanation!.fix).toContain('NVD also lists Microsoft Windows Server 2016 20h2 as affected');
    expect(r.explanation!.fix).not.toContain('Windows 10 1809 as affected');
  });

  it("takes no CPE that names another edition than the entry's ('Windows 10 Version 2004' with windows_10_1809)", () => {
    const r = microsoftRecord(configurations, [...affected.slice(0, 2), edition('Windows 10 Version 2004', 'windows_10_1809', '10.0.19041.1052')]);
    expect(fixesOf(r)).not.toContain('microsoft:windows_10_1809 10.0.19041.1052 cve5');
  });

  it('leaves alone a product NVD lists in every version, or bounds in numbers, and an edition NVD does not list', () => {
    const every = microsoftRecord([or(os('windows_server_2019', '*'))], [edition('Windows Server 2019', 'windows_server_2019', '10.0.17763.3165')]);
    expect(fixesOf(every)).toEqual([]);
    const notListed = microsoftRecord([or(os('windows_10', '1809'))], [edition('Windows Server 2022', 'windows_server_2022', '10.0.20348.825')]);
    expect(fixesOf(notListed)).toEqual([]);
    expect(notListed.explanation!.fix).toContain('install the vendor');
  });
});

describe("Siemens' template 'A vulnerability has been identified in <Product> (All versions < V3.1.2.2)' (CVE-2025-27540)", () => {
  const facts = (description: string) => {
    const r = derivedFixture(description);
    return { products: r.facts!.products.map((p) => `${p.product} ${p.name}`), fixes: fixesOf(r), fix: r.explanation!.fix };
  };

  it('names the product before the bracket, with Siemens as its vendor, and gives it the fix', () => {
    const r = facts(
      "A vulnerability has been identified in TeleControl Server Basic (All versions < V3.1.2.2). The affected application is vulnerable to SQL injection through the internally used 'Authenticate' method.",
    );
    expect(r.products).toEqual(['siemens:telecontrol_server_basic Siemens TeleControl Server Basic']);
    expect(r.fixes).toEqual(['siemens:telecontrol_server_basic V3.1.2.2 description']);
    expect(r.fix).toContain('Update Siemens TeleControl Server Basic to V3.1.2.2 or later');
  });

  it("leaves out an order number in brackets and a release line's 'V2302' ('(All versions)', '>= V1 < V2')", () => {
    expect(
      facts('A vulnerability has been identified in SCALANCE LPE9403 (6GK5998-3GS00-2AC2) (All versions). Affected devices do not check input.').products,
    ).toEqual(['siemens:scalance_lpe9403 Siemens SCALANCE LPE9403']);
    expect(
      facts(
        'A vulnerability has been identified in Tecnomatix Plant Simulation V2302 (All versions >= V2302.0001 < V2302.0021). The affected application does not restrict access.',
      ).products,
    ).toEqual(['siemens:tecnomatix_plant_simulation Siemens Tecnomatix Plant Simulation']);
  });

  it("leaves alone another vendor's '<Product> (All versions prior to 1.8.02.004)' that is not the template", () => {
    const r = facts('Delta Electronics DIAEnergie (All versions prior to 1.8.02.004) has a blind SQL injection vulnerability in HandlerChart.ashx.');
    expect(r.products.some((p) => p.startsWith('siemens:'))).toBe(false);
  });
});

describe("'fixed in curl < 7.54.1 and curl >= 7.60.0': the versions not affected, written as ranges (CVE-2018-1000300)", () => {
  const affected = { criteria: 'cpe:2.3:a:haxx:curl:*:*:*:*:*:*:*:*', versionStartIncluding: '7.54.1', versionEndIncluding: '7.59.0' };
  const curl = (description: string) =>
    derivedFixture(description, [{ nodes: [{ operator: 'OR', negate: false, cpeMatch: [{ vulnerable: true, ...affected }] }] }]);

  it("reads '>= 7.60.0' after 'fixed in' as the fix", () => {
    const r = curl(
      'curl version curl 7.54.1 to and including curl 7.59.0 contains a Heap-based Buffer Overflow vulnerability in FTP server response handling. This vulnerability appears to have been fixed in curl < 7.54.1 and curl >= 7.60.0.',
    );
    expect(fixesOf(r)).toEqual(['haxx:curl 7.60.0 description']);
    expect(r.explanation!.fix).toContain('Update Haxx Curl to version 7.60.0 or later');
  });

  it("leaves alone '>=' that bounds the affected versions ('versions >= 7.54.1 and <= 7.59.0 are affected')", () => {
    const r = curl('curl versions >= 7.54.1 and <= 7.59.0 are affected by a Heap-based Buffer Overflow vulnerability in FTP server response handling.');
    expect(fixesOf(r)).toEqual([]);
  });
});

describe("GitHub's 'The fix will be included in TensorFlow 2.10.0. We will also cherrypick this commit on TensorFlow 2.9.1, …' (CVE-2022-36005)", () => {
  const tf = (version: string, bounds: object = {}) => ({ vulnerable: true, criteria: `cpe:2.3:a:google:tensorflow:${version}:*:*:*:*:*:*:*`, ...bounds });
  const configurations = [
    {
      nodes: [
        {
          operator: 'OR',
          negate: false,
          cpeMatch: [
            tf('*', { versionEndExcluding: '2.7.2' }),
            tf('*', { versionStartIncluding: '2.8.0', versionEndExcluding: '2.8.1' }),
            tf('*', { versionStartIncluding: '2.9.0', versionEndExcluding: '2.9.1' }),
            tf('2.10.0:rc3'),
          ],
        },
      ],
    },
  ];

  it('reads 2.10.0 as the fix of its line beside the cherry-picked fixes of the older lines', () => {
    const r = derivedFixture(
      'TensorFlow is an open source platform for machine learning. When given inputs of the wrong rank, it results in a CHECK fail. We have patched the issue in GitHub commit 785d67a. The fix will be included in TensorFlow 2.10.0. We will also cherrypick this commit on TensorFlow 2.9.1, TensorFlow 2.8.1, and TensorFlow 2.7.2, as these are also affected and still in supported range.',
      configurations,
    );
    expect(r.facts!.fixed_in.map((f) => `${f.version} ${f.branch}`)).toEqual(['2.10.0 2.10', '2.9.1 2.9', '2.8.1 2.8', '2.7.2 2.7']);
    expect(r.explanation!.fix).toContain('2.10.0 or later, 2.9.1 for the 2.9.x line, 2.8.1 for the 2.8.x line and 2.7.2 for the 2.7.x line');
    expect(r.explanation!.fix).not.toContain('no fixed version stated');
  });

  it("leaves alone 'The fix will be included in the next releases when they become available'", () => {
    const r = derivedFixture('OpenSSL mishandles a certificate. The fix will be included in the next releases when they become available.');
    expect(fixesOf(r)).toEqual([]);
  });
});

describe("Apple's 'This issue is fixed in macOS Big Sur 11.7, macOS Ventura 13, iOS 16, …' beside NVD's products (CVE-2022-42790)", () => {
  const apple = (product: string, bounds: object) => ({ vulnerable: true, criteria: `cpe:2.3:o:apple:${product}:*:*:*:*:*:*:*:*`, ...bounds });
  const configurations = [
    {
      nodes: [
        {
          operator: 'OR',
          negate: false,
          cpeMatch: [
            apple('ipados', { versionEndExcluding: '15.7' }),
            apple('iphone_os', { versionEndExcluding: '15.7' }),
            apple('macos', { versionStartIncluding: '11.0', versionEndExcluding: '11.7' }),
            apple('macos', { versionStartIncluding: '12.0', versionEndExcluding: '12.6' }),
          ],
        },
      ],
    },
  ];

  it('keeps every item of a listed product, a new major line ("13", "16") included', () => {
    const r = derivedFixture(
      'A logic issue was addressed with improved state management. This issue is fixed in macOS Big Sur 11.7, macOS Ventura 13, iOS 16, iOS 15.7 and iPadOS 15.7, macOS Monterey 12.6. A user may be able to view restricted content from the lock screen.',
      configurations,
    );
    expect(r.facts!.fixed_in.map((f) => `${f.product} ${f.version}`).sort()).toEqual([
      'apple:ipados 15.7',
      'apple:iphone_os 15.7',
      'apple:iphone_os 16',
      'apple:macos 11.7',
      'apple:macos 12.6',
      'apple:macos 13',
    ]);
    expect(r.explanation!.fix).toContain('13 or later');
  });

  it('gives no fix to a product NVD does not list (tvOS 16 beside macOS and iOS only)', () => {
    const r = derivedFixture('A logic issue was addressed. This issue is fixed in tvOS 16, macOS Monterey 12.6. An app may read files.', configurations);
    expect(r.facts!.fixed_in.map((f) => f.product)).not.toContain('apple:tvos');
  });
});

describe("NVD's 'Unknown vulnerability in BIND 9.2.0 in HP-UX B.11.00, …': the component the listed system ships (CVE-2005-0364)", () => {
  const hpux = (version: string) => ({ vulnerable: true, criteria: `cpe:2.3:o:hp:hp-ux:${version}:*:*:*:*:*:*:*` });
  const configurations = [{ nodes: [{ operator: 'OR', negate: false, cpeMatch: [hpux('11.00'), hpux('11.11'), hpux('11.23')] }] }];

  it('names BIND 9.2.0 as shipped in HP-UX in the affected text', () => {
    const r = derivedFixture(
      'Unknown vulnerability in BIND 9.2.0 in HP-UX B.11.00, B.11.11, and B.11.23 allows remote attackers to cause a denial of service.',
      configurations,
    );
    expect(r.explanation!.affected).toContain('The flawed component is BIND 9.2.0 as shipped in HP-UX.');
  });

  it('adds nothing where the component is the listed product ("Apple Safari 3.0.2 on Windows XP")', () => {
    const safari = [{ nodes: [{ operator: 'OR', negate: false, cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:a:apple:safari:3.0.2:*:*:*:*:*:*:*' }] }] }];
    const r = derivedFixture('Buffer overflow in Apple Safari 3.0.2 on Windows XP SP2 allows remote attackers to execute arbitrary code.', safari);
    expect(r.explanation!.affected).not.toContain('flawed component');
  });
});
