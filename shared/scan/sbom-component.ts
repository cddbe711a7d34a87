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

/** `cpe:2.3:a:vendor:product:version:…` (13 fields); CPE 2.2 URIs are not matched. */
const CPE23 = /^cpe:2\.3:[aho\-*](?::(?:[^:\\]|\\.)*){10}$/;

function cpeVersion(cpe: string | null): string | null {
  const field = cpe?.split(/(?<!\\):/)[5];
  return field && field !== '*' && field !== '-' ? field : null;
}

/**
 * One SBOM component as the scan matches it: by purl (OSV) when its type is an OSV ecosystem,
 * by CPE (NVD) when it has a CPE 2.3 name; otherwise listed as not checked with the reason.
 */
export function sbomComponent(entry: SbomEntry): ScanComponent | NotChecked {
  const label = entry.version ? `${entry.name}@${entry.version}` : entry.name;
  let ecosystem: ScanComponent['ecosystem'] = null;
  let packageName: string | null = null;
  let version = entry.version ?? null;
  let purlProblem: string | null = null;
  if (entry.purl) {
    try {
      const purl = parsePurl(entry.purl);
      ecosystem = purl.ecosystem;
      packageName = purl.packageName;
      version = version ?? purl.version;
      if (!ecosystem) purlProblem = `purl type "${purl.type}" is not an ecosystem OSV covers`;
    } catch (error) {
      purlProblem = `its purl is not valid (${error instanceof Error ? error.message : String(error)})`;
      ecosystem = null;
    }
  }
  const cpe = entry.cpe && CPE23.test(entry.cpe) ? entry.cpe : null;
  if (!ecosystem && !cpe) {
    const why = purlProblem ?? (entry.cpe ? 'its CPE is not a CPE 2.3 name' : 'it has neither a purl nor a CPE');
    return { entry: label, line: null, reason: `Not checked: ${why}.` };
  }
  if (ecosystem && !version) {
    return { entry: label, line: null, reason: 'Not checked: it has no version.' };
  }
  return {
    name: entry.name,
    // A CPE-only component's version is the CPE's own version field.
    version: version ?? cpeVersion(cpe) ?? '',
    purl: entry.purl ?? null,
    ecosystem,
    packageName,
    cpe,
    line: null,
    locator: entry.locator,
  };
}
