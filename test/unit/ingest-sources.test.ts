import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CatalogueAssembler } from '../../shared/ingest/assembler.js';
import { readSourceFile, recogniseFile } from '../../shared/ingest/files.js';
import { parseCpe23 } from '../../shared/domain/cpe/cpe-name.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';
import { isDedicatedPocRepository } from '../../shared/ingest/sources/exploits.js';
import { suricataRuleCves } from '../../shared/ingest/sources/detections.js';
import { parseKevCatalogue } from '../../shared/ingest/sources/kev.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';
import { ALL_FIXTURES, assembleFixtures, disguisedFixtureDir, fixture } from '../support/ingest-fixtures.js';

const nvdLines = () =>
  readFileSync(fixture('nvd-cves.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
const cve5Lines = () =>
  readFileSync(fixture('cve5-records.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);

describe('NVD 2.0 parser', () => {
  it("keeps CVSS metrics in NVD's order, CWE ids Primary first without NVD-CWE-*, vulnerable CPE ranges and tagged references", () => {
    const record = parseNvdCve(nvdLines()[0])!;
    expect(record.id).toBe('CVE-2023-40001');
    expect(record.published).toBe('2023-09-01T14:15:09.123Z');
    expect(record.cvss.map((m) => [m.version, m.type, m.score])).toEqual([
      ['3.1', 'Secondary', 9.1],
      ['3.1', 'Primary', 9.8],
    ]);
    expect(record.cweIds).toEqual(['CWE-89', 'CWE-20']);
    expect(record.description).toMatch(/^SQL injection vulnerability/);
    expect(record.products).toEqual([
      {
        vendor: 'acme',
        product: 'widget_server',
        part: 'a',
        ranges: [{ startIncluding: '4.0.0', endExcluding: '4.2.1' }],
        openEnded: false,
        fixedVersions: ['4.2.1'],
      },
    ]);
    expect(record.references.find((r) => r.url.endsWith('ACME-2023-07'))?.tags).toEqual(['vendor advisory', 'patch']);
  });

  it('drops NVD-CWE-noinfo/Other, reads CVSS v2 and v3.0 metrics with their version, and marks rejected records', () => {
    const [, pending, rejected, old, , v30] = nvdLines().map((l) => parseNvdCve(l)!);
    expect(pending!.cweIds).toEqual([]);
    expect(pending!.cvss[0]).toMatchObject({ version: '3.1', type: 'Secondary', score: 5.5, severity: 'MEDIUM' });
    expect(rejected!.rejected).toBe(true);
    expect(old!.cvss).toEqual([
      { version: '2.0', score: 5, severity: 'MEDIUM', vector: 'AV:N/AC:L/Au:N/C:N/I:N/A:P', source: 'nvd@nist.gov', type: 'Primary' },
    ]);
    expect(old!.cweIds).toEqual([]);
    expect(v30!.cvss).toMatchObject([{ version: '3.0', score: 9.8, severity: 'CRITICAL', type: 'Primary' }]);
  });

  it("reads NVD's copy of the KEV fields and skips non-vulnerable platform CPEs", () => {
    const record = parseNvdCve(nvdLines()[4])!;
    expect(record.kev).toEqual({
      dateAdded: '2022-03-25',
      requiredAction: 'Apply updates per vendor instructions.',
      name: 'NETGEAR Multiple Routers Command Injection Vulnerability',
    });
    expect(record.products).toHaveLength(6);
    expect(record.products.every((p) => p.part === 'o')).toBe(true);
  });

  it('answers undefined for something that is not an NVD cve object', () => {
    expect(parseNvdCve({ id: 'CVE-2020-0001' })).toBeUndefined();
    expect(parseNvdCve(cve5Lines()[0])).toBeUndefined();
  });
});

describe('CPE names', () => {
  it('splits on unescaped colons only and unescapes the fields', () => {
    expect(parseCpe23('cpe:2.3:a:example:router\\:manager:1.0:*:*:*:*:wordpress:*:*')).toEqual({
      part: 'a',
      vendor: 'example',
      product: 'router:manager',
      version: '1.0',
      targetSoftware: 'wordpress',
    });
    expect(parseCpe23('cpe:/a:old:format')).toBeUndefined();
  });
});

describe('CVE 5 parser', () => {
  it('reads the CNA container: CVSS v3.1, CWE, affected versions (lessThanOrEqual), patch references, title', () => {
    const record = parseCve5Record(cve5Lines()[0])!;
    expect(record).toMatchObject({
      id: 'CVE-2024-50007',
      state: 'PUBLISHED',
      published: '2024-10-15T06:30:00.000Z',
      title: expect.stringContaining('Photo Frame Gallery'),
    });
    expect(record.cna.cvss).toMatchObject([{ version: '3.1', score: 6.4, severity: 'MEDIUM', source: 'Wordfence' }]);
    expect(record.cna.cweIds).toEqual(['CWE-79']);
    expect(record.cna.products[0]).toMatchObject({ vendor: 'framesoft', product: 'Photo Frame Gallery', ranges: [{ endIncluding: '1.3.2' }] });
    expect(record.cna.references[0]).toEqual({ url: 'https://plugins.trac.wordpress.org/changeset/3160000/photo-frame-gallery', tags: ['patch'] });
  });

  it("takes CISA-ADP's CVSS, CWE and CPE-named product where the CNA gave none", () => {
    const record = parseCve5Record(cve5Lines()[1])!;
    expect(record.cna.products).toEqual([]);
    expect(record.cna.cweIds).toEqual([]);
    expect(record.adp?.cvss).toMatchObject([{ version: '3.1', score: 7.5, source: 'CISA-ADP' }]);
    expect(record.adp?.cweIds).toEqual(['CWE-522']);
    expect(record.adp?.products[0]).toMatchObject({ vendor: 'examplecam', product: 'camera_firmware', part: 'o', ranges: [{ exact: '3.1' }] });
  });

  it('marks rejected records and keeps their update date', () => {
    const record = parseCve5Record(cve5Lines()[2])!;
    expect(record.state).toBe('REJECTED');
    expect(record.published).toBeUndefined();
    expect(record.updated).toBe('2022-03-01T00:00:00.000Z');
  });
});

describe('side sources', () => {
  it('KEV JSON entries', () => {
    const entries = parseKevCatalogue(JSON.parse(readFileSync(fixture('kev.json'), 'utf8')));
    expect(entries.map((e) => e.cveId)).toEqual(['CVE-2023-40001', 'CVE-2021-45005']);
    expect(entries[0]).toMatchObject({ vendorProject: 'Acme', dueDate: '2023-10-23', ransomware: 'Known' });
  });

  it('GitHub PoC: only a repository whose own name carries this CVE id and no other', () => {
    expect(isDedicatedPocRepository('https://github.com/researcher1/CVE-2024-50007', 'CVE-2024-50007')).toBe(true);
    expect(isDedicatedPocRepository('https://github.com/x/cve_2024_50007_poc', 'CVE-2024-50007')).toBe(true);
    expect(isDedicatedPocRepository('https://github.com/nomi-sec/PoC-in-GitHub', 'CVE-2024-50007')).toBe(false);
    expect(isDedicatedPocRepository('https://github.com/someone/CVE-2017-90061-exploit', 'CVE-2017-9006')).toBe(false);
    expect(isDedicatedPocRepository('https://github.com/lister/CVE-2017-9006-and-CVE-2017-9007', 'CVE-2017-9006')).toBe(false);
    expect(isDedicatedPocRepository('https://gitlab.com/x/CVE-2024-50007', 'CVE-2024-50007')).toBe(false);
  });

  it('Suricata rules: reference:cve and metadata cve forms', () => {
    expect(suricataRuleCves('alert tcp any any -> any any (reference:cve,2021-44228; metadata:cve CVE_2021_45046; sid:1;)')).toEqual([
      'CVE-2021-44228',
      'CVE-2021-45046',
    ]);
  });

  it('every fixture lands in the right place', async () => {
    const a = await assembleFixtures();
    expect([...a.nvdRecords.keys()].sort()).toEqual(['CVE-2004-0444', 'CVE-2017-9006', 'CVE-2019-30003', 'CVE-2021-45005', 'CVE-2023-40001', 'CVE-2024-12002']);
    expect(a.nvdRecords.get('CVE-2024-12002')?.vulnStatus).toBe('Analyzed'); // the API page's newer version wins
    expect([...a.cve5Records.keys()].sort()).toEqual(['CVE-2022-70009', 'CVE-2023-60008', 'CVE-2024-50007']);
    expect([...a.kevEntries.keys()].sort()).toEqual(['CVE-2017-9006', 'CVE-2021-45005', 'CVE-2023-40001']);
    expect(a.cweCatalogue.get('CVE-264')).toBeUndefined();
    expect(a.cweCatalogue.get('CWE-264')).toEqual({ name: 'Permissions, Privileges, and Access Controls', kind: 'category' });
    expect(a.cweCatalogue.get('CWE-1419')?.name).toBe('Incorrect Initialization of Resource');
    const sets = (m: Map<string, Set<string>>) => Object.fromEntries([...m].map(([k, v]) => [k, [...v].sort()]));
    expect(sets(a.exploitSets)).toEqual({
      'CVE-2023-40001': ['Exploit-DB'],
      'CVE-2021-45005': ['Metasploit'],
      'CVE-2024-50007': ['GitHub PoC'],
    });
    expect(sets(a.detectionSets)).toEqual({
      'CVE-2023-40001': ['Nuclei', 'OSV', 'Suricata ET Open'],
      'CVE-2021-45005': ['Sigma'],
      'CVE-2024-50007': ['Suricata ET Open'],
      'CVE-2017-9006': ['Suricata ET Open'],
      'CVE-2023-60008': ['YARA'],
      'CVE-2024-12002': ['Semgrep'],
    });
    expect(a.epssScores.get('CVE-2021-45005')).toEqual({ score: 0.94412, percentile: 0.9995, date: '2025-08-25' });
    expect(a.epssScores.get('CVE-2023-40001')).toEqual({ score: 0.91234, percentile: 0.99871 });
  });
});

describe('recognition by content', () => {
  it('recognises every fixture under a meaningless name, gzipped or not, and reads the same as from the real names', async () => {
    const dir = disguisedFixtureDir();
    const disguised = new CatalogueAssembler();
    const labels: string[] = [];
    for (const name of readdirSync(dir).sort()) {
      const report = await readSourceFile(join(dir, name), disguised);
      labels.push(report.recognition.type === 'lines' || report.recognition.type === 'document' ? report.recognition.source.label : report.recognition.type);
    }
    expect(labels).toEqual([
      'NVD',
      'NVD',
      'CVE 5',
      'CISA KEV',
      'CISA KEV',
      'CWE catalogue',
      'CWE catalogue',
      'Exploit-DB',
      'Metasploit',
      'GitHub PoC',
      'Nuclei',
      'Sigma',
      'Suricata ET Open',
      'Suricata ET Open',
      'YARA',
      'Semgrep',
      'OSV',
      'FIRST EPSS',
      'ignored',
    ]);
    const plain = await assembleFixtures(ALL_FIXTURES);
    expect([...disguised.nvdRecords.entries()]).toEqual([...plain.nvdRecords.entries()]);
    expect([...disguised.detectionSets.entries()]).toEqual([...plain.detectionSets.entries()]);
  });

  it('leaves unknown content unread', async () => {
    expect(await recogniseFile(fixture('../../unit/ingest-sources.test.ts'))).toBeUndefined();
    const report = await readSourceFile(fixture('../../unit/ingest-sources.test.ts'), new CatalogueAssembler());
    expect(report.recognition.type).toBe('unknown');
  });
});
