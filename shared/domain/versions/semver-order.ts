// The three functions alone, not the package's index (ranges, coercion, every comparator): a
// third of its size in each bundle that orders versions.
import compare from 'semver/functions/compare.js';
import parse from 'semver/functions/parse.js';
import valid from 'semver/functions/valid.js';
import type { VersionOrder } from './version-order.js';

/** npm and crates.io: Semantic Versioning 2.0.0, as npm's own `semver` package orders it. */
export const semverOrder: VersionOrder = {
  valid: (version) => valid(version) !== null,
  compare: (a, b) => compare(a, b),
  // Build metadata does not count in SemVer's order.
  canonical: (version) => parse(version)?.version ?? version,
};

/**
 * Go modules (go.dev/ref/mod#versions): semantic versions with a `v` prefix; OSV writes them
 * without it. Pseudo-versions (`v0.0.0-20191109021931-daa7c04131f5`,
 * `v1.2.4-0.20191109021931-daa7c04131f5`) are SemVer pre-releases built so that SemVer's order
 * is their commit-time order, and `+incompatible` is build metadata, which SemVer ignores.
 */
export const goOrder: VersionOrder = {
  valid: (version) => valid(withoutV(version)) !== null,
  compare: (a, b) => compare(withoutV(a), withoutV(b)),
  canonical: (version) => parse(withoutV(version))?.version ?? version,
};

function withoutV(version: string): string {
  return version.startsWith('v') ? version.slice(1) : version;
}
