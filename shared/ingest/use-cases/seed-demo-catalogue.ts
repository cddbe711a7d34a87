import { demoAdvisories } from '../demo/advisories.js';
import { demoCatalogue } from '../demo/catalogue.js';
import { advisoryRepository } from '../../repositories/advisory-repository.js';
import { cveRepository } from '../../repositories/cve-repository.js';
import { ChangeLogWriter } from './change-log-writer.js';
import { rebuildFilterIndex } from './rebuild-filter-index.js';
import { changesBetween } from './record-changes.js';

export interface DemoSeed {
  readonly records: number;
  readonly advisories: number;
  readonly changes: number;
}

/**
 * Loads the hand-written demo (local runs only; AWS ingests the real feeds): the catalogue, its
 * packages' OSV advisories (so package lookup and scan find something), and the change log of
 * that load, one `added` per record, so the change feed has what really happened to this store.
 */
export async function seedDemoCatalogue(clock: () => number = Date.now): Promise<DemoSeed> {
  await cveRepository.putMany(demoCatalogue);
  await advisoryRepository.putMany(demoAdvisories, await advisoryRepository.storedState(demoAdvisories.map((a) => a.id)));
  // Exports read the filter index, so it must follow every change to the catalogue.
  await rebuildFilterIndex();
  const changes = changesBetween(new Map(), demoCatalogue, clock());
  const writer = new ChangeLogWriter(clock);
  try {
    await writer.append(changes);
  } finally {
    await writer.close();
  }
  return { records: demoCatalogue.length, advisories: demoAdvisories.length, changes: changes.length };
}
