import { mavenOrder } from './maven-order.js';
import { memoised } from './memo.js';
import { nugetOrder } from './nuget-order.js';
import { pep440Order } from './pep440-order.js';
import { rubygemsOrder } from './rubygems-order.js';
import { goOrder, semverOrder } from './semver-order.js';
import type { VersionOrder } from './version-order.js';

export type { VersionOrder } from './version-order.js';

import type { Ecosystem } from './ecosystems.js';

export { ECOSYSTEMS, type Ecosystem } from './ecosystems.js';

const semver = memoised(semverOrder);

export const VERSION_ORDERS: Readonly<Record<Ecosystem, VersionOrder>> = {
  npm: semver,
  'crates.io': semver,
  PyPI: memoised(pep440Order),
  Maven: memoised(mavenOrder),
  Go: memoised(goOrder),
  RubyGems: memoised(rubygemsOrder),
  NuGet: memoised(nugetOrder),
};
