import { entryText, oversizedField } from './bounds.js';
import { parseComponentCpe } from '../domain/cpe/component-cpe.js';
import type { NotChecked, ScanComponent } from './manifest.js';
import { parsePurl } from './purl.js';

export interface SbomEntry {
  readonly name: string;
  readonly version: string | undefined;
  readonly purl: string | undefined;
  readonly cpe: string | undefined;
  /** The SBOM's own reference for the component (bom-ref, SPDXID). */
  readonly locator: string;
}

/**
 * One SBOM component as the scan matches it: by purl (OSV) when its type is an OSV ecosystem,
 * by CPE (NVD's configurations) when it has a CPE 2.3 name or 2.2 URI with a version; otherwise
 * listed as not checked with the reason.
 */
export function sbomComponent(entry: SbomEntry): ScanComponent | NotChecked {
  const label = entryText(entry.version ? `${entry.name}@${entry.version}` : entry.name);
  // Before any purl or CPE is parsed: a field longer than its bound is not read at all.
  const oversized = oversizedField(entry);
  if (oversized) return { entry: label, line: null, reason: oversized };
  let ecosystem: ScanComponent['ecosystem'] = null;
  let packageName: string | null = null;
  // An empty version field (SPDX `versionInfo: ""`) gives no version, as a missing one.
  let version = entry.version || null;
  let purlProblem: string | null = null;
  if (entry.purl) {
    try {
      const purl = parsePurl(entry.purl);
      ecosystem = purl.ecosystem;
      packageName = purl.packageName;
      version = version ?? (purl.version || null);
      const longVersion = oversizedField({ version });
      if (longVersion) return { entry: label, line: null, reason: longVersion };
      if (!ecosystem) purlProblem = `purl type "${purl.type}" is not an ecosystem OSV covers`;
    } catch (error) {
      purlProblem = `its purl is not valid (${error instanceof Error ? error.message : String(error)})`;
      ecosystem = null;
    }
  }
  // A CPE is matched against NVD's configurations (docs/scan.md "Matching by CPE"); one that cannot
  // be (no version to compare, not a CPE name) leaves a component with no OSV purl unchecked.
  const cpe = entry.cpe ? parseComponentCpe(entry.cpe) : undefined;
  const usableCpe = cpe && !('problem' in cpe) ? cpe : undefined;
  if (!ecosystem && !usableCpe) {
    const cpeProblem = cpe && 'problem' in cpe ? cpe.problem : undefined;
    const why = purlProblem && cpeProblem ? `${purlProblem}, and ${cpeProblem}` : (purlProblem ?? cpeProblem ?? 'it has neither a purl nor a CPE');
    return { entry: label, line: null, reason: `Not checked: ${why}.` };
  }
  if (ecosystem && !version) {
    if (!usableCpe) return { entry: label, line: null, reason: 'Not checked: it has no version.' };
    // No version beside the purl: the CPE's version is the only one to match, by CPE.
    ecosystem = null;
    packageName = null;
  }
  // A CPE-only component's version is the CPE's own version (its update kept), held to the same bound.
  const reported = version ?? usableCpe?.version ?? '';
  const longVersion = oversizedField({ version: reported });
  if (longVersion) return { entry: label, line: null, reason: longVersion };
  return {
    name: entry.name,
    version: reported,
    purl: entry.purl ?? null,
    ecosystem,
    packageName,
    cpe: usableCpe ? entry.cpe! : null,
    line: null,
    locator: entry.locator,
  };
}
