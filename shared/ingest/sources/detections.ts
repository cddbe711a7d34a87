/**
 * Detection sources, each keyed by CVE id. A CVE listed here can be detected with public rules
 * (product decisions §6): Nuclei templates, Sigma rules, Suricata (ET Open) rules, YARA rules,
 * Semgrep rules, OSV.dev advisories.
 */
import { parseOsvAdvisory } from './osv.js';
import { isOsv, SURICATA_RULE_LINE as RULE_LINE } from './sniff.js';
import { cveIdsIn, tsvParser, type DocumentSource, type IntelSink, type LineSource } from './source.js';

const CVE_ID = /^CVE-\d{4}-\d{4,}$/;

/** Nuclei templates as JSON Lines (`template_id`, `cve_ids[]`, and the template's EPSS values). */
export const nucleiParser: LineSource['parser'] = () => (line, sink) => {
  if (!line) return;
  const row = JSON.parse(line) as { cve_ids?: string[]; epss_score?: number | null; epss_percentile?: number | null };
  for (const raw of row.cve_ids ?? []) {
    const id = raw.trim().toUpperCase();
    if (!CVE_ID.test(id)) continue;
    sink.detection(id, 'Nuclei');
    if (typeof row.epss_score === 'number' && typeof row.epss_percentile === 'number') {
      sink.epss(id, { score: row.epss_score, percentile: row.epss_percentile });
    }
  }
};

/** Sigma rules keyed by CVE (`cve_id rule_id title level …`). */
export const sigmaParser: LineSource['parser'] = (firstLine) =>
  tsvParser(firstLine, (row, sink) => {
    const id = row.cve_id?.trim().toUpperCase() ?? '';
    if (CVE_ID.test(id)) sink.detection(id, 'Sigma');
  });

/** Suricata ET Open rules keyed by CVE (`cve_id sid rev msg …`). */
export const suricataTableParser: LineSource['parser'] = (firstLine) =>
  tsvParser(firstLine, (row, sink) => {
    const id = row.cve_id?.trim().toUpperCase() ?? '';
    if (CVE_ID.test(id)) sink.detection(id, 'Suricata ET Open');
  });

/** CVE ids of one Suricata/Snort rule: `reference:cve,2021-44228;` and metadata `cve CVE_2021_44228`. */
export function suricataRuleCves(rule: string): string[] {
  const ids = new Set<string>();
  for (const m of rule.matchAll(/reference\s*:\s*cve\s*,\s*(?:CVE-)?(\d{4})-(\d{4,})/gi)) ids.add(`CVE-${m[1]}-${m[2]}`);
  for (const m of rule.matchAll(/\bcve\s+CVE[_-](\d{4})[_-](\d{4,})/gi)) ids.add(`CVE-${m[1]}-${m[2]}`);
  return [...ids];
}

/** Raw Suricata/Snort rule files (`emerging-*.rules`), commented-out rules included. */
export const suricataRulesParser: LineSource['parser'] = () => (line, sink) => {
  if (!RULE_LINE.test(line)) return;
  for (const id of suricataRuleCves(line)) sink.detection(id, 'Suricata ET Open');
};

/** YARA rule files: each `rule Name { … }` block that names a CVE (in its meta or its name). */
export const readYara: DocumentSource['parse'] = (text, _json, sink) => {
  for (const block of text.split(/^\s*(?:private\s+|global\s+)*rule\s+/m).slice(1)) {
    for (const id of cveIdsIn(block)) sink.detection(id, 'YARA');
  }
};

/** Semgrep rule files (YAML `rules:` with `- id:` entries): the CVE ids each rule names. */
export const readSemgrep: DocumentSource['parse'] = (text, _json, sink) => {
  for (const block of text.split(/^\s*-\s+id:/m).slice(1)) {
    for (const id of cveIdsIn(block)) sink.detection(id, 'Semgrep');
  }
};

function osvCves(advisory: { id?: string; aliases?: string[] }): string[] {
  return [advisory.id ?? '', ...(advisory.aliases ?? [])].map((a) => a.trim().toUpperCase()).filter((a) => CVE_ID.test(a));
}

/** An OSV record is both: its CVEs count as detectable, and it is a package advisory (shared/ingest/sources/osv.ts). */
function readOsv(record: unknown, sink: IntelSink): void {
  if (!isOsv(record)) return;
  for (const id of osvCves(record)) sink.detection(id, 'OSV');
  if (sink.advisory) {
    const advisory = parseOsvAdvisory(record);
    if (advisory) sink.advisory(advisory);
  }
}

/** OSV advisories: one per line, one per document, or an array of them. The advisory id or an alias names the CVE. */
export const osvLinesParser: LineSource['parser'] = () => (line, sink) => {
  if (!line) return;
  readOsv(JSON.parse(line), sink);
};

export const readOsvDocument: DocumentSource['parse'] = (_text, json, sink) => {
  for (const advisory of Array.isArray(json) ? json : [json]) readOsv(advisory, sink);
};
