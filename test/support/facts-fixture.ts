/** A record's facts for a test: nothing stated unless the test says so. */
import type { Facts } from '../../shared/domain/facts.js';

export const factsFixture = (overrides: Partial<Facts> = {}): Facts => ({
  impacts: [],
  attack: { position: null, privileges: null, user_interaction: null },
  component: null,
  products: [],
  fixed_in: [],
  last_affected: [],
  fix_stated: false,
  exploit_public: false,
  aka: [],
  ...overrides,
});
