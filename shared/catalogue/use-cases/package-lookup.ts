import type { PackageReport } from '../../domain/package-vulnerability.js';
import { parsePackageQuery } from '../../query/package-query.js';
import { packageVulnerabilities } from './package-vulnerabilities.js';

/** `GET /api/packages/{ecosystem}/{name}?version=V`: checks the request, then what affects that version. */
export async function lookupPackage(
  rawEcosystem: string,
  rawName: string,
  query: Record<string, string[] | undefined> | null | undefined,
): Promise<PackageReport> {
  return packageVulnerabilities(parsePackageQuery(rawEcosystem, rawName, query));
}
