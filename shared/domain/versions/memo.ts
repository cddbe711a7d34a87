import type { VersionOrder } from './version-order.js';

/** Entries kept per order before the caches start afresh (a long-lived function stays bounded). */
const MAX_ENTRIES = 200_000;

/**
 * Remembers an order's answers: matching one component against an advisory compares the same
 * few event versions again and again, and parsing (PEP 440's regular expression above all) is
 * the whole cost of a comparison.
 */
export function memoised(order: VersionOrder): VersionOrder {
  const valid = new Map<string, boolean>();
  const compared = new Map<string, number>();
  const spellings = new Map<string, string>();
  const canonical = order.canonical?.bind(order);
  return {
    ...(canonical
      ? {
          canonical(version: string) {
            let answer = spellings.get(version);
            if (answer === undefined) {
              if (spellings.size >= MAX_ENTRIES) spellings.clear();
              answer = canonical(version);
              spellings.set(version, answer);
            }
            return answer;
          },
        }
      : {}),
    valid(version) {
      let answer = valid.get(version);
      if (answer === undefined) {
        if (valid.size >= MAX_ENTRIES) valid.clear();
        answer = order.valid(version);
        valid.set(version, answer);
      }
      return answer;
    },
    compare(a, b) {
      const key = `${a}\u0000${b}`;
      let answer = compared.get(key);
      if (answer === undefined) {
        if (compared.size >= MAX_ENTRIES) compared.clear();
        answer = order.compare(a, b);
        compared.set(key, answer);
      }
      return answer;
    },
  };
}
