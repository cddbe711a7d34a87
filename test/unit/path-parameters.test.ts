import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePathSegment } from '../../shared/http/path-parameters.js';

describe('decodePathSegment', () => {
  it('decodes a segment as API Gateway REST APIs deliver it (still percent-encoded)', () => {
    expect(decodePathSegment('%20CVE-2021-44228%20')).toBe(' CVE-2021-44228 ');
    expect(decodePathSegment('caf%C3%A9')).toBe('café');
  });

  it('leaves an already decoded id alone', () => {
    expect(decodePathSegment('CVE-2021-44228')).toBe('CVE-2021-44228');
    expect(decodePathSegment(' cve-2021-44228 ')).toBe(' cve-2021-44228 ');
  });

  it('keeps what cannot be decoded as it was sent', () => {
    expect(decodePathSegment('%')).toBe('%');
    expect(decodePathSegment('%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('undoes encodeURIComponent for any string, and never throws (property)', () => {
    fc.assert(fc.property(fc.string(), (raw) => decodePathSegment(encodeURIComponent(raw)) === raw));
    fc.assert(fc.property(fc.string(), (raw) => typeof decodePathSegment(raw) === 'string'));
  });
});
