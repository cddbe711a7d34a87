import type { AffectedProduct } from '../../domain/nvd-record.js';
import type { CveSources } from '../derive/inputs.js';

/** What the fact readers get: the sources, and what the derivation has already settled. */
export interface FactInput {
  readonly sources: CveSources;
  /** The description the record shows (NVD's English text, else the CNA's). */
  readonly description: string;
  /** The affected products, named and ordered as the record shows them. */
  readonly products: readonly AffectedProduct[];
  readonly rejected: boolean;
}
