/**
 * The real data folder (PLAINCVE_DATA_DIR, default ../shared/data), ingested whole into an
 * in-memory local table, then every stored record checked against its sources. The expected
 * values are read here straight from the raw files, not through the ingest's parsers.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRecordSchema, type CatalogueRecord } from '../../shared/domain/cve.js';
import { gradeLevel } from '../support/readability.js';
import type { IngestSummary } from '../../shared/ingest/use-cases/ingest-catalogue.js';
import { DATA_DIR, filesUnder, ingestDataFolder, linesOf, type IngestedDataFolder } from '../support/data-ingest.js';
import { cpeField } from '../support/data-files.js';
import { ApiError } from '../../shared/domain/errors.js';
import { createIndexCache } from '../../shared/query/index-cache.js';
import { selectFromIndex, type FilterIndex } from '../../shared/query/filter-index.js';
import { filterIndexRepository } from '../../shared/repositories/filter-index-repository.js';
import { explainCve } from '../../shared/catalogue/use-cases/explain-cve.js';
import { rebuildFilterIndex } from '../../shared/ingest/use-cases/rebuild-filter-index.js';
import { explanationFaults } from '../support/explanation-checks.js';
import { RENAMED_PRODUCT_KEYS } from '../../shared/ingest/names/display-names.js';

// ---- expectations read straight from the raw records -------------------------------------

interface RawMetric {
  source?: string;
  type?: string;
  baseSeverity?: string;
  cvssData?: { version?: string; baseScore?: number; baseSeverity?: string; vectorString?: string };
}
/** One CVSS metric a source states, and its place in §6's order within its version (0 best). */
interface Stated {
  version: string;
  score: number;
  severity: string;
  vector: string | undefined;
  rank: number;
}
interface Expected {
  stamp: string;
  status: string;
  /** Every CVSS metric NVD lists, of every version. */
  metrics: Stated[];
  rejected: boolean;
  published?: string;
  cwes: string[];
  /** NVD only: versionEndExcluding of vulnerable, non-negated CPE matches. */
  fixed: string[];
  /** The vulnerable products as the source names them (CPE vendor and product tokens). */
  products: { vendor: string; product: string }[];
}

const nvd = new Map<string, Expected>();
const cve5 = new Map<
  string,
  { stamp: string; metrics: Stated[]; rejected: boolean; published?: string; updated?: string; cnaCwes: string[]; adpCwes: string[] }
>();

// ---- §6 "Scores" and "Rejected records", written here again from the spec's words ----------
const VERSION_ORDER = ['3.1', '3.0', '4.0', '2.0'];
const CISA_ADP_ID = '134c704f-9b21-4f2e-91b3-4a467353bcc0';
/** Within a version: NVD's Primary, then the CNA's (NVD's copy before CVE 5's), then CISA-ADP's, then anyone else. */
const RANK = { nvdPrimary: 0, nvdCna: 1, cve5Cna: 2, nvdAdp: 3, cve5Adp: 4, other: 5 };
/** NVD's v2 scale; v3.x/v4.0 the source's rating, where NONE (0.0) is LOW (the interface's enum has no NONE). */
const statedSeverity = (version: string, score: number, stated: string | undefined) =>
  version === '2.0' ? (score >= 7 ? 'HIGH' : score >= 4 ? 'MEDIUM' : 'LOW') : String(stated).toUpperCase() === 'NONE' ? 'LOW' : String(stated).toUpperCase();
const REJECTION_NOTICE = /^\s*(\*\* ?REJECT ?\*\*|Rejected reason:)/i;

function bestScore(metrics: readonly Stated[]): Stated | undefined {
  for (const version of VERSION_ORDER) {
    const of = metrics.filter((m) => m.version === version).sort((a, b) => a.rank - b.rank);
    if (of[0]) return of[0];
  }
  return undefined;
}
const kev = new Set<string>();

const CWE = /^CWE-\d+$/;
function expectNvd(cve: Record<string, unknown>) {
  const id = String(cve.id);
  const stamp = String(cve.lastModified ?? '');
  const lists = (cve.metrics ?? {}) as Record<string, RawMetric[] | undefined>;
  const metrics: Stated[] = [];
  for (const [list, version] of [
    ['cvssMetricV31', '3.1'],
    ['cvssMetricV30', '3.0'],
    ['cvssMetricV40', '4.0'],
    ['cvssMetricV2', '2.0'],
  ] as const) {
    for (const m of lists[list] ?? []) {
      const score = m.cvssData?.baseScore;
      if (typeof score !== 'number') continue;
      const rank =
        m.type === 'Primary' ? RANK.nvdPrimary : m.source === cve.sourceIdentifier ? RANK.nvdCna : m.source === CISA_ADP_ID ? RANK.nvdAdp : RANK.other;
      metrics.push({
        version,
        score,
        severity: statedSeverity(version, score, m.cvssData?.baseSeverity ?? m.baseSeverity),
        vector: m.cvssData?.vectorString,
        rank,
      });
    }
  }
  // Of two versions of a CVE the newer wins, with a CVSS version only the older one scores (the converted 2025-02 feed
  // drops the v3.x score of 109 records the yearly feeds have).
  const known = nvd.get(id);
  const missingFrom = (kept: readonly Stated[], other: readonly Stated[]) => other.filter((m) => !kept.some((k) => k.version === m.version));
  if (known && known.stamp >= stamp) {
    known.metrics.push(...missingFrom(known.metrics, metrics));
    return;
  }
  if (known) metrics.push(...missingFrom(metrics, known.metrics));
  const english = ((cve.descriptions as { lang?: string; value?: string }[] | undefined) ?? []).find((d) => d.lang === 'en')?.value ?? '';
  const weaknesses = (cve.weaknesses as { type?: string; description?: { value?: string }[] }[] | undefined) ?? [];
  const cwes = [...new Set(weaknesses.flatMap((w) => (w.description ?? []).map((d) => d.value ?? '')).filter((v) => CWE.test(v)))];
  const fixed: string[] = [];
  const products: Expected['products'] = [];
  for (const conf of (cve.configurations as
    { nodes?: { negate?: boolean; cpeMatch?: { vulnerable?: boolean; criteria?: string; versionEndExcluding?: string }[] }[] }[] | undefined) ?? []) {
    for (const node of conf.nodes ?? []) {
      if (node.negate) continue;
      for (const m of node.cpeMatch ?? []) {
        if (!m.vulnerable || !m.criteria) continue;
        if (m.versionEndExcluding) fixed.push(m.versionEndExcluding);
        // A product of ANY (*) or NA (-) names nothing to check for.
        if (!['*', '-'].includes(cpeField(m.criteria, 4))) products.push({ vendor: cpeField(m.criteria, 3), product: cpeField(m.criteria, 4) });
      }
    }
  }
  nvd.set(id, {
    stamp,
    status: String(cve.vulnStatus ?? ''),
    metrics,
    rejected: cve.vulnStatus === 'Rejected' || REJECTION_NOTICE.test(english),
    published: String(cve.published).slice(0, 10),
    cwes,
    fixed,
    products,
  });
}

type C5Metric = { baseScore?: number; baseSeverity?: string; vectorString?: string };
type Container = {
  providerMetadata?: { shortName?: string };
  descriptions?: { lang?: string; value?: string }[];
  metrics?: Partial<Record<'cvssV3_1' | 'cvssV3_0' | 'cvssV4_0' | 'cvssV2_0', C5Metric>>[];
  problemTypes?: { descriptions?: { cweId?: string; type?: string; description?: string }[] }[];
};
/** A container's metrics: the first of each version it lists. */
const c5metrics = (c: Container | undefined, rank: number): Stated[] =>
  (['cvssV3_1', 'cvssV3_0', 'cvssV4_0', 'cvssV2_0'] as const).flatMap((key, i) => {
    const m = c?.metrics?.find((x) => typeof x[key]?.baseScore === 'number')?.[key];
    const version = VERSION_ORDER[i]!;
    return m ? [{ version, score: m.baseScore!, severity: statedSeverity(version, m.baseScore!, m.baseSeverity), vector: m.vectorString, rank }] : [];
  });
const c5cwes = (c: Container | undefined) => [
  ...new Set(
    (c?.problemTypes ?? [])
      .flatMap((p) => (p.descriptions ?? []).map((d) => d.cweId ?? (d.type === 'CWE' ? /\bCWE-\d+\b/.exec(d.description ?? '')?.[0] : undefined) ?? ''))
      .filter((v) => CWE.test(v)),
  ),
];

function expectCve5(record: {
  cveMetadata: { cveId: string; state?: string; datePublished?: string; dateUpdated?: string };
  containers: { cna?: Container; adp?: Container[] };
}) {
  const id = record.cveMetadata.cveId;
  const stamp = record.cveMetadata.dateUpdated ?? '';
  if (cve5.has(id) && cve5.get(id)!.stamp >= stamp) return;
  const adp = record.containers.adp?.find((a) => a.providerMetadata?.shortName === 'CISA-ADP');
  const english = (record.containers.cna?.descriptions ?? []).find((d) => d.lang?.startsWith('en'))?.value ?? '';
  const utcDay = (s: string | undefined) => (s ? new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s}Z`).toISOString().slice(0, 10) : undefined);
  const published = utcDay(record.cveMetadata.datePublished);
  const updated = utcDay(record.cveMetadata.dateUpdated);
  cve5.set(id, {
    stamp,
    metrics: [...c5metrics(record.containers.cna, RANK.cve5Cna), ...c5metrics(adp, RANK.cve5Adp)],
    rejected: record.cveMetadata.state === 'REJECTED' || REJECTION_NOTICE.test(english),
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
  ['README.md', "the folder's own documentation"],
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
  folder = await ingestDataFolder();
  ({ summary, records } = folder);
  timings.ingestSeconds = folder.timings.ingestSeconds;
  const t = Date.now();
  await readExpectations();
  timings.expectationSeconds = (Date.now() - t) / 1000;
  timings.scanSeconds = folder.timings.scanSeconds;
  console.log(
    `test:data: ${records.length} records; ingest ${timings.ingestSeconds}s (${Math.round(summary.derived / timings.ingestSeconds!)} records/s), expectations ${timings.expectationSeconds}s, scan ${timings.scanSeconds}s`,
  );
});

afterAll(async () => {
  await folder?.close();
});

/** Collects failures so one assertion reports the first few of possibly thousands. */
function failures() {
  const list: string[] = [];
  let count = 0;
  return {
    add: (message: string) => count++ < 10_000 && list.push(message),
    check: () => expect(list.slice(0, 8), `${count} failures`).toEqual([]),
    count: () => count,
    sample: () => list.slice(0, 8),
  };
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

  it('score, severity and cvss_version follow §6 for every record; published date and CWE ids agree exactly with the source', () => {
    const f = failures();
    const byVersion: Record<string, number> = {};
    for (const r of records) {
      const n = nvd.get(r.cve_id);
      const c = cve5.get(r.cve_id);
      const score = bestScore([...(n?.metrics ?? []), ...(c?.metrics ?? [])]);
      byVersion[score?.version ?? 'unscored'] = (byVersion[score?.version ?? 'unscored'] ?? 0) + 1;
      if ((score?.score ?? null) !== r.cvss_score) f.add(`${r.cve_id}: score ${r.cvss_score} ≠ ${score?.score}`);
      if ((score?.severity ?? 'UNKNOWN') !== r.severity) f.add(`${r.cve_id}: severity ${r.severity} ≠ ${score?.severity ?? 'UNKNOWN'}`);
      if ((score?.version ?? null) !== r.cvss_version) f.add(`${r.cve_id}: cvss_version ${r.cvss_version} ≠ ${score?.version}`);
      if ((score?.vector ?? null) !== r.cvss_vector) f.add(`${r.cve_id}: cvss_vector ${r.cvss_vector} ≠ ${score?.vector}`);
      if (score && !r.rejected && /No CVSS|not (been )?scored/.test(r.explanation?.summary ?? ''))
        f.add(`${r.cve_id}: scored under v${score.version} but the summary says unscored`);
      const published = n?.published ?? c?.published ?? c?.updated;
      if (published !== r.published_date) f.add(`${r.cve_id}: published ${r.published_date} ≠ ${published}`);
      const cwes = n?.cwes.length ? n.cwes : c?.cnaCwes.length ? c.cnaCwes : (c?.adpCwes ?? []);
      if ([...cwes].sort().join() !== [...r.cwe_ids].sort().join()) f.add(`${r.cve_id}: CWE ${r.cwe_ids} ≠ ${cwes}`);
    }
    console.log(`test:data scores by CVSS version: ${JSON.stringify(byVersion)} of ${records.length} records`);
    f.check();
  });

  it('rejected records, in every form (§6), are marked, answer 404 with the rejected message and are never exported', async () => {
    const f = failures();
    const forms = { nvdStatus: 0, nvdNotice: 0, cve5: 0 };
    const rejectedIds: string[] = [];
    for (const r of records) {
      const n = nvd.get(r.cve_id);
      const c = cve5.get(r.cve_id);
      const expected = (n?.rejected ?? false) || (c?.rejected ?? false);
      if (expected !== r.rejected) f.add(`${r.cve_id}: rejected ${r.rejected} ≠ ${expected}`);
      if (!expected) continue;
      rejectedIds.push(r.cve_id);
      if (n?.rejected && n.status === 'Rejected') forms.nvdStatus++;
      else if (n?.rejected) forms.nvdNotice++;
      else forms.cve5++;
    }
    f.check();
    // The export filter index, built as every ingest run builds it, holds none of them...
    await rebuildFilterIndex();
    const index: FilterIndex = await createIndexCache(filterIndexRepository).get();
    const exported = new Set(selectFromIndex(index, {}, index.count).ids);
    expect(exported.size).toBe(records.length - rejectedIds.length);
    const leaked = rejectedIds.filter((id) => exported.has(id));
    // ...and the lookup answers each with 404 and the rejected message.
    const answered: string[] = [];
    for (let i = 0; i < rejectedIds.length; i += 50) {
      await Promise.all(
        rejectedIds.slice(i, i + 50).map((id) =>
          explainCve(id).then(
            () => answered.push(id),
            (error: unknown) => {
              if (!(error instanceof ApiError && error.code === 'CVE_NOT_FOUND' && /rejected/.test(error.message))) answered.push(`${id}: ${String(error)}`);
            },
          ),
        ),
      );
    }
    console.log(
      `test:data rejected: ${rejectedIds.length} records (NVD status Rejected ${forms.nvdStatus}, NVD rejection notice under another status ${forms.nvdNotice}, CVE 5 only ${forms.cve5}); ` +
        `answered ${answered.length}, exported ${leaked.length}; exportable ${exported.size}`,
    );
    expect(answered.slice(0, 8)).toEqual([]);
    expect(leaked.slice(0, 8)).toEqual([]);
  }, 300_000);

  it('severity and min_score filters include records scored under older CVSS versions', async () => {
    const index = await createIndexCache(filterIndexRepository).get();
    const older = new Set(records.filter((r) => !r.rejected && r.cvss_version !== '3.1' && r.cvss_version !== null).map((r) => r.cve_id));
    const high = selectFromIndex(index, { severity: 'HIGH' }, index.count).ids;
    const atLeast7 = selectFromIndex(index, { min_score: 7 }, index.count).ids;
    const olderHigh = high.filter((id) => older.has(id)).length;
    console.log(
      `test:data filters: severity=HIGH ${high.length} (${olderHigh} scored under v3.0/v4.0/v2), min_score=7 ${atLeast7.length} (${atLeast7.filter((id) => older.has(id)).length} older)`,
    );
    expect(olderHigh).toBeGreaterThan(0);
    expect(high.length).toBe(records.filter((r) => !r.rejected && r.severity === 'HIGH').length);
    expect(atLeast7.length).toBe(records.filter((r) => !r.rejected && r.cvss_score !== null && r.cvss_score >= 7).length);
  });

  it('every KEV CVE is weaponized with CISA KEV among its exploit sources', () => {
    const f = failures();
    let seen = 0;
    for (const r of records) {
      if (!kev.has(r.cve_id)) continue;
      seen++;
      if (!r.in_kev || !r.exploit_intel?.weaponized || !r.exploit_intel.exploit_sources.includes('CISA KEV'))
        f.add(`${r.cve_id}: ${JSON.stringify(r.exploit_intel)}`);
    }
    expect(seen).toBeGreaterThan(1000);
    f.check();
  });

  it('the risk level follows the rule table for every record', () => {
    const f = failures();
    for (const r of records) {
      const x = r.exploit_intel!;
      const expected =
        x.weaponized && !x.detectable
          ? ((r.cvss_score ?? 0) >= 7.0 && r.cvss_score !== null) || r.in_kev
            ? 'CRITICAL_GAP'
            : 'HIGH'
          : x.weaponized
            ? 'HIGH'
            : x.detectable
              ? 'MEDIUM'
              : 'LOW';
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
      if (!(r.patch && Number.isInteger(r.patch.days_unpatched) && r.patch.days_unpatched >= 0))
        f.add(`${r.cve_id}: days_unpatched ${r.patch?.days_unpatched}`);
      const parsed = catalogueRecordSchema.safeParse(r);
      if (!parsed.success) f.add(`${r.cve_id}: not a catalogue record: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    }
    f.check();
  });
});

describe('the explainer over the real data', () => {
  // Letters and digits only: "BIG-IP" and big-ip, "Pure-FTPd" and pure-ftpd, "HTTP Server" and http_server.
  const letters = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

  it('the affected text names one of the vulnerable products', () => {
    // Products are shown by the names people know (CPE dictionary titles, the CNA's names), led
    // by the one the description names, and a long list names its first three: so the check is
    // that some vulnerable product of the record is named, its CPE product token spelled in the
    // text (letters and digits compared). A title that spells the product otherwise ("Acrobat
    // Reader DC" for acrobat_dc) may miss: those are counted, and must stay rare.
    const f = failures();
    let checked = 0;
    for (const r of records) {
      const products = nvd.get(r.cve_id)?.products ?? [];
      if (r.rejected || products.length === 0) continue;
      checked++;
      const text = letters(r.explanation!.affected);
      // A product its maker renamed is shown by its current name ("Apple iOS" for iphone_os): only for those, the name the facts give it counts.
      const shown = new Map((r.facts?.products ?? []).map((p) => [p.product, letters(p.name)]));
      const named = (p: { vendor: string; product: string }) => {
        const key = `${p.vendor}:${p.product}`.toLowerCase();
        const name = RENAMED_PRODUCT_KEYS.has(key) ? shown.get(key) : undefined;
        return text.includes(letters(p.product)) || (name !== undefined && name !== '' && text.includes(name));
      };
      if (!products.some(named))
        f.add(`${r.cve_id}: "${r.explanation!.affected}" names none of ${[...new Set(products.map((p) => p.product))].slice(0, 5).join(', ')}`);
    }
    console.log(`test:data affected: ${checked} records with NVD products; ${f.count()} name none of them by their CPE product token`);
    expect(f.count(), f.sample().join('\n')).toBeLessThanOrEqual(Math.ceil(checked * 0.005));
  });

  it('no explanation contains "undefined", "null", an empty list or a raw CPE string', () => {
    const f = failures();
    for (const r of records) {
      // Titles quoted verbatim from a source (KEV, the CNA, the description) are the source's words; generated ones are checked.
      const generatedTitle = /affected products|CVE id only|rejected/.test(r.provenance.title ?? '');
      const texts = {
        ...(generatedTitle ? { title: r.title } : {}),
        summary: r.explanation!.summary,
        affected: r.explanation!.affected,
        fix: r.explanation!.fix,
      };
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
