import semver from 'semver';
import type { VersionOrder } from './version-order.js';

/** npm and crates.io: Semantic Versioning 2.0.0, as npm's own `semver` package orders it. */
export const semverOrder: VersionOrder = {
  valid: (version) => semver.valid(version) !== null,
  compare: (a, b) => semver.compare(a, b),
  // Build metadata does not count in SemVer's order.
  canonical: (version) => semver.parse(version)?.version ?? version,
};

/**
 * Go modules (go.dev/ref/mod#versions): semantic versions with a `v` prefix; OSV writes them
 * without it. Pseudo-versions (`v0.0.0-20191109021931-daa7c04131f5`,
 * `v1.2.4-0.20191109021931-daa7c04131f5`) are SemVer pre-releases built so that SemVer's order
 * is their commit-time order, and `+incompatible` is build metadata, which SemVer ignores.
 */
export const goOrder: VersionOrder = {
  valid: (version) => semver.valid(withoutV(version)) !== null,
  compare: (a, b) => semver.compare(withoutV(a), withoutV(b)),
  canonical: (version) => semver.parse(withoutV(version))?.version ?? version,
};

function withoutV(version: string): string {
  return version.startsWith('v') ? version.slice(1) : version;
}
