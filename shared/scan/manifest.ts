import type { Ecosystem } from '../domain/advisory.js';
import { ApiError } from '../domain/errors.js';
import { MAX_COMPONENTS, MAX_MANIFEST_BYTES, MAX_MANIFEST_LABEL } from '../domain/limits.js';

/** The ecosystems a scan can match against OSV (OSV's own names). */
export type ScanEcosystem = Ecosystem;

/** What a scan accepts (product-decisions §8), recognised from the content. */
export type ManifestKind = 'cyclonedx' | 'spdx' | 'package-lock' | 'requirements';

// The manifest's limits and why 4 MB, not 5: shared/domain/limits.ts.
export { MAX_COMPONENTS, MAX_MANIFEST_BYTES, MAX_MANIFEST_LABEL };

/** The file a SARIF result points at when the caller names none (`manifest_path`). */
export const DEFAULT_MANIFEST_PATH: Record<ManifestKind, string> = {
  cyclonedx: 'bom.json',
  spdx: 'sbom.spdx.json',
  'package-lock': 'package-lock.json',
  requirements: 'requirements.txt',
};

/** One component of a manifest, as the scan matches it. */
export interface ScanComponent {
  readonly name: string;
  readonly version: string;
  /** The component's package URL (given by an SBOM, or built for a lockfile entry). */
  readonly purl: string | null;
  /** Where OSV advisories are looked up; null when the purl's type is no OSV ecosystem. */
  readonly ecosystem: ScanEcosystem | null;
  /** The name in OSV's spelling for that ecosystem (`@scope/name`, `group:artifact`, PEP 503 name). */
  readonly packageName: string | null;
  /** A CPE 2.3 name the SBOM gives for the component. */
  readonly cpe: string | null;
  /** 1-based line that declares the component; null for an SBOM (no meaningful lines). */
  readonly line: number | null;
  /** Where in the manifest the component sits (a lockfile path, an SBOM bom-ref); keeps fingerprints apart. */
  readonly locator: string;
}

/** A line or component the scan could not check, and why (listed in `not_checked`). */
export interface NotChecked {
  readonly entry: string;
  readonly line: number | null;
  readonly reason: string;
}

export interface ParsedManifest {
  readonly kind: ManifestKind;
  /** Every component found (checked or not): `components` in the answer. */
  readonly componentCount: number;
  /** The components that can be matched (an ecosystem package with a version, or a CPE). */
  readonly components: ScanComponent[];
  readonly notChecked: NotChecked[];
}

/** A 400 naming what is wrong with the manifest. */
export function badManifest(message: string, details?: { parameter: string; message: string }[]): ApiError {
  return new ApiError('BAD_REQUEST', message, details);
}

export function checkComponentCount(count: number): void {
  if (count > MAX_COMPONENTS) {
    throw badManifest(`The manifest lists ${count} components; a scan accepts at most ${MAX_COMPONENTS}.`);
  }
}
