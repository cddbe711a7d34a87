import fc from 'fast-check';
import { readFileSync } from 'node:fs';

/**
 * Random and adversarial manifests for the scan's fuzz suites (issue 24): each of the four
 * kinds built from its grammar with hostile parts mixed in (runs of whitespace, lone surrogates,
 * `__proto__`, deep nesting, huge counts of small things, long fields), valid fixtures cut and
 * spliced, and plain junk. Sizes stay small so that the suites run in the quick pass.
 */
const fixture = (name: string) => readFileSync(new URL(`../fixtures/scan/${name}`, import.meta.url), 'utf8');
const FIXTURES = ['cyclonedx-1.5.json', 'package-lock-v2.json', 'package-lock-v3.json', 'requirements.txt', 'spdx-2.3.json'].map(fixture);

const hostileText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'toString',
    '',
    ' ',
    '\\',
    '"',
    '\u0000',
    '\ud800',
    '\udfff',
    '\u202e',
    '../..',
    '%00',
    '%E0%A4%A',
    '@',
    '@/',
    'a/b/c',
    '*',
    '-',
  ),
  fc.integer({ min: 1, max: 3000 }).map((n) => ' '.repeat(n)),
  fc.integer({ min: 1, max: 600 }).map((n) => '1.0'.repeat(n)),
);

/** Mostly well-formed, now and then hostile: a manifest with one bad part in each is refused whole. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: bad, weight: 1 });

const version = mostly(
  fc.oneof(
    fc.constantFrom('1.0.0', '4.17.15', '0.0.8', '1.0.0-rc.1', '2!1.0.post1.dev2', '1.*', '*', '', '-', 'latest', 'v1', '1.0.0+build'),
    fc.stringMatching(/^[0-9][0-9A-Za-z.+!_-]{0,15}$/),
  ),
  hostileText,
);

const pipName = mostly(
  fc.oneof(
    fc.constantFrom('django', 'Django', 'requests', 'a', 'zope.interface', 'my_pkg', 'x-y'),
    fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,10}[A-Za-z0-9])?$/),
  ),
  hostileText,
);
const spaces = fc.integer({ min: 0, max: 400 }).map((n) => ' '.repeat(n));

const requirementLine = fc.oneof(
  {
    weight: 10,
    arbitrary: fc
      .tuple(
        pipName,
        spaces,
        mostly(fc.constantFrom('', '[extra]', '[a,b]'), fc.constantFrom('[', ']')),
        spaces,
        mostly(fc.constantFrom('==', '==', '===', '>=', '~=', '!=', '<', '@', ';'), fc.constant('')),
        spaces,
        version,
        fc.constantFrom('', ' --hash=sha256:ab', ' ; python_version >= "3"', ' # comment', ' \\'),
      )
      .map((parts) => parts.join('')),
  },
  fc.constantFrom(
    '-r other.txt',
    '-c constraints.txt',
    '-e .',
    '--index-url https://x',
    '-',
    '--',
    '#',
    '\\',
    'git+https://example.com/x.git',
    './local',
    'https://x/y.whl',
  ),
  hostileText,
);

export const requirementsManifest: fc.Arbitrary<string> = fc
  .tuple(fc.array(requirementLine, { minLength: 1, maxLength: 40 }), fc.constantFrom('\n', '\r\n', '\r', '\n\n'))
  .map(([lines, eol]) => lines.join(eol));

const lockEntry = mostly(
  fc.record(
    { version: fc.option(version, { nil: undefined }), name: fc.option(pipName, { nil: undefined }), link: fc.option(fc.boolean(), { nil: undefined }) },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 3 }),
);
const lockPath = mostly(
  fc
    .tuple(
      fc.constantFrom('node_modules/', 'node_modules/a/node_modules/', 'packages/x/node_modules/', ''),
      fc.oneof(pipName, fc.constantFrom('@scope/name', '@', '@/x')),
    )
    .map(([a, b]) => a + b),
  hostileText,
);

export const packageLockManifest: fc.Arbitrary<string> = fc
  .tuple(mostly(fc.constantFrom(2, 3, 3, 1, 4), fc.jsonValue()), fc.dictionary(lockPath, lockEntry, { maxKeys: 25 }), fc.boolean())
  .map(([lockfileVersion, packages, minified]) =>
    JSON.stringify({ name: 'app', lockfileVersion, packages: { '': { name: 'app' }, ...packages } }, null, minified ? undefined : 2),
  );

const purl = mostly(
  fc.oneof(
    fc
      .tuple(fc.constantFrom('npm', 'pypi', 'maven', 'golang', 'cargo', 'gem', 'nuget', 'deb', 'generic', ''), fc.oneof(pipName, hostileText), version)
      .map(([type, name, v]) => `pkg:${type}/${name}@${v}`),
    fc.constantFrom('pkg:', 'pkg:npm/', 'pkg:npm/%40scope/x@1.0.0', 'pkg:maven/org.a/b@1.0', 'pkg:npm/a@1%ZZ', 'pkg:/x'),
  ),
  hostileText,
);
const cpe = mostly(
  fc.oneof(
    fc
      .tuple(fc.constantFrom('a', 'o', 'h', 'x'), pipName, pipName, version)
      .map(([part, vendor, product, v]) => `cpe:2.3:${part}:${vendor}:${product}:${v}:*:*:*:*:*:*:*`),
    fc.tuple(pipName, pipName, version).map(([vendor, product, v]) => `cpe:/a:${vendor}:${product}:${v}`),
    fc.constantFrom('cpe:2.3:a:openssl:openssl:3.0.0:*:*:*:*:*:*:*', 'cpe:2.3:a:x\\:y:z:1.0:*:*:*:*:*:*:*', 'cpe:/', 'cpe:2.3:a'),
  ),
  hostileText,
);

interface CdxComponent {
  type: string;
  name: unknown;
  version?: unknown;
  purl?: unknown;
  cpe?: unknown;
  'bom-ref'?: unknown;
  components?: CdxComponent[];
}
const { component: cdxComponent } = fc.letrec<{ component: CdxComponent }>((tie) => ({
  component: fc.record(
    {
      type: mostly(fc.constantFrom('library', 'application', 'framework'), fc.constant('bogus')),
      name: mostly(pipName, fc.jsonValue({ maxDepth: 1 })),
      version: version,
      purl: purl,
      cpe: cpe,
      'bom-ref': pipName,
      components: fc.array(tie('component'), { maxLength: 2, depthIdentifier: 'cdx' }),
    },
    { requiredKeys: ['type', 'name'] },
  ),
}));

export const cycloneDxManifest: fc.Arbitrary<string> = fc
  .tuple(
    mostly(fc.constantFrom('1.4', '1.5', '1.6'), fc.constantFrom('1.3', '2.0', '')),
    fc.array(cdxComponent, { maxLength: 15 }),
    fc.option(fc.array(fc.record({ ref: pipName }), { maxLength: 10 }), { nil: undefined }),
  )
  .map(([specVersion, components, dependencies]) =>
    JSON.stringify({ bomFormat: 'CycloneDX', specVersion, version: 1, components, ...(dependencies ? { dependencies } : {}) }),
  );

const spdxPackage = fc.record(
  {
    SPDXID: mostly(fc.stringMatching(/^SPDXRef-[A-Za-z0-9.-]{1,10}$/), hostileText),
    name: pipName,
    versionInfo: version,
    externalRefs: fc.array(
      fc.record({
        referenceCategory: fc.constantFrom('PACKAGE-MANAGER', 'SECURITY'),
        referenceType: fc.constantFrom('purl', 'cpe23Type', 'cpe22Type', 'x'),
        referenceLocator: fc.oneof(purl, cpe),
      }),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: ['SPDXID', 'name'] },
);

export const spdxManifest: fc.Arbitrary<string> = fc.array(spdxPackage, { maxLength: 15 }).map((packages) =>
  JSON.stringify({
    spdxVersion: 'SPDX-2.3',
    dataLicense: 'CC0-1.0',
    SPDXID: 'SPDXRef-DOCUMENT',
    name: 'fuzz',
    documentNamespace: 'https://example.com/fuzz',
    creationInfo: { created: '2024-01-01T00:00:00Z', creators: ['Tool: fuzz'] },
    packages,
  }),
);

/** A valid fixture cut, spliced with junk, or with a piece repeated: what a broken upload looks like. */
export const mangledFixture: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...FIXTURES), fc.nat(), fc.nat(), hostileText, fc.constantFrom('cut', 'insert', 'repeat', 'nest'))
  .map(([text, a, b, junk, how]) => {
    const [from, to] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y) as [number, number];
    switch (how) {
      case 'cut':
        return text.slice(0, to);
      case 'insert':
        return `${text.slice(0, from)}${junk}${text.slice(from)}`;
      case 'repeat':
        return `${text.slice(0, to)}${text.slice(from, to).repeat(3)}${text.slice(to)}`;
      case 'nest':
        return `${text.slice(0, from)}${'['.repeat(100)}${text.slice(from)}`;
    }
  });

/** Anything at all, and JSON that names a kind but holds random values. */
export const junkManifest: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc
    .tuple(
      fc.constantFrom({ bomFormat: 'CycloneDX', specVersion: '1.5' }, { spdxVersion: 'SPDX-2.3' }, { lockfileVersion: 3 }),
      fc.dictionary(hostileText, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }),
    )
    .map(([head, rest]) => JSON.stringify({ ...rest, ...head })),
);

/** Every family, for a suite that takes one arbitrary. */
export const anyManifest: fc.Arbitrary<string> = fc.oneof(
  requirementsManifest,
  packageLockManifest,
  cycloneDxManifest,
  spdxManifest,
  mangledFixture,
  junkManifest,
);
