/**
 * The demo's package advisories: real OSV records (ids, aliases, ranges and texts as OSV
 * publishes them, trimmed to the packages the demo matches) for packages whose CVEs the demo
 * catalogue holds, in npm, PyPI and Maven, plus the README's accesscontrol example, a CVE the
 * catalogue lacks (its text then comes from the advisory). Read by the ingest's own OSV parser,
 * so a record it would refuse fails the start-up, not a user.
 */
import type { Advisory } from '../../domain/advisory.js';
import { parseOsvAdvisory } from '../sources/osv.js';
import records from './advisories.json' with { type: 'json' };

export function loadDemoAdvisories(data: readonly unknown[]): readonly Advisory[] {
  return data.map((value, i) => {
    const advisory = parseOsvAdvisory(value);
    if (!advisory || advisory.affected.length === 0) throw new Error(`Demo advisory #${i} is not an OSV record of a matched ecosystem.`);
    return advisory;
  });
}

export const demoAdvisories: readonly Advisory[] = loadDemoAdvisories(records);
