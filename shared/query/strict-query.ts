import type * as z from '../domain/zod.js';
import { ApiError, type ErrorDetail } from '../domain/errors.js';

/**
 * The one strict reading of a query string (exports, changes, scan, packages): API Gateway's
 * multi-value map is the only place a repeated parameter shows, so every reader takes it. Each
 * unknown, repeated or out-of-domain parameter becomes one detail, in the order the request gave
 * them, so that a client fixes all of them from one 400.
 */
export interface StrictQueryRules<K extends string> {
  /** Who the parameters belong to, as the 400 says it: `this endpoint`, `this export`, `the scan`. */
  readonly owner: string;
  /** One schema per accepted parameter; their order is the order the 400 lists them in. */
  readonly schemas: { readonly [P in K]?: z.ZodMiniType };
  /** What each parameter accepts, in the words of the 400 (`must be …`). */
  readonly accepts: { readonly [P in K]: string };
  /** Applied to the raw value before its schema sees it (case-insensitive enums). */
  readonly normalise?: { readonly [P in K]?: (raw: string) => string };
}

export type StrictQueryValues<K extends string> = { [P in K]?: unknown };

type MultiValue = Record<string, string[] | undefined> | null | undefined;

/** Reads the parameters, appending a detail for each that is unknown, repeated or invalid. */
export function readStrictQuery<K extends string>(multiValue: MultiValue, rules: StrictQueryRules<K>, details: ErrorDetail[]): StrictQueryValues<K> {
  const known = Object.keys(rules.schemas) as K[];
  const values: StrictQueryValues<K> = {};
  for (const [name, list] of Object.entries(multiValue ?? {})) {
    const key = known.find((k) => k === name);
    const schema = key === undefined ? undefined : rules.schemas[key];
    if (key === undefined || !schema) {
      details.push({ parameter: name, message: `is not a parameter of ${rules.owner}; accepted parameters: ${known.join(', ')}` });
      continue;
    }
    if (!list || list.length !== 1) {
      details.push({ parameter: name, message: 'is given more than once; give it once' });
      continue;
    }
    const raw = list[0] ?? '';
    const parsed = schema.safeParse(rules.normalise?.[key]?.(raw) ?? raw);
    if (parsed.success) values[key] = parsed.data;
    else details.push({ parameter: name, message: `must be ${rules.accepts[key]}` });
  }
  return values;
}

/** The 400 for the details gathered: `Invalid query parameters: a, b.` (or `Invalid parameter: …` where path segments count too). */
export function invalidParameters(details: readonly ErrorDetail[], noun = 'query parameter'): ApiError {
  return new ApiError('INVALID_PARAMETER', `Invalid ${noun}${details.length > 1 ? 's' : ''}: ${details.map((d) => d.parameter).join(', ')}.`, [...details]);
}

/** Reads the query string and throws one 400 INVALID_PARAMETER naming every bad parameter. */
export function parseStrictQuery<K extends string>(multiValue: MultiValue, rules: StrictQueryRules<K>): StrictQueryValues<K> {
  const details: ErrorDetail[] = [];
  const values = readStrictQuery(multiValue, rules, details);
  if (details.length > 0) throw invalidParameters(details);
  return values;
}
