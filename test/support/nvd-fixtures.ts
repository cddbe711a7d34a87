/**
 * NVD records built in a test, parsed and derived as the ingest does (`parseNvdCve`,
 * `deriveRecord`): each rule is checked where the ingest applies it. Ids are unique per process.
 */
import type { NvdRecord } from '../../shared/domain/nvd-record.js';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { readAttackFacts } from '../../shared/ingest/facts/reading.js';
import type { CpeTitles } from '../../shared/ingest/names/cpe-titles.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';

export const FIXTURE_NOW = new Date('2026-01-01T00:00:00Z');

export interface CpeMatchFixture {
  criteria: string;
  vulnerable?: boolean;
  versionStartIncluding?: string;
  versionEndExcluding?: string;
  versionEndIncluding?: string;
}

/** One OR node of vulnerable matches (a match may say `vulnerable: false`). */
export const orNode = (...cpeMatch: CpeMatchFixture[]) => ({
  nodes: [{ operator: 'OR', negate: false, cpeMatch: cpeMatch.map((m) => ({ vulnerable: true, ...m })) }],
});

let sequence = 0;

export function nvdFixture(description: string, configurations: object[] = [], references: { url: string; tags: string[] }[] = []) {
  sequence++;
  return parseNvdCve({
    id: `CVE-2099-${70000 + sequence}`,
    sourceIdentifier: 'cve@mitre.org',
    published: '2015-06-01T00:00:00.000',
    lastModified: '2015-06-02T00:00:00.000',
    vulnStatus: 'Analyzed',
    descriptions: [{ lang: 'en', value: description }],
    configurations,
    references,
  })!;
}

/** An NVD record scored by one CVSS v3.1 vector (the record's source's, NVD's by default). */
export function scoredNvdFixture(id: string, description: string, vector: string, source = 'nvd@nist.gov') {
  return parseNvdCve({
    id,
    sourceIdentifier: source,
    published: '2018-09-01T00:00:00.000',
    lastModified: '2019-06-01T00:00:00.000',
    vulnStatus: 'Analyzed',
    descriptions: [{ lang: 'en', value: description }],
    metrics: {
      cvssMetricV31: [
        {
          source,
          type: source === 'nvd@nist.gov' ? 'Primary' : 'Secondary',
          cvssData: { version: '3.1', vectorString: vector, baseScore: 6.5, baseSeverity: 'MEDIUM' },
        },
      ],
    },
  })!;
}

/** The catalogue record the ingest derives from an NVD record with this description and configurations. */
export function derivedFixture(
  description: string,
  configurations: object[] = [],
  options: { cpeTitles?: CpeTitles; references?: { url: string; tags: string[] }[] } = {},
) {
  const nvd = nvdFixture(description, configurations, options.references);
  return deriveRecord(
    { id: nvd.id, nvd, exploits: new Set(), detections: new Set(), cweCatalogue: new Map(), ...(options.cpeTitles ? { cpeTitles: options.cpeTitles } : {}) },
    FIXTURE_NOW,
  )!;
}

/** The attack facts the ingest reads from an NVD record built in a test, with `description` as its text. */
export function attackFactsOf(nvd: NvdRecord, description: string) {
  return readAttackFacts({
    sources: { id: nvd.id, nvd, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() },
    description,
    products: [],
    rejected: false,
  });
}
