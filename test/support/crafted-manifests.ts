import { gzipSync } from 'node:zlib';

/**
 * The crafted requests of issue 24's "Why", as bodies of POST /api/scan, for the tests (each
 * answers a 4xx or a bounded answer, never a 5xx) and for `npm run bench -- scan` (the worst
 * time per input byte). `gzip` marks the ones sent with Content-Encoding: gzip.
 */
export interface CraftedManifest {
  readonly name: string;
  /** Which reader it attacks (the bench groups its figures by it). */
  readonly parser: 'requirements' | 'cyclonedx' | 'spdx' | 'package-lock' | 'json' | 'sarif';
  readonly body: string;
  readonly gzip: boolean;
  /** Query string of the scan (the SARIF renderer is reached with format=sarif). */
  readonly query?: string;
}

const cdx = (fields: Record<string, unknown>) => JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, ...fields });

function nestedComponents(depth: number): string {
  // Written as text: building 20,000 nested objects and stringifying them would overflow the stack.
  const open = '{"type":"library","name":"n","components":['.repeat(depth);
  const close = ']}'.repeat(depth);
  return `{"bomFormat":"CycloneDX","specVersion":"1.5","version":1,"components":[${open}{"type":"library","name":"leaf"}${close}]}`;
}

/** `size` scales the large ones down for a quick pass (1 = the sizes of the issue). */
export function craftedManifests(size = 1): CraftedManifest[] {
  const n = (count: number) => Math.max(2, Math.round(count * size));
  return [
    { name: `requirements: "a" + ${n(150_000)} spaces + "x"`, parser: 'requirements', body: `a${' '.repeat(n(150_000))}x`, gzip: true },
    { name: `requirements: ${n(1_000_000)} lines of "-"`, parser: 'requirements', body: '-\n'.repeat(n(1_000_000)), gzip: true },
    {
      name: 'requirements: a PyPI version of 800,000 characters',
      parser: 'requirements',
      body: `django==1${'.0'.repeat(n(400_000))}\n`,
      gzip: true,
    },
    {
      name: `cyclonedx: ${n(30_000)} components`,
      parser: 'cyclonedx',
      body: cdx({
        components: Array.from({ length: n(30_000) }, (_, i) => ({ type: 'library', name: `c${i}`, version: '1.0.0', purl: `pkg:npm/c${i}@1.0.0` })),
      }),
      gzip: true,
    },
    {
      name: `cyclonedx: ${n(60_000)} components`,
      parser: 'cyclonedx',
      body: cdx({ components: Array.from({ length: n(60_000) }, (_, i) => ({ type: 'library', name: `c${i}`, version: '1.0.0' })) }),
      gzip: true,
    },
    {
      name: `cyclonedx: ${n(20_000)} dependencies, no components`,
      parser: 'cyclonedx',
      body: cdx({ dependencies: Array.from({ length: n(20_000) }, (_, i) => ({ ref: `r${i}` })) }),
      gzip: true,
    },
    {
      name: 'cyclonedx: 9,000 identical components (uniqueItems)',
      parser: 'cyclonedx',
      body: cdx({ components: Array.from({ length: n(9_000) }, () => ({ type: 'library', name: 'same', version: '1.0.0', purl: 'pkg:npm/same@1.0.0' })) }),
      gzip: true,
    },
    { name: `cyclonedx: nested ${n(20_000)} deep`, parser: 'cyclonedx', body: nestedComponents(n(20_000)), gzip: true },
    {
      name: 'cyclonedx: a PyPI purl version of 800,000 characters',
      parser: 'cyclonedx',
      body: cdx({ components: [{ type: 'library', name: 'django', purl: `pkg:pypi/django@1${'.0'.repeat(n(400_000))}` }] }),
      gzip: true,
    },
    {
      name: 'package-lock: a key with a lone surrogate',
      parser: 'package-lock',
      body: '{"lockfileVersion":3,"packages":{"":{},"node_modules/a\\ud800":{"version":"1.0.0"}}}',
      gzip: false,
    },
    {
      name: 'package-lock: a version of 800,000 characters',
      parser: 'package-lock',
      body: JSON.stringify({ lockfileVersion: 3, packages: { '': {}, 'node_modules/lodash': { version: `4${'.1'.repeat(n(400_000))}` } } }),
      gzip: true,
    },
    {
      name: 'package-lock: a "__proto__" key',
      parser: 'package-lock',
      body: '{"lockfileVersion":3,"packages":{"":{},"__proto__":{"version":"1.0.0"},"node_modules/lodash":{"version":"4.17.15"}}}',
      gzip: false,
    },
    {
      name: 'spdx: a package name of 1,000,000 characters',
      parser: 'spdx',
      body: JSON.stringify({
        spdxVersion: 'SPDX-2.3',
        dataLicense: 'CC0-1.0',
        SPDXID: 'SPDXRef-DOCUMENT',
        name: 'x',
        documentNamespace: 'https://example.com/x',
        creationInfo: { created: '2024-01-01T00:00:00Z', creators: ['Tool: x'] },
        packages: [{ SPDXID: 'SPDXRef-a', name: 'n'.repeat(n(1_000_000)) }],
      }),
      gzip: true,
    },
    {
      name: 'json: 2,000,000 nested arrays',
      parser: 'json',
      body: `{"lockfileVersion":3,"packages":${'['.repeat(n(2_000_000))}${']'.repeat(n(2_000_000))}}`,
      gzip: true,
    },
    {
      name: 'sarif: a component name with 100,000 spaces',
      parser: 'sarif',
      body: `lodash${' '.repeat(n(100_000))}==1.0\n`,
      gzip: true,
      query: 'format=sarif',
    },
    {
      name: 'sarif: a CycloneDX component name with 60,000 spaces and a purl',
      parser: 'sarif',
      body: cdx({ components: [{ type: 'library', name: `lodash${' '.repeat(n(60_000))}x`, version: '4.17.15', purl: 'pkg:npm/lodash@4.17.15' }] }),
      gzip: false,
      query: 'format=sarif',
    },
  ];
}

/** The body as sent: gzipped when the crafted request was. */
export function bodyOf(manifest: CraftedManifest): { body: Buffer; headers: Record<string, string> } {
  const raw = Buffer.from(manifest.body, 'utf8');
  return manifest.gzip ? { body: gzipSync(raw), headers: { 'Content-Encoding': 'gzip' } } : { body: raw, headers: {} };
}
