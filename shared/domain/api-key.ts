import { createHash, randomInt } from 'node:crypto';

/**
 * API key format (product-decisions §5): `pcve_` + 32 random base62 characters + a 6-character
 * base62 CRC-32 checksum of everything before it. The fixed prefix and the checksum let secret
 * scanners recognise a leaked key and verify it offline without calling us; only the SHA-256
 * hash of a key is ever stored.
 */
export const API_KEY_PREFIX = 'pcve_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH;
export const API_KEY_PATTERN = /^pcve_[0-9A-Za-z]{38}$/;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function toBase62(value: number, width: number): string {
  let out = '';
  let rest = value;
  while (rest > 0) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

function checksumOf(body: string): string {
  return toBase62(crc32(body), CHECKSUM_LENGTH);
}

export function generateApiKey(): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += BASE62[randomInt(62)];
  const body = API_KEY_PREFIX + random;
  return body + checksumOf(body);
}

/** Shape and checksum only: says nothing about whether the key is issued or revoked. */
export function isWellFormedApiKey(candidate: string): boolean {
  if (!API_KEY_PATTERN.test(candidate)) return false;
  const body = candidate.slice(0, API_KEY_PREFIX.length + RANDOM_LENGTH);
  return checksumOf(body) === candidate.slice(-CHECKSUM_LENGTH);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A non-secret handle for logs and the dashboard: derived from the hash, never the key. */
export function keyIdOf(keyHash: string): string {
  return `key_${keyHash.slice(0, 12)}`;
}

/**
 * The start of the key hash a key id names (keyIdOf): the account item's `current_key_pk` of a
 * current key begins with it, which a conditional write can test without the whole hash.
 */
export function keyHashPrefixOf(keyId: string): string {
  return keyId.slice('key_'.length);
}

/** What the dashboard may show of a key after the session that issued it: `pcve_AbCd…`. */
export function displayPrefixOf(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 4);
}
