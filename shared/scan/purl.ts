import { PackageURL } from 'packageurl-js';
import type { ScanEcosystem } from './manifest.js';

/** purl type → OSV ecosystem (the OSV schema's table of purl types). */
const ECOSYSTEM_OF_PURL_TYPE: Record<string, ScanEcosystem> = {
  npm: 'npm',
  pypi: 'PyPI',
  maven: 'Maven',
  golang: 'Go',
  cargo: 'crates.io',
  gem: 'RubyGems',
  nuget: 'NuGet',
};

export interface PurlPackage {
  readonly ecosystem: ScanEcosystem | null;
  /** The name as OSV writes it for the ecosystem; null when the ecosystem is unknown. */
  readonly packageName: string | null;
  readonly version: string | null;
  readonly type: string;
  readonly name: string;
}

/** PEP 503 normalised name: what PyPI (and OSV's PyPI records, compared normalised) call the package. */
export function normalisePypiName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** OSV's package name for a purl: npm `@scope/name`, Maven `group:artifact`, Go the module path. */
function osvName(ecosystem: ScanEcosystem, namespace: string | undefined | null, name: string): string {
  switch (ecosystem) {
    case 'Maven':
      return namespace ? `${namespace}:${name}` : name;
    case 'PyPI':
      return normalisePypiName(name);
    case 'npm':
    case 'Go':
      return namespace ? `${namespace}/${name}` : name;
    default:
      return name;
  }
}

/** Reads a package URL with packageurl-js; throws its message when the purl is malformed. */
export function parsePurl(purl: string): PurlPackage {
  const parsed = PackageURL.fromString(purl);
  const ecosystem = ECOSYSTEM_OF_PURL_TYPE[parsed.type] ?? null;
  return {
    ecosystem,
    packageName: ecosystem ? osvName(ecosystem, parsed.namespace, parsed.name) : null,
    version: parsed.version ?? null,
    type: parsed.type,
    name: parsed.name,
  };
}

/** The purl of an npm package at a version (`pkg:npm/%40scope/name@1.0.0`). */
export function npmPurl(name: string, version: string): string {
  const slash = name.startsWith('@') ? name.indexOf('/') : -1;
  const namespace = slash > 0 ? name.slice(0, slash) : undefined;
  const bare = slash > 0 ? name.slice(slash + 1) : name;
  return new PackageURL('npm', namespace, bare, version, undefined, undefined).toString();
}

/** The purl of a PyPI package at a version. */
export function pypiPurl(name: string, version: string): string {
  return new PackageURL('pypi', undefined, normalisePypiName(name), version, undefined, undefined).toString();
}
