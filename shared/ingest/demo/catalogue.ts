/**
 * The demo catalogue: well-known real CVEs written by hand for trying PlainCVE offline, kept as
 * data (`catalogue.json`) and checked by the catalogue record schema when loaded, so a malformed
 * entry fails at start-up rather than reaching a user. Scores, dates, CWEs and the typed `facts`
 * (product decisions §9) were checked against NVD, CVE 5, CISA KEV and the exploit/detection
 * lists of `../shared/data` where it holds the CVE (a real-data test re-checks them against the
 * derivation); `provenance` says which source each record rests on. `description` is the demo's
 * own hand-written account, not NVD's text (docs/ingest.md, "The demo catalogue").
 */
import * as z from '../../domain/zod.js';
import { catalogueRecordSchema } from '../../domain/cve.js';
import { factsSchema } from '../../domain/facts.js';
import records from './catalogue.json' with { type: 'json' };

export const DEMO_NOTICE = 'Hand-written demo records for trying PlainCVE offline, not a live vulnerability feed.';

/**
 * A demo record: a catalogue record marked `demo: true`, with the CVSS version and vector its
 * score comes from (product decisions §6 "Scores"; the same two fields the record schema carries)
 * and its facts: every answer of a demo record shows them (§9), so a record without is refused.
 */
export const demoRecordSchema = z.extend(catalogueRecordSchema, {
  demo: z.literal(true),
  facts: factsSchema,
  cvss_version: z.nullable(z.enum(['3.1', '3.0', '4.0', '2.0'])),
  cvss_vector: z.nullable(z.string().check(z.minLength(1))),
});
export type DemoRecord = z.infer<typeof demoRecordSchema>;

export function loadDemoCatalogue(data: unknown): readonly DemoRecord[] {
  return z.array(demoRecordSchema).parse(data);
}

export const demoCatalogue: readonly DemoRecord[] = loadDemoCatalogue(records);
