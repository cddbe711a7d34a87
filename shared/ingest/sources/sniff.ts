/**
 * Recognising each source from the first line, the head or the parsed document: only the cheap
 * tests, with nothing of the parsers. The ingest function loads this at start; a source's parser
 * (its own module) is loaded when a file of that kind is read (shared/ingest/sources/index.ts).
 */
import { hasColumns } from './source.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A CVE JSON 5 record (`dataType: CVE_RECORD` with a CVE id). */
export function isCve5Record(value: unknown): boolean {
  if (!isObject(value)) return false;
  const v = value as { dataType?: unknown; cveMetadata?: { cveId?: unknown } };
  return v.dataType === 'CVE_RECORD' && typeof v.cveMetadata?.cveId === 'string';
}

/** An NVD JSON 1.1 feed document. */
export function isNvd11Feed(value: unknown): boolean {
  return isObject(value) && Array.isArray(value.CVE_Items);
}

/** One NVD JSON 1.1 `CVE_Items` entry (feeds written one item per line). */
export function isNvd11Item(value: unknown): boolean {
  if (!isObject(value)) return false;
  const item = value as { cve?: { CVE_data_meta?: { ID?: unknown } } };
  return typeof item.cve?.CVE_data_meta?.ID === 'string' && 'publishedDate' in value;
}

/** One OSV record: an id, a modified time, and aliases, affected packages or a schema version. */
export function isOsv(value: unknown): value is { id?: string; aliases?: string[]; modified?: string } {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.modified === 'string' &&
    ('aliases' in value || 'affected' in value || 'schema_version' in value)
  );
}

export const isOsvDocument = (json: unknown) => isOsv(json) || (Array.isArray(json) && json.length > 0 && json.every(isOsv));

export const isNucleiRow = (json: unknown) => isObject(json) && 'template_id' in json && 'cve_ids' in json;
export const isGithubPocRow = (json: unknown) => isObject(json) && 'cve_id' in json && 'poc_github' in json;

export const isSigmaTable = (firstLine: string) => hasColumns(firstLine, 'cve_id', 'rule_id', 'title', 'level');
export const isSuricataTable = (firstLine: string) => hasColumns(firstLine, 'cve_id', 'sid', 'rev', 'msg');

/** A Suricata/Snort rule line, commented out or not. */
export const SURICATA_RULE_LINE = /^#?\s*(alert|drop|reject|pass)\s+\S+\s+\S+\s+\S+\s+(->|<>)\s+/;
export const isSuricataRules = (firstLine: string) => SURICATA_RULE_LINE.test(firstLine) || /^#.*(Emerging Threats|ET OPEN|Suricata|Snort)/i.test(firstLine);

export const isYaraRules = (head: string) => /^\s*(private\s+|global\s+)*rule\s+\w+[\s\S]*?\{/m.test(head) && /\b(condition|strings|meta)\s*:/.test(head);
export const isSemgrepRules = (head: string) => /^rules:\s*$/m.test(head) && /^\s*-\s+id:\s*\S+/m.test(head);

export const isExploitDbMap = (firstLine: string) => hasColumns(firstLine, 'cve_id', 'edb_ids');
export const isExploitDbCsv = (firstLine: string) => firstLine.startsWith('id,file,description,') && firstLine.includes('codes');
export const isMetasploitTable = (firstLine: string) => hasColumns(firstLine, 'cve_id', 'module_path');

export const isEpssCsv = (firstLine: string) => firstLine.startsWith('#model_version') || firstLine.replace(/\r$/, '') === 'cve,epss,percentile';
export const isEpssTable = (firstLine: string) => hasColumns(firstLine, 'cve_id', 'epss_score', 'epss_percentile');

export const isKevCatalogue = (json: unknown) => isObject(json) && 'catalogVersion' in json && Array.isArray(json.vulnerabilities);
export const KEV_CSV_HEADER = 'cveID,vendorProject,product,vulnerabilityName,dateAdded';
export const isKevCsv = (firstLine: string) => firstLine.replace(/^\uFEFF/, '').startsWith(KEV_CSV_HEADER);

export const isCweTable = (firstLine: string) => hasColumns(firstLine, 'cwe_id', 'name');

/** NVD's CPE dictionary: its root element in its namespace, as it appears within the first few lines. */
export const isCpeDictionary = (head: string) => /<cpe-list\b[^>]*xmlns="http:\/\/cpe\.mitre\.org\/dictionary\/2\.0"/.test(head);
