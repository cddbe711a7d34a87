/**
 * Detection sources, each keyed by CVE id. A CVE listed here can be detected with public rules
 * (product decisions §6): Nuclei templates, Sigma rules, Suricata (ET Open) rules, YARA rules,
 * Semgrep rules, OSV.dev advisories.
 */
import { parseOsvAdvisory } from './osv.js';
import { cveIdsIn, hasColumns, tsvParser, type DocumentSource, type IntelSink, type LineSource } from './source.js';

const CVE_ID = /^CVE-\d{4}-\d{4,}$/;

/** Nuclei templates as JSON Lines (`template_id`, `cve_ids[]`, and the template's EPSS values). */
export const nucleiSource: LineSource = {
  kind: 'nuclei',
  label: 'Nuclei',
  detect: (_first, json) => typeof json === 'object' && json !== null && 'template_id' in json && 'cve_ids' in json,
  parser: () => (line, sink) => {
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
  },
};

/** Sigma rules keyed by CVE (`cve_id rule_id title level …`). */
export const sigmaSource: LineSource = {
  kind: 'sigma',
  label: 'Sigma',
  detect: (firstLine) => hasColumns(firstLine, 'cve_id', 'rule_id', 'title', 'level'),
  parser: (firstLine) =>
    tsvParser(firstLine, (row, sink) => {
      const id = row.cve_id?.trim().toUpperCase() ?? '';
      if (CVE_ID.test(id)) sink.detection(id, 'Sigma');
    }),
};

/** Suricata ET Open rules keyed by CVE (`cve_id sid rev msg …`). */
export const suricataTableSource: LineSource = {
  kind: 'suricata',
  label: 'Suricata ET Open',
  detect: (firstLine) => hasColumns(firstLine, 'cve_id', 'sid', 'rev', 'msg'),
  parser: (firstLine) =>
    tsvParser(firstLine, (row, sink) => {
      const id = row.cve_id?.trim().toUpperCase() ?? '';
      if (CVE_ID.test(id)) sink.detection(id, 'Suricata ET Open');
    }),
};

const RULE_LINE = /^#?\s*(alert|drop|reject|pass)\s+\S+\s+\S+\s+\S+\s+(->|<>)\s+/;

/** CVE ids of one Suricata/Snort rule: `reference:cve,2021-44228;` and metadata `cve CVE_2021_44228`. */
export function suricataRuleCves(rule: string): string[] {
  const ids = new Set<string>();
  for (const m of rule.matchAll(/reference\s*:\s*cve\s*,\s*(?:CVE-)?(\d{4})-(\d{4,})/gi)) ids.add(`CVE-${m[1]}-${m[2]}`);
  for (const m of rule.matchAll(/\bcve\s+CVE[_-](\d{4})[_-](\d{4,})/gi)) ids.add(`CVE-${m[1]}-${m[2]}`);
  return [...ids];
}

/** Raw Suricata/Snort rule files (`emerging-*.rules`), commented-out rules included. */
export const suricataRulesSource: LineSource = {
  kind: 'suricata',
  label: 'Suricata ET Open',
  detect: (firstLine) => RULE_LINE.test(firstLine) || /^#.*(Emerging Threats|ET OPEN|Suricata|Snort)/i.test(firstLine),
  parser: () => (line, sink) => {
    if (!RULE_LINE.test(line)) return;
    for (const id of suricataRuleCves(line)) sink.detection(id, 'Suricata ET Open');
  },
};

/** YARA rule files: each `rule Name { … }` block that names a CVE (in its meta or its name). */
export const yaraSource: DocumentSource = {
  kind: 'yara',
  label: 'YARA',
  detect: (head) => /^\s*(private\s+|global\s+)*rule\s+\w+[\s\S]*?\{/m.test(head) && /\b(condition|strings|meta)\s*:/.test(head),
  parse(text, _json, sink) {
    for (const block of text.split(/^\s*(?:private\s+|global\s+)*rule\s+/m).slice(1)) {
      for (const id of cveIdsIn(block)) sink.detection(id, 'YARA');
    }
  },
};

/** Semgrep rule files (YAML `rules:` with `- id:` entries): the CVE ids each rule names. */
export const semgrepSource: DocumentSource = {
  kind: 'semgrep',
  label: 'Semgrep',
  detect: (head) => /^rules:\s*$/m.test(head) && /^\s*-\s+id:\s*\S+/m.test(head),
  parse(text, _json, sink) {
    for (const block of text.split(/^\s*-\s+id:/m).slice(1)) {
      for (const id of cveIdsIn(block)) sink.detection(id, 'Semgrep');
    }
  },
};

interface RawOsv {
  id?: string;
  aliases?: string[];
  modified?: string;
}

function isOsv(value: unknown): value is RawOsv {
  return typeof value === 'object' && value !== null && typeof (value as RawOsv).id === 'string' && typeof (value as RawOsv).modified === 'string' && ('aliases' in value || 'affected' in value || 'schema_version' in value);
}

function osvCves(advisory: RawOsv): string[] {
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
export const osvLinesSource: LineSource = {
  kind: 'osv',
  label: 'OSV',
  detect: (_first, json) => isOsv(json),
  parser: () => (line, sink) => {
    if (!line) return;
    readOsv(JSON.parse(line), sink);
  },
};

export const osvDocumentSource: DocumentSource = {
  kind: 'osv',
  label: 'OSV',
  detect: (_head, json) => isOsv(json) || (Array.isArray(json) && json.length > 0 && json.every(isOsv)),
  parse(_text, json, sink) {
    for (const advisory of Array.isArray(json) ? json : [json]) readOsv(advisory, sink);
  },
};
