/**
 * What other slices may use of the catalogue slice (docs/architecture.md, "Slices"): the export's
 * row selection (a watchlist's preview is an export with its filters) and the package lookup's
 * matching (a scan looks up each component as the package lookup does).
 */
export { selectExportRows } from './use-cases/export-cves.js';
export { affectingAdvisories, catalogueRecordsFor, fixAdvice, vulnerabilitiesOf, type Component } from './use-cases/package-vulnerabilities.js';
