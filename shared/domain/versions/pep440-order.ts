import * as pep440 from '@renovatebot/pep440';
import type { VersionOrder } from './version-order.js';

/** PyPI: PEP 440 (pre-, post- and dev-releases, epochs, local versions), by `@renovatebot/pep440`. */
export const pep440Order: VersionOrder = {
  valid: (version) => pep440.valid(version) !== null,
  compare: (a, b) => pep440.compare(a, b),
};
