import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdvisories } from '../../shared/ingest/demo/advisories.js';
import { demoCatalogue } from '../../shared/ingest/demo/catalogue.js';
import { scanReportSchema } from '../../shared/domain/scan-report.js';
import { cveExplanationSchema, exportRecordSchema } from '../../shared/domain/cve.js';
import { factsSchema } from '../../shared/domain/facts.js';
import { seedDemoCatalogue } from '../../shared/ingest/use-cases/seed-demo-catalogue.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack;
let key: string;

beforeAll(async () => {
  // The feed holds back the last seconds' changes (writers in flight); the demo load is over when seeding returns.
  stack = await startTestStack({ environment: { CHANGE_SETTLE_MS: '0' } });
  const seeded = await seedDemoCatalogue();
  expect(seeded).toEqual({ records: demoCatalogue.length, advisories: demoAdvisories.length, changes: demoCatalogue.length });
  key = await stack.newKey();
});
afterAll(async () => {
  await stack?.close();
});

interface Vulnerability {
  id: string;
  cve_id: string | null;
  fix: string;
  summary: string;
  title: string;
}

async function packageLookup(path: string): Promise<Vulnerability[]> {
  const response = await stack.get(path, { key });
  expect(response.status, path).toBe(200);
  return ((await response.json()) as { data: { vulnerabilities: Vulnerability[] } }).data.vulnerabilities;
}

async function scan(body: string) {
  const response = await fetch(`${stack.baseUrl}/api/scan`, { method: 'POST', headers: { 'X-API-Key': key }, body });
  expect(response.status).toBe(200);
  return scanReportSchema.parse(((await response.json()) as { data: unknown }).data);
}

describe('the demo shows every feature with real advisories', () => {
  it("the README's package lookup: accesscontrol 4.1 has PYSEC-2021-335, text from the advisory (no catalogue record)", async () => {
    const [found, ...more] = await packageLookup('/api/packages/PyPI/accesscontrol?version=4.1');
    expect(more).toEqual([]);
    expect(found).toMatchObject({ id: 'PYSEC-2021-335', cve_id: 'CVE-2021-32807' });
    expect(found?.fix).toBe('Upgrade accesscontrol from 4.1 to 4.3 or later: 4.3 is the nearest release that fixes CVE-2021-32807.');
    expect(await packageLookup('/api/packages/PyPI/accesscontrol?version=4.3')).toEqual([]);
  });

  it('Django 3.2.13 has the Trunc()/Extract() SQL injection, not the one 3.2.13 fixed', async () => {
    const found = await packageLookup('/api/packages/PyPI/django?version=3.2.13');
    expect(found.map((v) => [v.id, v.cve_id])).toEqual([['PYSEC-2022-213', 'CVE-2022-34265']]);
    expect(found[0]?.title).toBe(demoCatalogue.find((r) => r.cve_id === 'CVE-2022-34265')?.title);
    const older = await packageLookup('/api/packages/PyPI/django?version=3.2.12');
    expect(older.map((v) => v.id).sort()).toEqual(['PYSEC-2022-190', 'PYSEC-2022-213']);
  });

  it('Maven: log4j-core 2.14.1 has Log4Shell, 2.17.1 nothing', async () => {
    const found = await packageLookup('/api/packages/Maven/org.apache.logging.log4j:log4j-core?version=2.14.1');
    expect(found.map((v) => v.cve_id)).toEqual(['CVE-2021-44228']);
    expect(await packageLookup('/api/packages/Maven/org.apache.logging.log4j:log4j-core?version=2.17.1')).toEqual([]);
  });

  it('a requirements.txt with Django==3.2.13 and a package-lock.json with jquery 3.4.1 both have findings', async () => {
    const requirements = await scan('Django==3.2.13\n');
    expect(requirements.findings.flatMap((f) => f.vulnerabilities.map((v) => v.cve_id))).toEqual(['CVE-2022-34265']);
    const lock = JSON.stringify({
      name: 'site',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: { '': { name: 'site', version: '1.0.0', dependencies: { jquery: '3.4.1' } }, 'node_modules/jquery': { version: '3.4.1' } },
    });
    const report = await scan(lock);
    expect(report.findings.map((f) => [f.component.name, f.component.version, f.vulnerabilities.map((v) => v.cve_id)])).toEqual([
      ['jquery', '3.4.1', ['CVE-2020-11022']],
    ]);
  });

  it('scan findings most urgent first: exploited Log4Shell (HIGH) before Text4Shell (CRITICAL_GAP, not in KEV), each risk level in words', async () => {
    const sbom = JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      version: 1,
      components: [
        { type: 'library', name: 'commons-text', version: '1.9', purl: 'pkg:maven/org.apache.commons/commons-text@1.9' },
        { type: 'library', name: 'log4j-core', version: '2.14.1', purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1' },
      ],
    });
    const report = await scan(sbom);
    const order = report.findings.map((f) => f.vulnerabilities[0]);
    expect(order.map((v) => [v?.cve_id, v?.risk_level, v?.in_kev])).toEqual([
      ['CVE-2021-44228', 'HIGH', true],
      ['CVE-2022-42889', 'CRITICAL_GAP', false],
    ]);
    expect(order[0]?.risk_meaning).toBe('HIGH: a public exploit exists and detection rules exist');
    expect(order[1]?.risk_meaning).toMatch(/^CRITICAL GAP: a public exploit exists, no detection rule is known/);
  });

  it('search finds a CVE by the name it is known by: "log4shell" on the home page search and in exports', async () => {
    const page = await stack.get('/search?q=log4shell');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('CVE-2021-44228');
    expect(html).toContain('log4shell: 1 CVE · PlainCVE');
    const exported = await stack.get('/api/cves/export.json?search=LOG4SHELL', { key });
    const { data } = (await exported.json()) as { data: { cves: { cve_id: string }[] } };
    expect(data.cves.map((c) => c.cve_id)).toEqual(['CVE-2021-44228']);
  });

  it('the lookup of a demo record carries its facts, valid, and its hand-written description', async () => {
    for (const record of demoCatalogue.filter((r) => ['CVE-2014-0160', 'CVE-2014-3566', 'CVE-2024-3273'].includes(r.cve_id))) {
      const response = await stack.get(`/api/cve/${record.cve_id}`, { key });
      expect(response.status, record.cve_id).toBe(200);
      const data = cveExplanationSchema.parse(((await response.json()) as { data: unknown }).data);
      expect(factsSchema.parse(data.facts)).toEqual(record.facts);
      expect(data.description).toBe(record.description);
    }
  });

  it('every record of a JSON export of the demo carries its facts', async () => {
    const response = await stack.get('/api/cves/export.json', { key });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { cves: unknown[] } };
    const exported = data.cves.map((c) => exportRecordSchema.parse(c));
    expect(exported.map((c) => c.cve_id).sort()).toEqual(demoCatalogue.map((r) => r.cve_id).sort());
    const byId = new Map(demoCatalogue.map((r) => [r.cve_id, r]));
    for (const c of exported) expect(factsSchema.parse(c.facts), c.cve_id).toEqual(byId.get(c.cve_id)?.facts);
  });

  it("a demo record's page shows its facts as text", async () => {
    const html = await (await stack.get('/cve/CVE-2023-4966')).text();
    const facts = /<dl id="facts">(.*?)<\/dl>/s.exec(html)?.[1] ?? '';
    expect(facts).toContain('Citrix Bleed');
    expect(facts).toContain('13.1-37.164');
    expect(facts).toContain('NetScaler Gateway');
  });

  it("a demo record's page never presents the hand-written description as NVD's words", async () => {
    const html = await (await stack.get('/cve/CVE-2021-44228')).text();
    expect(html).toContain('demo record');
    expect(html).toContain('About this demo record (written by hand, not NVD&#39;s text)');
    expect(html).not.toContain('What NVD says');
  });

  it('the change feed holds the demo load: one addition per demo record', async () => {
    const response = await stack.get('/api/changes?limit=1000', { key });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { changes: { cve_id: string; kind: string; record?: unknown }[]; has_more: boolean } };
    expect(data.has_more).toBe(false);
    expect(data.changes.map((c) => c.kind)).toEqual(demoCatalogue.map(() => 'added'));
    expect(data.changes.map((c) => c.cve_id).sort()).toEqual(demoCatalogue.map((r) => r.cve_id).sort());
    // Change-feed records carry the facts too (product decisions §9).
    const byId = new Map(demoCatalogue.map((r) => [r.cve_id, r]));
    for (const change of data.changes) expect(exportRecordSchema.parse(change.record).facts, change.cve_id).toEqual(byId.get(change.cve_id)?.facts);
  });
});
