import { gunzipSync } from 'node:zlib';
import { ApiError } from '../domain/errors.js';
import { MAX_MANIFEST_BYTES, MAX_MANIFEST_LABEL } from './manifest.js';

function tooLarge(): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `The manifest is larger than the ${MAX_MANIFEST_BYTES} bytes (${MAX_MANIFEST_LABEL}) a scan accepts.`);
}

/**
 * The manifest's bytes from a request body, un-gzipped when the client sent
 * `Content-Encoding: gzip` (a large lockfile shrinks about tenfold, well inside the request
 * limits in front of the function). The size limit applies to the manifest itself: a gzip
 * body is inflated no further than that.
 */
export function decodeManifestBody(body: Buffer, contentEncoding: string | undefined): Buffer {
  const coding = (contentEncoding ?? 'identity').trim().toLowerCase();
  if (coding === 'identity' || coding === '') {
    if (body.length > MAX_MANIFEST_BYTES) throw tooLarge();
    return body;
  }
  if (coding !== 'gzip') {
    throw new ApiError('BAD_REQUEST', `Content-Encoding ${coding} is not accepted: send the manifest as it is, or gzip it (Content-Encoding: gzip).`);
  }
  try {
    return gunzipSync(body, { maxOutputLength: MAX_MANIFEST_BYTES });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) throw tooLarge();
    throw new ApiError('BAD_REQUEST', 'The body says Content-Encoding: gzip but is not valid gzip data.');
  }
}
