import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_KEY_LENGTH, API_KEY_PREFIX, displayPrefixOf, generateApiKey, hashApiKey, isWellFormedApiKey, keyIdOf } from '../../shared/domain/api-key.js';
import { createHash } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const base62Char = fc.constantFrom(...BASE62.split(''));

describe('API key format (product-decisions §5)', () => {
  it('is pcve_ + 32 base62 characters + a 6-character base62 checksum', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^pcve_[0-9A-Za-z]{32}[0-9A-Za-z]{6}$/);
    expect(key).toHaveLength(API_KEY_LENGTH);
    expect(API_KEY_LENGTH).toBe(5 + 32 + 6);
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
  });

  it('verifies its own checksum', () => {
    expect(isWellFormedApiKey(generateApiKey())).toBe(true);
  });

  it('issues a different random part every time', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey()));
    expect(keys.size).toBe(200);
  });

  it('every generated key is well formed (property)', () => {
    fc.assert(
      fc.property(fc.integer(), () => {
        const key = generateApiKey();
        return /^pcve_[0-9A-Za-z]{38}$/.test(key) && isWellFormedApiKey(key);
      }),
      { numRuns: 300 },
    );
  });

  it('fails the checksum when any one character after the prefix changes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: API_KEY_PREFIX.length, max: API_KEY_LENGTH - 1 }), base62Char, (index, replacement) => {
        const key = generateApiKey();
        fc.pre(key[index] !== replacement);
        const changed = key.slice(0, index) + replacement + key.slice(index + 1);
        return !isWellFormedApiKey(changed);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a key whose checksum is that of another body', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(isWellFormedApiKey(a.slice(0, -6) + b.slice(-6))).toBe(false);
  });

  it('refuses wrong prefix, wrong length, padding and non-base62 characters', () => {
    const key = generateApiKey();
    for (const bad of [
      '',
      'pcve_',
      key.slice(0, -1),
      `${key}0`,
      ` ${key}`,
      `${key} `,
      key.replace('pcve_', 'PCVE_'),
      key.replace('pcve_', 'pcvx_'),
      `${key.slice(0, 10)}-${key.slice(11)}`,
      `${key.slice(0, 10)}é${key.slice(11)}`,
    ]) {
      expect(isWellFormedApiKey(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('random strings are not well formed (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => !isWellFormedApiKey(s)),
      { numRuns: 500 },
    );
  });

  it('random strings of the right shape almost never carry a valid checksum (property)', () => {
    fc.assert(
      fc.property(fc.array(base62Char, { minLength: 38, maxLength: 38 }), (chars) => !isWellFormedApiKey(`pcve_${chars.join('')}`)),
      { numRuns: 500 },
    );
  });

  it('hashes with SHA-256 to 64 lower-case hex digits', () => {
    const key = generateApiKey();
    const hash = hashApiKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('derives a key id from the hash that reveals nothing of the key', () => {
    const key = generateApiKey();
    const id = keyIdOf(hashApiKey(key));
    expect(id).toMatch(/^key_[0-9a-f]{12}$/);
    expect(key.slice(5, 37).includes(id.slice(4))).toBe(false);
  });

  it('shows only the prefix and four characters on the dashboard', () => {
    const key = generateApiKey();
    expect(displayPrefixOf(key)).toBe(key.slice(0, 9));
  });
});
