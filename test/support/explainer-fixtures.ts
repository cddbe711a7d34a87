/** The explainer's input for a record with nothing known yet: tests spread it and set what they check. */
import type { ExplainerInput } from '../../shared/ingest/explainer/index.js';

export const emptyExplainerInput: ExplainerInput = {
  rejected: false,
  cweIds: [],
  cweCatalogue: new Map(),
  products: [],
  cvssScore: null,
  severity: 'UNKNOWN',
  inKev: false,
  exploitCode: false,
  patch: { status: 'not_available', patch_urls: [], days_unpatched: 0 },
  mitigation: false,
};
