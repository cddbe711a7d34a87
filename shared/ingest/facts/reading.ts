import type { Facts } from '../../domain/facts.js';
import type { FactInput } from './input.js';

export type ReadFacts = Omit<Facts, 'fixed_in' | 'last_affected' | 'fix_stated'>;

/** What is wrong, where, who can attack and what they gain, the products, exploit and aka (§9). */
export function readAttackFacts(input: FactInput): ReadFacts {
  void input;
  return { impacts: [], attack: { position: null, privileges: null, user_interaction: null }, component: null, products: [], exploit_public: false, aka: [] };
}
