import * as z from '../domain/zod.js';
import { ECOSYSTEMS, parseEcosystem, VERSION_ORDERS, type Ecosystem } from '../domain/advisory.js';
import { ApiError, type ErrorDetail } from '../domain/errors.js';

/**
 * `GET /api/packages/{ecosystem}/{name}?version=V` (product-decisions §8): one zod schema per
 * parameter, for validation and the OpenAPI document alike. Bad input is a 400 naming each
 * parameter: an ecosystem PlainCVE does not match, a missing name, a missing, repeated or
 * unreadable version (one the ecosystem's own version rules cannot read), an unknown parameter.
 */
export const packageParameterSchemas = {
  ecosystem: z
    .string()
    .check(z.minLength(1), z.maxLength(32))
    .register(z.globalRegistry, { description: `The package's ecosystem: ${ECOSYSTEMS.join(', ')} (any case; purl types such as pypi, golang, cargo, gem are read too).`, example: 'PyPI' }),
  name: z
    .string()
    .check(z.minLength(1), z.maxLength(512))
    .register(z.globalRegistry, {
      description: 'The package name as its registry writes it: an npm name (scoped names keep their `/`), a Maven `group:artifact`, a Go module path. PyPI names are compared as PEP 503 normalises them, NuGet and crates.io names without regard to case.',
      example: 'django',
    }),
  version: z.string().check(z.minLength(1), z.maxLength(256)).register(z.globalRegistry, { description: 'The exact version to check, in the ecosystem\'s own syntax.', example: '3.2.0' }),
} as const;

export interface PackageQuery {
  readonly ecosystem: Ecosystem;
  readonly name: string;
  readonly version: string;
}

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
