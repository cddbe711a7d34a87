import type { ValidateFunction } from 'ajv';
import { commonJsExports } from '../platform/common-js.js';

/*
 * CycloneDX's own JSON schemas, as @cyclonedx/cyclonedx-library ships them. The package's
 * export map does not expose its `res/` folder, so they are imported by path: esbuild bundles
 * them and nothing is read from disk at run time, which the library's own validator (it reads
 * the files next to its sources) could not do in a bundle.
 *
 * Everything here is loaded with `import()` on the first CycloneDX scan: the schemas (≈ 400 KiB)
 * and ajv with its formats (≈ 130 KiB) are chunks of their own in a function's bundle (code
 * splitting, infra/function-bundle.ts), outside a cold start's load.
 */

export const CYCLONEDX_VERSIONS = ['1.4', '1.5', '1.6'] as const;
export type CycloneDxVersion = (typeof CYCLONEDX_VERSIONS)[number];

async function loadBomSchema(version: CycloneDxVersion): Promise<object> {
  switch (version) {
    case '1.4':
      return (await import('../../node_modules/@cyclonedx/cyclonedx-library/res/schema/bom-1.4.SNAPSHOT.schema.json', { with: { type: 'json' } })).default;
    case '1.5':
      return (await import('../../node_modules/@cyclonedx/cyclonedx-library/res/schema/bom-1.5.SNAPSHOT.schema.json', { with: { type: 'json' } })).default;
    case '1.6':
      return (await import('../../node_modules/@cyclonedx/cyclonedx-library/res/schema/bom-1.6.SNAPSHOT.schema.json', { with: { type: 'json' } })).default;
  }
}

async function loadSharedSchemas(): Promise<Record<string, object>> {
  const [spdx, jsf, crypto] = await Promise.all([
    import('../../node_modules/@cyclonedx/cyclonedx-library/res/schema/spdx.SNAPSHOT.schema.json', { with: { type: 'json' } }),
    import('../../node_modules/@cyclonedx/cyclonedx-library/res/schema/jsf-0.82.SNAPSHOT.schema.json', { with: { type: 'json' } }),
    import('../../node_modules/@cyclonedx/cyclonedx-library/res/schema/cryptography-defs.SNAPSHOT.schema.json', { with: { type: 'json' } }),
  ]);
  // The keys the BOM schemas' $refs resolve to (as the library's own validator maps them).
  return {
    'http://cyclonedx.org/schema/spdx.SNAPSHOT.schema.json': spdx.default,
    'http://cyclonedx.org/schema/jsf-0.82.SNAPSHOT.schema.json': jsf.default,
    'http://cyclonedx.org/schema/cryptography-defs.SNAPSHOT.schema.json': crypto.default,
  };
}

/**
 * The schema without its `uniqueItems` constraints: ajv checks them by comparing every pair of
 * items (30,000 components cost 25 s, issue 24), before the component count could refuse the
 * document. Duplicates are harmless to a scan (each is read as a component and counted against
 * the bound), so the rest of the schema is checked in time linear in the document.
 */
export function withoutUniqueItems(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutUniqueItems);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== 'uniqueItems')
      .map(([key, value]) => [key, withoutUniqueItems(value)]),
  );
}

const validators = new Map<CycloneDxVersion, Promise<ValidateFunction>>();

/** The compiled validator of one CycloneDX version (compiled once per container). */
export function cycloneDxValidator(version: CycloneDxVersion): Promise<ValidateFunction> {
  let validator = validators.get(version);
  if (!validator) {
    validator = (async () => {
      const [schema, schemas, ajvModule, formatsModule] = await Promise.all([
        loadBomSchema(version),
        loadSharedSchemas(),
        import('ajv'),
        import('ajv-formats'),
      ]);
      // The library's own options: no defaults written into the input, no remote schemas.
      const { Ajv } = commonJsExports(ajvModule, 'Ajv');
      const linearSchemas = Object.fromEntries(Object.entries(schemas).map(([id, shared]) => [id, withoutUniqueItems(shared) as object]));
      const ajv = new Ajv({ strict: false, useDefaults: false, addUsedSchema: false, allErrors: false, schemas: linearSchemas });
      // The plugin is ajv-formats' module.exports and its `default` alike (it sets both), so
      // `default.default` is the plugin whichever way the CommonJS package was loaded.
      formatsModule.default.default(ajv);
      ajv.addFormat('idn-email', true);
      ajv.addFormat('iri-reference', true);
      return ajv.compile(withoutUniqueItems(schema) as object);
    })();
    validators.set(version, validator);
  }
  return validator;
}
