/**
 * Issue 8's parsing and selection rules: scores of every CVSS version (product-decisions §6
 * "Scores"), every form of rejected record (§6 "Rejected records"), NVD 1.1 feeds read natively,
 * and FIRST EPSS with its date.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CVSS_VERSIONS, type CvssVersion } from '../../shared/domain/cve.js';
import { CatalogueAssembler } from '../../shared/ingest/assembler.js';
import { deriveRejected } from '../../shared/ingest/derive/basics.js';
import { deriveExploitIntel } from '../../shared/ingest/derive/exploit-intel.js';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { CISA_ADP_NVD_SOURCE, deriveScore } from '../../shared/ingest/derive/score.js';
import { readSourceFile } from '../../shared/ingest/files.js';
import type { Cve5Record, CvssMetric, NvdRecord } from '../../shared/domain/nvd-record.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';
import { epssScoreDate } from '../../shared/ingest/sources/epss.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';
import { nvd11FeedItems, parseNvd11Item } from '../../shared/ingest/sources/nvd11.js';
import { v2Severity } from '../../shared/ingest/sources/severity.js';
import { fixture } from '../support/ingest-fixtures.js';

const NOW = new Date('2025-03-01T12:00:00Z');
const tempDir = () => mkdtempSync(join(tmpdir(), 'plaincve-scores-'));

// ---- scores ---------------------------------------------------------------------------------

const CNA_SOURCE = 'psirt@vendor.example';
type Origin = 'nvd-primary' | 'nvd-cna' | 'cve5-cna' | 'nvd-adp' | 'cve5-adp' | 'nvd-other';
/** §6: within one version NVD's Primary, then the CNA's, then CISA-ADP's (any other Secondary last). */
const ORIGIN_RANK: Record<Origin, number> = { 'nvd-primary': 0, 'nvd-cna': 1, 'cve5-cna': 1, 'nvd-adp': 2, 'cve5-adp': 2, 'nvd-other': 3 };

const metric = (version: CvssVersion, score: number, source: string, type: 'Primary' | 'Secondary' = 'Secondary'): CvssMetric => ({
  version,
  score,
  severity: version === '2.0' ? v2Severity(score) : 'MEDIUM',
  vector: `vector-${version}-${source}-${score}`,
  source,
  type,
});

function sourcesWith(candidates: readonly { version: CvssVersion; origin: Origin; score: number }[]) {
  const nvd: NvdRecord = {
    id: 'CVE-2024-0001',
    sourceIdentifier: CNA_SOURCE,
    published: '2024-01-01T00:00:00.000Z',
    lastModified: '2024-01-02T00:00:00.000Z',
    vulnStatus: 'Analyzed',
    rejected: false,
    description: 'A flaw.',
    cweIds: [],
    products: [],
    references: [],
    cvss: candidates.flatMap(({ version, origin, score }) =>
      origin === 'nvd-primary'
        ? [metric(version, score, 'nvd@nist.gov', 'Primary')]
        : origin === 'nvd-cna'
          ? [metric(version, score, CNA_SOURCE)]
          : origin === 'nvd-adp'
            ? [metric(version, score, CISA_ADP_NVD_SOURCE)]
            : origin === 'nvd-other'
              ? [metric(version, score, 'someone-else@example.org')]
              : [],
    ),
  };
  const container = (shortName: string, origin: Origin) => ({
    shortName,
    cweIds: [],
    products: [],
    references: [],
    cvss: candidates.filter((c) => c.origin === origin).map((c) => metric(c.version, c.score, shortName)),
  });
  const cve5: Cve5Record = {
    id: nvd.id,
    state: 'PUBLISHED',
    description: 'A flaw.',
    cna: container('VendorCNA', 'cve5-cna'),
    adp: container('CISA-ADP', 'cve5-adp'),
  };
  return { nvd, cve5 };
}

describe('score selection (every CVSS version)', () => {
  it('takes the best version (3.1, 3.0, 4.0, 2.0), and within it NVD Primary, then the CNA, then CISA-ADP (property)', () => {
    const candidate = fc.record({
      version: fc.constantFrom(...CVSS_VERSIONS),
      origin: fc.constantFrom<Origin>('nvd-primary', 'nvd-cna', 'cve5-cna', 'nvd-adp', 'cve5-adp', 'nvd-other'),
      score: fc.integer({ min: 0, max: 100 }).map((n) => n / 10),
    });
    fc.assert(
      fc.property(fc.uniqueArray(candidate, { selector: (c) => `${c.version}/${c.origin}`, maxLength: 12 }), (candidates) => {
        const chosen = deriveScore(sourcesWith(candidates));
        if (candidates.length === 0) {
          expect(chosen).toMatchObject({ cvss_score: null, severity: 'UNKNOWN', cvss_version: null, cvss_vector: null });
          return;
        }
        const bestVersion = CVSS_VERSIONS.find((v) => candidates.some((c) => c.version === v))!;
        const bestRank = Math.min(...candidates.filter((c) => c.version === bestVersion).map((c) => ORIGIN_RANK[c.origin]));
        const allowed = candidates.filter((c) => c.version === bestVersion && ORIGIN_RANK[c.origin] === bestRank);
        expect(chosen.cvss_version).toBe(bestVersion);
        expect(allowed.map((c) => c.score)).toContain(chosen.cvss_score);
        expect(chosen.cvss_vector).toMatch(new RegExp(`^vector-${bestVersion.replace('.', '\\.')}-`));
      }),
      { numRuns: 300 },
    );
  });

  it('prefers the NVD copy of the CNA score, then the CVE 5 CNA container, both before CISA-ADP', () => {
    const both = deriveScore(
      sourcesWith([
        { version: '3.1', origin: 'nvd-cna', score: 5 },
        { version: '3.1', origin: 'cve5-cna', score: 6 },
        { version: '3.1', origin: 'cve5-adp', score: 7 },
      ]),
    );
    expect([both.cvss_score, both.provenance]).toEqual([5, `NVD (${CNA_SOURCE}, Secondary) CVSS v3.1`]);
    const cve5 = deriveScore(
      sourcesWith([
        { version: '3.1', origin: 'cve5-cna', score: 6 },
        { version: '3.1', origin: 'nvd-adp', score: 7 },
      ]),
    );
    expect([cve5.cvss_score, cve5.provenance]).toEqual([6, 'CVE 5 CNA VendorCNA CVSS v3.1']);
    const older = deriveScore(
      sourcesWith([
        { version: '2.0', origin: 'nvd-primary', score: 9 },
        { version: '4.0', origin: 'cve5-cna', score: 8.7 },
      ]),
    );
    expect([older.cvss_score, older.cvss_version]).toEqual([8.7, '4.0']);
  });

  it("rates v2 scores on NVD's v2 scale: LOW < 4.0 <= MEDIUM < 7.0 <= HIGH, never CRITICAL", () => {
    expect([0, 3.9, 4.0, 6.9, 7.0, 10].map(v2Severity)).toEqual(['LOW', 'LOW', 'MEDIUM', 'MEDIUM', 'HIGH', 'HIGH']);
    const nvd = parseNvdCve({
      id: 'CVE-2005-0001',
      sourceIdentifier: 'cve@mitre.org',
      published: '2005-01-01T05:00:00.000',
      lastModified: '2005-01-02T05:00:00.000',
      vulnStatus: 'Modified',
      descriptions: [{ lang: 'en', value: 'Buffer overflow.' }],
      metrics: {
        cvssMetricV2: [
          {
            source: 'nvd@nist.gov',
            type: 'Primary',
            cvssData: { version: '2.0', vectorString: 'AV:N/AC:L/Au:N/C:C/I:C/A:C', baseScore: 10.0 },
            baseSeverity: 'HIGH',
          },
        ],
      },
    })!;
    expect(deriveScore({ nvd })).toMatchObject({ cvss_score: 10, severity: 'HIGH', cvss_version: '2.0', cvss_vector: 'AV:N/AC:L/Au:N/C:C/I:C/A:C' });
  });

  it('reads CVE 5 metrics of every version, and a v2-only NVD record gets an older-scale summary', () => {
    const record = parseCve5Record({
      dataType: 'CVE_RECORD',
      cveMetadata: { cveId: 'CVE-2024-0002', state: 'PUBLISHED', datePublished: '2024-02-01T00:00:00.000Z' },
      containers: {
        cna: {
          providerMetadata: { shortName: 'VendorCNA' },
          descriptions: [{ lang: 'en', value: 'A flaw.' }],
          metrics: [
            {
              cvssV4_0: {
                version: '4.0',
                baseScore: 8.7,
                baseSeverity: 'HIGH',
                vectorString: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N',
              },
            },
            { cvssV3_0: { version: '3.0', baseScore: 7.5, baseSeverity: 'HIGH', vectorString: 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N' } },
            { cvssV2_0: { version: '2.0', baseScore: 5.0, vectorString: 'AV:N/AC:L/Au:N/C:P/I:N/A:N' } },
          ],
        },
      },
    })!;
    expect(record.cna.cvss.map((m) => [m.version, m.score, m.severity])).toEqual([
      ['3.0', 7.5, 'HIGH'],
      ['4.0', 8.7, 'HIGH'],
      ['2.0', 5, 'MEDIUM'],
    ]);
    expect(deriveScore({ cve5: record })).toMatchObject({ cvss_version: '3.0', cvss_score: 7.5 });
  });
});

// ---- rejected records -----------------------------------------------------------------------

const nvdCve = (vulnStatus: string, description: string) =>
  parseNvdCve({
    id: 'CVE-2023-4261',
    sourceIdentifier: 'cna@example.org',
    published: '2023-08-10T00:00:00.000',
    lastModified: '2024-01-01T00:00:00.000',
    vulnStatus,
    descriptions: [{ lang: 'en', value: description }],
  })!;
const cve5 = (state: string, description: string) =>
  parseCve5Record({
    dataType: 'CVE_RECORD',
    cveMetadata: { cveId: 'CVE-2025-1258', state, dateUpdated: '2025-03-01T00:00:00.000Z', datePublished: '2025-02-01T00:00:00.000Z' },
    containers: { cna: { descriptions: [{ lang: 'en', value: description }] } },
  })!;

describe('rejected records, every form', () => {
  it.each([
    ['NVD vulnStatus Rejected', () => nvdCve('Rejected', 'Rejected reason: a duplicate.')],
    [
      'NVD "Rejected reason:" under Awaiting Analysis',
      () => nvdCve('Awaiting Analysis', 'Rejected reason: This CVE ID has been rejected or withdrawn by its CVE Numbering Authority.'),
    ],
    ['NVD "** REJECT **" under Modified', () => nvdCve('Modified', '** REJECT ** DO NOT USE THIS CANDIDATE NUMBER.')],
  ])('%s is rejected', (_name, make) => {
    const nvd = make();
    expect(nvd.rejected).toBe(true);
    expect(deriveRejected({ nvd }).value).toBe(true);
  });

  it('a description that merely mentions rejection is not a rejection', () => {
    expect(nvdCve('Analyzed', 'The server accepts requests that it should have rejected. Rejected reason: none.').rejected).toBe(false);
  });

  it('CVE 5: state REJECTED, or a rejection notice as the description, in either source', () => {
    expect(cve5('REJECTED', 'This CVE ID has been rejected or withdrawn by its CVE Numbering Authority.').state).toBe('REJECTED');
    expect(cve5('PUBLISHED', 'Rejected reason: duplicate of CVE-2025-1257.').state).toBe('REJECTED');
    expect(cve5('PUBLISHED', 'A real flaw.').state).toBe('PUBLISHED');
    // NVD still analysing while the CVE Program has rejected it: rejected.
    expect(deriveRejected({ nvd: nvdCve('Awaiting Analysis', 'A real flaw.'), cve5: cve5('REJECTED', 'Withdrawn.') }).value).toBe(true);
  });

  it('NVD 1.1: "** REJECT **" and "Rejected reason:" descriptions are rejected records', () => {
    const items = nvd11FeedItems(JSON.parse(readFileSync(fixture('nvd-1.1-feed.json'), 'utf8'))).map(parseNvd11Item);
    const byId = new Map(items.map((r) => [r!.id, r!]));
    expect(byId.get('CVE-2016-7002')).toMatchObject({ rejected: true, vulnStatus: 'Rejected' });
    expect(byId.get('CVE-2016-7003')).toMatchObject({ rejected: true });
    expect(byId.get('CVE-2016-7001')).toMatchObject({ rejected: false });
  });

  it('a rejected record derives as rejected, with rejected texts', () => {
    const record = deriveRecord(
      {
        id: 'CVE-2023-4261',
        nvd: nvdCve('Awaiting Analysis', 'Rejected reason: withdrawn.'),
        exploits: new Set(),
        detections: new Set(),
        cweCatalogue: new Map(),
      },
      NOW,
    )!;
    expect(record.rejected).toBe(true);
    expect(record.explanation?.summary).toMatch(/rejected/);
  });
});

// ---- NVD 1.1 --------------------------------------------------------------------------------

describe('NVD 1.1 feed files', () => {
  it('reads a 1.1 feed document natively, gzipped or not, recognised as NVD by content', async () => {
    const dir = tempDir();
    const plain = join(dir, 'feed-a');
    const gz = join(dir, 'feed-b');
    writeFileSync(plain, readFileSync(fixture('nvd-1.1-feed.json')));
    writeFileSync(gz, gzipSync(readFileSync(fixture('nvd-1.1-feed.json'))));
    for (const path of [plain, gz]) {
      const a = new CatalogueAssembler();
      const report = await readSourceFile(path, a);
      expect(report.recognition).toMatchObject({ type: 'document', source: { label: 'NVD' } });
      expect([...a.nvdRecords.keys()].sort()).toEqual(['CVE-2016-7001', 'CVE-2016-7002', 'CVE-2016-7003', 'CVE-2017-9006']);
    }
  });

  it('reads 1.1 items written one per line', async () => {
    const dir = tempDir();
    const path = join(dir, 'items');
    const items = nvd11FeedItems(JSON.parse(readFileSync(fixture('nvd-1.1-feed.json'), 'utf8')));
    writeFileSync(path, items.map((i) => JSON.stringify(i)).join('\n'));
    const a = new CatalogueAssembler();
    expect((await readSourceFile(path, a)).recognition).toMatchObject({ type: 'lines', source: { label: 'NVD' } });
    expect(a.nvdRecords.size).toBe(4);
  });

  it("maps a 1.1 item onto the same record as the CVE's NVD 2.0 object, plus 1.1's v2 metric", () => {
    const from11 = parseNvd11Item(nvd11FeedItems(JSON.parse(readFileSync(fixture('nvd-1.1-feed.json'), 'utf8')))[0])!;
    const line = readFileSync(fixture('nvd-cves.jsonl'), 'utf8')
      .split('\n')
      .find((l) => l.includes('"CVE-2017-9006"'))!;
    const from20 = parseNvdCve(JSON.parse(line))!;
    const { cvss: cvss11, ...rest11 } = from11;
    const { cvss: cvss20, ...rest20 } = from20;
    expect(rest11).toEqual(rest20);
    expect(cvss11).toEqual([
      ...cvss20,
      { version: '2.0', score: 7.5, severity: 'HIGH', vector: 'AV:N/AC:L/Au:N/C:P/I:P/A:P', source: 'nvd@nist.gov', type: 'Primary' },
    ]);
  });

  it('flattens 1.1 AND/children configurations; platform (vulnerable: false) entries are not products', () => {
    const item = nvd11FeedItems(JSON.parse(readFileSync(fixture('nvd-1.1-feed.json'), 'utf8')))[1];
    const record = parseNvd11Item(item)!;
    expect(record.products).toEqual([
      { vendor: 'example_routers', product: 'xr-200_firmware', part: 'o', ranges: [{ endExcluding: '2.1.4' }], openEnded: false, fixedVersions: ['2.1.4'] },
    ]);
    expect(record).toMatchObject({ sourceIdentifier: 'psirt@example-routers.test', vulnStatus: 'Analyzed', published: '2016-03-10T20:59:00.000Z', cweIds: [] });
    expect(deriveScore({ nvd: record })).toMatchObject({ cvss_score: 7.8, severity: 'HIGH', cvss_version: '2.0' });
  });
});

// ---- EPSS -----------------------------------------------------------------------------------

describe('FIRST EPSS', () => {
  it("dates the scores by the file's score_date, whatever its zone notation", () => {
    expect(epssScoreDate('#model_version:v2023.03.01,score_date:2023-04-13T00:00:00+0000')).toBe('2023-04-13');
    expect(epssScoreDate('#model_version:v2025.03.14,score_date:2025-08-25T12:55:00Z')).toBe('2025-08-25');
    expect(epssScoreDate('#model_version:v2025.03.14,score_date:2025-08-25')).toBe('2025-08-25');
    expect(epssScoreDate('#model_version:v2025.03.14')).toBeUndefined();
  });

  it("reads FIRST's CSV (CRLF or not), skipping malformed rows; values outside 0..1 are not probabilities", async () => {
    const path = join(tempDir(), 'scores');
    writeFileSync(
      path,
      gzipSync(
        '#model_version:v2025.03.14,score_date:2025-08-25T00:00:00Z\r\ncve,epss,percentile\r\nCVE-2021-44228,0.94400,0.99989\r\ncve-2020-0001,0.5,0.9\r\nCVE-2020-0002,abc,0.5\r\nCVE-2020-0003,1.5,0.5\r\nCVE-2020-0004,,\r\nnot-a-cve,0.1,0.1\r\n',
      ),
    );
    const a = new CatalogueAssembler();
    expect((await readSourceFile(path, a)).recognition).toMatchObject({ type: 'lines', source: { label: 'FIRST EPSS' } });
    expect(Object.fromEntries(a.epssScores)).toEqual({
      'CVE-2021-44228': { score: 0.944, percentile: 0.99989, date: '2025-08-25' },
      'CVE-2020-0001': { score: 0.5, percentile: 0.9, date: '2025-08-25' },
    });
  });

  it('a dated FIRST value wins over an undated copy (Nuclei), whatever the order; only dated values are shown', () => {
    const a = new CatalogueAssembler();
    a.epss('CVE-2021-44228', { score: 0.97, percentile: 0.999, date: '2025-08-25' });
    a.epss('CVE-2021-44228', { score: 0.5, percentile: 0.5 });
    a.epss('CVE-2022-0001', { score: 0.2, percentile: 0.8 });
    expect(a.epssScores.get('CVE-2021-44228')).toEqual({ score: 0.97, percentile: 0.999, date: '2025-08-25' });
    const intel = (id: string) => deriveExploitIntel({ ...a.sourcesFor(id) }, 5);
    expect(intel('CVE-2021-44228').epss).toEqual({ score: 0.97, percentile: 0.999, date: '2025-08-25' });
    expect(intel('CVE-2022-0001')).not.toHaveProperty('epss');
  });
});
