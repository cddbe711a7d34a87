import { demoCatalogue } from '../demo/catalogue.js';
import { cveRepository } from '../repositories/cve-repository.js';
import { rebuildFilterIndex } from './rebuild-filter-index.js';

/** Loads the hand-written demo catalogue (local runs only; AWS ingests the real feeds). */
export async function seedDemoCatalogue(): Promise<number> {
  await cveRepository.putMany(demoCatalogue);
  // Exports read the filter index, so it must follow every change to the catalogue.
  await rebuildFilterIndex();
  return demoCatalogue.length;
}
