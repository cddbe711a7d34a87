import * as z from '../domain/zod.js';
import { ECOSYSTEMS } from '../domain/versions/ecosystems.js';

/**
 * `GET /api/packages/{ecosystem}/{name}?version=V` (product-decisions §8): one zod schema per
 * parameter, for validation and the OpenAPI document alike. Bad input is a 400 naming each
 * parameter: an ecosystem PlainCVE does not match, a missing name, a missing, repeated or
 * unreadable version (one the ecosystem's own version rules cannot read), an unknown parameter
 * (package-query.ts). A module apart from the parsing, so that the OpenAPI document, which needs
 * only the schemas, does not load the version orders (semver, PEP 440, …).
 */
export const packageParameterSchemas = {
  ecosystem: z
    .string()
    .check(z.minLength(1), z.maxLength(32))
    .register(z.globalRegistry, {
      description: `The package's ecosystem: ${ECOSYSTEMS.join(', ')} (any case; purl types such as pypi, golang, cargo, gem are read too).`,
      example: 'PyPI',
    }),
  name: z.string().check(z.minLength(1), z.maxLength(512)).register(z.globalRegistry, {
    description:
      'The package name as its registry writes it: an npm name (scoped names keep their `/`), a Maven `group:artifact`, a Go module path. PyPI names are compared as PEP 503 normalises them, NuGet and crates.io names without regard to case.',
    example: 'django',
  }),
  version: z
    .string()
    .check(z.minLength(1), z.maxLength(256))
    .register(z.globalRegistry, { description: "The exact version to check, in the ecosystem's own syntax.", example: '3.2.0' }),
} as const;
