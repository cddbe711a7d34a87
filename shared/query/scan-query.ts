import * as z from '../domain/zod.js';
import { parseStrictQuery } from './strict-query.js';
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
  const values = parseStrictQuery(multiValue, {
    owner: 'the scan',
    schemas: scanParameterSchemas,
    accepts: ACCEPTS,
    normalise: { format: (v) => v.toLowerCase() },
  });
  return { format: (values.format as ScanFormat | undefined) ?? 'json', manifestPath: values.manifest_path as string | undefined };
}
