/**
 * The real data folder (PLAINCVE_DATA_DIR, default ../shared/data), ingested whole into an
 * in-memory local table, then every stored record checked against its sources. The expected
 * values are read here straight from the raw files, not through the ingest's parsers.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRecordSchema, type CatalogueRecord } from '../../shared/domain/cve.js';
import { gradeLevel } from '../../shared/ingest/readability.js';
import type { IngestSummary } from '../../shared/use-cases/ingest-catalogue.js';
import { DATA_DIR, filesUnder, ingestDataFolder, linesOf, type IngestedDataFolder } from '../support/data-ingest.js';
import { explanationFaults } from '../support/explanation-checks.js';

const NOW = new Date();

// ---- expectations read straight from the raw records -------------------------------------

interface RawMetric { source?: string; type?: string; cvssData?: { version?: string; baseScore?: number; baseSeverity?: string } }
interface Expected {
  stamp: string;
  score?: { score: number; severity: string };
  published?: string;
  cwes: string[];
  /** NVD only: versionEndExcluding of vulnerable, non-negated CPE matches. */
  fixed: string[];
  /** The first affected product as the source names it. */
  product?: { vendor: string; product: string };
}

const nvd = new Map<string, Expected>();
const cve5 = new Map<string, { stamp: string; cna?: Expected['score']; adp?: Expected['score']; published?: string; updated?: string; cnaCwes: string[]; adpCwes: string[] }>();
const kev = new Set<string>();

const CWE = /^CWE-\d+$/;
const cpeField = (cpe: string, i: number) => cpe.replace(/\\:/g, '\uE000').split(':')[i]?.replace(/\uE000/g, ':').replace(/\\(.)/g, '$1') ?? '';

function expectNvd(cve: Record<string, unknown>) {
  const id = String(cve.id);
  const stamp = String(cve.lastModified ?? '');
  if ((nvd.get(id)?.stamp ?? '') >= stamp && nvd.has(id)) return;
  const v31 = ((cve.metrics as { cvssMetricV31?: RawMetric[] } | undefined)?.cvssMetricV31 ?? []).filter((m) => m.cvssData?.version === '3.1' && typeof m.cvssData.baseScore === 'number');
  const metric = v31.find((m) => m.type === 'Primary') ?? v31.find((m) => m.type !== 'Primary');
  const weaknesses = (cve.weaknesses as { type?: string; description?: { value?: string }[] }[] | undefined) ?? [];
  const cwes = [...new Set(weaknesses.flatMap((w) => (w.description ?? []).map((d) => d.value ?? '')).filter((v) => CWE.test(v)))];
  const fixed: string[] = [];
  let product: Expected['product'];
  for (const conf of (cve.configurations as { nodes?: { negate?: boolean; cpeMatch?: { vulnerable?: boolean; criteria?: string; versionEndExcluding?: string }[] }[] }[] | undefined) ?? []) {
    for (const node of conf.nodes ?? []) {
      if (node.negate) continue;
      for (const m of node.cpeMatch ?? []) {
        if (!m.vulnerable || !m.criteria) continue;
        if (m.versionEndExcluding) fixed.push(m.versionEndExcluding);
        // A product of ANY (*) or NA (-) names nothing to check for.
        if (!['*', '-'].includes(cpeField(m.criteria, 4))) product ??= { vendor: cpeField(m.criteria, 3), product: cpeField(m.criteria, 4) };
      }
    }
  }
  nvd.set(id, {
    stamp,
    ...(metric ? { score: { score: metric.cvssData!.baseScore!, severity: String(metric.cvssData!.baseSeverity).toUpperCase() } } : {}),
    published: String(cve.published).slice(0, 10),
    cwes,
    fixed,
    ...(product ? { product } : {}),
  });
}

type Container = { providerMetadata?: { shortName?: string }; metrics?: { cvssV3_1?: { baseScore?: number; baseSeverity?: string } }[]; problemTypes?: { descriptions?: { cweId?: string; type?: string; description?: string }[] }[] };
const c5score = (c: Container | undefined) => {
  const m = c?.metrics?.find((x) => typeof x.cvssV3_1?.baseScore === 'number')?.cvssV3_1;
  return m ? { score: m.baseScore!, severity: String(m.baseSeverity).toUpperCase() } : undefined;
};
const c5cwes = (c: Container | undefined) => [
  ...new Set((c?.problemTypes ?? []).flatMap((p) => (p.descriptions ?? []).map((d) => d.cweId ?? (d.type === 'CWE' ? /\bCWE-\d+\b/.exec(d.description ?? '')?.[0] : undefined) ?? '')).filter((v) => CWE.test(v))),
];

function expectCve5(record: { cveMetadata: { cveId: string; datePublished?: string; dateUpdated?: string }; containers: { cna?: Container; adp?: Container[] } }) {
  const id = record.cveMetadata.cveId;
  const stamp = record.cveMetadata.dateUpdated ?? '';
  if (cve5.has(id) && cve5.get(id)!.stamp >= stamp) return;
  const adp = record.containers.adp?.find((a) => a.providerMetadata?.shortName === 'CISA-ADP');
  const cna = c5score(record.containers.cna);
  const adpScore = c5score(adp);
  const utcDay = (s: string | undefined) => (s ? new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s}Z`).toISOString().slice(0, 10) : undefined);
  const published = utcDay(record.cveMetadata.datePublished);
  const updated = utcDay(record.cveMetadata.dateUpdated);
  cve5.set(id, {
    stamp,
    ...(cna ? { cna } : {}),
    ...(adpScore ? { adp: adpScore } : {}),
    ...(published ? { published } : {}),
    ...(updated ? { updated } : {}),
    cnaCwes: c5cwes(record.containers.cna),
    adpCwes: c5cwes(adp),
  });
}

async function readExpectations() {
  for (const path of filesUnder(DATA_DIR)) {
    let first = true;
    for await (const line of linesOf(path)) {
      if (first && !line.startsWith('{')) break;
      first = false;
      let value: Record<string, unknown>;
      try {
        value = JSON.parse(line) as Record<string, unknown>;
      } catch {
        break; // pretty-printed JSON: read whole below
      }
      if (typeof value.sourceIdentifier === 'string' && Array.isArray(value.descriptions)) expectNvd(value);
      else if (value.dataType === 'CVE_RECORD') expectCve5(value as unknown as Parameters<typeof expectCve5>[0]);
      else break;
    }
    if (path.endsWith('.json')) {
      const json = JSON.parse(readFileSync(path, 'utf8')) as { catalogVersion?: string; vulnerabilities?: { cveID: string }[] };
      if (json.catalogVersion) for (const v of json.vulnerabilities ?? []) kev.add(v.cveID.trim().toUpperCase());
    }
  }
}

/**
 * Files of the data folder that are not catalogue input by design (path relative to the folder →
 * why). Every other file must be read by some source: a new file nobody reads fails the suite.
 */
const NOT_CATALOGUE_INPUT = new Map<string, string>([
  ['README.md', 'the folder\'s own documentation'],
  ['sarif/sarif-schema-2.1.0.json', 'the SARIF schema the export tests validate against'],
  ['sarif/sarif-schema-2.1.0.draft-07.json', 'the same schema for draft-07 validators'],
  ['kev/known_exploited_vulnerabilities_schema.json', "CISA's schema of the KEV catalogue, not KEV data"],
  ['kev/kev-record-coverage.tsv', 'a report of which file holds each KEV CVE, derived from the others'],
  ['exploits/exploit-sources-by-cve.tsv.gz', 'a convenience join of the exploit files and KEV, which are read directly'],
  ['exploits/cisa-vulnrichment-ssvc.tsv', 'flattened from the CVE 5 CISA-ADP containers, which are read directly'],
  // CWE names come from the 4.13 TSVs (interface: CWE 4.13); these are the neighbouring releases they were built from.
  ['cwe/cwec_v4.11.xml.gz', 'MITRE CWE 4.11 XML, a different release from the 4.13 names used'],
  ['cwe/cwec_v4.15.xml.gz', 'MITRE CWE 4.15 XML, a different release from the 4.13 names used'],
]);

// ---- the run --------------------------------------------------------------------------------

let folder: IngestedDataFolder;
let summary: IngestSummary;
let records: CatalogueRecord[] = [];
const timings: Record<string, number> = {};

beforeAll(async () => {
  folder = await ingestDataFolder(NOW);
  ({ summary, records } = folder);
  timings.ingestSeconds = folder.timings.ingestSeconds;
  const t = Date.now();
  await readExpectations();
  timings.expectationSeconds = (Date.now() - t) / 1000;
  timings.scanSeconds = folder.timings.scanSeconds;
  console.log(`test:data: ${records.length} records; ingest ${timings.ingestSeconds}s (${Math.round(summary.derived / timings.ingestSeconds!)} records/s), expectations ${timings.expectationSeconds}s, scan ${timings.scanSeconds}s`);
});

afterAll(async () => {
  await folder?.close();
});

/** Collects failures so one assertion reports the first few of possibly thousands. */
function failures() {
  const list: string[] = [];
  return { add: (message: string) => list.length < 10_000 && list.push(message), check: () => expect(list.slice(0, 8), `${list.length} failures`).toEqual([]) };
}

describe('the whole data folder, ingested', () => {
  it('stores one record per CVE that has an NVD or CVE 5 record', () => {
    const ids = new Set([...nvd.keys(), ...cve5.keys()]);
    expect(records.length).toBe(ids.size);
    expect(summary.written).toBe(ids.size);
  });

  it('reads every data file of the folder except those that are not catalogue input by design', () => {
    const read = new Set(summary.sources.flatMap((s) => s.files));
    const relative = (path: string) => path.slice(DATA_DIR.length + 1);
    const unread = filesUnder(DATA_DIR).filter((path) => !read.has(path) && !NOT_CATALOGUE_INPUT.has(relative(path)));
    console.log(`test:data sources: ${summary.sources.map((s) => `${s.label} (${s.files.length} file(s), ${s.lines} lines)`).join('; ')}`);
    console.log(`test:data not read, by design: ${[...NOT_CATALOGUE_INPUT.keys()].join(', ')}`);
    expect(unread.map(relative), 'data files the ingest did not read').toEqual([]);
    // A file on the list that the ingest now reads means the list is stale: take it off.
    expect([...read].map(relative).filter((path) => NOT_CATALOGUE_INPUT.has(path))).toEqual([]);
  });

  it('score, severity, published date and CWE ids agree exactly with the source', () => {
    const f = failures();
    for (const r of records) {
      const n = nvd.get(r.cve_id);
      const c = cve5.get(r.cve_id);
      const score = n?.score ?? c?.cna ?? c?.adp;
      if ((score?.score ?? null) !== r.cvss_score) f.add(`${r.cve_id}: score ${r.cvss_score} ≠ ${score?.score}`);
      // CVSS "NONE" (score 0.0) has no value in the interface's enum: LOW by the documented rule.
      const severity = score ? (score.severity === 'NONE' ? 'LOW' : score.severity) : 'UNKNOWN';
      if (severity !== r.severity) f.add(`${r.cve_id}: severity ${r.severity} ≠ ${severity}`);
      const published = n?.published ?? c?.published ?? c?.updated;
      if (published !== r.published_date) f.add(`${r.cve_id}: published ${r.published_date} ≠ ${published}`);
      const cwes = n?.cwes.length ? n.cwes : c?.cnaCwes.length ? c.cnaCwes : (c?.adpCwes ?? []);
      if ([...cwes].sort().join() !== [...r.cwe_ids].sort().join()) f.add(`${r.cve_id}: CWE ${r.cwe_ids} ≠ ${cwes}`);
    }
    f.check();
  });

  it('every KEV CVE is weaponized with CISA KEV among its exploit sources', () => {
    const f = failures();
    let seen = 0;
    for (const r of records) {
      if (!kev.has(r.cve_id)) continue;
      seen++;
      if (!r.in_kev || !r.exploit_intel?.weaponized || !r.exploit_intel.exploit_sources.includes('CISA KEV')) f.add(`${r.cve_id}: ${JSON.stringify(r.exploit_intel)}`);
    }
    expect(seen).toBeGreaterThan(1000);
    f.check();
  });

  it('the risk level follows the rule table for every record', () => {
    const f = failures();
    for (const r of records) {
      const x = r.exploit_intel!;
      const expected = x.weaponized && !x.detectable ? ((r.cvss_score ?? 0) >= 7.0 && r.cvss_score !== null) || r.in_kev ? 'CRITICAL_GAP' : 'HIGH' : x.weaponized ? 'HIGH' : x.detectable ? 'MEDIUM' : 'LOW';
      if (x.risk_level !== expected) f.add(`${r.cve_id}: ${x.risk_level} ≠ ${expected}`);
      if (x.weaponized !== x.exploit_sources.length > 0 || x.detectable !== x.detection_sources.length > 0) f.add(`${r.cve_id}: flags disagree with sources`);
    }
    f.check();
  });

  it('every record is a valid catalogue record with a title, summary, affected and fix; patch dates and days are sane', () => {
    const f = failures();
    for (const r of records) {
      if (!r.title.trim() || !r.explanation?.summary.trim() || !r.explanation.affected.trim() || !r.explanation.fix.trim()) f.add(`${r.cve_id}: empty text`);
      if (r.patch?.patch_date && r.patch.patch_date < r.published_date) f.add(`${r.cve_id}: patch ${r.patch.patch_date} before ${r.published_date}`);
      if (!(r.patch && Number.isInteger(r.patch.days_unpatched) && r.patch.days_unpatched >= 0)) f.add(`${r.cve_id}: days_unpatched ${r.patch?.days_unpatched}`);
      const parsed = catalogueRecordSchema.safeParse(r);
      if (!parsed.success) f.add(`${r.cve_id}: not a catalogue record: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    }
    f.check();
  });
});

describe('the explainer over the real data', () => {
  const human = (token: string) => token.replace(/_+/g, ' ').toLowerCase();

  it('the affected text names the vendor and the product', () => {
    const f = failures();
    for (const r of records) {
      const product = nvd.get(r.cve_id)?.product;
      if (r.rejected || !product) continue;
      const text = r.explanation!.affected.toLowerCase();
      const p = human(product.product);
      const v = human(product.vendor);
      if (!text.includes(p) || !(['*', '-'].includes(product.vendor) || text.includes(v) || p.startsWith(v))) f.add(`${r.cve_id}: "${r.explanation!.affected}" lacks ${v} / ${p}`);
    }
    f.check();
  });

  it('no explanation contains "undefined", "null", an empty list or a raw CPE string', () => {
    const f = failures();
    for (const r of records) {
      // Titles quoted verbatim from a source (KEV, the CNA, the description) are the source's words; generated ones are checked.
      const generatedTitle = /affected products|CVE id only|rejected/.test(r.provenance.title ?? '');
      const texts = { ...(generatedTitle ? { title: r.title } : {}), summary: r.explanation!.summary, affected: r.explanation!.affected, fix: r.explanation!.fix };
      for (const [field, text] of Object.entries(texts)) {
        const faults = explanationFaults(text);
        if (faults.length > 0) f.add(`${r.cve_id} ${field}: ${faults.join(', ')} in "${text}"`);
      }
    }
    f.check();
  });

  it('summaries read at least 4 school grades easier than the NVD descriptions (Flesch-Kincaid, average)', () => {
    let summaries = 0;
    let descriptions = 0;
    let n = 0;
    for (const r of records) {
      if (r.rejected || !r.description) continue;
      const s = gradeLevel(r.explanation!.summary);
      const d = gradeLevel(r.description);
      if (s === undefined || d === undefined) continue;
      summaries += s;
      descriptions += d;
      n++;
    }
    console.log(`readability over ${n} records: summary grade ${(summaries / n).toFixed(1)}, description grade ${(descriptions / n).toFixed(1)}`);
    expect(descriptions / n - summaries / n).toBeGreaterThanOrEqual(4);
  });
});
