/**
 * A platform whose fixes are all of later lines (Flash 18.0.0.241 and 19.0.0.185 "on Windows and
 * OS X" beside NVD's newest affected 13.0.0.289 on OS X, CVE-2015-5571): the text says the 13.x
 * line has no fix of its own, never that no fixed version is stated for the platform.
 */
import { describe, expect, it } from 'vitest';
import type { VersionFact } from '../../shared/domain/facts.js';
import { fixFactSentences } from '../../shared/ingest/explainer/fix.js';

const fact = (version: string, branch: string | null, platform: string | null, source: VersionFact['source']): VersionFact => ({
  product: 'adobe:flash_player',
  version,
  branch,
  platform,
  source,
});
const text = (fixed: VersionFact[], last: VersionFact[]) =>
  fixFactSentences(
    { fixed_in: fixed, last_affected: last, fix_stated: true, advisoryHosts: [], patchLinks: false, steps: { optIn: false, replaceKeys: false } },
    () => 'Adobe Flash Player',
  ).join(' ');

describe("a platform's affected version on a line with no fix", () => {
  const fixes = [
    fact('18.0.0.241', '18.0', 'windows', 'description'),
    fact('18.0.0.241', '18.0', 'os x', 'description'),
    fact('19.0.0.185', '19', 'os x', 'description'),
    fact('11.2.202.521', '11.2', 'linux', 'description'),
  ];

  it('names the line with no fix, not the platform', () => {
    const fix = text(fixes, [fact('13.0.0.289', null, 'os x', 'configuration')]);
    expect(fix).toContain('18.0.0.241');
    expect(fix).toMatch(/13\.0\.0\.289 of Adobe Flash Player on OS X as affected too, and no fix of the 13\.x line is stated/);
    expect(fix).not.toMatch(/No fixed version is stated for Adobe Flash Player on OS X/);
  });

  it("does not call a release the record writes two ways a line of its own (MERCUR 2005 Service Pack 4 beside NVD's 5.0_sp3, h40)", () => {
    const mercur = (version: string, branch: string | null, source: VersionFact['source']): VersionFact => ({
      product: 'atrium_software:mercur_messaging_2005',
      version,
      branch,
      platform: null,
      source,
    });
    const fix = text([mercur('2005 Service Pack 4', '2005', 'description')], [mercur('5.0_sp3', null, 'configuration')]);
    expect(fix).not.toMatch(/no fix of the 5\.x line/);
  });

  it('still says no fixed version is stated for a platform that has none', () => {
    const fix = text(fixes.slice(0, 1), [fact('13.0.0.289', null, 'os x', 'configuration')]);
    expect(fix).toMatch(/No fixed version is stated for Adobe Flash Player on OS X/);
  });
});
