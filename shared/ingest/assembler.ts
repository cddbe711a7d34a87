/**
 * Collects what every source said, keyed by CVE id, and hands out one `CveSources` per CVE.
 * Of several NVD (or CVE 5) versions of a CVE the newest by last-modified time wins; on a tie
 * the first read is kept, and files are read in a fixed order, so a run is deterministic.
 */
import type { Advisory } from '../domain/advisory.js';
import type { CveSources } from './derive/inputs.js';
import type { Cve5Record, CweEntry, DetectionSource, EpssScore, ExploitSource, KevEntry, NvdRecord } from '../domain/nvd-record.js';
import { CpeTitles, type CpeTitleEntry } from './names/cpe-titles.js';
import type { IntelSink } from './sources/source.js';

/**
 * The newer NVD record, with a CVSS version only the older one scores: the 2025-02 feed converted from 1.1 carries 109
 * analysed records (ProxyNotShell, CVE-2022-41040, among them) with their v2 score but not the v3.1 one the yearly feed
 * has. NVD drops no score it gave; a newer record's own scores of a version win.
 */
function withScoresOf(newer: NvdRecord, older: NvdRecord): NvdRecord {
  const versions = new Set(newer.cvss.map((m) => m.version));
  const missing = older.cvss.filter((m) => !versions.has(m.version));
  return missing.length === 0 ? newer : { ...newer, cvss: [...missing, ...newer.cvss] };
}

export class CatalogueAssembler implements IntelSink {
  readonly nvdRecords = new Map<string, NvdRecord>();
  readonly cve5Records = new Map<string, Cve5Record>();
  readonly kevEntries = new Map<string, KevEntry>();
  readonly cweCatalogue = new Map<string, CweEntry>();
  readonly epssScores = new Map<string, EpssScore>();
  readonly exploitSets = new Map<string, Set<ExploitSource>>();
  readonly detectionSets = new Map<string, Set<DetectionSource>>();
  readonly cpeTitles = new CpeTitles();
  /** OSV package advisories by id; of two versions of one, the later `modified` wins. */
  readonly advisories = new Map<string, Advisory>();

  nvd(record: NvdRecord): void {
    const current = this.nvdRecords.get(record.id);
    if (!current) this.nvdRecords.set(record.id, record);
    else if (record.lastModified > current.lastModified) this.nvdRecords.set(record.id, withScoresOf(record, current));
    else this.nvdRecords.set(record.id, withScoresOf(current, record));
  }

  cve5(record: Cve5Record): void {
    const current = this.cve5Records.get(record.id);
    if (!current || (record.updated ?? '') > (current.updated ?? '')) this.cve5Records.set(record.id, record);
  }

  kev(entry: KevEntry): void {
    this.kevEntries.set(entry.cveId, entry);
  }

  cwe(id: string, entry: CweEntry): void {
    // A weakness name wins over a category of the same id (there are none in 4.13; this is a guard).
    if (!this.cweCatalogue.has(id) || entry.kind === 'weakness') this.cweCatalogue.set(id, entry);
  }

  /** A dated FIRST value wins over an undated copy from another feed; of two dated ones, the newer day. */
  epss(cveId: string, score: EpssScore): void {
    const current = this.epssScores.get(cveId);
    if (!current || (score.date ?? '') >= (current.date ?? '')) this.epssScores.set(cveId, score);
  }

  exploit(cveId: string, source: ExploitSource): void {
    let set = this.exploitSets.get(cveId);
    if (!set) this.exploitSets.set(cveId, (set = new Set()));
    set.add(source);
  }

  detection(cveId: string, source: DetectionSource): void {
    let set = this.detectionSets.get(cveId);
    if (!set) this.detectionSets.set(cveId, (set = new Set()));
    set.add(source);
  }

  advisory(advisory: Advisory): void {
    const current = this.advisories.get(advisory.id);
    if (!current || advisory.modified > current.modified) this.advisories.set(advisory.id, advisory);
  }

  cpeTitle(entry: CpeTitleEntry): void {
    this.cpeTitles.add(entry);
  }

  /** Every CVE with a full record (NVD or CVE 5), sorted. KEV or exploit lists alone make no record. */
  recordIds(): string[] {
    return [...new Set([...this.nvdRecords.keys(), ...this.cve5Records.keys()])].sort(compareCveIds);
  }

  sourcesFor(id: string): CveSources {
    const nvd = this.nvdRecords.get(id);
    const cve5 = this.cve5Records.get(id);
    const kev = this.kevEntries.get(id);
    const epss = this.epssScores.get(id);
    return {
      id,
      ...(nvd ? { nvd } : {}),
      ...(cve5 ? { cve5 } : {}),
      ...(kev ? { kev } : {}),
      ...(epss ? { epss } : {}),
      exploits: this.exploitSets.get(id) ?? new Set(),
      detections: this.detectionSets.get(id) ?? new Set(),
      cweCatalogue: this.cweCatalogue,
      cpeTitles: this.cpeTitles,
    };
  }

  /** Hands out a CVE's sources and forgets its full records, so memory falls as a run writes. */
  takeSourcesFor(id: string): CveSources {
    const sources = this.sourcesFor(id);
    this.nvdRecords.delete(id);
    this.cve5Records.delete(id);
    return sources;
  }

  /** Drops the full records (not the side intelligence), for page-by-page NVD runs. */
  clearRecords(): void {
    this.nvdRecords.clear();
    this.cve5Records.clear();
  }
}

/** CVE ids by year, then number (CVE-2021-9999 before CVE-2021-10000). */
export function compareCveIds(a: string, b: string): number {
  const [, ya = '', na = ''] = a.split('-');
  const [, yb = '', nb = ''] = b.split('-');
  return ya.localeCompare(yb) || na.length - nb.length || na.localeCompare(nb);
}
