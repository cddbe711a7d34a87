/**
 * Real data (issue 14, item 6): SBOM components matched by CPE against the CPE index the global
 * setup's ingest wrote from the real NVD files. A sample of CVEs with vulnerable CPE matches is
 * read back from the raw files (the newest copy of each, as the ingest keeps); for each match a
 * component is made at the versions its configuration names (an exact version, a range's start,
 * its end); the scan's matcher (the use case of POST /api/scan) must find the CVE for exactly the
 * components that an independent reading of the raw `configurations` says it affects — no more,
 * no fewer. The check below reads the raw cpeMatch entries itself and shares only the vendor
 * version order (`compareVersions`) with the matcher.
 *
 * Alone and fast while developing: link one NVD file into a folder and point the data folder at it,
 * `mkdir -p /tmp/nvd1 && ln -sf $PWD/../shared/data/nvd/nvd-api2.0-cves-2015.jsonl.gz /tmp/nvd1/ &&
 * PLAINCVE_DATA_DIR=/tmp/nvd1 npx vitest run --project data test/data/cpe-matching.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareVersions } from '../../shared/domain/cpe/version-compare.js';
import { parseManifest } from '../../shared/scan/parse-manifest.js';
import { findAllMatches } from '../../shared/scan/use-cases/scan-manifest.js';
import { DATA_DIR, failures, filesUnder, ingestDataFolder, linesOf, type IngestedDataFolder } from '../support/data-ingest.js';

interface RawMatch {
  vulnerable?: boolean;
  criteria?: string;
  versionStartIncluding?: string;
  versionStartExcluding?: string;
  versionEndIncluding?: string;
  versionEndExcluding?: string;
}
interface RawCve {
  id: string;
  published?: string;
  lastModified?: string;
  vulnStatus?: string;
  descriptions?: { lang?: string; value?: string }[];
  configurations?: { nodes?: { negate?: boolean; cpeMatch?: RawMatch[] }[] }[];
}

/** CVEs sampled (every n-th CVE with a usable vulnerable match), and components per CVE at most. */
const SAMPLE = 400;
const COMPONENTS_PER_CVE = 6;

/** A CPE 2.3 string's fields, split on unescaped colons and unescaped. */
function fields(cpe: string): string[] {
  return cpe.split(/(?<!\\):/).map((f) => f.replace(/\\(.)/g, '$1'));
}

const escape = (value: string) => value.replace(/[\\:*?!"#$%&'()+,/;<=>@[\]^`{|}~ ]/g, (ch) => `\\${ch}`);
const isRejected = (cve: RawCve) =>
  cve.vulnStatus === 'Rejected' || /^\s*(\*\*\s*REJECT\s*\*\*|Rejected reason:)/i.test(cve.descriptions?.find((d) => d.lang === 'en')?.value ?? '');
/** "1.6.0 update 27" from the version and update fields, as NVD's update field is read. */
const withUpdate = (version: string, update: string) =>
  update === '*' || update === '-' || update === '' ? version : `${version} ${update.replace(/_+/g, ' ').trim()}`;

function vulnerableMatches(cve: RawCve): RawMatch[] {
  return (cve.configurations ?? [])
    .flatMap((c) => (c.nodes ?? []).filter((n) => !n.negate).flatMap((n) => n.cpeMatch ?? []))
    .filter((m) => m.vulnerable && m.criteria?.startsWith('cpe:2.3:'));
}

interface Probe {
  readonly vendor: string;
  readonly product: string;
  readonly part: string;
  readonly version: string;
  readonly update: string;
}

/** The independent answer: do the CVE's raw configurations name this product at this version? */
function rawAffects(cve: RawCve, probe: Probe): boolean {
  if (isRejected(cve) || !cve.published) return false;
  const full = withUpdate(probe.version, probe.update);
  return vulnerableMatches(cve).some((m) => {
    const [, , , vendor = '', product = '', version = '*', update = '*'] = fields(m.criteria!);
    if (vendor.toLowerCase() !== probe.vendor.toLowerCase() || product.toLowerCase() !== probe.product.toLowerCase()) return false;
    if (version === '-') return false;
    if (version !== '*') {
      // One exact version: with an update, that update only; with ANY (or no) update, every update of it.
      if (update !== '*' && update !== '-') return compareVersions(full, withUpdate(version, update)) === 0;
      return compareVersions(probe.version, version) === 0 || compareVersions(full, version) === 0;
    }
    if (m.versionStartIncluding && compareVersions(full, m.versionStartIncluding) < 0) return false;
    if (m.versionStartExcluding && compareVersions(full, m.versionStartExcluding) <= 0) return false;
    if (m.versionEndIncluding && compareVersions(full, m.versionEndIncluding) > 0) return false;
    if (m.versionEndExcluding && compareVersions(full, m.versionEndExcluding) >= 0) return false;
    return true;
  });
}

/** The versions a match names, as probes: its exact version (with its update), its start, its end. */
function probesOf(match: RawMatch): Probe[] {
  const [, , part = '', vendor = '', product = '', version = '*', update = '*'] = fields(match.criteria!);
  if (!vendor || vendor === '*' || !product || product === '*') return [];
  const at = (v: string, u = '*'): Probe => ({ vendor, product, part, version: v, update: u });
  const versions =
    version !== '*' && version !== '-'
      ? [at(version, update)]
      : [match.versionStartIncluding, match.versionStartExcluding, match.versionEndIncluding, match.versionEndExcluding].flatMap((v) => (v ? [at(v)] : []));
  return versions.filter((p) => /\d/.test(p.version) && p.version.trim() === p.version && !p.version.includes('*'));
}

let data: IngestedDataFolder;
const sampled = new Map<string, RawCve>();

beforeAll(async () => {
  data = await ingestDataFolder();
  const nvdFiles = filesUnder(DATA_DIR)
    .filter((f) => /nvd[^/]*\.jsonl(\.gz)?$/.test(f))
    .sort();
  // Pass 1: which CVEs have a usable match (first file in order that has any).
  const candidates: string[] = [];
  for (const file of nvdFiles) {
    for await (const line of linesOf(file)) {
      if (!line.includes('"vulnerable": true') && !line.includes('"vulnerable":true')) continue;
      const cve = JSON.parse(line) as RawCve;
      if (vulnerableMatches(cve).some((m) => probesOf(m).length > 0)) candidates.push(cve.id);
    }
    if (candidates.length >= SAMPLE * 5) break;
  }
  const step = Math.max(1, Math.floor(candidates.length / SAMPLE));
  const ids = new Set(candidates.filter((_, i) => i % step === 0).slice(0, SAMPLE));
  // Pass 2: the newest copy of each sampled CVE over every NVD file (the ingest keeps the newest by lastModified; ties: first read).
  for (const file of nvdFiles) {
    for await (const line of linesOf(file)) {
      const id = /"id"\s*:\s*"(CVE-[^"]+)"/.exec(line.slice(0, 200))?.[1];
      if (!id || !ids.has(id)) continue;
      const cve = JSON.parse(line) as RawCve;
      const kept = sampled.get(id);
      if (!kept || (cve.lastModified ?? '') > (kept.lastModified ?? '')) sampled.set(id, cve);
    }
  }
}, 1_800_000);
afterAll(async () => data?.close());

describe('CPE matching against the real NVD configurations', () => {
  it('finds each sampled CVE for exactly the components its raw configuration names', async () => {
    const components: { ref: string; cveId: string; probe: Probe; expected: boolean }[] = [];
    for (const cve of sampled.values()) {
      const probes = new Map<string, Probe>();
      for (const match of vulnerableMatches(cve))
        for (const probe of probesOf(match)) probes.set(JSON.stringify([probe.vendor, probe.product, probe.version, probe.update]), probe);
      for (const probe of [...probes.values()].slice(0, COMPONENTS_PER_CVE)) {
        components.push({ ref: `c${components.length}`, cveId: cve.id, probe, expected: rawAffects(cve, probe) });
      }
    }
    const bom = {
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      version: 1,
      components: components.map(({ ref, probe }) => ({
        type: 'application',
        'bom-ref': ref,
        name: `${probe.product}`,
        cpe: `cpe:2.3:${probe.part}:${escape(probe.vendor)}:${escape(probe.product)}:${escape(probe.version)}:${probe.update === '*' ? '*' : escape(probe.update)}:*:*:*:*:*:*`,
      })),
    };
    // All the matches: an answer lists a bounded part of them (issue 24), the matching is checked on all.
    const { matches, notChecked, reads } = await findAllMatches(await parseManifest(JSON.stringify(bom)));
    const foundBy = new Map(matches.map((m) => [m.componentKey.replace(/^cpe:/, ''), new Set(m.finding.vulnerabilities.map((v) => v.cve_id))]));
    const wrong = failures((actual, message) => expect(actual, message).toEqual([]));
    let positives = 0;
    for (const c of components) {
      const found = foundBy.get(c.ref)?.has(c.cveId) ?? false;
      if (c.expected) positives++;
      if (found !== c.expected)
        wrong.add(
          `${c.cveId} ${c.probe.vendor}:${c.probe.product} ${withUpdate(c.probe.version, c.probe.update)}: raw configuration says ${c.expected ? 'affected' : 'not affected'}, the scan ${found ? 'found it' : 'did not'}`,
        );
    }
    console.log(
      `CPE matching on real data: ${sampled.size} CVEs, ${components.length} components (${positives} affected by their CVE, ${components.length - positives} not), ` +
        `${notChecked.length} not checked, ${reads.cpeQueries} CPE index queries`,
    );
    expect(sampled.size).toBeGreaterThan(SAMPLE / 2);
    expect(positives).toBeGreaterThan(components.length / 2);
    expect(components.length - positives).toBeGreaterThan(10);
    expect(notChecked).toEqual([]);
    wrong.check();
  });
});
