import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CORE_LIMIT, EXPORT_LIMIT, rateHeaders, retryAfterSeconds, windowAt } from '../../shared/domain/limits.js';

const at = (iso: string) => Date.parse(iso);
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('fixed rate windows (product-decisions §3)', () => {
  it('has the product limits: 100 per minute, 10 exports per hour', () => {
    expect(CORE_LIMIT).toEqual({ resource: 'core', limit: 100, windowSeconds: 60 });
    expect(EXPORT_LIMIT).toEqual({ resource: 'exports', limit: 10, windowSeconds: 3600 });
  });

  it('starts the minute window on the UTC minute', () => {
    expect(windowAt(at('2026-11-22T05:31:00.000Z'), 60)).toEqual({ start: seconds('2026-11-22T05:31:00Z'), resetAt: seconds('2026-11-22T05:32:00Z') });
    expect(windowAt(at('2026-11-22T05:31:59.999Z'), 60)).toEqual({ start: seconds('2026-11-22T05:31:00Z'), resetAt: seconds('2026-11-22T05:32:00Z') });
    expect(windowAt(at('2026-11-22T05:32:00.000Z'), 60).start).toBe(seconds('2026-11-22T05:32:00Z'));
  });

  it('starts the hour window on the UTC hour', () => {
    expect(windowAt(at('2026-11-22T05:00:00.000Z'), 3600)).toEqual({ start: seconds('2026-11-22T05:00:00Z'), resetAt: seconds('2026-11-22T06:00:00Z') });
    expect(windowAt(at('2026-11-22T05:59:59.999Z'), 3600).start).toBe(seconds('2026-11-22T05:00:00Z'));
    expect(windowAt(at('2026-11-22T06:00:00.000Z'), 3600).start).toBe(seconds('2026-11-22T06:00:00Z'));
    expect(windowAt(at('2026-12-31T23:59:59.999Z'), 3600).resetAt).toBe(seconds('2027-01-01T00:00:00Z'));
  });

  it('every instant lies in a window aligned to the UTC minute or hour (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.constantFrom(60, 3600), (nowMs, windowSeconds) => {
        const { start, resetAt } = windowAt(nowMs, windowSeconds);
        const startDate = new Date(start * 1000);
        return (
          start * 1000 <= nowMs &&
          nowMs < resetAt * 1000 &&
          resetAt - start === windowSeconds &&
          startDate.getUTCSeconds() === 0 &&
          (windowSeconds === 60 || startDate.getUTCMinutes() === 0)
        );
      }),
    );
  });

  it('puts the four rate headers on a response, Reset in Unix seconds', () => {
    expect(rateHeaders({ resource: 'core', limit: 100, remaining: 42, resetAt: 1_795_325_280 })).toEqual({
      'X-RateLimit-Limit': '100',
      'X-RateLimit-Remaining': '42',
      'X-RateLimit-Reset': '1795325280',
      'X-RateLimit-Resource': 'core',
    });
    expect(rateHeaders({ resource: 'exports', limit: 10, remaining: 0, resetAt: 5 })['X-RateLimit-Resource']).toBe('exports');
  });

  it('never reports a negative remainder (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (remaining) => {
        const value = Number(rateHeaders({ resource: 'core', limit: 100, remaining, resetAt: 60 })['X-RateLimit-Remaining']);
        return value === Math.max(0, remaining);
      }),
    );
  });

  it('asks a client to retry after the window ends, and never after 0 seconds', () => {
    expect(retryAfterSeconds(seconds('2026-11-22T05:32:00Z'), at('2026-11-22T05:31:15.000Z'))).toBe(45);
    expect(retryAfterSeconds(seconds('2026-11-22T05:32:00Z'), at('2026-11-22T05:31:59.900Z'))).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (nowMs) => {
        const { resetAt } = windowAt(nowMs, 60);
        const wait = retryAfterSeconds(resetAt, nowMs);
        return wait >= 1 && wait <= 60;
      }),
    );
  });
});
