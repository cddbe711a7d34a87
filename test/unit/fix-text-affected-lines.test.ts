/** The newest affected versions said line by line: an unlined one among them is no "older releases'" entry (that wording is a fix's). */
import { describe, expect, it } from 'vitest';
import type { VersionFact } from '../../shared/domain/facts.js';
import { fixFactSentences } from '../../shared/ingest/explainer/fix.js';

const fact = (version: string, branch: string | null): VersionFact => ({ product: 'fortinet:fortinac', version, branch, platform: null, source: 'cve5' });
const text = (fixed: VersionFact[], last: VersionFact[]) =>
  fixFactSentences(
    { fixed_in: fixed, last_affected: last, fix_stated: fixed.length > 0, advisoryHosts: [], patchLinks: false, steps: { optIn: false, replaceKeys: false } },
    () => 'Fortinet FortiNAC',
  ).join(' ');

describe('versions of several lines', () => {
  it('never says "for older releases" of a newest affected version', () => {
    const fix = text([], [fact('9.4.2', '9.4'), fact('9.2.8', '9.2'), fact('7.2.0', null)]);
    expect(fix).toContain('9.4.2 for the 9.4.x line');
    expect(fix).toContain('7.2.0');
    expect(fix).not.toMatch(/older releases/);
  });

  it("still calls an unlined fix below every lined one the older releases' fix", () => {
    expect(text([fact('9.4.3', '9.4'), fact('9.2.9', '9.2'), fact('7.0.0', null)], [])).toContain('7.0.0 for older releases');
  });
});

describe('who lists a newest affected version', () => {
  const fortios = (source: VersionFact['source']): VersionFact => ({ product: 'fortinet:fortios', version: '7.4.1', branch: null, platform: null, source });
  const said = (last: VersionFact[], cnaOnly: boolean) =>
    fixFactSentences(
      { fixed_in: [], last_affected: last, fix_stated: false, advisoryHosts: [], patchLinks: false, steps: { optIn: false, replaceKeys: false }, cnaOnly },
      () => 'Fortinet FortiOS',
    ).join(' ');

  it('is the CVE record where the description is a CNA-only record’s (CVE-2023-46714, found reading twenty records)', () => {
    expect(said([fortios('description')], true)).toMatch(/^The CVE record lists 7\.4\.1 as the newest affected version of Fortinet FortiOS/);
  });

  it('is NVD where NVD has the record', () => {
    expect(said([fortios('description')], false)).toMatch(/^NVD lists 7\.4\.1/);
    expect(said([fortios('configuration')], false)).toMatch(/^NVD lists 7\.4\.1/);
  });
});
