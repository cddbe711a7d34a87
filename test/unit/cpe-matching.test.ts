import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../shared/domain/cpe/version-compare.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';
import type { VersionRange } from '../../shared/domain/nvd-record.js';
import { cpe22To23, parseComponentCpe, type ComponentCpe } from '../../shared/domain/cpe/component-cpe.js';
import { cpeEntryAffects, cpeFixedVersions, cpeIndexEntries, type CpeIndexEntry } from '../../shared/domain/cpe/cpe-index.js';
import { sbomComponent } from '../../shared/scan/sbom-component.js';
import { affectingCpeFindings, toCpeVulnerability } from '../../shared/scan/use-cases/cpe-vulnerabilities.js';
import { makeRecord } from '../support/records.js';

function cpe(text: string): ComponentCpe {
  const parsed = parseComponentCpe(text);
  if ('problem' in parsed) throw new Error(`${text}: ${parsed.problem}`);
  return parsed;
}

const entry = (ranges: VersionRange[], extra: Partial<CpeIndexEntry> = {}): CpeIndexEntry => ({
  cveId: 'CVE-2099-0001',
  productKey: 'acme:widget',
  part: 'a',
  ranges,
  allVersions: false,
  ...extra,
});

/** A raw NVD 2.0 `cve` object with these cpeMatch entries in one configuration node. */
function nvdCve(id: string, matches: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return {
    id,
    sourceIdentifier: 'cve@mitre.org',
    published: '2099-01-01T00:00:00.000',
    lastModified: '2099-01-02T00:00:00.000',
    vulnStatus: 'Analyzed',
    descriptions: [{ lang: 'en', value: 'A flaw in Acme Widget lets a remote attacker run code.' }],
    configurations: [{ nodes: [{ operator: 'OR', negate: false, cpeMatch: matches }] }],
    ...extra,
  };
}

describe('a component CPE read for matching', () => {
  it('CPE 2.3: vendor:product key, the version with its update kept, and the version alone', () => {
    expect(cpe('cpe:2.3:a:oracle:jre:1.6.0:update_27:*:*:*:*:*:*')).toEqual({
      part: 'a',
      productKey: 'oracle:jre',
      vendor: 'oracle',
      product: 'jre',
      version: '1.6.0 update 27',
      baseVersion: '1.6.0',
    });
    expect(cpe('cpe:2.3:o:Linux:Linux_Kernel:5.10.1:*:*:*:*:*:*:*')).toMatchObject({
      part: 'o',
      productKey: 'linux:linux_kernel',
      version: '5.10.1',
      baseVersion: '5.10.1',
    });
    // An escaped colon belongs to its field.
    expect(cpe('cpe:2.3:a:acme:wid\\:get:2.0:*:*:*:*:*:*:*').productKey).toBe('acme:wid:get');
  });

  it('CPE 2.2 URIs are read as the same name', () => {
    expect(cpe22To23('cpe:/a:openssl:openssl:1.0.2a')).toBe('cpe:2.3:a:openssl:openssl:1.0.2a:*:*:*:*:*:*:*');
    expect(cpe('cpe:/a:oracle:jre:1.6.0:update_27')).toEqual(cpe('cpe:2.3:a:oracle:jre:1.6.0:update_27:*:*:*:*:*:*'));
    expect(cpe('cpe:/a:acme:my%20widget:2.0')).toMatchObject({ productKey: 'acme:my widget', version: '2.0' });
    expect(cpe22To23('cpe:2.3:a:x:y:1:*:*:*:*:*:*:*')).toBeUndefined();
  });

  it('a CPE with no version to compare cannot be checked, and says why', () => {
    const problem = (text: string) => {
      const parsed = parseComponentCpe(text);
      return 'problem' in parsed ? parsed.problem : undefined;
    };
    expect(problem('cpe:2.3:a:openssl:openssl:*:*:*:*:*:*:*:*')).toMatch(/gives no version \("\*", any version\)/);
    expect(problem('cpe:2.3:h:cisco:router:-:*:*:*:*:*:*:*')).toMatch(/gives no version \("-", not applicable\)/);
    expect(problem('cpe:/a:openssl:openssl')).toMatch(/gives no version/);
    expect(problem('cpe:2.3:a:*:openssl:1.0:*:*:*:*:*:*:*')).toMatch(/names no vendor/);
    expect(problem('cpe:2.3:a:acme:widget:latest:*:*:*:*:*:*:*')).toMatch(/no number to compare/);
    expect(problem('cpe:2.3:a:acme:widget:1.0')).toMatch(/not a valid CPE name/);
    expect(problem('openssl 1.0')).toMatch(/neither a CPE 2.3 name nor a CPE 2.2 URI/);
  });

  it('an SBOM component: checked by CPE when it has no OSV purl; otherwise not checked with the reason', () => {
    const byCpe = sbomComponent({
      name: 'openssl',
      version: undefined,
      purl: 'pkg:generic/openssl@3.0.0',
      cpe: 'cpe:2.3:a:openssl:openssl:3.0.0:*:*:*:*:*:*:*',
      locator: 'o',
    });
    expect(byCpe).toMatchObject({ ecosystem: null, version: '3.0.0', cpe: 'cpe:2.3:a:openssl:openssl:3.0.0:*:*:*:*:*:*:*' });
    const anyVersion = sbomComponent({ name: 'openssl', version: '3.0.0', purl: undefined, cpe: 'cpe:2.3:a:openssl:openssl:*:*:*:*:*:*:*:*', locator: 'o' });
    expect(anyVersion).toEqual({
      entry: 'openssl@3.0.0',
      line: null,
      reason: 'Not checked: its CPE gives no version ("*", any version), so no version range can be checked.',
    });
    const deb = sbomComponent({ name: 'bash', version: '5.1', purl: 'pkg:deb/debian/bash@5.1', cpe: 'cpe:2.3:a:gnu:bash:-:*:*:*:*:*:*:*', locator: 'b' });
    expect(deb).toMatchObject({ reason: expect.stringMatching(/purl type "deb" is not an ecosystem OSV covers, and its CPE gives no version/) });
    // A purl of an OSV ecosystem with an unusable CPE: matched by the purl alone.
    expect(sbomComponent({ name: 'qs', version: '6.5.2', purl: 'pkg:npm/qs@6.5.2', cpe: 'cpe:2.3:a:qs:qs:*:*:*:*:*:*:*:*', locator: 'q' })).toMatchObject({
      ecosystem: 'npm',
      cpe: null,
    });
  });
});

describe('the index entries of an NVD record', () => {
  it('one entry per vulnerable product with versions: ranges, exact versions (update kept), every version; not `-`, not platforms', () => {
    const record = parseNvdCve(
      nvdCve('CVE-2099-0001', [
        { vulnerable: true, criteria: 'cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*', versionStartIncluding: '2.0', versionEndExcluding: '2.4.50' },
        { vulnerable: true, criteria: 'cpe:2.3:a:acme:widget:1.6.0:update_27:*:*:*:*:*:*' },
        { vulnerable: true, criteria: 'cpe:2.3:a:acme:gadget:*:*:*:*:*:*:*:*' },
        { vulnerable: true, criteria: 'cpe:2.3:h:acme:router:-:*:*:*:*:*:*:*' },
        { vulnerable: false, criteria: 'cpe:2.3:o:microsoft:windows:-:*:*:*:*:*:*:*' },
      ]),
    );
    expect(cpeIndexEntries(record!)).toEqual([
      { cveId: 'CVE-2099-0001', productKey: 'acme:gadget', part: 'a', ranges: [], allVersions: true },
      {
        cveId: 'CVE-2099-0001',
        productKey: 'acme:widget',
        part: 'a',
        ranges: [{ startIncluding: '2.0', endExcluding: '2.4.50' }, { exact: '1.6.0 update 27' }],
        allVersions: false,
      },
    ]);
  });

  it('a rejected record has no entries', () => {
    const rejected = parseNvdCve(
      nvdCve('CVE-2099-0002', [{ vulnerable: true, criteria: 'cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*:*' }], { vulnStatus: 'Rejected' }),
    );
    expect(cpeIndexEntries(rejected!)).toEqual([]);
  });
});

describe('matching a version against an entry', () => {
  const number = fc.integer({ min: 0, max: 40 });
  const version = fc.array(number, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));

  it('property: a version inside [start, end) always matches; the versionEndExcluding itself never does, and is the fix', () => {
    fc.assert(
      fc.property(fc.array(version, { minLength: 3, maxLength: 3 }), ([a, b, c]) => {
        const [start, inside, end] = [a!, b!, c!].sort(compareVersions);
        fc.pre(compareVersions(start!, end!) < 0 && compareVersions(inside!, end!) < 0);
        const range = entry([{ startIncluding: start!, endExcluding: end! }]);
        const at = (v: string) => cpe(`cpe:2.3:a:acme:widget:${v}:*:*:*:*:*:*:*`);
        expect(cpeEntryAffects(range, at(inside!))).toBe(true);
        expect(cpeFixedVersions([range], at(inside!))).toEqual([end]);
        expect(cpeEntryAffects(range, at(end!))).toBe(false);
        expect(cpeFixedVersions([range], at(end!))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('property: versionEndIncluding matches at the end and not above it; an exact version matches only itself', () => {
    fc.assert(
      fc.property(version, version, (v, w) => {
        const at = (x: string) => cpe(`cpe:2.3:a:acme:widget:${x}:*:*:*:*:*:*:*`);
        expect(cpeEntryAffects(entry([{ endIncluding: v }]), at(v))).toBe(true);
        expect(cpeEntryAffects(entry([{ endIncluding: v }]), at(w))).toBe(compareVersions(w, v) <= 0);
        expect(cpeEntryAffects(entry([{ exact: v }]), at(w))).toBe(compareVersions(w, v) === 0);
      }),
      { numRuns: 300 },
    );
  });

  it('CPE updates: an exact version with an update matches only that update; one with ANY update matches its updates', () => {
    const jre = (text: string) => cpe(`cpe:2.3:a:oracle:jre:${text}:*:*:*:*:*:*`);
    expect(cpeEntryAffects(entry([{ exact: '1.6.0 update 27' }]), jre('1.6.0:update_27'))).toBe(true);
    expect(cpeEntryAffects(entry([{ exact: '1.6.0 update 27' }]), jre('1.6.0:update_30'))).toBe(false);
    expect(cpeEntryAffects(entry([{ exact: '1.6.0' }]), jre('1.6.0:update_30'))).toBe(true);
    expect(cpeEntryAffects(entry([{ exact: '1.6.0' }]), jre('1.6.1:update_30'))).toBe(false);
    // Bounds compare the whole version: update 30 of 1.6.0 is before 1.6.1 and after 1.6.0 update 27.
    expect(cpeEntryAffects(entry([{ startExcluding: '1.6.0 update 27', endExcluding: '1.6.1' }]), jre('1.6.0:update_30'))).toBe(true);
    expect(cpeEntryAffects(entry([{ endExcluding: '1.6.0 update 27' }]), jre('1.6.0:update_30'))).toBe(false);
  });

  it('every-version entries match any version and name no fix; the CPE part is not compared (NVD files some products under a and o)', () => {
    const all = entry([], { allVersions: true });
    expect(cpeEntryAffects(all, cpe('cpe:2.3:a:acme:widget:99.1:*:*:*:*:*:*:*'))).toBe(true);
    expect(cpeFixedVersions([all], cpe('cpe:2.3:a:acme:widget:99.1:*:*:*:*:*:*:*'))).toEqual([]);
    expect(cpeEntryAffects(entry([{ endExcluding: '5.0' }], { part: 'o' }), cpe('cpe:2.3:a:acme:widget:4.9:*:*:*:*:*:*:*'))).toBe(true);
  });

  it('several ranges: the fixes are those of the ranges that hold the version, nearest first', () => {
    const entries = [entry([{ startIncluding: '2.0', endExcluding: '2.4.50' }, { endExcluding: '2.4.10' }, { startIncluding: '3.0', endExcluding: '3.0.2' }])];
    expect(cpeFixedVersions(entries, cpe('cpe:2.3:a:acme:widget:2.4.1:*:*:*:*:*:*:*'))).toEqual(['2.4.10', '2.4.50']);
    expect(cpeFixedVersions(entries, cpe('cpe:2.3:a:acme:widget:2.4.20:*:*:*:*:*:*:*'))).toEqual(['2.4.50']);
    expect(cpeFixedVersions(entries, cpe('cpe:2.3:a:acme:widget:2.9:*:*:*:*:*:*:*'))).toEqual([]);
  });
});

describe('CPE findings as vulnerabilities', () => {
  const widget = cpe('cpe:2.3:a:acme:widget:2.4.1:*:*:*:*:*:*:*');
  const entries = [
    entry([{ startIncluding: '2.0', endExcluding: '2.4.50' }], { cveId: 'CVE-2099-0002' }),
    entry([{ endIncluding: '2.4.1' }], { cveId: 'CVE-2099-0001' }),
    entry([{ endExcluding: '2.0' }], { cveId: 'CVE-2099-0003' }),
    entry([{ exact: '2.4.2' }], { cveId: 'CVE-2099-0004', part: 'o' }),
    entry([{ exact: '2.4.1' }], { cveId: 'CVE-2099-0002', part: 'o' }),
  ];

  it('one finding per CVE that holds the version (of any of its entries), by id', () => {
    expect(affectingCpeFindings(entries, widget)).toEqual([
      { cveId: 'CVE-2099-0001', fixedVersions: [] },
      { cveId: 'CVE-2099-0002', fixedVersions: ['2.4.50'] },
    ]);
  });

  it("joins PlainCVE's record; the fix names NVD's fixed version, else PlainCVE's advice for the CVE", () => {
    const [through, before] = affectingCpeFindings(entries, widget);
    const record = makeRecord({ cve_id: 'CVE-2099-0002', title: 'Widget runs code it is sent', severity: 'HIGH', cvss_score: 8.1 });
    expect(toCpeVulnerability('widget', widget, before!, record)).toEqual({
      id: 'CVE-2099-0002',
      cve_id: 'CVE-2099-0002',
      severity: 'HIGH',
      cvss_score: 8.1,
      risk_level: 'HIGH',
      risk_meaning: 'HIGH: a public exploit exists and detection rules exist',
      in_kev: false,
      weaponized: true,
      epss_score: 0.42,
      fixed_versions: ['2.4.50'],
      title: 'Widget runs code it is sent',
      summary: record.explanation?.summary,
      fix: 'Upgrade widget from 2.4.1 to 2.4.50 or later: 2.4.50 is the nearest release that fixes CVE-2099-0002.',
    });
    const advised = makeRecord({ cve_id: 'CVE-2099-0001' });
    expect(toCpeVulnerability('widget', widget, through!, advised).fix).toBe(
      `NVD's configuration for CVE-2099-0001 names no version of widget after 2.4.1 that fixes it. ${advised.explanation?.fix}`,
    );
    // Not in the catalogue: NVD's words, severity unknown.
    expect(toCpeVulnerability('widget', widget, through!, undefined)).toMatchObject({
      severity: 'UNKNOWN',
      cvss_score: null,
      risk_level: null,
      title: 'CVE-2099-0001 in widget 2.4.1',
      fix: "NVD's configuration for CVE-2099-0001 names no version of widget after 2.4.1 that fixes it: check acme's advisory, and remove or replace widget until a fix is published.",
    });
  });
});
