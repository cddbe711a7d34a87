import * as z from '../domain/zod.js';
import { CHANGE_RETENTION_DAYS, CHANGES_DEFAULT_LIMIT, CHANGES_MAX_LIMIT } from '../domain/limits.js';
import { parseStrictQuery } from './strict-query.js';

/**
 * `GET /api/changes` query parameters (product-decisions §7): one zod schema per parameter,
 * for validation and the OpenAPI document alike. Parsed as strictly as the exports: an unknown,
 * repeated or out-of-domain parameter is a 400 INVALID_PARAMETER naming each.
 */
export const changesParameterSchemas = {
  since: z
    .string()
    .check(z.minLength(1), z.maxLength(64))
    .register(z.globalRegistry, {
      description: `A \`next_cursor\` from an earlier answer: the changes after it. Omitted: from the oldest change kept (${CHANGE_RETENTION_DAYS} days).`,
    }),
  limit: z
    .pipe(
      z.pipe(z.string().check(z.regex(/^\d{1,9}$/, `must be a whole number from 1 to ${CHANGES_MAX_LIMIT}`)), z.transform(Number)),
      z.number().check(z.int(), z.minimum(1), z.maximum(CHANGES_MAX_LIMIT)),
    )
    .register(z.globalRegistry, { description: `At most this many changes (1 to ${CHANGES_MAX_LIMIT}, default ${CHANGES_DEFAULT_LIMIT}).` }),
} as const;

const ACCEPTS: Record<keyof typeof changesParameterSchemas, string> = {
  since: 'a next_cursor value from an earlier answer',
  limit: `a whole number from 1 to ${CHANGES_MAX_LIMIT}`,
};

export interface ChangesQuery {
  /** The raw cursor (decoded and checked by the use case, which knows the time). */
  readonly since?: string;
  readonly limit: number;
}

export function parseChangesQuery(multiValue: Record<string, string[] | undefined> | null | undefined): ChangesQuery {
  const values = parseStrictQuery(multiValue, { owner: 'this endpoint', schemas: changesParameterSchemas, accepts: ACCEPTS });
  return {
    ...(typeof values.since === 'string' ? { since: values.since } : {}),
    limit: typeof values.limit === 'number' ? values.limit : CHANGES_DEFAULT_LIMIT,
  };
}
