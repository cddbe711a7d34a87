import { ECOSYSTEMS, parseEcosystem, type Ecosystem } from '../domain/advisory.js';
import { VERSION_ORDERS } from '../domain/versions/index.js';
import { ApiError, type ErrorDetail } from '../domain/errors.js';
import { packageParameterSchemas } from './package-parameters.js';

export { packageParameterSchemas } from './package-parameters.js';

export interface PackageQuery {
  readonly ecosystem: Ecosystem;
  readonly name: string;
  readonly version: string;
}

/**
 * `GET /api/packages/{ecosystem}/{name}?version=V` (product-decisions §8): bad input is a 400
 * naming each parameter (the schemas: package-parameters.ts).
 */
export function parsePackageQuery(
  rawEcosystem: string,
  rawName: string,
  multiValue: Record<string, string[] | undefined> | null | undefined,
): PackageQuery {
  const details: ErrorDetail[] = [];
  const ecosystem = packageParameterSchemas.ecosystem.safeParse(rawEcosystem).success ? parseEcosystem(rawEcosystem) : null;
  if (!ecosystem) details.push({ parameter: 'ecosystem', message: `must be one of ${ECOSYSTEMS.join(', ')}` });
  const name = rawName.trim();
  if (!packageParameterSchemas.name.safeParse(name).success) details.push({ parameter: 'name', message: 'must be a package name of 1 to 512 characters' });
  let version: string | undefined;
  for (const [parameter, list] of Object.entries(multiValue ?? {})) {
    if (parameter !== 'version') {
      details.push({ parameter, message: 'is not a parameter of this endpoint; accepted parameters: version' });
    } else if (!list || list.length !== 1) {
      details.push({ parameter, message: 'is given more than once; give it once' });
    } else {
      version = list[0]?.trim();
    }
  }
  if (version === undefined) {
    if (!details.some((d) => d.parameter === 'version')) details.push({ parameter: 'version', message: 'is required: the version to check' });
  } else if (!packageParameterSchemas.version.safeParse(version).success || (ecosystem && !VERSION_ORDERS[ecosystem].valid(version))) {
    details.push({ parameter: 'version', message: ecosystem ? `must be a ${ecosystem} version (by ${ecosystem}'s own version rules)` : 'must be a version of 1 to 256 characters' });
  }
  if (details.length > 0 || !ecosystem || version === undefined) {
    throw new ApiError('INVALID_PARAMETER', `Invalid parameter${details.length > 1 ? 's' : ''}: ${details.map((d) => d.parameter).join(', ')}.`, details);
  }
  return { ecosystem, name, version };
}
