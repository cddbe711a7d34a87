import type { Advisory } from '../../domain/advisory.js';
import type { CpeTitleEntry } from '../names/cpe-titles.js';
import type { Cve5Record, CweEntry, DetectionSource, EpssScore, ExploitSource, KevEntry, NvdRecord } from '../../domain/nvd-record.js';

/** Where parsers put what they read; the catalogue assembler implements it. */
export interface IntelSink {
  nvd(record: NvdRecord): void;
  cve5(record: Cve5Record): void;
  kev(entry: KevEntry): void;
  cwe(id: string, entry: CweEntry): void;
  epss(cveId: string, score: EpssScore): void;
  exploit(cveId: string, source: ExploitSource): void;
  detection(cveId: string, source: DetectionSource): void;
  /** One entry of NVD's CPE dictionary: a versioned product's English title. */
  cpeTitle(entry: CpeTitleEntry): void;
  /** One OSV package advisory (withdrawn ones too: the store removes them). */
  advisory?(advisory: Advisory): void;
}

/** Reads one line of a line source into the sink. */
export type LineParser = (line: string, sink: IntelSink) => void;

/**
 * A source read line by line (JSON Lines, TSV, CSV). `detect` sees the first line of the
 * (decompressed) content; `parser` is created with that line and then sees every line,
 * the first included (a TSV parser skips its own header). A parser that needs a library only
 * its format uses (csv-parse) is created asynchronously and loads it then (`import()`): one run
 * reads few formats, and the ingest function's cold start loads none of them.
 */
export interface LineSource {
  readonly kind: string;
  /** Human name, as the progress bars and the summary show it. */
  readonly label: string;
  detect(firstLine: string, firstJson: unknown): boolean;
  parser(firstLine: string): LineParser | Promise<LineParser>;
}

/** A source read as one document (pretty-printed JSON, rule files). `parse` may first load its module. */
export interface DocumentSource {
  readonly kind: string;
  readonly label: string;
  detect(head: string, json: unknown): boolean;
  parse(text: string, json: unknown, sink: IntelSink): void | Promise<void>;
}

/**
 * A large source read as a stream of text chunks and never held whole (an XML dictionary).
 * `detect` sees the first 64 KB of the (decompressed) content.
 */
export interface StreamSource {
  readonly kind: string;
  readonly label: string;
  detect(head: string): boolean;
  parse(chunks: AsyncIterable<string>, sink: IntelSink): Promise<void>;
}

export const CVE_ID_IN_TEXT = /\bCVE-\d{4}-\d{4,}\b/gi;

/** Every distinct CVE id in a piece of text, upper-cased. */
export function cveIdsIn(text: string): string[] {
  return [...new Set((text.match(CVE_ID_IN_TEXT) ?? []).map((id) => id.toUpperCase()))];
}

export function tsvHeader(firstLine: string): string[] {
  return firstLine.replace(/\r$/, '').split('\t');
}

/** A TSV parser that maps each data line to an object by the header's column names. */
export function tsvParser(firstLine: string, onRow: (row: Record<string, string>, sink: IntelSink) => void) {
  const header = tsvHeader(firstLine);
  let first = true;
  return (line: string, sink: IntelSink) => {
    if (first) {
      first = false;
      return;
    }
    if (!line) return;
    const cells = line.replace(/\r$/, '').split('\t');
    const row: Record<string, string> = {};
    header.forEach((name, i) => (row[name] = cells[i] ?? ''));
    onRow(row, sink);
  };
}

export function hasColumns(firstLine: string, ...names: string[]): boolean {
  const header = tsvHeader(firstLine);
  return names.every((n, i) => header[i] === n);
}
