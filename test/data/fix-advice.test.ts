/**
 * Fix advice over the whole data folder: every (product, version) the fix text names is checked
 * against the raw NVD configurations of the CVE, read here without the ingest's parsers (the
 * newest `lastModified` version of each CVE, as the ingest keeps). Counts are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import { isDisputedFix } from '../../shared/domain/disputed-fixes.js';
import { DATA_DIR, filesUnder, ingestDataFolder, linesOf, type IngestedDataFolder } from '../support/data-ingest.js';
import {
  describedAffectedFaults,
  factFaults,
  fixFaults,
  namedFixes,
  sourceGivesFix,
  unheldVersions,
  vulnerableSpans,
  type RawNvdConfigurations,
} from '../support/fix-checks.js';

/** CVE id → the newest raw NVD configurations (only records that have any). */
const raw = new Map<string, { stamp: string; configurations: RawNvdConfigurations }>();
const stamps = new Map<string, string>();

async function readRawNvd() {
  for (const path of filesUnder(DATA_DIR).sort()) {
    let first = true;
    for await (const line of linesOf(path)) {
      if (first && !line.startsWith('{')) break;
      first = false;
      let cve: {
        id?: unknown;
        sourceIdentifier?: unknown;
        descriptions?: unknown;
        lastModified?: string;
        configurations?: RawNvdConfigurations['configurations'];
      };
      try {
        cve = JSON.parse(line) as typeof cve;
      } catch {
        break;
      }
      if (typeof cve.id !== 'string' || typeof cve.sourceIdentifier !== 'string' || !Array.isArray(cve.descriptions)) break;
      const stamp = cve.lastModified ?? '';
      // Of several versions of a CVE the newest wins; on a tie the first read (as the ingest does).
      const known = stamps.get(cve.id);
      if (known !== undefined && known >= stamp) continue;
      stamps.set(cve.id, stamp);
      // Keep only what the check reads: the vulnerable matches of non-negated nodes.
      const english = (cve.descriptions as { lang?: string; value?: string }[]).find((d) => d.lang === 'en')?.value?.trim() ?? '';
      const configurations = { configurations: cve.configurations, description: english };
      if (vulnerableSpans(configurations).size > 0) raw.set(cve.id, { stamp, configurations });
      else raw.delete(cve.id);
    }
  }
}

let ingested: IngestedDataFolder;
let records: CatalogueRecord[] = [];

beforeAll(async () => {
  ingested = await ingestDataFolder();
  records = ingested.records.filter((r) => !r.rejected);
  await readRawNvd();
  const { ingestSeconds } = ingested.timings;
  console.log(
    `fix advice: ${records.length} live records, ${raw.size} with vulnerable NVD configurations; ingest ${ingestSeconds}s (${Math.round(ingested.summary.derived / ingestSeconds)} records/s)`,
  );
});

afterAll(async () => {
  await ingested?.close();
});

describe('fix advice over the real data', () => {
  it('names no version inside a vulnerable range of its product, and no product that is not marked vulnerable', () => {
    const faults: string[] = [];
    let sentences = 0;
    let versions = 0;
    for (const r of records) {
      const named = namedFixes(r);
      if (named.length === 0) continue;
      sentences++;
      versions += named.reduce((n, x) => n + x.versions.length, 0);
      for (const fault of fixFaults(r, raw.get(r.cve_id)?.configurations)) faults.push(`${r.cve_id}: ${fault} :: ${r.explanation?.fix}`);
    }
    console.log(
      `fix advice: ${sentences} records name ${versions} fixed versions; ${faults.length} name a version inside a vulnerable range or a product not marked vulnerable`,
    );
    expect(sentences).toBeGreaterThan(10_000);
    expect(faults.slice(0, 8), `${faults.length} faults`).toEqual([]);
  });

  it('facts.fixed_in holds no version inside what the same product lists as vulnerable on the same platform, save a described fix at its boundary kept as disputed (§9)', () => {
    const faults: string[] = [];
    let entries = 0;
    const disputed: string[] = [];
    let saidDisputed = 0;
    for (const r of records) {
      entries += r.facts?.fixed_in.length ?? 0;
      for (const f of r.facts?.fixed_in ?? []) {
        if (!isDisputedFix(f, r.facts!.last_affected)) continue;
        disputed.push(`${r.cve_id} ${f.product} ${f.version}`);
        if (/The description gives .+? as fixed, but (?:NVD's configuration|the CVE record) lists/.test(r.explanation?.fix ?? '')) saidDisputed++;
      }
      for (const fault of factFaults(r, raw.get(r.cve_id)?.configurations)) faults.push(`${r.cve_id}: ${fault}`);
    }
    // The description's fix at the configuration's newest affected version ("before 2.5" beside
    // "through 2.5") is both sources' statement, kept with the configuration's as its newest
    // affected version; the fix text names it as disputed (checked in the test above: never as a fix).
    console.log(
      `fix facts: ${entries} fixed_in entries; ${faults.length} that the same product lists as vulnerable inside a range; ${disputed.length} the description states at the configuration's boundary (disputed; ${saidDisputed} in texts that say so), e.g. ${disputed.slice(0, 5).join('; ')}`,
    );
    expect(entries).toBeGreaterThan(10_000);
    expect(faults.slice(0, 8), `${faults.length} faults`).toEqual([]);
  });

  it('never says no fix is listed where the record states one (fix_stated)', () => {
    const denied: string[] = [];
    let stated = 0;
    for (const r of records) {
      if (!r.facts?.fix_stated) continue;
      stated++;
      if (/\bno fix(?:ed version)?(?: or patch)? is listed\b/i.test(r.explanation?.fix ?? '')) denied.push(`${r.cve_id}: ${r.explanation?.fix}`);
    }
    console.log(`fix facts: ${stated} records state a fix; ${denied.length} fix texts say none is listed`);
    expect(stated).toBeGreaterThan(10_000);
    expect(denied.slice(0, 8), `${denied.length} deny a stated fix`).toEqual([]);
  });

  it('every version the fix text names is held by its source (the description, or the configurations)', () => {
    const unheld: string[] = [];
    let named = 0;
    for (const r of records) {
      const fix = r.explanation?.fix ?? '';
      named += [...(r.facts?.fixed_in ?? []), ...(r.facts?.last_affected ?? [])].filter((e) => fix.includes(e.version)).length;
      for (const v of unheldVersions(r, raw.get(r.cve_id)?.configurations)) unheld.push(`${r.cve_id}: ${v} :: ${r.description.slice(0, 160)}`);
    }
    console.log(`fix facts: ${named} versions named in fix texts; ${unheld.length} not held by their source`);
    expect(named).toBeGreaterThan(10_000);
    expect(unheld.slice(0, 8), `${unheld.length} unheld`).toEqual([]);
  });

  it('names no fix that a version the description calls affected contradicts ("FreeBSD through 10.1")', () => {
    const faults: string[] = [];
    let checked = 0;
    for (const r of records) {
      if (namedFixes(r).length === 0) continue;
      checked++;
      for (const fault of describedAffectedFaults(r)) faults.push(`${r.cve_id}: ${fault} :: ${r.explanation?.fix}`);
    }
    console.log(
      `fix advice: ${checked} records with a named fix checked against their description's last affected versions; ${faults.length} name a version the description calls affected`,
    );
    expect(checked).toBeGreaterThan(10_000);
    expect(faults.slice(0, 8), `${faults.length} faults`).toEqual([]);
  });

  it('names a fixed version in at least 90 % of the records whose CPE ranges or description give one', () => {
    let give = 0;
    let fromCpe = 0;
    let fromDescription = 0;
    let named = 0;
    const missed: string[] = [];
    for (const r of records) {
      const source = sourceGivesFix(raw.get(r.cve_id)?.configurations, r.description);
      if (!source.cpe && !source.description) continue;
      give++;
      if (source.cpe) fromCpe++;
      if (source.description) fromDescription++;
      if (namedFixes(r).some((n) => n.versions.length > 0)) named++;
      else if (missed.length < 5) missed.push(`${r.cve_id}: ${r.explanation?.fix}`);
    }
    const share = named / give;
    console.log(
      `fix advice: ${give} records give a fixed version (CPE ranges ${fromCpe}, description ${fromDescription}); the fix names one in ${named} (${(share * 100).toFixed(1)} %). Not named, e.g.:\n  ${missed.join('\n  ')}`,
    );
    expect(give).toBeGreaterThan(10_000);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });

  it('the patch status and the fix text agree: a named fixed version is never "not_available", "no fix listed" never "available"', () => {
    const faults: string[] = [];
    let withNamedFix = 0;
    for (const r of records) {
      const fix = r.explanation?.fix ?? '';
      const names = namedFixes(r).some((n) => n.versions.length > 0);
      if (names) withNamedFix++;
      const status = r.patch?.status;
      const fixed = status === 'available' || status === 'partial';
      if (names && !fixed) faults.push(`${r.cve_id} [${status}] names a fixed version: ${fix}`);
      if (fixed && fix.startsWith('No fixed version or patch is listed')) faults.push(`${r.cve_id} [${status}] says none is listed: ${fix}`);
    }
    console.log(`patch status: ${withNamedFix} records name a fixed version; ${faults.length} disagree with their patch status`);
    expect(withNamedFix).toBeGreaterThan(10_000);
    expect(faults.slice(0, 8), `${faults.length} disagree`).toEqual([]);
  });
});
