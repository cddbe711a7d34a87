import type { CatalogueRecord } from '../domain/cve.js';
import { records1 } from './records-1.js';
import { records2 } from './records-2.js';
import { records3 } from './records-3.js';
import { records4 } from './records-4.js';

export const DEMO_NOTICE = 'Hand-written demo records for trying PlainCVE offline, not a live vulnerability feed.';

/**
 * A hand-written record that does not set `cvss_version` takes it from its own provenance
 * ("NVD primary CVSS v3.1"), so the demo says which scale each score is on like live records do.
 */
function withCvssVersion(record: CatalogueRecord): CatalogueRecord {
  if (record.cvss_version !== undefined) return record;
  const stated = /CVSS v(3\.1|3\.0|4\.0|2\.0|2)\b/.exec(record.provenance.cvss_score ?? '')?.[1];
  const version = stated === '2' ? '2.0' : (stated as CatalogueRecord['cvss_version']);
  return { ...record, cvss_version: record.cvss_score === null ? null : (version ?? null), cvss_vector: record.cvss_vector ?? null };
}

/** Well-known real CVEs written by hand (split over four files to keep each reviewable). */
export const demoCatalogue: readonly CatalogueRecord[] = [...records1, ...records2, ...records3, ...records4].map(withCvssVersion);
