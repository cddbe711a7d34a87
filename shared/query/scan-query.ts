import * as z from '../domain/zod.js';
import { ApiError, type ErrorDetail } from '../domain/errors.js';
import { sarifPathSchema } from './export-query.js';

export const scanFormatSchema = z.enum(['json', 'sarif', 'openvex']).register(z.globalRegistry, {
  description: 'The answer: `json` (default, the findings), `sarif` (SARIF 2.1.0 for code scanning) or `openvex` (OpenVEX 0.2.0).',
});
export type ScanFormat = z.infer<typeof scanFormatSchema>;

/** The same rule as the SARIF export's `sarif_path`: a relative path inside the user's repository (a copy, with its own description). */
export const manifestPathSchema = sarifPathSchema.clone().register(z.globalRegistry, {
  description:
    "The manifest's path in your repository, where SARIF results are located (each on the line that declares the component). Default by kind: package-lock.json, requirements.txt, bom.json (CycloneDX), sbom.spdx.json (SPDX).",
});

export const scanParameterSchemas = { format: scanFormatSchema, manifest_path: manifestPathSchema } as const;

export interface ScanQuery {
  readonly format: ScanFormat;
  /** Undefined: the default path of the manifest's kind. */
  readonly manifestPath: string | undefined;
}

const ACCEPTS: Record<keyof typeof scanParameterSchemas, string> = {
  format: 'one of json, sarif, openvex',
  manifest_path: 'a relative path inside your repository, such as package-lock.json (letters, digits, . _ ~ @ + - and /; no . or .. segments)',
};

/** Query of POST /api/scan (product-decisions §8): unknown or repeated parameters are a 400. */
export function parseScanQuery(multiValue: Record<string, string[] | undefined> | null | undefined): ScanQuery {
  const details: ErrorDetail[] = [];
  const values: Partial<Record<keyof typeof scanParameterSchemas, string>> = {};
  const known = Object.keys(scanParameterSchemas) as (keyof typeof scanParameterSchemas)[];
  for (const [name, list] of Object.entries(multiValue ?? {})) {
    const key = known.find((k) => k === name);
    if (!key) {
      details.push({ parameter: name, message: `is not a parameter of the scan; accepted parameters: ${known.join(', ')}` });
      continue;
    }
    if (!list || list.length !== 1) {
      details.push({ parameter: name, message: 'is given more than once; give it once' });
      continue;
    }
    const raw = key === 'format' ? (list[0] ?? '').toLowerCase() : (list[0] ?? '');
    const parsed = scanParameterSchemas[key].safeParse(raw);
    if (!parsed.success) details.push({ parameter: name, message: `must be ${ACCEPTS[key]}` });
    else values[key] = parsed.data;
  }
  if (details.length > 0) {
    throw new ApiError('INVALID_PARAMETER', `Invalid query parameter${details.length > 1 ? 's' : ''}: ${details.map((d) => d.parameter).join(', ')}.`, details);
  }
  return { format: (values.format as ScanFormat | undefined) ?? 'json', manifestPath: values.manifest_path };
}
