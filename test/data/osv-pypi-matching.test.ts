/**
 * Real data (issue 14, "Done means"): a requirements.txt of pinned versions built from the PyPI
 * advisory database in ../shared/data/osv/ — for every package, the versions its advisories name
 * (introduced, fixed, last_affected, and the first, middle and last listed version) — is run
 * through the scan (the requirements parser and the matcher of POST /api/scan, against the
 * advisories the global setup ingested), and must find exactly the vulnerabilities that an
 * independent check of the same raw OSV records with `@renovatebot/pep440` finds: no more, no
 * fewer. The check below reads the raw JSON lines itself and shares no code with the matcher.
 *
 * Alone and fast while developing: `PLAINCVE_DATA_DIR=../shared/data/osv npx vitest run --project data test/data/osv-pypi-matching.test.ts`
 * (the global setup then ingests only the OSV folder).
 */
import * as pep440 from '@renovatebot/pep440';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAllMatches } from '../../shared/scan/use-cases/scan-manifest.js';
import { parseManifest } from '../../shared/scan/parse-manifest.js';
import { DATA_DIR, filesUnder, ingestDataFolder, linesOf, type IngestedDataFolder } from '../support/data-ingest.js';

interface RawEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}
interface RawRecord {
  id: string;
  aliases?: string[];
  withdrawn?: string;
  affected?: { package?: { name: string; ecosystem: string }; ranges?: { type: string; events: RawEvent[] }[]; versions?: string[] }[];
}

/** PEP 503, written out here: lower case, runs of -, _ and . as one -. */
const pep503 = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');
const isPep440 = (v: string) => pep440.valid(v) !== null;

/** [from, to] spans of one OSV range: `to` excluded after `fixed`, included after `last_affected`, open when absent. */
interface Span {
  from: string | null;
  to: string | null;
  toIncluded: boolean;
}

/** The spans a range's events describe, read the way the OSV schema's evaluation section does. */
function spansOf(events: RawEvent[]): Span[] | null {
  const points = events.flatMap((e) => Object.entries(e).map(([kind, version]) => ({ kind, version: String(version) })));
  // A range whose versions PEP 440 cannot read is not evaluated (the advisory's versions list still counts).
  if (points.some((p) => !(p.kind === 'introduced' && p.version === '0') && !isPep440(p.version))) return null;
  points.sort((a, b) =>
    a.version === '0' && a.kind === 'introduced' ? -1 : b.version === '0' && b.kind === 'introduced' ? 1 : pep440.compare(a.version, b.version),
  );
  const spans: Span[] = [];
  let open: Span | null = null;
  for (const p of points) {
    if (p.kind === 'introduced' && !open) open = { from: p.version === '0' ? null : p.version, to: null, toIncluded: false };
    else if ((p.kind === 'fixed' || p.kind === 'last_affected') && open) {
      spans.push({ ...open, to: p.version, toIncluded: p.kind === 'last_affected' });
      open = null;
    }
  }
  if (open) spans.push(open);
  return spans;
}

function inSpan(version: string, span: Span): boolean {
  if (span.from !== null && pep440.lt(version, span.from)) return false;
  if (span.to === null) return true;
  return span.toIncluded ? pep440.lte(version, span.to) : pep440.lt(version, span.to);
}

/** The independent answer: does this raw record affect `name==version`? */
function rawAffects(record: RawRecord, name: string, version: string): boolean {
  if (record.withdrawn) return false;
  return (record.affected ?? []).some((entry) => {
    if (entry.package?.ecosystem !== 'PyPI' || pep503(entry.package.name) !== name) return false;
    if ((entry.versions ?? []).some((listed) => listed === version || (isPep440(listed) && pep440.eq(listed, version)))) return true;
    return (entry.ranges ?? []).some((range) => range.type !== 'GIT' && (spansOf(range.events) ?? []).some((span) => inSpan(version, span)));
  });
}

/** The key a vulnerability is reported under: the advisory's CVE, else its own id. */
function keyOf(record: RawRecord): string {
  return (record.aliases ?? []).filter((a) => /^CVE-\d{4}-\d+$/.test(a)).sort()[0] ?? record.id;
}

const records: RawRecord[] = [];
const byPackage = new Map<string, RawRecord[]>();
const pins: { name: string; version: string }[] = [];
let data: IngestedDataFolder;

beforeAll(async () => {
  data = await ingestDataFolder();
  for (const path of filesUnder(DATA_DIR)
    .filter((p) => /osv/i.test(p))
    .sort()) {
    for await (const line of linesOf(path)) if (line.trim()) records.push(JSON.parse(line) as RawRecord);
  }
  for (const record of records) {
    for (const entry of record.affected ?? []) {
      if (entry.package?.ecosystem !== 'PyPI') continue;
      const name = pep503(entry.package.name);
      const list = byPackage.get(name) ?? [];
      if (!list.includes(record)) list.push(record);
      byPackage.set(name, list);
    }
  }
  // Pinned versions: every version the package's advisories name, and some versions they list.
  for (const [name, list] of [...byPackage].sort(([a], [b]) => a.localeCompare(b))) {
    const versions = new Set<string>();
    for (const record of list) {
      for (const entry of record.affected ?? []) {
        if (entry.package?.ecosystem !== 'PyPI' || pep503(entry.package.name) !== name) continue;
        for (const range of entry.ranges ?? []) {
          if (range.type === 'GIT') continue;
          for (const event of range.events) for (const v of Object.values(event)) if (v !== '0') versions.add(String(v));
        }
        const listed = entry.versions ?? [];
        for (const v of [listed[0], listed[Math.floor(listed.length / 2)], listed.at(-1)]) if (v !== undefined) versions.add(v);
      }
    }
    for (const version of [...versions].filter(isPep440).sort()) pins.push({ name, version });
  }
});
afterAll(async () => {
  await data?.close();
});

describe('OSV PyPI matching on the real advisory database (pep440, checked independently)', () => {
  it('the data: thousands of pinned versions of hundreds of packages', () => {
    console.log(`osv: ${records.length} records, ${byPackage.size} PyPI packages, ${pins.length} pinned versions`);
    expect(records.length).toBe(2661);
    expect(byPackage.size).toBeGreaterThan(300);
    expect(pins.length).toBeGreaterThan(3000);
    expect(data.summary.advisories.read).toBe(2661);
  });

  it('the scan finds exactly the vulnerabilities the independent check finds, for every pinned version', async () => {
    const chunkSize = 5000;
    let affectedPins = 0;
    let cleanPins = 0;
    let vulnerabilities = 0;
    const mismatches: string[] = [];
    for (let start = 0; start < pins.length; start += chunkSize) {
      const chunk = pins.slice(start, start + chunkSize);
      const requirements = chunk.map((p) => `${p.name}==${p.version}`).join('\n') + '\n';
      const manifest = await parseManifest(requirements);
      expect(manifest.kind).toBe('requirements');
      expect(manifest.components).toHaveLength(chunk.length);
      // All the matches: an answer lists a bounded part of them (issue 24), the matching is checked on all.
      const { matches } = await findAllMatches(manifest);
      const found = new Map(matches.map(({ finding: f }) => [f.component.line, f.vulnerabilities]));
      chunk.forEach((pin, i) => {
        const expected = [...new Set((byPackage.get(pin.name) ?? []).filter((r) => rawAffects(r, pin.name, pin.version)).map(keyOf))].sort();
        const reported = found.get(i + 1) ?? [];
        const actual = reported.map((v) => v.cve_id ?? v.id).sort();
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          mismatches.push(`${pin.name}==${pin.version}: scan ${actual.join(',') || '-'} / check ${expected.join(',') || '-'}`);
        if (expected.length > 0) affectedPins++;
        else cleanPins++;
        vulnerabilities += reported.length;
        // The fix names the nearest fixed version of this component when one is published.
        for (const v of reported) if (v.fixed_versions[0]) expect(v.fix).toContain(v.fixed_versions[0]);
      });
    }
    console.log(
      `osv: ${affectedPins} pinned versions affected (${vulnerabilities} vulnerabilities), ${cleanPins} not affected, ${mismatches.length} mismatches`,
    );
    expect(mismatches.slice(0, 10), `${mismatches.length} mismatches`).toEqual([]);
    expect(affectedPins).toBeGreaterThan(1000);
    expect(cleanPins).toBeGreaterThan(500);
  });
});
