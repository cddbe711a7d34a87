/**
 * What other slices may use of the accounts slice (docs/architecture.md, "Slices"): admission and
 * the export allowance, which every charged answer spends, and the signed-in session's type.
 */
export { admitRequest } from './use-cases/admit-request.js';
export { spendExportUnit, withExportRate } from './use-cases/export-allowance.js';
export type { ActiveSession } from './use-cases/sessions.js';
