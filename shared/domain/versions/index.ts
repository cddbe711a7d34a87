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

// Pure: a bundle that never orders versions (the ingest) leaves the orders and their libraries out.
const semver = /* @__PURE__ */ memoised(semverOrder);

export const VERSION_ORDERS: Readonly<Record<Ecosystem, VersionOrder>> = {
  npm: semver,
  'crates.io': semver,
  PyPI: /* @__PURE__ */ memoised(pep440Order),
  Maven: /* @__PURE__ */ memoised(mavenOrder),
  Go: /* @__PURE__ */ memoised(goOrder),
  RubyGems: /* @__PURE__ */ memoised(rubygemsOrder),
  NuGet: /* @__PURE__ */ memoised(nugetOrder),
};
