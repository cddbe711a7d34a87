/**
 * Reading a source file whatever its name: gzip is recognised by its magic bytes, the source by
 * its content (first line, else the first 64 KB, else the whole document). Line and stream sources
 * stream; documents are read whole.
 */
import { createReadStream, openSync, readFileSync, readSync, closeSync, statSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { Transform, type Readable } from 'node:stream';
import { recogniseByFirstLine, recogniseByHead, recogniseDocument, type Recognition } from './sources/index.js';
import type { IntelSink } from './sources/source.js';

const MAX_DOCUMENT_BYTES = 512 * 1024 * 1024;

export interface FileReport {
  readonly path: string;
  readonly recognition: Recognition;
  readonly lines: number;
}

function startsWith(path: string, magic: readonly number[]): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    return readSync(fd, head, 0, magic.length, 0) === magic.length && magic.every((byte, i) => head[i] === byte);
  } finally {
    closeSync(fd);
  }
}

const isGzip = (path: string) => startsWith(path, [0x1f, 0x8b]);
/** A zip archive (local file header): OSV.dev's per-ecosystem exports (`<ecosystem>/all.zip`). */
const isZip = (path: string) => startsWith(path, [0x50, 0x4b, 0x03, 0x04]);

/**
 * A zip of documents, each read as a document file would be (OSV.dev's exports hold one OSV
 * JSON record per entry). The archive is read whole, like any document. fflate is loaded here,
 * on the first zip, not with the ingest function.
 */
async function readZip(path: string, sink: IntelSink, onBytes?: (bytes: number) => void): Promise<FileReport> {
  const { unzipSync } = await import('fflate');
  const bytes = readFileSync(path);
  onBytes?.(bytes.length);
  const entries = unzipSync(bytes, { filter: (file) => file.name.endsWith('.json') });
  let recognition: Recognition = { type: 'unknown' };
  let lines = 0;
  for (const name of Object.keys(entries).sort()) {
    const text = Buffer.from(entries[name]!)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const found = recogniseDocument(text);
    if (found.type !== 'document') continue;
    await found.source.parse(text, safeJson(text), sink);
    recognition = found;
    lines++;
  }
  return { path, recognition, lines };
}

function openText(path: string, onBytes?: (bytes: number) => void): Readable {
  const raw = createReadStream(path, { highWaterMark: 1024 * 1024 });
  // Count compressed bytes in the pipe itself: a 'data' listener would start the flow before the reader is attached.
  const counted: Readable = onBytes
    ? raw.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            onBytes(chunk.length);
            done(null, chunk);
          },
        }),
      )
    : raw;
  if (!isGzip(path)) return counted;
  const gunzip = createGunzip();
  counted.on('error', (e) => gunzip.destroy(e));
  return counted.pipe(gunzip);
}

/** The first line of the (decompressed) content, at most 1 MB of it. */
export async function firstLineOf(path: string): Promise<string> {
  const stream = openText(path);
  let text = '';
  try {
    for await (const chunk of stream) {
      text += (chunk as Buffer).toString('utf8');
      const newline = text.indexOf('\n');
      if (newline >= 0) return text.slice(0, newline).replace(/\r$/, '');
      if (text.length > 1024 * 1024) break;
    }
    return text;
  } finally {
    stream.destroy();
  }
}

const HEAD_BYTES = 64 * 1024;

/** The first 64 KB of the (decompressed) content. */
async function headOf(path: string): Promise<string> {
  const stream = openText(path);
  let text = '';
  try {
    for await (const chunk of stream) {
      text += (chunk as Buffer).toString('utf8');
      if (text.length >= HEAD_BYTES) break;
    }
    return text.slice(0, HEAD_BYTES);
  } finally {
    stream.destroy();
  }
}

/** What a file holds, from its content. `undefined` recognition means "decide on the whole document". */
export async function recogniseFile(path: string): Promise<Recognition | undefined> {
  if (isZip(path)) return undefined;
  return recogniseByFirstLine((await firstLineOf(path)).replace(/^\uFEFF/, '')) ?? recogniseByHead((await headOf(path)).replace(/^\uFEFF/, ''));
}

async function* textChunks(stream: Readable): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of stream) yield decoder.decode(chunk as Buffer, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * Cuts text into lines as `readline` does (`\n`, `\r\n` or a lone `\r` ends a line; a last
 * line without an ending counts when not empty), but with `indexOf` on each new chunk and no
 * promise per line: readline's line-ending regular expression over every character was the
 * largest single cost of reading the NVD and CVE 5 files.
 */
export class LineSplitter {
  private partial: string[] = [];

  constructor(private readonly emit: (line: string) => void) {}

  push(text: string): void {
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      const piece = text.slice(start, end);
      this.line(this.partial.length > 0 ? this.partial.join('') + piece : piece);
      this.partial = [];
      start = end + 1;
    }
    if (start < text.length) this.partial.push(text.slice(start));
  }

  end(): void {
    const last = this.partial.join('');
    this.partial = [];
    if (last) this.line(last);
  }

  private line(line: string): void {
    if (!line.includes('\r')) {
      this.emit(line);
      return;
    }
    // Rare: a CRLF ending, or lone carriage returns inside what `\n` delimits.
    for (const part of (line.endsWith('\r') ? line.slice(0, -1) : line).split('\r')) this.emit(part);
  }
}

export function fileSize(path: string): number {
  return statSync(path).size;
}

/** Reads one file into `sink`; `onBytes` reports compressed bytes read (for progress bars). */
export async function readSourceFile(path: string, sink: IntelSink, onBytes?: (bytes: number) => void): Promise<FileReport> {
  if (isZip(path)) return readZip(path, sink, onBytes);
  const byLine = await recogniseFile(path);
  if (byLine && byLine.type !== 'lines' && byLine.type !== 'stream') return { path, recognition: byLine, lines: 0 };
  const stream = openText(path, onBytes);
  if (byLine?.type === 'stream') {
    await byLine.source.parse(textChunks(stream), sink);
    return { path, recognition: byLine, lines: 0 };
  }
  if (byLine?.type === 'lines') {
    const parse = await byLine.source.parser((await firstLineOf(path)).replace(/^\uFEFF/, ''));
    let lines = 0;
    const splitter = new LineSplitter((line) => {
      parse(lines === 0 ? line.replace(/^\uFEFF/, '') : line, sink);
      lines++;
    });
    for await (const text of textChunks(stream)) splitter.push(text);
    splitter.end();
    return { path, recognition: byLine, lines };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_DOCUMENT_BYTES) {
      stream.destroy();
      return { path, recognition: { type: 'unknown' }, lines: 0 };
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const recognition = recogniseDocument(text);
  if (recognition.type === 'document') await recognition.source.parse(text, safeJson(text), sink);
  return { path, recognition, lines: 0 };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
