import { describe, expect, it } from 'vitest';
import { readReleaseLines } from '../../shared/ingest/sources/cve5-lines.js';
import { releaseLinesText } from '../../shared/ingest/explainer/affected.js';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';

const NOW = new Date('2026-01-01T00:00:00Z');

describe('CVE 5 entries written per release line', () => {
  const lines = [
    { status: 'affected', version: '3.1' },
    { status: 'unaffected', version: '0', lessThan: '3.1' },
    { status: 'unaffected', version: '5.10.212', lessThanOrEqual: '5.10.*' },
    { status: 'unaffected', version: '5.15.151', lessThanOrEqual: '5.15.*' },
    { status: 'unaffected', version: '6.8', lessThanOrEqual: '*' },
  ];

  it('reads where the flaw starts, each line up to its fix and the mainline fix', () => {
    const read = readReleaseLines(lines, 'affected')!;
    expect(read.lines).toEqual({ introduced: '3.1', mainline: '6.8', fixes: ['5.10.212', '5.15.151'] });
    expect(read.ranges).toEqual([
      { startIncluding: '3.1', endExcluding: '5.10.212' },
      { startIncluding: '5.15', endExcluding: '5.15.151' },
    ]);
    expect(read.fixedVersions).toEqual(['5.10.212', '5.15.151', '6.8']);
    expect(read.openEnded).toBe(false);
  });

  it("keeps a line fixed below where the flaw starts as that line's fix: the flaw reached it by a backport (CVE-2024-36972)", () => {
    const read = readReleaseLines(
      [
        { status: 'affected', version: '6.8' },
        { status: 'unaffected', version: '0', lessThan: '6.8' },
        { status: 'unaffected', version: '6.1.93', lessThanOrEqual: '6.1.*' },
        { status: 'unaffected', version: '5.15.161', lessThanOrEqual: '5.15.*' },
        { status: 'unaffected', version: '6.9.4', lessThanOrEqual: '6.9.*' },
        { status: 'unaffected', version: '6.10', lessThanOrEqual: '*' },
      ],
      'affected',
    )!;
    expect(read.lines).toEqual({ introduced: '6.8', mainline: '6.10', fixes: ['6.9.4'], backported: ['5.15.161', '6.1.93'] });
    expect(read.ranges).toEqual([
      { startIncluding: '5.15', endExcluding: '5.15.161' },
      { startIncluding: '6.1', endExcluding: '6.1.93' },
      { startIncluding: '6.8', endExcluding: '6.9.4' },
    ]);
    expect(read.fixedVersions).toEqual(['5.15.161', '6.1.93', '6.9.4', '6.10']);
    expect(releaseLinesText(read.lines)).toBe(
      'versions from 6.8 before 6.10, except the 6.9 line from 6.9.4 on; also the stable lines that got the flaw by a backport, each before its fixed release (5.15.161 and 6.1.93)',
    );
    // The lines above where the flaw starts are read as before: no backport named.
    expect(releaseLinesText(readReleaseLines(lines, 'affected')!.lines)).not.toContain('backport');
  });

  it('reads a flaw that came and went between release candidates', () => {
    const read = readReleaseLines(
      [
        { status: 'affected', version: '6.11-rc2' },
        { status: 'unaffected', version: '0', lessThan: '6.11-rc2' },
        { status: 'unaffected', version: '6.11-rc3', lessThanOrEqual: '*' },
      ],
      'affected',
    )!;
    expect(read.ranges).toEqual([{ startIncluding: '6.11-rc2', endExcluding: '6.11-rc3' }]);
    expect(releaseLinesText(read.lines)).toBe('versions from 6.11-rc2 before 6.11-rc3');
  });

  it('is not this reading when the default is unaffected or no line is written', () => {
    expect(readReleaseLines(lines, 'unaffected')).toBeUndefined();
    expect(readReleaseLines([{ status: 'affected', version: '1.0', lessThan: '1.2' }], 'affected')).toBeUndefined();
  });

  it('says the whole stretch less the fixed lines, never one version', () => {
    expect(releaseLinesText({ introduced: '3.1', mainline: '6.8', fixes: ['5.10.212', '5.15.151'] })).toBe(
      'versions from 3.1 before 6.8, except each stable line from its fixed release on (5.10.212 and 5.15.151)',
    );
    expect(releaseLinesText({ mainline: '6.6', fixes: [] })).toBe('versions before 6.6');
    expect(releaseLinesText({ introduced: '6.9', mainline: '6.10', fixes: ['6.9.10'] })).toBe(
      'versions from 6.9 before 6.10, except the 6.9 line from 6.9.10 on',
    );
  });
});

describe('a Linux kernel CNA record, derived whole', () => {
  const description =
    'In the Linux kernel, the following vulnerability has been resolved:\n\ntomoyo: fix UAF write bug in tomoyo_write_control()\n\nSince tomoyo_write_control() updates head->write_buf, the only implementation must fetch it after head->io_sem is held.';
  const record = () => {
    const cve5 = parseCve5Record({
      dataType: 'CVE_RECORD',
      cveMetadata: { cveId: 'CVE-2099-0600', state: 'PUBLISHED', datePublished: '2024-03-01T00:00:00Z' },
      containers: {
        cna: {
          providerMetadata: { shortName: 'Linux' },
          title: 'tomoyo: fix UAF write bug in tomoyo_write_control()',
          descriptions: [{ lang: 'en', value: description }],
          affected: [
            {
              repo: 'https://git.kernel.org/pub/scm/linux/kernel/git/stable/linux.git',
              vendor: 'Linux',
              product: 'Linux',
              defaultStatus: 'unaffected',
              versions: [{ status: 'affected', version: 'bd03a3e4c9a9', lessThan: 'a23ac1788e2c', versionType: 'git' }],
            },
            {
              repo: 'https://git.kernel.org/pub/scm/linux/kernel/git/stable/linux.git',
              vendor: 'Linux',
              product: 'Linux',
              defaultStatus: 'affected',
              versions: [
                { status: 'affected', version: '3.1' },
                { status: 'unaffected', version: '0', lessThan: '3.1', versionType: 'custom' },
                { status: 'unaffected', version: '5.10.212', lessThanOrEqual: '5.10.*', versionType: 'custom' },
                { status: 'unaffected', version: '6.7.9', lessThanOrEqual: '6.7.*', versionType: 'custom' },
                { status: 'unaffected', version: '6.8', lessThanOrEqual: '*', versionType: 'original_commit_for_fix' },
              ],
            },
          ],
        },
      },
    })!;
    return deriveRecord({ id: cve5.id, cve5, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, NOW)!;
  };

  it("is one product under NVD's name, affected from where the flaw starts, with a fix per line", () => {
    const r = record();
    expect(r.facts!.products.map((p) => p.product)).toEqual(['linux:linux_kernel']);
    expect(r.facts!.fixed_in.map((f) => [f.version, f.branch])).toEqual([
      ['5.10.212', '5.10'],
      ['6.7.9', '6.7'],
      ['6.8', '6.8'],
    ]);
    expect(r.explanation!.affected).toContain('versions from 3.1 before 6.8, except each stable line from its fixed release on (5.10.212 and 6.7.9)');
    expect(r.explanation!.affected).not.toMatch(/\(version 3\.1\)/);
  });

  it('is titled and placed from the subject line, not the commit subject repeated or the later analysis', () => {
    const r = record();
    expect(r.title).toBe("Use-after-free in the Linux kernel's tomoyo (tomoyo_write_control)");
    expect(r.facts!.component).toBe('tomoyo (tomoyo_write_control)');
    expect(r.explanation!.summary).toMatch(/^This is a use-after-free flaw in tomoyo/);
    expect(r.explanation!.summary).not.toContain('only implementation');
  });
});
