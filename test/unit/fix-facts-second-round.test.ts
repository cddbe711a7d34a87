/**
 * Fix facts and text, second round of issue 23's readings: each rule on the phrase or entry shape
 * that showed it, through the real parser and derivation, and on the neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { FIXTURE_NOW, derivedFixture } from '../support/nvd-fixtures.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';
import { sameRelease } from '../../shared/ingest/versions/release-order.js';
import { describedVersions, onLine } from '../../shared/ingest/versions/description.js';

interface Match {
  criteria: string;
  versionStartIncluding?: string;
  versionEndExcluding?: string;
}
const or = (...cpeMatch: Match[]) => ({ nodes: [{ operator: 'OR', negate: false, cpeMatch: cpeMatch.map((m) => ({ vulnerable: true, ...m })) }] });
const cpe = (vendorProduct: string, version = '*', update = '*', edition = '*') => `cpe:2.3:a:${vendorProduct}:${version}:${update}:${edition}:*:*:*:*:*`;

const recordOf = (description: string, configurations: object[] = []) => derivedFixture(description, configurations);
const fixedOf = (r: ReturnType<typeof recordOf>, product: string) =>
  [...new Set(r.facts!.fixed_in.filter((f) => f.product === product).map((f) => f.version))].sort();

describe("a name's last word shared by two names joined by 'and'", () => {
  const configurations = [
    or(
      { criteria: cpe('adobe:acrobat'), versionStartIncluding: '11.0.0', versionEndExcluding: '11.0.12' },
      { criteria: cpe('adobe:acrobat_dc', '*', '*', 'classic'), versionStartIncluding: '15.006.30033', versionEndExcluding: '15.006.30060' },
      { criteria: cpe('adobe:acrobat_reader_dc', '*', '*', 'classic'), versionStartIncluding: '15.006.30033', versionEndExcluding: '15.006.30060' },
    ),
  ];

  it("'Acrobat and Acrobat Reader DC Classic before 2015.006.30060' fixes Acrobat DC and Acrobat Reader DC, not Acrobat", () => {
    const r = recordOf(
      'Use-after-free vulnerability in Adobe Acrobat 11.x before 11.0.12, and Acrobat and Acrobat Reader DC Classic before 2015.006.30060 allows attackers to execute arbitrary code.',
      configurations,
    );
    expect(fixedOf(r, 'adobe:acrobat_dc')).toEqual(['2015.006.30060']);
    expect(fixedOf(r, 'adobe:acrobat_reader_dc')).toEqual(['2015.006.30060']);
    expect(fixedOf(r, 'adobe:acrobat')).toEqual(['11.0.12']);
  });

  it('names the year-named release once, as the description writes it, beside the configuration\'s "15.006.30060"', () => {
    const r = recordOf(
      'Use-after-free vulnerability in Adobe Acrobat 11.x before 11.0.12, and Acrobat and Acrobat Reader DC Classic before 2015.006.30060 allows attackers to execute arbitrary code.',
      configurations,
    );
    expect(r.explanation!.fix).toContain('2015.006.30060');
    expect(r.explanation!.fix).not.toContain('15.006.30060 for');
    expect(r.explanation!.fix).not.toMatch(/[^0]15\.006\.30060/);
  });

  it('reads a name that holds pattern characters as it is ("g++")', () => {
    const r = recordOf('A flaw in GNU and GNU Compiler g++ before 4.1 allows attackers to run code.', [
      or({ criteria: cpe('gnu:gnu_g++'), versionEndExcluding: '4.1' }, { criteria: cpe('gnu:gnu'), versionEndExcluding: '4.1' }),
    ]);
    expect(fixedOf(r, 'gnu:gnu_g++')).toEqual(['4.1']);
  });

  it('leaves two products apart where no listed product carries the joined name', () => {
    const r = recordOf('XSS in Acme Widget and Acme Gadget Pro before 2.1 allows remote attackers to inject script.', [
      or({ criteria: cpe('acme:widget'), versionEndExcluding: '2.1' }, { criteria: cpe('acme:gadget_pro'), versionEndExcluding: '2.1' }),
    ]);
    expect(fixedOf(r, 'acme:widget')).toEqual(['2.1']);
    expect(fixedOf(r, 'acme:gadget_pro')).toEqual(['2.1']);
  });
});

describe('one release however written', () => {
  it('a line named by its year is the release with the short year', () => {
    expect(sameRelease('2015.006.30060', '15.006.30060')).toBe(true);
    expect(sameRelease('2015.006.30060', '15.006.30061')).toBe(false);
    expect(sameRelease('2015.1', '15.1')).toBe(false);
    expect(sameRelease('1.2.0', '1.2')).toBe(true);
  });
});

describe('aliases of one product', () => {
  it("Rails' two CPE tokens are one product, named once, with the pre-release's patch as its fix", () => {
    const r = recordOf(
      'The http_basic_authenticate_with method in Ruby on Rails before 3.2.22.1, 4.2.x before 4.2.5.1, and 5.x before 5.0.0.beta1.1 does not use a constant-time algorithm, which makes it easier for remote attackers to bypass authentication.',
      [or({ criteria: cpe('rubyonrails:ruby_on_rails'), versionEndExcluding: '3.2.22.1' }, { criteria: cpe('rubyonrails:rails', '5.0.0', 'beta1') })],
    );
    expect(r.explanation!.summary).toContain('of Ruby on Rails.');
    expect(r.explanation!.summary).not.toMatch(/Rails and|Rails Rails/);
    expect(fixedOf(r, 'rubyonrails:ruby_on_rails')).toContain('5.0.0.beta1.1');
    expect(r.explanation!.fix).not.toMatch(/update past/);
  });
});

describe("a CNA's status change inside an affected range", () => {
  const cnaRecord = (versions: object[]) => {
    const cve5 = parseCve5Record({
      dataType: 'CVE_RECORD',
      cveMetadata: { cveId: 'CVE-2099-3900', state: 'PUBLISHED', datePublished: '2024-03-01T00:00:00Z' },
      containers: {
        cna: {
          providerMetadata: { shortName: 'Patchstack' },
          descriptions: [{ lang: 'en', value: 'Cross-site Scripting vulnerability in WP Sunshine Sunshine Photo Cart allows Reflected XSS.' }],
          affected: [{ vendor: 'WP Sunshine', product: 'Sunshine Photo Cart', defaultStatus: 'unaffected', versions }],
        },
      },
    })!;
    return deriveRecord({ id: cve5.id, cve5, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, FIXTURE_NOW)!;
  };

  it('`changes: [{at: "3.1.2", status: "unaffected"}]` states 3.1.2 as the fix', () => {
    const r = cnaRecord([
      { status: 'affected', version: 'n/a', lessThanOrEqual: '3.1.1', versionType: 'custom', changes: [{ at: '3.1.2', status: 'unaffected' }] },
    ]);
    expect(r.facts!.fixed_in.map((f) => [f.version, f.source])).toEqual([['3.1.2', 'cve5']]);
    expect(r.explanation!.fix).toBe('Update WP Sunshine Sunshine Photo Cart to version 3.1.2 or later.');
  });

  it('a change to affected is no fix', () => {
    const r = cnaRecord([{ status: 'affected', version: 'n/a', lessThanOrEqual: '3.1.1', changes: [{ at: '3.0', status: 'affected' }] }]);
    expect(r.facts!.fixed_in).toEqual([]);
  });
});

describe("a release's step that NVD numbers", () => {
  it("names 'OpenEMR before 5.0.1 Patch 7' as the description writes it, beside NVD's 5.0.1.7", () => {
    const r = recordOf('An issue was discovered in OpenEMR before 5.0.1 Patch 7. Directory Traversal exists via docid=../ to download_template.php.', [
      or({ criteria: cpe('open-emr:openemr'), versionEndExcluding: '5.0.1.7' }),
    ]);
    expect(fixedOf(r, 'open-emr:openemr')).toEqual(['5.0.1.7']);
    expect(r.explanation!.fix).toContain('version 5.0.1 Patch 7 (5.0.1.7) or later');
  });

  it('keeps NVD number alone where the step is another release', () => {
    const r = recordOf('An issue was discovered in Acme Portal before 2.0 Patch 1. Directory Traversal exists via a crafted path.', [
      or({ criteria: cpe('acme:portal'), versionEndExcluding: '2.0.2' }),
    ]);
    expect(r.explanation!.fix).not.toContain('Patch 1 (');
  });
});

describe('lines the description names in a short form', () => {
  it("'1.2x before 1.23.9' fixes the 1.20 to 1.23 lines, said so", () => {
    const r = recordOf('MediaWiki before 1.19.24, 1.2x before 1.23.9, and 1.24.x before 1.24.2 allows remote attackers to bypass the SVG filtering.', [
      or({ criteria: cpe('mediawiki:mediawiki'), versionEndExcluding: '1.19.24' }),
    ]);
    expect(r.explanation!.fix).toContain('1.23.9 for the 1.20.x to 1.23.x lines');
    expect(onLine('1.21.2', '1.20-1.23')).toBe(true);
    expect(onLine('1.24.0', '1.20-1.23')).toBe(false);
    expect(onLine('2.21', '1.20-1.23')).toBe(false);
    expect(onLine('20.0.0.228', '19-20')).toBe(true);
  });

  it("Sonus' '6.0.x up to Build 446, 6.1.x up to Build 492' is a newest build per line", () => {
    const last = describedVersions(
      'It affects the 1000 and 2000 devices 6.0.x up to Build 446, 6.1.x up to Build 492, and 7.0.x up to Build 485.',
    ).lastAffected;
    expect(last.map((l) => [l.line, l.version])).toEqual([
      ['6.0', '6.0 Build 446'],
      ['6.1', '6.1 Build 492'],
      ['7.0', '7.0 Build 485'],
    ]);
  });
});

describe("Microsoft's editions named by a major version", () => {
  it('Internet Explorer 11 is no version to update past: its security update is the fix', () => {
    const r = recordOf('Microsoft Internet Explorer 9 through 11 allows remote attackers to execute arbitrary code via a crafted web site.', [
      or(
        { criteria: cpe('microsoft:internet_explorer', '9') },
        { criteria: cpe('microsoft:internet_explorer', '10') },
        { criteria: cpe('microsoft:internet_explorer', '11') },
      ),
    ]);
    expect(r.explanation!.fix).not.toMatch(/update past/);
    expect(r.explanation!.fix).toMatch(/Internet Explorer 11 as affected: install the vendor's security update for that edition/);
  });

  it("another vendor's major version stays a version to update past", () => {
    const r = recordOf('Acme Browser 9 through 11 allows remote attackers to execute arbitrary code via a crafted web site.', [
      or({ criteria: cpe('acme:browser', '9') }, { criteria: cpe('acme:browser', '11') }),
    ]);
    expect(r.explanation!.fix).toMatch(/11 as the newest affected version of Acme Browser; update past it/);
  });
});

describe("Hitachi's releases as NVD's CPE names them", () => {
  it("'7_20_01' is written '07-20-01', as Hitachi writes it", () => {
    const r = recordOf('Buffer overflow in Hitachi Cosminexus 7 allows remote attackers to execute arbitrary code.', [
      or({ criteria: cpe('hitachi:ucosminexus_service_platform', '07_10_01') }, { criteria: cpe('hitachi:ucosminexus_service_platform', '7_20_01') }),
    ]);
    expect(r.explanation!.fix).toContain('07-20-01 as the newest affected version');
    expect(r.explanation!.affected).toContain('07-20-01');
    expect(`${r.explanation!.fix} ${r.explanation!.affected}`).not.toMatch(/7_20|7 20 01/);
  });
});

describe('two ranges of one major version', () => {
  it('each fix takes the lines its range spans, never two fixes "for the 6.x line"', () => {
    const r = recordOf('In the Linux kernel, a use-after-free in the ksmbd server allows it.', [
      or(
        { criteria: cpe('linux:linux_kernel'), versionStartIncluding: '6.2', versionEndExcluding: '6.6.83' },
        { criteria: cpe('linux:linux_kernel'), versionStartIncluding: '6.7', versionEndExcluding: '6.12.19' },
        { criteria: cpe('linux:linux_kernel'), versionStartIncluding: '6.13', versionEndExcluding: '6.13.7' },
      ),
    ]);
    expect(r.explanation!.fix).toContain('6.12.19 for the 6.7.x to 6.12.x lines');
    expect(r.explanation!.fix).toContain('6.6.83 for the 6.2.x to 6.6.x lines');
    expect(r.explanation!.fix).not.toContain('for the 6.x line');
  });

  it('a major line that holds another fix\'s line takes its span: never "6.12.11 for the 6.x line" beside "6.6.74 for the 6.6.x line" (CVE-2025-21684)', () => {
    const r = recordOf('In the Linux kernel, the following vulnerability has been resolved: gpio: xilinx: Convert gpio_lock to raw spinlock', [
      or(
        { criteria: cpe('linux:linux_kernel'), versionStartIncluding: '5.11', versionEndExcluding: '6.6.74' },
        { criteria: cpe('linux:linux_kernel'), versionStartIncluding: '6.7', versionEndExcluding: '6.12.11' },
      ),
    ]);
    expect(r.explanation!.fix).toContain('6.12.11 for the 6.7.x to 6.12.x lines');
    expect(r.explanation!.fix).toContain('6.6.74 for the 6.6.x line');
    expect(r.explanation!.fix).not.toContain('for the 6.x line');
  });

  it('one range of a major keeps its line', () => {
    const r = recordOf('Acme Server allows remote attackers to read files.', [
      or(
        { criteria: cpe('acme:server'), versionStartIncluding: '2.0', versionEndExcluding: '2.4.1' },
        { criteria: cpe('acme:server'), versionStartIncluding: '3.0', versionEndExcluding: '3.1.2' },
      ),
    ]);
    expect(r.facts!.fixed_in.map((f) => f.branch)).toEqual(['2', '3']);
  });
});

describe("Adobe's newest affected version per track before one 'and earlier'", () => {
  it("reads each listed version as its own major release's newest affected one (CVE-2024-20747)", () => {
    const read = describedVersions('Acrobat Reader versions 20.005.30539, 23.008.20470 and earlier are affected by an out-of-bounds read vulnerability.');
    expect(read.lastAffected.map((l) => [l.version, l.line])).toEqual([
      ['20.005.30539', '20'],
      ['23.008.20470', '23'],
    ]);
    expect(read.upTo.map((l) => l.version)).toEqual(['20.005.30539', '23.008.20470']);
    const r = recordOf('Acrobat Reader versions 20.005.30539, 23.008.20470 and earlier are affected by an out-of-bounds read vulnerability.', [
      or({ criteria: cpe('adobe:acrobat_reader', '23.008.20470') }),
    ]);
    expect(r.explanation!.fix).toContain('23.008.20470 for the 23.x line and 20.005.30539 for the 20.x line');
  });

  it('leaves versions of one line to the last one\'s "and earlier"', () => {
    const read = describedVersions('Foo versions 1.2.3, 1.2.4 and earlier are affected by a flaw.');
    expect(read.lastAffected.map((l) => [l.version, l.line])).toEqual([['1.2.4', undefined]]);
  });
});
