import * as pep440 from '@renovatebot/pep440';
import type { VersionOrder } from './version-order.js';

/** PyPI: PEP 440 (pre-, post- and dev-releases, epochs, local versions), by `@renovatebot/pep440`. */
export const pep440Order: VersionOrder = {
  valid: (version) => pep440.valid(version) !== null,
  compare: (a, b) => pep440.compare(a, b),
  canonical(version) {
    const parsed = pep440.parse(version);
    if (!parsed) return version;
    // Trailing zeros of the release do not count (1.0 == 1.0.0); the rest is already normalised by parse.
    const release = [...parsed.release];
    while (release.length > 1 && release.at(-1) === 0) release.pop();
    return JSON.stringify([parsed.epoch, release, parsed.pre, parsed.post, parsed.dev, parsed.local]);
  },
};
