import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { APIGatewayProxyResult } from 'aws-lambda';

/**
 * Lambda's synchronous answer is capped at 6 MB (the whole JSON result, so a base64 body gets
 * 4/3 of its size). Exports over this many bytes are always compressed; smaller ones are
 * compressed when the client accepts it. docs/exports.md has the measurements.
 */
export const UNCOMPRESSED_LIMIT_BYTES = 4 * 1024 * 1024;
/** The encoded body, base64, must stay under 6 MB with room for the headers. */
export const ENCODED_LIMIT_BYTES = Math.floor(((6 * 1024 * 1024 - 16 * 1024) * 3) / 4);
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

export class ExportTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(`The compressed export is ${bytes} bytes, over the answer limit`);
    this.name = 'ExportTooLargeError';
  }
}

function compress(body: Buffer, coding: Exclude<ContentCoding, 'identity'>): Buffer {
  if (coding === 'gzip') return gzipSync(body, { level: 6 });
  // Quality 5: most of brotli's gain at a fraction of the time of its default 11.
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/**
 * Encodes an answer as the client accepts. An export too big to return uncompressed is
 * gzip-encoded even when the client did not ask (a missing Accept-Encoding means any coding is
 * acceptable, RFC 9110 §12.5.3); one that would still not fit throws ExportTooLargeError, so
 * the caller can give the export unit back.
 */
export function encodeResponse(
  response: APIGatewayProxyResult,
  acceptEncoding: string | undefined,
): APIGatewayProxyResult {
  const body = Buffer.from(response.body, 'utf8');
  let coding = negotiateCoding(acceptEncoding);
  if (body.length < MIN_COMPRESS_BYTES) coding = 'identity';
  if (coding === 'identity' && body.length > UNCOMPRESSED_LIMIT_BYTES) coding = 'gzip';
  const headers = { ...response.headers, Vary: 'Accept-Encoding' };
  if (coding === 'identity') return { ...response, headers };
  const encoded = compress(body, coding);
  if (encoded.length > ENCODED_LIMIT_BYTES) throw new ExportTooLargeError(encoded.length);
  return {
    ...response,
    headers: { ...headers, 'Content-Encoding': coding },
    body: encoded.toString('base64'),
    isBase64Encoded: true,
  };
}
