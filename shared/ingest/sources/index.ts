/**
 * Recognising a source by its content (never by its file name): the first line decides for
 * line-oriented sources, the parsed document for whole-document ones.
 *
 * Each source here is what it is (kind, label) and how it is recognised (shared/ingest/sources/sniff.ts);
 * its parser, in its own module, is loaded (`import()`) only when a file of that kind is read: one
 * run reads few kinds, and the ingest function's cold start loads none of them. NVD 2.0 is the
 * exception: every run fetches NVD pages and reads them with the same parser.
 */
import { isNvdApiPage, isNvdCve, nvdPageCves, parseNvdCve } from './nvd.js';
import {
  isCpeDictionary,
  isCve5Record,
  isCweTable,
  isEpssCsv,
  isEpssTable,
  isExploitDbCsv,
  isExploitDbMap,
  isGithubPocRow,
  isKevCatalogue,
  isKevCsv,
  isMetasploitTable,
  isNucleiRow,
  isNvd11Feed,
  isNvd11Item,
  isOsv,
  isOsvDocument,
  isSemgrepRules,
  isSigmaTable,
  isSuricataRules,
  isSuricataTable,
  isYaraRules,
} from './sniff.js';
import { hasColumns, type DocumentSource, type LineSource, type StreamSource } from './source.js';

/** A line source whose parser is loaded with its module, on the first file of its kind. */
function lazyLines(kind: string, label: string, detect: LineSource['detect'], load: () => Promise<LineSource['parser']>): LineSource {
  return { kind, label, detect, parser: async (firstLine) => (await load())(firstLine) };
}

/** A document source whose reader is loaded with its module, on the first document of its kind. */
function lazyDocument(kind: string, label: string, detect: DocumentSource['detect'], load: () => Promise<DocumentSource['parse']>): DocumentSource {
  return { kind, label, detect, parse: async (text, json, sink) => (await load())(text, json, sink) };
}

// Each parser module, loaded on first use (esbuild makes each its own chunk).
const nvd11 = () => import('./nvd11.js');
const cve5 = () => import('./cve5.js');
const detections = () => import('./detections.js');
const exploits = () => import('./exploits.js');
const epss = () => import('./epss.js');
const kev = () => import('./kev.js');
const cweModule = () => import('./cwe.js');

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
const nvd11LinesSource = lazyLines(
  'nvd',
  'NVD',
  (_first, json) => isNvd11Item(json),
  async () => (await nvd11()).nvd11LinesParser,
);
/** A whole NVD JSON 1.1 feed file (`{"CVE_Items":[…]}`), as NVD published it. */
const nvd11FeedSource = lazyDocument(
  'nvd',
  'NVD',
  (_head, json) => isNvd11Feed(json),
  async () => (await nvd11()).readNvd11Feed,
);
const cve5LinesSource = lazyLines(
  'cve5',
  'CVE 5',
  (_first, json) => isCve5Record(json),
  async () => (await cve5()).cve5LinesParser,
);
const cve5DocumentSource = lazyDocument(
  'cve5',
  'CVE 5',
  (_head, json) => isCve5Record(json),
  async () => (await cve5()).readCve5Document,
);

// Detection sources (shared/ingest/sources/detections.ts).
const nucleiSource = lazyLines(
  'nuclei',
  'Nuclei',
  (_first, json) => isNucleiRow(json),
  async () => (await detections()).nucleiParser,
);
const osvLinesSource = lazyLines(
  'osv',
  'OSV',
  (_first, json) => isOsv(json),
  async () => (await detections()).osvLinesParser,
);
const osvDocumentSource = lazyDocument(
  'osv',
  'OSV',
  (_head, json) => isOsvDocument(json),
  async () => (await detections()).readOsvDocument,
);
const sigmaSource = lazyLines('sigma', 'Sigma', isSigmaTable, async () => (await detections()).sigmaParser);
const suricataTableSource = lazyLines('suricata', 'Suricata ET Open', isSuricataTable, async () => (await detections()).suricataTableParser);
const suricataRulesSource = lazyLines('suricata', 'Suricata ET Open', isSuricataRules, async () => (await detections()).suricataRulesParser);
const yaraSource = lazyDocument('yara', 'YARA', isYaraRules, async () => (await detections()).readYara);
const semgrepSource = lazyDocument('semgrep', 'Semgrep', isSemgrepRules, async () => (await detections()).readSemgrep);

// Exploit sources (shared/ingest/sources/exploits.ts).
const exploitDbMapSource = lazyLines('exploit-db', 'Exploit-DB', isExploitDbMap, async () => (await exploits()).exploitDbMapParser);
const exploitDbCsvSource = lazyLines('exploit-db', 'Exploit-DB', isExploitDbCsv, async () => (await exploits()).exploitDbCsvParser);
const metasploitSource = lazyLines('metasploit', 'Metasploit', isMetasploitTable, async () => (await exploits()).metasploitParser);
const githubPocSource = lazyLines(
  'github-poc',
  'GitHub PoC',
  (_first, json) => isGithubPocRow(json),
  async () => (await exploits()).githubPocParser,
);

const epssCsvSource = lazyLines('epss', 'FIRST EPSS', isEpssCsv, async () => (await epss()).epssCsvParser);
const epssTableSource = lazyLines('epss', 'FIRST EPSS', isEpssTable, async () => (await epss()).epssTableParser);
const kevJsonSource = lazyDocument(
  'kev',
  'CISA KEV',
  (_head, json) => isKevCatalogue(json),
  async () => (await kev()).readKevCatalogue,
);
const kevCsvSource = lazyLines('kev', 'CISA KEV', isKevCsv, async () => (await kev()).kevCsvParser);
const cweSource = lazyLines('cwe', 'CWE catalogue', isCweTable, async () => (await cweModule()).cweParser);

const cpeDictionarySource: StreamSource = {
  kind: 'cpe-dictionary',
  label: 'NVD CPE dictionary',
  detect: isCpeDictionary,
  parse: async (chunks, sink) => (await import('./cpe-dictionary.js')).readCpeDictionary(chunks, sink),
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

export const DOCUMENT_SOURCES: readonly DocumentSource[] = [
  nvdPageSource,
  nvd11FeedSource,
  cve5DocumentSource,
  kevJsonSource,
  osvDocumentSource,
  yaraSource,
  semgrepSource,
];

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
