import * as z from '../domain/zod.js';
import { badManifest, checkComponentCount, type NotChecked, type ParsedManifest, type ScanComponent } from './manifest.js';
import { sbomComponent } from './sbom-component.js';

const externalRefSchema = z.object({
  referenceCategory: z.string(),
  referenceType: z.string(),
  referenceLocator: z.string(),
});

const packageSchema = z.looseObject({
  SPDXID: z.string().check(z.regex(/^SPDXRef-[A-Za-z0-9.-]+$/, 'an SPDXID of the form SPDXRef-…')),
  name: z.string().check(z.minLength(1)),
  versionInfo: z.optional(z.string()),
  externalRefs: z.optional(z.array(externalRefSchema)),
});

/** The fields SPDX 2.3 requires of a JSON document (clause 6) and of its packages (clause 7). */
export const spdxDocumentSchema = z.looseObject({
  spdxVersion: z.enum(['SPDX-2.2', 'SPDX-2.3']),
  dataLicense: z.literal('CC0-1.0'),
  SPDXID: z.literal('SPDXRef-DOCUMENT'),
  name: z.string(),
  documentNamespace: z.string().check(z.minLength(1)),
  creationInfo: z.looseObject({ created: z.string(), creators: z.array(z.string()).check(z.minLength(1)) }),
  packages: z.optional(z.array(packageSchema)),
});

function refOf(pkg: z.infer<typeof packageSchema>, types: readonly string[]): string | undefined {
  return pkg.externalRefs?.find((ref) => types.includes(ref.referenceType))?.referenceLocator;
}

/**
 * An SPDX 2.3 JSON document (2.2, whose JSON shape is the same for these fields, is read too):
 * each package is a component, matched by its `purl` external reference (OSV) or its
 * `cpe23Type` (else `cpe22Type`) reference (NVD). SPDX has no lines to point at: `line` is null.
 */
export function parseSpdx(document: unknown): ParsedManifest {
  const parsed = spdxDocumentSchema.safeParse(document);
  if (!parsed.success) {
    throw badManifest(
      'The SPDX document is not a valid SPDX 2.3 JSON document.',
      parsed.error.issues.slice(0, 5).map((issue) => ({ parameter: `body.${issue.path.join('.')}`, message: issue.message })),
    );
  }
  const packages = parsed.data.packages ?? [];
  checkComponentCount(packages.length);
  const components: ScanComponent[] = [];
  const notChecked: NotChecked[] = [];
  for (const pkg of packages) {
    const result = sbomComponent({
      name: pkg.name,
      version: pkg.versionInfo,
      purl: refOf(pkg, ['purl']),
      cpe: refOf(pkg, ['cpe23Type']) ?? refOf(pkg, ['cpe22Type']),
      locator: pkg.SPDXID,
    });
    if ('reason' in result) notChecked.push(result);
    else components.push(result);
  }
  return { kind: 'spdx', componentCount: packages.length, components, notChecked };
}
