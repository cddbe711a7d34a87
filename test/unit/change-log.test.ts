import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bucketOf,
  decodeCursor,
  encodeCursor,
  newChangeId,
  positionAtEndOf,
  positionBefore,
  positionTime,
  readHorizon,
} from '../../shared/domain/change-log.js';

describe('change ids and cursors (product-decisions §7)', () => {
  it('ids made one after another sort in that order, even within one millisecond or with a clock that steps back', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }), { minLength: 2, maxLength: 50 }), (times) => {
        const ids = times.map((t) => newChangeId(t));
        expect([...ids].sort()).toEqual(ids);
        expect(new Set(ids).size).toBe(ids.length);
      }),
    );
  });

  it('ids made over many clock steps (the random pool refilled several times) each draw fresh random parts', () => {
    const start = Date.parse('2030-01-01T00:00:00Z'); // ahead of the other tests' times
    const ids = Array.from({ length: 1200 }, (_, i) => newChangeId(start + i));
    expect(ids.every((id) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id))).toBe(true);
    const randomParts = new Set(ids.map((id) => id.slice(10)));
    expect(randomParts.size).toBe(ids.length);
    // Every symbol of Crockford's alphabet turns up in the first random character: the bytes are spread.
    expect(new Set(ids.map((id) => id[10])).size).toBe(32);
  });

  it('positions bracket every id made in their millisecond', () => {
    const t = Date.parse('2026-01-02T03:04:05.678Z');
    const id = newChangeId(t + 10_000_000_000); // keep the monotonic factory ahead of earlier tests
    const at = positionTime(id);
    expect(positionBefore(at) < id).toBe(true);
    expect(positionAtEndOf(at) > id).toBe(true);
    expect(positionAtEndOf(at - 1) < id).toBe(true);
    expect(bucketOf(positionBefore(t))).toBe('CHANGES#2026-01-02');
  });

  it("the read horizon is the lowest of now less the skew margin and every live writer's mark", () => {
    const now = Date.parse('2026-05-01T00:00:00Z');
    expect(readHorizon(now, 5000, [])).toBe(positionAtEndOf(now - 5000));
    const mark = positionBefore(now - 60_000);
    expect(readHorizon(now, 5000, [positionBefore(now), mark])).toBe(mark);
  });

  it('a cursor round-trips its position; anything else is not a cursor', () => {
    const position = positionBefore(Date.parse('2026-01-02T00:00:00Z'));
    expect(decodeCursor(encodeCursor(position))).toBe(position);
    for (const bad of ['', 'abc', position, encodeCursor('not-a-ulid'), Buffer.from(`c2.${position}`).toString('base64url'), 'a'.repeat(65), 'a+b/c=']) {
      expect(decodeCursor(bad)).toBeUndefined();
    }
  });
});
