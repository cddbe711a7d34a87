import type { Readable, Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

/** Below this, compression costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;

export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * The coding to answer with, from Accept-Encoding (RFC 9110 §12.5.3): the client's preferred
 * of br and gzip by q-value (br wins ties); identity when it lists neither.
 */
export function negotiateCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const q: Record<string, number> = {};
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[name.trim()] = Number.isFinite(value) ? value : 0;
  }
  const star = q['*'];
  const of = (coding: string) => q[coding] ?? star ?? 0;
  const br = of('br');
  const gzip = of('gzip');
  if (br <= 0 && gzip <= 0) return 'identity';
  return br >= gzip ? 'br' : 'gzip';
}

/** A body ready to stream, and the headers that describe its coding. */
export interface EncodedBody {
  readonly body: string | Readable;
  readonly headers: Record<string, string>;
}

function compressor(coding: Exclude<ContentCoding, 'identity'>, bytes: number): Transform {
  if (coding === 'gzip') return createGzip({ level: 6 });
  // Quality 5: most of brotli's gain at a fraction of the time of its default 11.
  return createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes } });
}

/**
 * Encodes a body as the client accepts (`br` or `gzip`; as is when it accepts neither, or for
 * bodies too small to gain). A compressed body is a stream the answer is piped from, so the
 * compressed bytes reach the client as they are produced, with no size limit (the exports
 * stream their answers).
 */
export function encodeBody(body: string, acceptEncoding: string | undefined): EncodedBody {
  const bytes = Buffer.byteLength(body, 'utf8');
  const coding = bytes < MIN_COMPRESS_BYTES ? 'identity' : negotiateCoding(acceptEncoding);
  if (coding === 'identity') return { body, headers: { Vary: 'Accept-Encoding' } };
  const stream = compressor(coding, bytes);
  stream.end(body, 'utf8');
  return { body: stream, headers: { Vary: 'Accept-Encoding', 'Content-Encoding': coding } };
}
