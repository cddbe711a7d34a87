import { factsSchema } from './facts.js';
import { RISK_LEVELS, riskScaleInWords } from './risk-scale.js';
import * as z from './zod.js';

/**
 * CVE ids are matched after trimming and upper-casing, so `cve-2021-44228 ` is accepted. The
 * sequence part has 4 to 19 digits: 19 digits (a signed 64-bit integer) is beyond any id ever
 * assigned, and an unbounded one can exceed what the store accepts as a key (2,048 bytes).
 */
export const CVE_ID_PATTERN = /^CVE-\d{4}-\d{4,19}$/;

export const severitySchema = z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN']);
export type Severity = z.infer<typeof severitySchema>;

/** Wherever a risk level is shown its meaning goes with it (product decisions §10): here, in the OpenAPI document. */
export const riskLevelSchema = z.enum(RISK_LEVELS).register(z.globalRegistry, { description: riskScaleInWords() });
export type RiskLevel = z.infer<typeof riskLevelSchema>;

export const patchStatusSchema = z.enum(['available', 'partial', 'workaround_only', 'not_available']);
export type PatchStatus = z.infer<typeof patchStatusSchema>;

export const tagTypeSchema = z.enum(['vendor', 'product', 'technology']);

/**
 * Said in the OpenAPI document because a reader checks the plain text against it: the demo's
 * records were written by hand, so their description is the demo's account, not NVD's words.
 */
const descriptionField = z.string().register(z.globalRegistry, {
  description:
    "NVD's English description, else the CVE 5 CNA's (for the hand-written demo records that a local `npm start` loads, the demo's own account, not NVD's text).",
});

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a date of the form YYYY-MM-DD'));
const cvssScore = z.number().check(z.minimum(0), z.maximum(10));

/** The CVSS version a record's score comes from (product-decisions §6 "Scores"), best first. */
export const CVSS_VERSIONS = ['3.1', '3.0', '4.0', '2.0'] as const;
export const cvssVersionSchema = z.enum(CVSS_VERSIONS);
export type CvssVersion = z.infer<typeof cvssVersionSchema>;

/** FIRST EPSS for one CVE: the probability of exploitation in the next 30 days, its percentile and the model's day. */
export const epssSchema = z
  .object({ score: z.number().check(z.minimum(0), z.maximum(1)), percentile: z.number().check(z.minimum(0), z.maximum(1)), date: isoDate })
  .register(z.globalRegistry, { id: 'Epss' });
export type Epss = z.infer<typeof epssSchema>;

export const referenceSchema = z
  .object({
    title: z.string().check(z.minLength(1)),
    url: z.url(),
    ref_type: z.string().check(z.minLength(1)),
  })
  .register(z.globalRegistry, { id: 'Reference' });

export const explanationSchema = z
  .object({
    summary: z.string().check(z.minLength(1)),
    affected: z.string().check(z.minLength(1)),
    fix: z.string().check(z.minLength(1)),
    references: z.array(referenceSchema),
  })
  .register(z.globalRegistry, { id: 'Explanation' });

/** Exploit intelligence as the catalogue stores it: the inputs of the risk rule and its level. */
export const exploitIntelSchema = z.object({
  risk_level: riskLevelSchema,
  detectable: z.boolean(),
  weaponized: z.boolean(),
  detection_sources: z.array(z.string()),
  exploit_sources: z.array(z.string()),
  /** Present only where FIRST EPSS has the CVE. */
  epss: z.optional(epssSchema),
});
export type ExploitIntel = z.infer<typeof exploitIntelSchema>;

/**
 * Exploit intelligence as every answer shows it (lookup, JSON export, change feed, webhooks):
 * the stored fields plus `risk_meaning`, written from them when answered, never stored in the
 * catalogue, so the words cannot drift from the level (product decisions §10).
 */
export const exploitIntelAnswerSchema = z
  .extend(exploitIntelSchema, {
    risk_meaning: z.string().check(z.minLength(1)).register(z.globalRegistry, {
      description:
        'The risk level in words for this CVE, e.g. "HIGH: a public exploit exists and detection rules exist": it measures a detection gap (a public exploit and no detection rule), not severity or urgency.',
    }),
  })
  .register(z.globalRegistry, { id: 'ExploitIntel' });
export type ExploitIntelAnswer = z.infer<typeof exploitIntelAnswerSchema>;

export const patchSchema = z
  .object({
    status: patchStatusSchema,
    patch_date: z.optional(isoDate),
    patch_urls: z.array(z.url()),
    days_unpatched: z.number().check(z.int(), z.minimum(0)),
  })
  .register(z.globalRegistry, { id: 'Patch' });
export type Patch = z.infer<typeof patchSchema>;

export const tagSchema = z.object({ tag: z.string().check(z.minLength(1)), tag_type: tagTypeSchema }).register(z.globalRegistry, { id: 'Tag' });
export type Tag = z.infer<typeof tagSchema>;

/** Interface §2.4: one element of `data.cves` in the JSON export. */
export const exportRecordSchema = z
  .object({
    cve_id: z.string().check(z.regex(CVE_ID_PATTERN)),
    title: z.string().check(z.minLength(1)),
    severity: severitySchema,
    cvss_score: z.nullable(cvssScore),
    description: descriptionField,
    published_date: isoDate,
    cwe_ids: z.array(z.string().check(z.regex(/^CWE-\d+$/))),
    explanation: z.optional(explanationSchema),
    exploit_intel: z.optional(exploitIntelAnswerSchema),
    patch: z.optional(patchSchema),
    tags: z.array(tagSchema),
    cvss_version: z.nullable(z.enum(['3.1', '3.0', '4.0', '2.0'])),
    cvss_vector: z.nullable(z.string().check(z.minLength(1))),
    /**
     * Product decisions §9; absent only in records ingested before facts were read (every demo
     * record carries them: the demo schema requires them).
     */
    facts: z.optional(factsSchema),
  })
  .register(z.globalRegistry, { id: 'ExportRecord' });
export type ExportRecord = z.infer<typeof exportRecordSchema>;

/**
 * What the catalogue table holds for one CVE: the export record plus what the service needs
 * but does not export (CWE names for the SARIF taxonomy, KEV membership, provenance).
 * Lookup and exports read this same item.
 */
export const catalogueRecordSchema = z.extend(exportRecordSchema, {
  /** Stored without `risk_meaning`: the answers write it from these fields. */
  exploit_intel: z.optional(exploitIntelSchema),
  /** Optional in storage: items written before scores of every version were read lack them (read as null). */
  cvss_version: z.optional(z.nullable(cvssVersionSchema)),
  cvss_vector: z.optional(z.nullable(z.string().check(z.minLength(1)))),
  cwe_names: z.record(z.string(), z.string()),
  in_kev: z.boolean(),
  rejected: z.boolean(),
  /** True for the hand-written demo catalogue, so no one mistakes it for a live feed. */
  demo: z.optional(z.boolean()),
  /** field (or field group) → the source that said it, e.g. `cvss_score: "nvd@nist.gov (Primary)"`. */
  provenance: z.record(z.string(), z.string()),
  /** Last-modified timestamp of the newest source that fed the record. */
  source_modified: z.optional(z.string()),
  /**
   * Change log: when PlainCVE's record last changed in a product field (ISO timestamp), set by
   * the ingest when it logs a change; the export filter `modified_since` reads it.
   */
  modified_at: z.optional(z.string()),
  /** Ingest: SHA-256 of the record's content (days_unpatched excluded), so unchanged records are not rewritten. */
  content_hash: z.optional(z.string()),
  /** Ingest: CISA KEV's date added and required action, when the CVE is in KEV. */
  kev_date_added: z.optional(z.string()),
  kev_required_action: z.optional(z.string()),
});
export type CatalogueRecord = z.infer<typeof catalogueRecordSchema>;

/** Interface §2.2: what the lookup endpoint returns. */
export const cveExplanationSchema = z
  .object({
    cve_id: z.string().check(z.regex(CVE_ID_PATTERN)),
    title: z.string().check(z.minLength(1)),
    severity: severitySchema,
    cvss_score: z.nullable(cvssScore),
    summary: z.string().check(z.minLength(1)),
    affected: z.string().check(z.minLength(1)),
    fix: z.string().check(z.minLength(1)),
    references: z.array(z.object({ title: z.string(), url: z.url() }).register(z.globalRegistry, { id: 'LookupReference' })),
    cvss_version: z.nullable(z.enum(['3.1', '3.0', '4.0', '2.0'])),
    cvss_vector: z.nullable(z.string().check(z.minLength(1))),
    epss: z.nullable(epssSchema),
    // Product decisions §9: beside the interface's fields, what the JSON export record carries,
    // the facts and the source's description, so one call answers and the text can be checked.
    description: descriptionField,
    published_date: isoDate,
    cwe_ids: z.array(z.string().check(z.regex(/^CWE-\d+$/))),
    exploit_intel: z.optional(exploitIntelAnswerSchema),
    patch: z.optional(patchSchema),
    tags: z.array(tagSchema),
    in_kev: z.boolean(),
    /** CISA KEV's date added and required action, present when the CVE is in KEV. */
    kev: z.optional(z.object({ date_added: z.optional(z.string()), required_action: z.optional(z.string()) }).register(z.globalRegistry, { id: 'KevEntry' })),
    facts: z.optional(factsSchema),
  })
  .register(z.globalRegistry, { id: 'CveExplanation' });
export type CveExplanation = z.infer<typeof cveExplanationSchema>;

/** Interface §2.3 columns, in order. */
export const CSV_COLUMNS = ['cve_id', 'title', 'severity', 'cvss_score', 'published_date', 'patch_status', 'days_unpatched', 'risk_level'] as const;

/**
 * Columns appended after the interface's (product-decisions §4: additions go at the end);
 * `risk_meaning` says the interface's `risk_level` in words (product decisions §10).
 */
export const CSV_EXTRA_COLUMNS = ['cvss_version', 'cvss_vector', 'epss_score', 'epss_percentile', 'risk_meaning'] as const;

/** Every column of a CSV export, in order: the one list the writer, the OpenAPI text and docs/exports.md follow. */
export const CSV_HEADER = [...CSV_COLUMNS, ...CSV_EXTRA_COLUMNS] as const;

export const exportMetaSchema = z
  .object({
    total: z.number().check(z.int(), z.minimum(0)),
    exported: z.number().check(z.int(), z.minimum(0)),
    max_rows: z.number().check(z.int()),
    exported_at: z.iso.datetime(),
    next_cursor: z.optional(z.string()).register(z.globalRegistry, {
      description:
        'Present when rows are left (total > the rows of this and earlier pages): call the same export with `cursor=<next_cursor>` and no other parameter, within 24 hours, with the same key.',
    }),
  })
  .register(z.globalRegistry, { id: 'ExportMeta' });
export type ExportMeta = z.infer<typeof exportMetaSchema>;

export const healthSchema = z.object({ status: z.literal('healthy'), product: z.literal('PlainCVE') }).register(z.globalRegistry, { id: 'Health' });
