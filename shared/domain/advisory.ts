import { ECOSYSTEMS, type Ecosystem } from './versions/ecosystems.js';

export { ECOSYSTEMS, type Ecosystem } from './versions/ecosystems.js';

/**
 * A package advisory in OSV's shape (ossf.github.io/osv-schema), kept as the source wrote it
 * except that only the affected packages of the seven ecosystems PlainCVE matches are kept.
 */
export interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}

export interface OsvRange {
  type: 'SEMVER' | 'ECOSYSTEM' | 'GIT' | (string & {});
  repo?: string;
  events: OsvEvent[];
}

export interface AffectedPackage {
  package: { ecosystem: Ecosystem; name: string; purl?: string };
  ranges?: OsvRange[];
  versions?: string[];
}

export interface OsvSeverity {
  type: string;
  score: string;
}

export interface Advisory {
  id: string;
  aliases: string[];
  /** The CVE among `aliases` (or the id itself), the key that joins the catalogue; null when there is none. */
  cve_id: string | null;
  summary: string;
  details: string;
  affected: AffectedPackage[];
  modified: string;
  published?: string;
  withdrawn?: string;
  severity?: OsvSeverity[];
}

const CVE_ALIAS = /^CVE-\d{4}-\d{4,19}$/;

/** The advisory's CVE: its id when it is one, else the first CVE alias (sorted, so stable). */
export function cveIdOf(id: string, aliases: readonly string[]): string | null {
  if (CVE_ALIAS.test(id)) return id;
  return [...aliases].filter((alias) => CVE_ALIAS.test(alias)).sort()[0] ?? null;
}

/** Reads an ecosystem as users and purls write it: OSV names in any case, or a purl type. */
const PURL_TYPES: Readonly<Record<string, Ecosystem>> = {
  npm: 'npm',
  pypi: 'PyPI',
  maven: 'Maven',
  golang: 'Go',
  go: 'Go',
  cargo: 'crates.io',
  'crates.io': 'crates.io',
  gem: 'RubyGems',
  rubygems: 'RubyGems',
  nuget: 'NuGet',
};

export function isEcosystem(text: string): text is Ecosystem {
  return (ECOSYSTEMS as readonly string[]).includes(text);
}

export function parseEcosystem(text: string): Ecosystem | null {
  return PURL_TYPES[text.trim().toLowerCase()] ?? null;
}

/**
 * The name under which an ecosystem's registry treats two spellings as one package: PyPI by
 * PEP 503 (lower case, runs of `-`, `_`, `.` as one `-`); crates.io case-insensitively with
 * `-` = `_`; NuGet case-insensitively; npm, Maven (`group:artifact`), Go module paths and
 * RubyGems names are case-sensitive and kept as written (trimmed).
 */
export function normalisePackageName(ecosystem: Ecosystem, name: string): string {
  const trimmed = name.trim();
  switch (ecosystem) {
    case 'PyPI':
      return trimmed.toLowerCase().replace(/[-_.]+/g, '-');
    case 'crates.io':
      return trimmed.toLowerCase().replace(/_/g, '-');
    case 'NuGet':
      return trimmed.toLowerCase();
    default:
      return trimmed;
  }
}

/** The package index key: ecosystem and normalised name. */
export function packageKey(ecosystem: Ecosystem, name: string): string {
  return `${ecosystem}#${normalisePackageName(ecosystem, name)}`;
}
