import type { Facts } from '../../domain/facts.js';
import type { FactInput } from './input.js';

export type FixFacts = Pick<Facts, 'fixed_in' | 'last_affected' | 'fix_stated'>;

/** Which versions fix the flaw and which are the newest affected, per product, branch and platform (§9). */
export function readFixFacts(input: FactInput): FixFacts {
  void input;
  return { fixed_in: [], last_affected: [], fix_stated: false };
}
