import { demoCatalogue } from '../demo/catalogue.js';
import { cveRepository } from '../repositories/cve-repository.js';

/** Loads the hand-written demo catalogue (local runs only; AWS ingests the real feeds). */
export async function seedDemoCatalogue(): Promise<number> {
  await cveRepository.putMany(demoCatalogue);
  return demoCatalogue.length;
}
