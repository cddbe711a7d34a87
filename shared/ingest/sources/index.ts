/**
 * Recognising a source by its content (never by its file name): the first line decides for
 * line-oriented sources, the parsed document for whole-document ones.
 */
import { parseCve5Record, isCve5Record } from './cve5.js';
import { cpeDictionarySource } from './cpe-dictionary.js';
import { cweSource } from './cwe.js';
import { nucleiSource, osvDocumentSource, osvLinesSource, semgrepSource, sigmaSource, suricataRulesSource, suricataTableSource, yaraSource } from './detections.js';
import { epssCsvSource, epssTableSource } from './epss.js';
import { exploitDbCsvSource, exploitDbMapSource, githubPocSource, metasploitSource } from './exploits.js';
import { kevCsvSource, kevJsonSource } from './kev.js';
import { isNvdApiPage, isNvdCve, nvdPageCves, parseNvdCve } from './nvd.js';
import { isNvd11Feed, isNvd11Item, nvd11FeedItems, parseNvd11Item } from './nvd11.js';
import { hasColumns, type DocumentSource, type LineSource, type StreamSource } from './source.js';

export const nvdLinesSource: LineSource = {
  kind: 'nvd',
  label: 'NVD',
  detect: (_first, json) => isNvdCve(json),
  parser: () => (line, sink) => {
    if (!line) return;
    const record = parseNvdCve(JSON.parse(line));
    if (record) sink.nvd(record);
  },
};

export const nvdPageSource: DocumentSource = {
  kind: 'nvd',
  label: 'NVD',
  detect: (_head, json) => isNvdApiPage(json),
  parse(_text, json, sink) {
    for (const cve of nvdPageCves(json)) {
      const record = parseNvdCve(cve);
      if (record) sink.nvd(record);
    }
  },
};

/** NVD JSON 1.1 feed items written one per line. */
export const nvd11LinesSource: LineSource = {
  kind: 'nvd',
  label: 'NVD',
  detect: (_first, json) => isNvd11Item(json),
  parser: () => (line, sink) => {
    if (!line) return;
    const record = parseNvd11Item(JSON.parse(line));
    if (record) sink.nvd(record);
  },
};

/** A whole NVD JSON 1.1 feed file (`{"CVE_Items":[…]}`), as NVD published it. */
export const nvd11FeedSource: DocumentSource = {
  kind: 'nvd',
  label: 'NVD',
  detect: (_head, json) => isNvd11Feed(json),
  parse(_text, json, sink) {
    for (const item of nvd11FeedItems(json)) {
      const record = parseNvd11Item(item);
      if (record) sink.nvd(record);
    }
  },
};

export const cve5LinesSource: LineSource = {
  kind: 'cve5',
  label: 'CVE 5',
  detect: (_first, json) => isCve5Record(json),
  parser: () => (line, sink) => {
    if (!line) return;
    const record = parseCve5Record(JSON.parse(line));
    if (record) sink.cve5(record);
  },
};

export const cve5DocumentSource: DocumentSource = {
  kind: 'cve5',
  label: 'CVE 5',
  detect: (_head, json) => isCve5Record(json),
  parse(_text, json, sink) {
    const record = parseCve5Record(json);
    if (record) sink.cve5(record);
  },
};

/** Order matters only where two could match; the most specific comes first. */
export const LINE_SOURCES: readonly LineSource[] = [
  nvdLinesSource,
  nvd11LinesSource,
  cve5LinesSource,
  nucleiSource,
  githubPocSource,
  osvLinesSource,
  cweSource,
  kevCsvSource,
  exploitDbMapSource,
  exploitDbCsvSource,
  metasploitSource,
  sigmaSource,
  suricataTableSource,
  suricataRulesSource,
  epssCsvSource,
  epssTableSource,
];

export const DOCUMENT_SOURCES: readonly DocumentSource[] = [nvdPageSource, nvd11FeedSource, cve5DocumentSource, kevJsonSource, osvDocumentSource, yaraSource, semgrepSource];

/** Sources too large to read whole, recognised from the head of the content. */
export const STREAM_SOURCES: readonly StreamSource[] = [cpeDictionarySource];

/** Content that is known and deliberately not read, with the reason the summary prints. */
const IGNORED_TABLES: readonly { columns: string[]; reason: string }[] = [
  { columns: ['cve_id', 'in_kev'], reason: 'a join derived from the other exploit files, which are read directly' },
  { columns: ['cve_id', 'state', 'ssvc_exploitation'], reason: 'flattened from CVE 5 records, which are read directly' },
  { columns: ['cve_id', 'nvd_api2.0'], reason: 'a coverage report, not a source' },
];

export type Recognition =
  | { readonly type: 'lines'; readonly source: LineSource }
  | { readonly type: 'document'; readonly source: DocumentSource }
  | { readonly type: 'stream'; readonly source: StreamSource }
  | { readonly type: 'ignored'; readonly reason: string }
  | { readonly type: 'unknown' };

function tryJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

/** Decides from the first line (line sources, and tables to skip). */
export function recogniseByFirstLine(firstLine: string): Recognition | undefined {
  const json = tryJson(firstLine);
  for (const source of LINE_SOURCES) if (source.detect(firstLine, json)) return { type: 'lines', source };
  for (const ignored of IGNORED_TABLES) if (hasColumns(firstLine, ...ignored.columns)) return { type: 'ignored', reason: ignored.reason };
  return undefined;
}

/** Decides from the first 64 KB, for content the first line could not place. */
export function recogniseByHead(head: string): Recognition | undefined {
  for (const source of STREAM_SOURCES) if (source.detect(head)) return { type: 'stream', source };
  return undefined;
}

/** Decides from the whole document, for content the first line could not place. */
export function recogniseDocument(text: string): Recognition {
  const json = tryJson(text);
  for (const source of DOCUMENT_SOURCES) if (source.detect(text.slice(0, 65_536), json)) return { type: 'document', source };
  if (typeof json === 'object' && json !== null && '$schema' in json) return { type: 'ignored', reason: 'a JSON schema, not a source' };
  return { type: 'unknown' };
}
