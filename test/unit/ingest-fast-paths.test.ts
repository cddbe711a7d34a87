/**
 * The ingest's fast paths (shared/ingest/sources/nvd.ts utcTimestamp, sources/cpe.ts
 * cleanVersion, derive/product-order.ts initialisms) skip work for the common case; each must
 * give exactly what the general path gives, including at the edges of the case it recognises.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanVersion } from '../../shared/domain/cpe/cpe-name.js';
import { utcTimestamp } from '../../shared/ingest/sources/nvd.js';
import { mentionIndex } from '../../shared/ingest/derive/product-order.js';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('utcTimestamp', () => {
  it('gives what Date gives for every NVD- and CVE 5-form timestamp (milliseconds or not, Z or not), days 29 to 31 of every month included', () => {
    fc.assert(
      fc.property(
        fc.record({
          year: fc.integer({ min: 1970, max: 2099 }),
          month: fc.integer({ min: 1, max: 12 }),
          day: fc.integer({ min: 1, max: 31 }),
          hour: fc.integer({ min: 0, max: 23 }),
          minute: fc.integer({ min: 0, max: 59 }),
          second: fc.integer({ min: 0, max: 59 }),
          ms: fc.integer({ min: 0, max: 999 }),
        }),
        fc.boolean(),
        fc.boolean(),
        ({ year, month, day, hour, minute, second, ms }, withMs, withZ) => {
          const local = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${withMs ? `.${pad(ms, 3)}` : ''}`;
          expect(utcTimestamp(`${local}${withZ ? 'Z' : ''}`)).toBe(new Date(`${local}Z`).toISOString());
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('rolls an impossible day over as Date does, and keeps other forms on the general path', () => {
    expect(utcTimestamp('2018-02-30T00:00:00.000')).toBe('2018-03-02T00:00:00.000Z');
    expect(utcTimestamp('2018-01-10T01:29:00')).toBe('2018-01-10T01:29:00.000Z');
    expect(utcTimestamp('2018-01-10T01:29:00.29Z')).toBe('2018-01-10T01:29:00.290Z');
    expect(utcTimestamp('2018-01-10T01:29:00.297123Z')).toBe('2018-01-10T01:29:00.297Z');
    expect(utcTimestamp('2018-01-10T01:29:00.297+02:00')).toBe('2018-01-09T23:29:00.297Z');
    expect(utcTimestamp('2018-13-10T01:29:00.297')).toBe('');
    expect(utcTimestamp('not a time')).toBe('');
  });
});

describe('cleanVersion', () => {
  /** The general path alone, as it was before the fast path. */
  const general = (value: string) => {
    const cleaned = value
      .trim()
      .replace(/[\s,;]+$/, '')
      .replace(/\b(and|or),\s/g, '$1 ');
    return /[0-9A-Za-z]/.test(cleaned) && !/^(null|undefined|none|n\/a|na|unspecified|unknown|\*)$/i.test(cleaned.trim()) ? cleaned : undefined;
  };

  it('gives what the general cleaning gives, for versions plain and not', () => {
    const pieces = fc.constantFrom('1', '0', '2.4', '-beta', '_rc1', ' ', ',', ';', 'and, ', 'or, ', 'null', 'n/a', 'unknown', '*', '+deb9u1', '~1', 'x', '.');
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 6 }).map((parts) => parts.join('')),
        (value) => {
          expect(cleanVersion(value)).toBe(general(value));
        },
      ),
      { numRuns: 3000 },
    );
    for (const value of ['1.2.3', '2.4.49', '10.0.19041.1415', '1.0-beta2', '7u80', '1.2.3,', '1.2.3 ', 'unknown', '-'])
      expect(cleanVersion(value)).toBe(general(value));
  });
});

describe('product mentions around bracketed initials', () => {
  const asa = { vendor: 'cisco', product: 'adaptive_security_appliance_software' };

  it('reads a name across its bracketed initials, and only across initials', () => {
    expect(mentionIndex(asa, 'A flaw in Cisco Adaptive Security Appliance (ASA) Software allows a remote attacker.', 'first')).toBeGreaterThan(0);
    // Brackets without capital initials leave the text as it is: the name is interrupted.
    expect(mentionIndex(asa, 'A flaw in Cisco Adaptive Security Appliance (the firewall) Software allows a remote attacker.', 'first')).toBe(-1);
    const clam = { vendor: 'clamav', product: 'clamav' };
    expect(mentionIndex(clam, 'Clam AntiVirus (ClamAV) before 0.99 crashes.', 'first')).toBeGreaterThan(0);
    // A model number after the initials continues the name (CVE-2008-2733).
    const asa5500 = { vendor: 'cisco', product: 'adaptive_security_appliance_5500' };
    expect(mentionIndex(asa5500, 'Cisco PIX and Adaptive Security Appliance (ASA) 5500 devices 7.2 before 7.2(4)2 crash.', 'first')).toBeGreaterThan(0);
  });
});
