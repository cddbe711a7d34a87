import { ECOSYSTEMS, parseEcosystem, type Ecosystem } from '../domain/advisory.js';
import { VERSION_ORDERS } from '../domain/versions/index.js';
import * as z from '../domain/zod.js';
import type { ErrorDetail } from '../domain/errors.js';
import { invalidParameters, readStrictQuery } from './strict-query.js';
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
export function parsePackageQuery(rawEcosystem: string, rawName: string, multiValue: Record<string, string[] | undefined> | null | undefined): PackageQuery {
  const details: ErrorDetail[] = [];
  const ecosystem = packageParameterSchemas.ecosystem.safeParse(rawEcosystem).success ? parseEcosystem(rawEcosystem) : null;
  if (!ecosystem) details.push({ parameter: 'ecosystem', message: `must be one of ${ECOSYSTEMS.join(', ')}` });
  const name = rawName.trim();
  if (!packageParameterSchemas.name.safeParse(name).success) details.push({ parameter: 'name', message: 'must be a package name of 1 to 512 characters' });
  const query = readStrictQuery(multiValue, { owner: 'this endpoint', schemas: { version: z.string() }, accepts: { version: 'a version' } }, details);
  const version = typeof query.version === 'string' ? query.version.trim() : undefined;
  if (version === undefined) {
    if (!details.some((d) => d.parameter === 'version')) details.push({ parameter: 'version', message: 'is required: the version to check' });
  } else if (!packageParameterSchemas.version.safeParse(version).success || (ecosystem && !VERSION_ORDERS[ecosystem].valid(version))) {
    details.push({
      parameter: 'version',
      message: ecosystem ? `must be a ${ecosystem} version (by ${ecosystem}'s own version rules)` : 'must be a version of 1 to 256 characters',
    });
  }
  if (details.length > 0 || !ecosystem || version === undefined) {
    throw invalidParameters(details, 'parameter');
  }
  return { ecosystem, name, version };
}
