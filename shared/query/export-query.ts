import * as z from '../domain/zod.js';
import { parseStrictQuery } from './strict-query.js';
import { patchStatusSchema } from '../domain/cve.js';
import { RISK_LEVELS, riskScaleInWords } from '../domain/risk-scale.js';

/**
 * The export query parameters (interface §4.2, product-decisions §4) as one zod schema per
 * parameter. The same schemas validate requests and describe the parameters in OpenAPI.
 */
export const EXPORT_FORMATS = ['csv', 'json', 'sarif'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const DEFAULT_SARIF_PATH = 'plaincve.sarif';
export const MAX_SEARCH_LENGTH = 200;
export const MAX_TAG_LENGTH = 200;
export const MAX_SARIF_PATH_LENGTH = 500;

/** No control characters: they never occur in ids or descriptions, and the index uses two as separators. */
const noControlCharacters = (value: string) => ![...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export const filterParameterSchemas = {
  severity: z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']).register(z.globalRegistry, {
    description: 'Only CVEs of this severity. Case-insensitive (`high` works).',
  }),
  risk_level: z.enum(RISK_LEVELS).register(z.globalRegistry, {
    description: `Only CVEs of this risk level. Case-insensitive. ${riskScaleInWords()}`,
  }),
  patch_status: patchStatusSchema.register(z.globalRegistry, {
    description: 'Only CVEs whose patch status is this value (any of the four). Case-insensitive.',
  }),
  tag: z
    .string()
    .check(z.minLength(1), z.maxLength(MAX_TAG_LENGTH), z.refine(noControlCharacters, 'must not contain control characters'))
    .register(z.globalRegistry, { description: 'Only CVEs carrying this tag (vendor, product or technology); case-insensitive exact match.' }),
  min_score: z
    .pipe(
      z.pipe(z.string().check(z.regex(/^\d{1,2}(\.\d+)?$/, 'must be a decimal number from 0 to 10')), z.transform(Number)),
      z.number().check(z.minimum(0), z.maximum(10)),
    )
    .register(z.globalRegistry, { description: 'Only CVEs whose CVSS v3.1 base score is at least this (0 to 10, inclusive). Unscored CVEs never match.' }),
  search: z
    .string()
    .check(z.minLength(1), z.maxLength(MAX_SEARCH_LENGTH), z.refine(noControlCharacters, 'must not contain control characters'))
    .register(z.globalRegistry, {
      description:
        'Case-insensitive substring of the CVE id, the description, the title or a name the CVE is known by such as Log4Shell (1 to 200 characters).',
    }),
  modified_since: z
    .pipe(
      z.union([z.iso.date(), z.iso.datetime({ offset: true })]),
      z.transform((value: string) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toISOString()),
    )
    .register(z.globalRegistry, {
      description:
        'Only CVEs whose PlainCVE record changed (a product field moved, as `/api/changes` reports) at or after this time: a date `YYYY-MM-DD` (00:00 UTC) or an ISO 8601 timestamp with `Z` or an offset.',
    }),
} as const;

export const sarifPathSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(MAX_SARIF_PATH_LENGTH),
    z.regex(
      /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._~@+-]+(?:\/[A-Za-z0-9._~@+-]+)*$/,
      'must be a relative path inside your repository, such as package-lock.json (letters, digits, . _ ~ @ + - and /; no .. segments)',
    ),
  )
  .register(z.globalRegistry, {
    description: `SARIF only: the repository path each result is located at, so that code scanning shows it. Default \`${DEFAULT_SARIF_PATH}\`.`,
  });

type ExportParameter = keyof typeof filterParameterSchemas | 'sarif_path';

/** How each parameter is normalised before its schema sees it (enums are case-insensitive). */
const NORMALISE: { readonly [P in ExportParameter]?: (value: string) => string } = {
  severity: (v) => v.toUpperCase(),
  risk_level: (v) => v.toUpperCase(),
  patch_status: (v) => v.toLowerCase(),
};

export interface ExportFilters {
  readonly severity?: z.infer<(typeof filterParameterSchemas)['severity']>;
  readonly risk_level?: z.infer<(typeof filterParameterSchemas)['risk_level']>;
  readonly patch_status?: z.infer<(typeof filterParameterSchemas)['patch_status']>;
  readonly tag?: string;
  readonly min_score?: number;
  readonly search?: string;
  /** An ISO timestamp (normalised to UTC). */
  readonly modified_since?: string;
}

export interface ExportQuery {
  readonly format: ExportFormat;
  readonly filters: ExportFilters;
  /** SARIF only. */
  readonly sarifPath: string;
}

/** What each parameter accepts, in the words a 400 uses. */
const ACCEPTS: Record<ExportParameter, string> = {
  severity: 'one of CRITICAL, HIGH, MEDIUM, LOW (case-insensitive)',
  risk_level: 'one of CRITICAL_GAP, HIGH, MEDIUM, LOW (case-insensitive)',
  patch_status: `one of ${patchStatusSchema.options.join(', ')} (case-insensitive)`,
  tag: `a tag of 1 to ${MAX_TAG_LENGTH} characters without control characters`,
  min_score: 'a decimal number from 0 to 10, such as 7 or 7.5',
  search: `text of 1 to ${MAX_SEARCH_LENGTH} characters without control characters`,
  modified_since: 'a date YYYY-MM-DD or an ISO 8601 timestamp such as 2026-11-01T08:00:00Z',
  sarif_path: `a relative path inside your repository of 1 to ${MAX_SARIF_PATH_LENGTH} characters, such as package-lock.json (letters, digits, . _ ~ @ + - and /; no . or .. segments)`,
};

/**
 * Strict parsing of an export's query string: every unknown, repeated or out-of-domain
 * parameter is named in one 400 INVALID_PARAMETER, so a client fixes all of them at once.
 * Takes API Gateway's multi-value map, which is the only place a repeated parameter shows.
 */
export function parseExportQuery(format: ExportFormat, multiValue: Record<string, string[] | undefined> | null | undefined): ExportQuery {
  const schemas: Partial<Record<ExportParameter, z.ZodMiniType>> =
    format === 'sarif' ? { ...filterParameterSchemas, sarif_path: sarifPathSchema } : filterParameterSchemas;
  const { sarif_path: sarifPath, ...filters } = parseStrictQuery(multiValue, { owner: 'this export', schemas, accepts: ACCEPTS, normalise: NORMALISE });
  return {
    format,
    filters: filters as ExportFilters,
    sarifPath: typeof sarifPath === 'string' ? sarifPath : DEFAULT_SARIF_PATH,
  };
}
