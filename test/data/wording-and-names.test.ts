/**
 * Issue 8's wording, names and summary rules over every record of the data folder, ingested by
 * the real ingest (`test/support/data-ingest.ts`): the wording lint on every generated sentence,
 * summaries that say every gain the record's facts hold (issue 23: at most 1 % without what the
 * attacker gains, code execution never left out nor invented, no on-path attacker "from the
 * internet", no generic title), products shown by their CPE dictionary title rather than a raw
 * token, and the demo catalogue's facts against the records derived from the same CVEs' real
 * sources. Counts are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../shared/ingest/demo/catalogue.js';
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import { CatalogueAssembler } from '../../shared/ingest/assembler.js';
import { isGenericTitle } from '../../shared/ingest/derive/title.js';
import { PLAIN_WEAKNESSES } from '../../shared/ingest/explainer/cwe-plain.js';
import { gainPhrases } from '../../shared/ingest/explainer/summary.js';
import { readSourceFile } from '../../shared/ingest/files.js';
import type { CpeTitles } from '../../shared/ingest/names/cpe-titles.js';
import { DATA_DIR, failures, filesUnder, ingestDataFolder, linesOf, type IngestedDataFolder } from '../support/data-ingest.js';
import { cpeField } from '../support/data-files.js';
import { FROM_THE_INTERNET, saysCodeExecution } from '../../bench/support/gold-agreement.js';
import { codeIdentifiers, sentenceEndFaults, wordingFaults } from '../support/wording-lint.js';

let folder: IngestedDataFolder;
let records: CatalogueRecord[] = [];
let titles: CpeTitles;
/** CVE id → the vendor:product pairs of NVD's vulnerable, non-negated CPE matches. */
const nvdProducts = new Map<string, { vendor: string; product: string }[]>();

async function readNvdProducts() {
  for (const path of filesUnder(DATA_DIR)) {
    let first = true;
    for await (const line of linesOf(path)) {
      if (first && !line.startsWith('{"id":"CVE-')) break;
      first = false;
      const cve = JSON.parse(line) as {
        id: string;
        lastModified?: string;
        configurations?: { nodes?: { negate?: boolean; cpeMatch?: { vulnerable?: boolean; criteria?: string }[] }[] }[];
      };
      const pairs = new Map<string, { vendor: string; product: string }>();
      for (const node of (cve.configurations ?? []).flatMap((c) => c.nodes ?? [])) {
        if (node.negate) continue;
        for (const m of node.cpeMatch ?? []) {
          if (!m.vulnerable || !m.criteria) continue;
          const vendor = cpeField(m.criteria, 3);
          const product = cpeField(m.criteria, 4);
          if (!['*', '-', ''].includes(product)) pairs.set(`${vendor}:${product}`, { vendor, product });
        }
      }
      nvdProducts.set(cve.id, [...pairs.values()]);
    }
  }
}

beforeAll(async () => {
  folder = await ingestDataFolder();
  records = folder.records;
  const dictionary = new CatalogueAssembler();
  for (const path of filesUnder(DATA_DIR)) {
    if (/cpe/i.test(path)) await readSourceFile(path, dictionary);
  }
  titles = dictionary.cpeTitles;
  await readNvdProducts();
  console.log(`wording: ${records.length} records, ${titles.size} dictionary pairs, ingest ${folder.timings.ingestSeconds}s`);
});

afterAll(async () => {
  await folder?.close();
});

/**
 * Where the demo's hand-written facts are the careful reading and today's derivation is not
 * (docs/ingest.md, "The demo catalogue", says why for each): the only differences allowed on the
 * fields both must agree on.
 */
const CAREFUL_READINGS: Record<string, string> = {
  'CVE-2024-3094 impacts': 'the backdoor runs commands through sshd (Openwall, Red Hat); the CVE text only says it intercepts and modifies data',
  'CVE-2021-34527 impacts': 'the CVE 5 CNA text: arbitrary code with SYSTEM privileges',
  'CVE-2024-6387 impacts': "the CNA text states no consequence; OpenSSH's release notes and Qualys: remote code execution as root, not the CVSS fallback",
  'CVE-2022-42889 impacts': 'the description states "contact with remote servers" beside code execution (a request forgery)',
  'CVE-2022-24765 impacts': "the Git project's announcement: a planted configuration makes Git run commands, not the CVSS fallback",
  'CVE-2022-35252 impacts': 'the description states a denial of service only; nothing is disclosed',
  'CVE-2016-0777 attack': 'the victim must connect to the malicious server: user interaction',
};

const REJECTED_TEXT = /^\s*(\*\* REJECT \*\*|Rejected reason:)/i;
const live = (r: CatalogueRecord) => !r.rejected && !REJECTED_TEXT.test(r.description);
const check = (actual: string[], message: string) => expect(actual, message).toEqual([]);

/** The old casing of a CPE pair that issue 8 quotes ("Apple Iphone Os", "Redhat Enterprise Linux"). */
function naiveName(vendor: string, product: string): string {
  const words = (token: string) =>
    token
      .replace(/_+/g, ' ')
      .trim()
      .replace(/\b[a-z]/g, (c) => c.toUpperCase());
  const p = words(product);
  const v = words(vendor);
  return p.toLowerCase().startsWith(v.toLowerCase()) ? p : `${v} ${p}`;
}

/** The token standing alone, not inside a longer identifier or path. */
function wholeToken(text: string, token: string): boolean {
  return new RegExp(`(?<![\\w./-])${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/-])`).test(text);
}

describe('wording over every record of the data folder', () => {
  it('every generated sentence passes the wording lint, and every text ends its sentence', () => {
    const f = failures(check);
    const byFault = new Map<string, number>();
    for (const r of records) {
      const generatedTitle = /affected products|CVE id only|rejected|CWE and|facts/.test(r.provenance.title ?? '');
      const texts: [string, string, boolean][] = [
        ['title', r.title, !generatedTitle],
        ['summary', r.explanation!.summary, false],
        ['affected', r.explanation!.affected, false],
        ['fix', r.explanation!.fix, false],
      ];
      for (const [field, text, quoted] of texts) {
        // The record's own identifiers: its component's, and any the description writes (a function or parameter it names).
        const code = [...codeIdentifiers(r.facts?.component), ...codeIdentifiers(r.description)];
        const faults = [...wordingFaults(text, { quoted, code }), ...(field === 'title' ? [] : sentenceEndFaults(text))];
        for (const fault of faults) {
          const kind = `${field}: ${fault.replace(/".*"/, '…')}`;
          byFault.set(kind, (byFault.get(kind) ?? 0) + 1);
          f.add(`${r.cve_id} ${field}: ${fault} in "${text.slice(0, 200)}"`);
        }
      }
    }
    console.log(`wording lint: ${f.count()} faults over ${records.length} records`, Object.fromEntries(byFault));
    f.check();
  });

  it('summaries say every gain of the facts; at most 1 % of all summaries say no gain at all; code execution never left out nor invented', () => {
    let liveCount = 0;
    let nvdCount = 0;
    const noGain: string[] = [];
    // Counted apart to show where the misses are, but held to the same 1 % together: CNA-only
    // records (CVE 5, no NVD analysis) are read by the same grammar (VulDB's, Apple's, the Linux
    // kernel's templates).
    const cnaOnlyNoGain: string[] = [];
    const gainLeftOut = failures(check);
    const codeInvented = failures(check);
    for (const r of records) {
      if (!live(r) || !r.facts) continue;
      liveCount++;
      const fromNvd = r.provenance.description === 'NVD';
      if (fromNvd) nvdCount++;
      const summary = r.explanation!.summary;
      const phrases = gainPhrases(r.facts, r.description, r.provenance['facts.impacts']);
      for (const [i, phrase] of phrases.entries())
        if (!summary.includes(phrase)) gainLeftOut.add(`${r.cve_id}: "${phrase}" (gain ${i + 1} of ${phrases.length}) not said in "${summary}"`);
      const gloss = r.cwe_ids.map((id) => PLAIN_WEAKNESSES[id]?.effect).some((e) => e !== undefined && summary.includes(e));
      if (phrases.length === 0 && !gloss) (fromNvd ? noGain : cnaOnlyNoGain).push(`${r.cve_id}: "${summary}"`);
      if (!r.facts.impacts.includes('code_execution') && saysCodeExecution(summary) && !gloss)
        codeInvented.add(`${r.cve_id}: says code runs without a stated code execution: "${summary}"`);
    }
    const share = noGain.length / Math.max(nvdCount, 1);
    const cnaShare = cnaOnlyNoGain.length / Math.max(liveCount - nvdCount, 1);
    const allShare = (noGain.length + cnaOnlyNoGain.length) / Math.max(liveCount, 1);
    console.log(
      `gains: ${liveCount} live records with facts; ${noGain.length + cnaOnlyNoGain.length} summaries say no gain (${(allShare * 100).toFixed(2)} % of all): ${noGain.length} of ${nvdCount} NVD (${(share * 100).toFixed(2)} %), ${cnaOnlyNoGain.length} of ${liveCount - nvdCount} CNA-only (${(cnaShare * 100).toFixed(2)} %); ${gainLeftOut.count()} gains left out; ${codeInvented.count()} code execution said where not stated`,
    );
    expect(liveCount).toBeGreaterThan(50_000);
    expect(allShare, [...noGain, ...cnaOnlyNoGain].slice(0, 5).join('\n')).toBeLessThanOrEqual(0.01);
    gainLeftOut.check();
    codeInvented.check();
  });

  it('no on-path attacker "from the internet", no generic title', () => {
    const internet = failures(check);
    const generic = failures(check);
    for (const r of records) {
      if (!live(r)) continue;
      if (r.facts?.attack.position === 'man_in_the_middle' && FROM_THE_INTERNET.test(r.explanation!.summary))
        internet.add(`${r.cve_id}: "${r.explanation!.summary}"`);
      if (isGenericTitle(r.title)) generic.add(`${r.cve_id}: "${r.title}"`);
    }
    console.log(`on-path attackers from the internet: ${internet.count()}; generic titles: ${generic.count()}`);
    internet.check();
    generic.check();
  });

  it('no raw CPE token where the dictionary has a title; the old token casing almost never', () => {
    const raw = failures(check);
    const casings: string[] = [];
    let named = 0;
    for (const r of records) {
      if (!live(r)) continue;
      // An identifier that holds the token (a parameter such as ninja_forms_field_1) is the record's code, not a product token.
      const texts = [r.title, r.explanation!.summary, r.explanation!.affected, r.explanation!.fix];
      for (const { vendor, product } of nvdProducts.get(r.cve_id) ?? []) {
        const title = titles.title(vendor, product)?.title;
        if (!title) continue;
        named++;
        const casing = naiveName(vendor, product);
        for (const text of texts) {
          const code = codeIdentifiers(r.facts?.component).some((word) => word.toLowerCase() === product);
          if (
            text.includes(`${vendor}:${product}`) ||
            /cpe:\//i.test(text) ||
            (/_/.test(product) && !product.startsWith('mod_') && !code && wholeToken(text, product))
          )
            raw.add(`${r.cve_id}: raw token ${vendor}:${product} in "${text.slice(0, 160)}"`);
          // The old casing may still appear through another product of the record whose name
          // contains it ("Veritas Netbackup Appliance" beside "Veritas NetBackup"): counted, bounded.
          else if (casing !== title && casing.toLowerCase() !== title.toLowerCase() && text.includes(casing) && !text.includes(title))
            casings.push(`${r.cve_id}: "${casing}" beside "${title}"`);
        }
      }
    }
    console.log(`names: ${named} record products with a dictionary title; ${raw.count()} raw tokens shown; ${casings.length} texts with the old token casing`);
    expect(named).toBeGreaterThan(10_000);
    raw.check();
    expect(casings.length / named, casings.slice(0, 5).join('\n')).toBeLessThanOrEqual(0.001);
  });
});

describe('the demo catalogue against the real records', () => {
  it('score, published date and CWEs of every demo CVE the data folder holds agree with its derivation', () => {
    const byId = new Map(records.map((r) => [r.cve_id, r]));
    const f = failures(check);
    let compared = 0;
    for (const demo of demoCatalogue) {
      const real = byId.get(demo.cve_id);
      if (!real) continue;
      compared++;
      if (demo.cvss_score !== real.cvss_score) f.add(`${demo.cve_id}: demo score ${demo.cvss_score} ≠ ${real.cvss_score}`);
      if (demo.severity !== real.severity) f.add(`${demo.cve_id}: demo severity ${demo.severity} ≠ ${real.severity}`);
      const version = (real as { cvss_version?: string | null }).cvss_version;
      if (version !== undefined && demo.cvss_version !== version) f.add(`${demo.cve_id}: demo CVSS version ${demo.cvss_version} ≠ ${version}`);
      if (demo.published_date !== real.published_date) f.add(`${demo.cve_id}: demo date ${demo.published_date} ≠ ${real.published_date}`);
      if ([...demo.cwe_ids].sort().join() !== [...real.cwe_ids].sort().join()) f.add(`${demo.cve_id}: demo CWEs ${demo.cwe_ids} ≠ ${real.cwe_ids}`);
      if (demo.in_kev !== real.in_kev) f.add(`${demo.cve_id}: demo in_kev ${demo.in_kev} ≠ ${real.in_kev}`);
    }
    console.log(`demo: ${compared} of ${demoCatalogue.length} demo CVEs are in the data folder and were compared`);
    expect(compared).toBeGreaterThanOrEqual(20);
    f.check();
  });

  it('the facts of every demo CVE the data folder holds agree with its derivation on gains, attacker and exploit; other fields are printed', () => {
    const byId = new Map(records.map((r) => [r.cve_id, r]));
    const f = failures(check);
    const readings = new Set<string>();
    const printed: string[] = [];
    let compared = 0;
    for (const demo of demoCatalogue) {
      const real = byId.get(demo.cve_id)?.facts;
      if (!real) continue;
      compared++;
      const mine = demo.facts;
      const must: [string, unknown, unknown][] = [
        ['impacts', [...mine.impacts].sort(), [...real.impacts].sort()],
        ['attack', mine.attack, real.attack],
        ['exploit_public', mine.exploit_public, real.exploit_public],
      ];
      for (const [field, ours, theirs] of must) {
        const differ = JSON.stringify(ours) !== JSON.stringify(theirs);
        const key = `${demo.cve_id} ${field}`;
        if (differ && CAREFUL_READINGS[key]) readings.add(key);
        else if (differ) f.add(`${key}: demo ${JSON.stringify(ours)} ≠ derived ${JSON.stringify(theirs)}`);
      }
      const versions = (list: typeof real.fixed_in) => list.map((v) => `${v.product} ${v.version}${v.branch ? ` (${v.branch})` : ''}`).sort();
      const shown: [string, unknown, unknown][] = [
        ['component', mine.component, real.component],
        ['products', mine.products.map((p) => p.product).sort(), real.products.map((p) => p.product).sort()],
        ['fixed_in', versions(mine.fixed_in), versions(real.fixed_in)],
        ['last_affected', versions(mine.last_affected), versions(real.last_affected)],
        ['fix_stated', mine.fix_stated, real.fix_stated],
        ['aka', mine.aka.map((a) => a.toLowerCase()).sort(), real.aka.map((a) => a.toLowerCase()).sort()],
      ];
      for (const [field, ours, theirs] of shown)
        if (JSON.stringify(ours) !== JSON.stringify(theirs))
          printed.push(`${demo.cve_id} ${field}: demo ${JSON.stringify(ours).slice(0, 300)}, derived ${JSON.stringify(theirs).slice(0, 300)}`);
    }
    // Lists are cut at 300 characters: NVD names 209 processors for Meltdown. A careful reading
    // the derivation has come to agree with is no longer a difference to explain.
    const agreedSince = Object.keys(CAREFUL_READINGS).filter((key) => !readings.has(key));
    console.log(
      `demo facts: ${compared} compared; ${readings.size} careful readings that differ from the derivation (docs/ingest.md); agreed since: ${agreedSince.join(', ') || 'none'}\n` +
        printed.join('\n'),
    );
    expect(compared).toBeGreaterThanOrEqual(20);
    f.check();
  });
});
