import { parseCycloneDx } from './cyclonedx.js';
import { checkJsonBounds, checkJsonTextDepth } from './json-bounds.js';
import { MAX_MANIFEST_BYTES, MAX_MANIFEST_LABEL, badManifest, type ParsedManifest } from './manifest.js';
import { parsePackageLock } from './package-lock.js';
import { looksLikeRequirements, parseRequirements } from './requirements.js';
import { parseSpdx } from './spdx.js';
import { ApiError } from '../domain/errors.js';

/** The body as text: UTF-8 (a byte-order mark is dropped), at most MAX_MANIFEST_BYTES. */
export function manifestText(body: Buffer | string): string {
  const size = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length;
  if (size > MAX_MANIFEST_BYTES) {
    throw new ApiError('PAYLOAD_TOO_LARGE', `The manifest is ${size} bytes; a scan accepts at most ${MAX_MANIFEST_BYTES} bytes (${MAX_MANIFEST_LABEL}).`);
  }
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (text.includes('\uFFFD')) throw badManifest('The manifest is not UTF-8 text.');
  return text.replace(/^\uFEFF/, '');
}

/**
 * Recognises the manifest's kind from its content (product-decisions §8) and reads its
 * components: a JSON document is a CycloneDX SBOM (`bomFormat: "CycloneDX"`), an SPDX document
 * (`spdxVersion`) or an npm lockfile (`lockfileVersion`); anything else must read as a pip
 * requirements file.
 */
export async function parseManifest(body: Buffer | string): Promise<ParsedManifest> {
  const text = manifestText(body);
  if (text.trim() === '') throw badManifest('The request body is empty: send a CycloneDX or SPDX JSON SBOM, a package-lock.json or a requirements.txt.');
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    checkJsonTextDepth(text);
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (error) {
      throw badManifest(`The body starts like JSON but is not valid JSON: ${error instanceof Error ? error.message : String(error)}.`);
    }
    if (typeof document !== 'object' || document === null || Array.isArray(document)) {
      throw badManifest('The JSON body is not an object: send a CycloneDX or SPDX JSON SBOM or a package-lock.json.');
    }
    checkJsonBounds(document);
    const fields = document as Record<string, unknown>;
    if (fields.bomFormat === 'CycloneDX') return parseCycloneDx(document);
    if ('spdxVersion' in fields) return parseSpdx(document);
    if ('lockfileVersion' in fields) return parsePackageLock(text, document);
    throw badManifest(
      'The JSON document is none of the kinds a scan reads: a CycloneDX SBOM has "bomFormat": "CycloneDX", an SPDX document "spdxVersion", a package-lock.json "lockfileVersion".',
    );
  }
  if (!looksLikeRequirements(text)) {
    throw badManifest(
      'The body is not a manifest a scan reads: not JSON (CycloneDX, SPDX, package-lock.json) and not a pip requirements.txt (one requirement or option per line).',
    );
  }
  return parseRequirements(text);
}
