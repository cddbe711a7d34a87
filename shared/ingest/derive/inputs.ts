import type { CpeTitles } from '../names/cpe-titles.js';
import type { Cve5Record, CweEntry, DetectionSource, EpssScore, ExploitSource, KevEntry, NvdRecord } from '../../domain/nvd-record.js';

/** Everything the sources said about one CVE: what each derivation reads. */
export interface CveSources {
  readonly id: string;
  readonly nvd?: NvdRecord;
  readonly cve5?: Cve5Record;
  readonly kev?: KevEntry;
  readonly exploits: ReadonlySet<ExploitSource>;
  readonly detections: ReadonlySet<DetectionSource>;
  readonly epss?: EpssScore;
  readonly cweCatalogue: ReadonlyMap<string, CweEntry>;
  /** Product display names from NVD's CPE dictionary, when a run read one. */
  readonly cpeTitles?: CpeTitles;
}

/** A derived value and the source it rests on (the record's `provenance` entry). */
export interface Derived<T> {
  readonly value: T;
  readonly provenance: string;
}

export const NVD = 'NVD';
export const cnaName = (cve5: { cna: { shortName: string } }) => `CVE 5 CNA ${cve5.cna.shortName}`;
export const ADP = 'CVE 5 CISA-ADP';
