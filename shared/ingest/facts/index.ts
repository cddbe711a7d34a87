/**
 * Product decisions §9: one step of the derivation reads each record into typed facts; the
 * title, summary, affected and fix texts are written from these and nothing else.
 */
import type { Facts } from '../../domain/facts.js';
import { readFixFacts } from './fixes.js';
import type { FactInput } from './input.js';
import { readAttackFacts, type FactProvenance } from './reading.js';

export type { FactInput } from './input.js';

/** The facts and, per fact, the source it came from (for the record's provenance map). */
export interface FactsReading {
  readonly facts: Facts;
  readonly provenance: FactProvenance;
}

export function deriveFacts(input: FactInput): FactsReading {
  const read = readAttackFacts(input);
  const fixes = readFixFacts(input);
  return {
    facts: {
      impacts: read.impacts,
      attack: read.attack,
      component: read.component,
      products: read.products,
      fixed_in: fixes.fixed_in,
      last_affected: fixes.last_affected,
      fix_stated: fixes.fix_stated,
      exploit_public: read.exploit_public,
      aka: read.aka,
    },
    provenance: read.provenance,
  };
}
