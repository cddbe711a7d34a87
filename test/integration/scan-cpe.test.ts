/**
 * CPE matching end to end (docs/scan.md "Matching by CPE"): NVD records ingested by the real
 * ingest into the local stack's dynalite, then CycloneDX and SPDX SBOMs carrying CPEs scanned
 * over HTTP. The catalogue and the CPE index come from the same ingest; nothing is seeded by hand.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Log } from 'sarif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import { scanReportSchema, type ScanReport } from '../../shared/domain/scan-report.js';
import { tableName } from '../../shared/config/index.js';
import { batchPutAll } from '../../shared/repositories/batch.js';
import { cpeIndexRepository } from '../../shared/repositories/cpe-index-repository.js';
import { cveRepository } from '../../shared/repositories/cve-repository.js';
import { parseManifest } from '../../shared/scan/parse-manifest.js';
import { ingestCatalogue } from '../../shared/ingest/use-cases/ingest-catalogue.js';
import { matchManifest } from '../../shared/scan/use-cases/scan-manifest.js';
import { createOpenApiChecker, createResponseRecorder } from '../support/openapi-conformance.js';
import { multitoolGhErrors, sarifSchemaErrors } from '../support/sarif-validation.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { riskMeaning } from '../../shared/domain/risk-meaning.js';

const NOW = new Date('2099-03-01T12:00:00Z');
const NVD_FIXTURE = new URL('../fixtures/scan/nvd-cpe-cves.jsonl', import.meta.url);
type RawCve = {
  id: string;
  lastModified: string;
  vulnStatus: string;
  descriptions: { lang: string; value: string }[];
  configurations: { nodes: { cpeMatch: Record<string, unknown>[] }[] }[];
};
const RAW: RawCve[] = readFileSync(NVD_FIXTURE, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as RawCve);

/**
 * Cisco-IOS-like: one CVE listing 6,000 exact versions of one product, more than one item of the
 * index holds (about 100 KB of ranges each), so its entry continues in a second item.
 */
const IOS_VERSIONS = Array.from({ length: 6000 }, (_, i) => `15.${Math.floor(i / 100)}.${i % 100}`);
function bigCve(): RawCve {
  const base = RAW[0]!;
  return {
    ...base,
    id: 'CVE-2099-7010',
    descriptions: [{ lang: 'en', value: 'A crafted packet makes Acme Router OS reload, which lets a remote attacker stop traffic through the router.' }],
    configurations: [{ nodes: [{ cpeMatch: IOS_VERSIONS.map((v) => ({ vulnerable: true, criteria: `cpe:2.3:o:acme:router_os:${v}:*:*:*:*:*:*:*` })) }] }],
  };
}

/** NVD still lists CVE-2099-7005 for acme:widget; its CNA has rejected it (CVE 5), so the catalogue marks it rejected. */
function rejectedByCna(): { nvd: RawCve; cve5: Record<string, unknown> } {
  const base = RAW[0]!;
  return {
    nvd: {
      ...base,
      id: 'CVE-2099-7005',
      configurations: [{ nodes: [{ cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*', versionEndExcluding: '3.0' }] }] }],
    },
    cve5: {
      dataType: 'CVE_RECORD',
      dataVersion: '5.1',
      cveMetadata: {
        cveId: 'CVE-2099-7005',
        assignerOrgId: '33333333-2222-4333-8444-555555555555',
        assignerShortName: 'acme',
        state: 'REJECTED',
        dateReserved: '2099-01-01T00:00:00.000Z',
        dateUpdated: '2099-02-01T00:00:00.000Z',
      },
      containers: {
        cna: {
          providerMetadata: { orgId: '33333333-2222-4333-8444-555555555555', shortName: 'acme' },
          rejectedReasons: [{ lang: 'en', value: 'This CVE ID has been rejected or withdrawn by its CVE Numbering Authority.' }],
        },
      },
    },
  };
}

const OSV_LOG4J = {
  id: 'GHSA-test-l4j0-7003',
  modified: '2099-01-20T00:00:00Z',
  aliases: ['CVE-2099-7003'],
  summary: 'Remote code execution in log4j-core',
  details: 'Lookups in logged messages run code.',
  affected: [
    {
      package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '2.0' }, { fixed: '2.15.0' }] }],
    },
  ],
};

function writeSources(cves: readonly RawCve[], extra: Record<string, unknown>[] = []): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'plaincve-cpe-'));
  writeFileSync(join(dir, 'nvd.jsonl'), cves.map((c) => JSON.stringify(c)).join('\n') + '\n');
  extra.forEach((doc, i) => writeFileSync(join(dir, `osv-${i}.json`), JSON.stringify(doc)));
  return [join(dir, 'nvd.jsonl'), ...extra.map((_, i) => join(dir, `osv-${i}.json`))];
}

const component = (ref: string, name: string, cpe: string, extra: Record<string, unknown> = {}) => ({ type: 'library', 'bom-ref': ref, name, cpe, ...extra });
const BOM = {
  bomFormat: 'CycloneDX',
  specVersion: '1.6',
  version: 1,
  components: [
    component('widget-old', 'widget', 'cpe:2.3:a:acme:widget:2.4.1:*:*:*:*:*:*:*'),
    component('widget-new', 'widget', 'cpe:2.3:a:acme:widget:2.4.50:*:*:*:*:*:*:*'),
    // CPE 2.2 URI with an update.
    component('jre', 'jre', 'cpe:/a:oracle:jre:1.6.0:update_27'),
    // A purl of an OSV ecosystem and a CPE: one vulnerability per CVE, OSV's. (Its name is not its Maven
    // name: the OSV match uses the purl's group:artifact, the words the SBOM's name.)
    component('log4j', 'log4j-core', 'cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:*:*:*', {
      version: '2.14.1',
      purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
    }),
    component('router', 'router-os', 'cpe:2.3:o:acme:router_os:15.59.99:*:*:*:*:*:*:*'),
    component('openssl', 'openssl', 'cpe:2.3:a:openssl:openssl:*:*:*:*:*:*:*:*', { version: '3.0.0' }),
  ],
};

let stack: TestStack;
const recorder = createResponseRecorder();
let records: Map<string, CatalogueRecord>;

beforeAll(async () => {
  stack = await startTestStack();
  const rejected = rejectedByCna();
  const summary = await ingestCatalogue({ files: writeSources([...RAW, bigCve(), rejected.nvd], [OSV_LOG4J, rejected.cve5]), now: NOW });
  // The rejected CVE-2099-7004 has no entry; the other five have.
  expect(summary.cpeIndex).toEqual({ written: 5, unchanged: 1 });
  expect((await cveRepository.get('CVE-2099-7005'))?.rejected).toBe(true);
  records = new Map((await cveRepository.getMany(['CVE-2099-7001', 'CVE-2099-7002', 'CVE-2099-7003', 'CVE-2099-7010'])).map((r) => [r.cve_id, r]));
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

async function scan(body: string, key: string, query = '') {
  const url = `${stack.baseUrl}/api/scan${query}`;
  const response = await fetch(url, { method: 'POST', headers: { 'X-API-Key': key }, body });
  const { text } = await recorder.record('POST', url, response);
  return { response, text };
}

async function report(body: unknown, key: string): Promise<ScanReport> {
  const { response, text } = await scan(JSON.stringify(body), key);
  expect(response.status).toBe(200);
  return scanReportSchema.parse((JSON.parse(text) as { data: unknown }).data);
}

const findingsOf = (r: ScanReport) => r.findings.map((f) => [f.component.name, f.component.version, f.vulnerabilities.map((v) => v.id)]);

describe('POST /api/scan: SBOM components matched by CPE against the NVD configurations the ingest indexed', () => {
  it('finds the CVEs whose ranges hold each version, joined to the catalogue; a CPE with no version is not checked', async () => {
    const key = await stack.newKey();
    const r = await report(BOM, key);
    expect(r.components).toBe(6);
    expect(r.checked).toBe(5);
    expect(r.not_checked).toEqual([
      { entry: 'openssl@3.0.0', line: null, reason: 'Not checked: its CPE gives no version ("*", any version), so no version range can be checked.' },
    ]);
    // Most urgent first: none is in KEV, exploited or EPSS-scored here, so by CVSS, then id: log4j (10), the two 9.8s, then the 5.5.
    expect([...records.values()].map((x) => [x.cve_id, x.exploit_intel?.risk_level, x.cvss_score])).toEqual([
      ['CVE-2099-7001', 'LOW', 9.8],
      ['CVE-2099-7002', 'LOW', 5.5],
      ['CVE-2099-7003', 'MEDIUM', 10],
      ['CVE-2099-7010', 'LOW', 9.8],
    ]);
    expect(findingsOf(r)).toEqual([
      ['log4j-core', '2.14.1', ['GHSA-test-l4j0-7003']],
      ['widget', '2.4.1', ['CVE-2099-7001', 'CVE-2099-7002']],
      ['router-os', '15.59.99', ['CVE-2099-7010']],
      ['jre', '1.6.0 update 27', ['CVE-2099-7002']],
    ]);
    const widget = r.findings.find((f) => f.component.version === '2.4.1')!;
    const [injection, symlink] = widget.vulnerabilities;
    const record = records.get('CVE-2099-7001')!;
    expect(injection).toEqual({
      id: 'CVE-2099-7001',
      cve_id: 'CVE-2099-7001',
      severity: 'CRITICAL',
      cvss_score: 9.8,
      risk_level: record.exploit_intel?.risk_level ?? null,
      risk_meaning: record.exploit_intel ? riskMeaning(record.exploit_intel.risk_level, record.exploit_intel) : null,
      in_kev: record.in_kev,
      weaponized: record.exploit_intel?.weaponized ?? false,
      epss_score: record.exploit_intel?.epss?.score ?? null,
      fixed_versions: ['2.4.50'],
      title: record.title,
      summary: record.explanation?.summary,
      fix: 'Upgrade widget from 2.4.1 to 2.4.50 or later: 2.4.50 is the nearest release that fixes CVE-2099-7001.',
    });
    // "through 2.4.1": NVD names no fix, so the fix is PlainCVE's advice for the CVE.
    expect(symlink).toMatchObject({ severity: 'MEDIUM', fixed_versions: [] });
    expect(symlink?.fix).toBe(
      `NVD's configuration for CVE-2099-7002 names no version of widget after 2.4.1 that fixes it. ${records.get('CVE-2099-7002')!.explanation?.fix}`,
    );
    // CVE-2099-7005 (NVD: widget before 3.0) is rejected in the catalogue: not a finding.
    expect(r.findings.flatMap((f) => f.vulnerabilities.map((v) => v.id))).not.toContain('CVE-2099-7005');
    // The OSV advisory and the CPE name the same CVE: one vulnerability, the advisory's, with the package's fix.
    expect(r.findings[0]?.vulnerabilities).toEqual([expect.objectContaining({ cve_id: 'CVE-2099-7003', severity: 'CRITICAL', fixed_versions: ['2.15.0'] })]);
  });

  it('reads: one Query per distinct vendor:product, the big entry read back whole from its two items', async () => {
    const { reads } = await matchManifest(await parseManifest(JSON.stringify(BOM)));
    // acme:widget (twice in the SBOM), oracle:jre, apache:log4j, acme:router_os; not openssl (no version).
    expect(reads.catalogueRecords).toBe(5);
    expect(reads.cpeQueries).toBe(4);
    const { entries } = await cpeIndexRepository.findByProducts(['acme:router_os']);
    expect(entries.get('acme:router_os')?.map((e) => e.ranges.length)).toEqual([IOS_VERSIONS.length]);
  });

  it('SARIF and OpenVEX of CPE findings: valid, the product named by its CPE', async () => {
    const key = await stack.newKey();
    const sarif = await scan(JSON.stringify(BOM), key, '?format=sarif');
    const log = JSON.parse(sarif.text) as Log;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(await multitoolGhErrors(log)).toEqual([]);
    const results = log.runs[0]?.results ?? [];
    expect(results.map((r) => [r.ruleId, r.locations?.[0]?.physicalLocation?.artifactLocation?.uri, r.properties?.cpe])).toEqual([
      ['CVE-2099-7003', 'bom.json', 'cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:*:*:*'],
      ['CVE-2099-7001', 'bom.json', 'cpe:2.3:a:acme:widget:2.4.1:*:*:*:*:*:*:*'],
      ['CVE-2099-7002', 'bom.json', 'cpe:2.3:a:acme:widget:2.4.1:*:*:*:*:*:*:*'],
      ['CVE-2099-7010', 'bom.json', 'cpe:2.3:o:acme:router_os:15.59.99:*:*:*:*:*:*:*'],
      ['CVE-2099-7002', 'bom.json', 'cpe:/a:oracle:jre:1.6.0:update_27'],
    ]);
    // One SBOM component and CVE, one fingerprint; the two widget components stay apart.
    expect(new Set(results.map((r) => r.partialFingerprints?.['plaincveComponentVulnerability/v1'])).size).toBe(5);

    const vex = JSON.parse((await scan(JSON.stringify(BOM), key, '?format=openvex')).text) as {
      statements: { vulnerability: { name: string }; products: { '@id': string; identifiers?: Record<string, string> }[] }[];
    };
    const jre = vex.statements.find((s) => s.products[0]?.['@id'].includes('oracle'));
    expect(jre?.products).toEqual([{ '@id': 'cpe:/a:oracle:jre:1.6.0:update_27', identifiers: { cpe22: 'cpe:/a:oracle:jre:1.6.0:update_27' } }]);
    const log4j = vex.statements.find((s) => s.vulnerability.name === 'CVE-2099-7003');
    expect(log4j?.products[0]?.identifiers).toEqual({
      purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
      cpe23: 'cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:*:*:*',
    });
  });

  it('SPDX cpe23Type references are matched too', async () => {
    const key = await stack.newKey();
    const spdx = {
      spdxVersion: 'SPDX-2.3',
      dataLicense: 'CC0-1.0',
      SPDXID: 'SPDXRef-DOCUMENT',
      name: 'appliance',
      documentNamespace: 'https://example.com/spdx/appliance-1',
      creationInfo: { created: '2099-01-01T00:00:00Z', creators: ['Tool: example-1.0'] },
      packages: [
        {
          SPDXID: 'SPDXRef-widget',
          name: 'widget',
          versionInfo: '2.3.0',
          downloadLocation: 'NOASSERTION',
          externalRefs: [{ referenceCategory: 'SECURITY', referenceType: 'cpe23Type', referenceLocator: 'cpe:2.3:a:acme:widget:2.3.0:*:*:*:*:*:*:*' }],
        },
      ],
    };
    expect(findingsOf(await report(spdx, key))).toEqual([['widget', '2.3.0', ['CVE-2099-7001', 'CVE-2099-7002']]]);
  });

  it('a re-ingest follows NVD: a CVE that stops naming a product, or is rejected, is no longer found for it', async () => {
    const key = await stack.newKey();
    const [injection, symlink] = RAW;
    // CVE-2099-7001 now names acme:gadget, not acme:widget; CVE-2099-7002 is rejected.
    const moved: RawCve = {
      ...injection!,
      lastModified: '2099-02-20T10:00:00.000',
      configurations: [{ nodes: [{ cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:a:acme:gadget:*:*:*:*:*:*:*:*', versionEndExcluding: '3.0' }] }] }],
    };
    const rejected: RawCve = {
      ...symlink!,
      lastModified: '2099-02-20T10:00:00.000',
      vulnStatus: 'Rejected',
      descriptions: [{ lang: 'en', value: 'Rejected reason: a duplicate of another CVE.' }],
    };
    const summary = await ingestCatalogue({ files: writeSources([moved, rejected]), now: NOW });
    expect(summary.cpeIndex).toEqual({ written: 2, unchanged: 0 });
    const bom = { ...BOM, components: [...BOM.components.slice(0, 3), component('gadget', 'gadget', 'cpe:2.3:a:acme:gadget:2.9:*:*:*:*:*:*:*')] };
    expect(findingsOf(await report(bom, key))).toEqual([['gadget', '2.9', ['CVE-2099-7001']]]);
    const { entries } = await cpeIndexRepository.findByProducts(['acme:widget', 'oracle:jre']);
    // Left for acme:widget: only CVE-2099-7005, which NVD still lists (the catalogue's rejection keeps it out of findings).
    expect([...entries].map(([product, list]) => [product, list.map((e) => e.cveId)]).sort()).toEqual([
      ['acme:widget', ['CVE-2099-7005']],
      ['oracle:jre', []],
    ]);
    // The same input again changes nothing.
    expect((await ingestCatalogue({ files: writeSources([moved, rejected]), now: NOW })).cpeIndex).toEqual({ written: 0, unchanged: 2 });
  });

  it('reads items written before ranges and keys were stored as JSON (lists of maps)', async () => {
    await batchPutAll(tableName('ADVISORIES_TABLE'), [
      {
        pk: 'CPE#acme:legacy',
        sk: 'CVE-2099-7099#a#0',
        cve: 'CVE-2099-7099',
        part: 'a',
        ranges: [{ startIncluding: '1.0', endExcluding: '1.4.2' }, { exact: '2.0' }],
      },
      { pk: 'CPE_CVE#CVE-2099-7099', sk: 'CPE_INDEX', hash: 'old', keys: [{ pk: 'CPE#acme:legacy', sk: 'CVE-2099-7099#a#0' }] },
    ]);
    const { entries } = await cpeIndexRepository.findByProducts(['acme:legacy']);
    expect(entries.get('acme:legacy')).toEqual([
      {
        cveId: 'CVE-2099-7099',
        productKey: 'acme:legacy',
        part: 'a',
        ranges: [{ startIncluding: '1.0', endExcluding: '1.4.2' }, { exact: '2.0' }],
        allVersions: false,
      },
    ]);
    expect(await cpeIndexRepository.storedState(['CVE-2099-7099'])).toEqual(
      new Map([['CVE-2099-7099', { hash: 'old', keys: [{ pk: 'CPE#acme:legacy', sk: 'CVE-2099-7099#a#0' }] }]]),
    );
  });

  it('every answer matches the OpenAPI document', () => {
    const check = createOpenApiChecker();
    expect(recorder.all().length).toBeGreaterThan(3);
    expect(recorder.all().flatMap((answer) => check(answer))).toEqual([]);
  });
});
