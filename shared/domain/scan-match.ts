import type { ScanFinding } from './scan-report.js';

/** A finding plus what places it in the manifest (for stable SARIF fingerprints and VEX product ids). */
export interface ScanMatch {
  readonly finding: ScanFinding;
  /** The component's place in the manifest: `npm:node_modules/a`, `PyPI:django`, `sbom:<bom-ref>`. */
  readonly componentKey: string;
  /** The component's CPE, when the SBOM gives one (OpenVEX and SARIF name the product by it when it has no purl). */
  readonly cpe?: string | null;
}
