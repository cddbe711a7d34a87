import * as z from '../domain/zod.js';
import { CYCLONEDX_VERSIONS, cycloneDxValidator, type CycloneDxVersion } from './cyclonedx-schema.js';
import { badManifest, checkComponentCount, type NotChecked, type ParsedManifest, type ScanComponent } from './manifest.js';
import { sbomComponent } from './sbom-component.js';

interface CdxComponent {
  readonly name: string;
  readonly version?: string;
  readonly purl?: string;
  readonly cpe?: string;
  readonly 'bom-ref'?: string;
  readonly components?: CdxComponent[];
}

const bomSchema = z.looseObject({
  specVersion: z.string(),
  components: z.optional(z.array(z.looseObject({}))),
});

/** Components and their sub-components, depth first (the metadata's subject is the product itself, not scanned). */
function flatten(components: readonly CdxComponent[] | undefined, out: CdxComponent[] = []): CdxComponent[] {
  for (const component of components ?? []) {
    out.push(component);
    flatten(component.components, out);
  }
  return out;
}

function isSupported(version: string): version is CycloneDxVersion {
  return (CYCLONEDX_VERSIONS as readonly string[]).includes(version);
}

/**
 * A CycloneDX 1.4–1.6 JSON SBOM, validated against CycloneDX's JSON schema of its specVersion.
 * Every component (nested ones included) is one component of the scan; an SBOM has no lines, so
 * `line` is null (SARIF places its results on line 1).
 */
export async function parseCycloneDx(document: unknown): Promise<ParsedManifest> {
  const head = bomSchema.safeParse(document);
  if (!head.success) throw badManifest('The CycloneDX document has no "specVersion".');
  const { specVersion } = head.data;
  if (!isSupported(specVersion)) {
    throw badManifest(`CycloneDX specVersion ${specVersion} is not supported: send a CycloneDX 1.4, 1.5 or 1.6 JSON SBOM.`);
  }
  const validate = await cycloneDxValidator(specVersion);
  if (!validate(document)) {
    const details = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => ({ parameter: `body${e.instancePath.replace(/\//g, '.')}`, message: e.message ?? 'is not valid' }));
    throw badManifest(`The CycloneDX ${specVersion} document does not follow the CycloneDX ${specVersion} JSON schema.`, details);
  }
  const all = flatten((document as { components?: CdxComponent[] }).components);
  checkComponentCount(all.length);
  const components: ScanComponent[] = [];
  const notChecked: NotChecked[] = [];
  all.forEach((c, index) => {
    const result = sbomComponent({ name: c.name, version: c.version, purl: c.purl, cpe: c.cpe, locator: c['bom-ref'] ?? `components[${index}]` });
    if ('reason' in result) notChecked.push(result);
    else components.push(result);
  });
  return { kind: 'cyclonedx', componentCount: all.length, components, notChecked };
}
