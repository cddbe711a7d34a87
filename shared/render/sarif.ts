import { createHash } from 'node:crypto';
import type { Log, ReportingDescriptor, Result, ReportingDescriptorRelationship } from 'sarif';
import type { CatalogueRecord } from '../domain/cve.js';
import { RISK_LEVEL_SCALE, riskMeaning } from '../domain/risk-meaning.js';
import type { ExportFilters } from '../query/export-query.js';
import { escapeMarkdown, markdownLink } from './markdown.js';

export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
export const CWE_TAXONOMY = {
  name: 'CWE',
  version: '4.13',
  informationUri: 'https://cwe.mitre.org/data/published/cwe_v4.13.pdf',
  organization: 'MITRE',
} as const;
/** GitHub code scanning truncates longer descriptions; SARIF itself sets no limit. */
export const MAX_DESCRIPTION_LENGTH = 1024;
export const MAX_TAGS = 10;
/**
 * References listed in `help.markdown`; the rest are on the helpUri page. Keeps 1000 rules
 * within the answer size limit (docs/exports.md) without dropping data from the export: the
 * full list is one click away.
 */
export const MAX_HELP_REFERENCES = 10;

export type SarifLevel = 'error' | 'warning' | 'note';

/** Interface §4.5 mapping; an unscored CVE is a `warning` (product-decisions §4). */
export function sarifLevel(score: number | null): SarifLevel {
  if (score === null) return 'warning';
  if (score >= 7.0) return 'error';
  if (score >= 4.0) return 'warning';
  return 'note';
}

/** Cuts at a character boundary and marks the cut, so the text stays within `max`. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars.slice(0, max - 1).join('')}…`;
}

function nonEmpty(text: string | undefined, fallback: string): string {
  return text && text.trim() !== '' ? text : fallback;
}

const UNSTATED_AFFECTED = 'The public record does not yet say which products are affected.';
const UNSTATED_FIX = "No fix is recorded yet; follow the references for the vendor's guidance.";

function cweNumber(cweId: string): string {
  return cweId.replace(/^CWE-/, '');
}

/** Interface tags first (security, CVE, one per CWE), then the record's own tags, at most 10. */
export function ruleTags(record: CatalogueRecord): string[] {
  const tags = ['security', 'CVE', ...record.cwe_ids.map((id) => `external/cwe/${id.toLowerCase()}`)];
  for (const tag of record.tags) if (!tags.includes(tag.tag)) tags.push(tag.tag);
  return tags.slice(0, MAX_TAGS);
}

/**
 * A code-scanning user sees `risk-level` beside the alert and would read it as severity: the help
 * says what it measures (product decisions §10). Not in `help.text`, whose form the interface fixes.
 */
function riskLines(record: CatalogueRecord): string[] {
  const intel = record.exploit_intel;
  if (!intel) return [];
  // PlainCVE's own words, no source text in them: nothing to escape.
  return ['', `**Risk level:** ${riskMeaning(intel.risk_level, intel)}. ${RISK_LEVEL_SCALE}.`];
}

/** Every source-derived string is escaped (shared/render/markdown.ts): the help renders as text. */
function helpMarkdown(record: CatalogueRecord, affected: string, fix: string, helpUri: string): string {
  const explanation = record.explanation;
  const text = escapeMarkdown;
  const lines = [
    `**${text(record.cve_id)}: ${text(record.title)}**`,
    '',
    text(nonEmpty(explanation?.summary, nonEmpty(record.description, nonEmpty(record.title, record.cve_id)))),
    '',
    `**Affected:** ${text(affected)}`,
    '',
    `**Fix:** ${text(fix)}`,
    ...riskLines(record),
  ];
  const references = explanation?.references ?? [];
  if (references.length > 0) {
    lines.push('', '**References:**', ...references.slice(0, MAX_HELP_REFERENCES).map((r) => `- ${markdownLink(r.title, r.url)}`));
    if (references.length > MAX_HELP_REFERENCES) {
      lines.push(`- … ${references.length - MAX_HELP_REFERENCES} more on the ${markdownLink('PlainCVE page', helpUri)}`);
    }
  }
  return lines.join('\n');
}

function rule(record: CatalogueRecord, baseUrl: string, taxonIndex: Map<string, number>): ReportingDescriptor {
  const affected = nonEmpty(record.explanation?.affected, UNSTATED_AFFECTED);
  const fix = nonEmpty(record.explanation?.fix, UNSTATED_FIX);
  const helpUri = `${baseUrl}/cve/${record.cve_id}`;
  const relationships: ReportingDescriptorRelationship[] = record.cwe_ids.map((id) => ({
    target: { id: cweNumber(id), index: taxonIndex.get(cweNumber(id)) ?? 0, toolComponent: { name: CWE_TAXONOMY.name, index: 0 } },
    kinds: ['superset'],
  }));
  return {
    id: record.cve_id,
    shortDescription: { text: clip(nonEmpty(record.title, record.cve_id), MAX_DESCRIPTION_LENGTH) },
    fullDescription: {
      text: clip(nonEmpty(record.explanation?.summary, nonEmpty(record.description, nonEmpty(record.title, record.cve_id))), MAX_DESCRIPTION_LENGTH),
    },
    helpUri,
    help: { text: `Affected: ${affected}\n\nFix: ${fix}`, markdown: helpMarkdown(record, affected, fix, helpUri) },
    defaultConfiguration: { level: sarifLevel(record.cvss_score) },
    ...(relationships.length > 0 ? { relationships } : {}),
    properties: {
      ...(record.cvss_score === null ? {} : { 'security-severity': record.cvss_score.toFixed(1) }),
      tags: ruleTags(record),
      ...cvssProperties(record),
    },
  };
}

/** Which CVSS version and vector the score comes from (product-decisions §6), where a source gives one. */
function cvssProperties(record: CatalogueRecord): Record<string, string> {
  return {
    ...(record.cvss_version ? { 'cvss-version': record.cvss_version } : {}),
    ...(record.cvss_vector ? { 'cvss-vector': record.cvss_vector } : {}),
  };
}

/** Stable across exports, so a re-upload updates the same alert instead of adding one. */
export function fingerprint(cveId: string, path: string): string {
  return `${createHash('sha256').update(`${cveId}\u0000${path}`).digest('hex').slice(0, 16)}:1`;
}

/** `plaincve/<hash of the filters>/`: one analysis category per distinct query. */
export function automationId(filters: ExportFilters): string {
  const canonical = JSON.stringify(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return `plaincve/${createHash('sha256').update(canonical).digest('hex').slice(0, 12)}/`;
}

function result(record: CatalogueRecord, ruleIndex: number, path: string): Result {
  // The scale is named with the score: a v2 7.5 and a v3.1 7.5 are not the same claim (§6).
  const scale = record.cvss_version ? `CVSS v${record.cvss_version === '2.0' ? '2' : record.cvss_version}` : 'CVSS';
  const score = record.cvss_score === null ? 'CVSS unknown' : `${scale} ${record.cvss_score.toFixed(1)}`;
  return {
    ruleId: record.cve_id,
    ruleIndex,
    level: sarifLevel(record.cvss_score),
    message: { text: `${record.cve_id}: ${record.title} (${score})` },
    locations: [{ physicalLocation: { artifactLocation: { uri: path }, region: { startLine: 1 } } }],
    partialFingerprints: { primaryLocationLineHash: fingerprint(record.cve_id, path) },
    properties: {
      ...(record.cvss_score === null ? {} : { 'cvss-score': record.cvss_score }),
      ...cvssProperties(record),
      ...(record.exploit_intel?.epss
        ? {
            'epss-score': record.exploit_intel.epss.score,
            'epss-percentile': record.exploit_intel.epss.percentile,
            'epss-date': record.exploit_intel.epss.date,
          }
        : {}),
      ...(record.exploit_intel
        ? { 'risk-level': record.exploit_intel.risk_level, 'risk-meaning': riskMeaning(record.exploit_intel.risk_level, record.exploit_intel) }
        : {}),
      ...(record.patch ? { 'patch-status': record.patch.status } : {}),
      weaponized: record.exploit_intel?.weaponized ?? false,
    },
  };
}

export interface SarifContext {
  readonly baseUrl: string;
  readonly toolVersion: string;
  readonly productName: string;
  readonly sarifPath: string;
  readonly filters: ExportFilters;
}

/** Interface §4.5 plus product-decisions §4's additions for GitHub code scanning. */
export function renderSarif(records: readonly CatalogueRecord[], context: SarifContext): Log {
  const cweNames = new Map<string, string>();
  for (const record of records) {
    for (const id of record.cwe_ids) {
      const n = cweNumber(id);
      const name = record.cwe_names[id] ?? record.cwe_names[n];
      if (!cweNames.has(n) || (name && cweNames.get(n) === id)) cweNames.set(n, nonEmpty(name, id));
    }
  }
  const taxa = [...cweNames.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([id, name]) => ({ id, shortDescription: { text: clip(name, MAX_DESCRIPTION_LENGTH) } }));
  const taxonIndex = new Map(taxa.map((t, i) => [t.id, i]));
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: context.productName,
            version: context.toolVersion,
            informationUri: context.baseUrl,
            rules: records.map((r) => rule(r, context.baseUrl, taxonIndex)),
          },
        },
        taxonomies: [{ ...CWE_TAXONOMY, shortDescription: { text: 'CWE: the Common Weakness Enumeration' }, taxa }],
        automationDetails: { id: automationId(context.filters) },
        results: records.map((r, i) => result(r, i, context.sarifPath)),
      },
    ],
  };
}
