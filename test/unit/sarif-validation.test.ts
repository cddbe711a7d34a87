import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';
import { renderSarif } from '../../shared/render/sarif.js';
import { fixtureRecord } from '../support/export-fixtures.js';
import { multitoolGhErrors } from '../support/sarif-validation.js';

const context = { baseUrl: 'https://x.example', toolVersion: '1', productName: 'PlainCVE', sarifPath: 'a.json', filters: {} };
const logOf = (n: number): Log => renderSarif([fixtureRecord({ id: `CVE-2024-${1000 + n}`, score: 7 })], context);

/** A result GitHub cannot place: no location at all. */
function withoutLocations(log: Log): Log {
  const [run] = log.runs;
  if (!run?.results?.[0]) throw new Error('the fixture log has no result');
  const { locations: _dropped, ...result } = run.results[0];
  return { ...log, runs: [{ ...run, results: [result] }] };
}

// The check merges many logs into few files for speed (test/support/sarif-validation.ts): it
// must still find one bad run among many good ones, and pass no more than it was shown.
describe('the Multitool check of many logs at once', () => {
  it('finds the one log that breaks GitHub rules among 45 that pass, and reports what it reports for that log alone', async () => {
    const good = Array.from({ length: 45 }, (_, i) => logOf(i));
    const bad = withoutLocations(logOf(99));
    const amongMany = (await multitoolGhErrors([...good.slice(0, 30), bad, ...good.slice(30)])).map((f) => f.ruleId).sort();
    expect(amongMany.length).toBeGreaterThan(0);
    // The same findings, no more: the 45 added none, and the bad log was not remembered as passed with them.
    expect((await multitoolGhErrors(bad)).map((f) => f.ruleId).sort()).toEqual(amongMany);
  }, 120_000);
});
