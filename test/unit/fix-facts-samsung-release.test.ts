/**
 * Samsung's security release as the fix ("prior to SMR Mar-2022 Release 1", CVE-2022-25818, the
 * h40 blind set; 440 records say it so): the listed Android versions are the ones the phones run,
 * not versions to move past.
 */
import { describe, expect, it } from 'vitest';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const android = (version: string) => ({ criteria: `cpe:2.3:o:google:android:${version}:*:*:*:*:*:*:*` });

describe("Samsung's security release", () => {
  it('is the fix of the listed Android, and Android 12.0 is no version to update past', () => {
    const r = derivedFixture('Improper boundary check in UWB stack prior to SMR Mar-2022 Release 1 allows arbitrary code execution.', [
      orNode(android('10.0'), android('11.0'), android('12.0')),
    ]);
    expect(r.facts!.fixed_in.map((f) => `${f.product} ${f.version}`)).toEqual(['google:android SMR Mar-2022 Release 1']);
    expect(r.facts!.last_affected).toEqual([]);
    expect(r.explanation!.fix).toContain("Samsung's security release SMR Mar-2022 Release 1 or later");
    expect(r.explanation!.fix).not.toMatch(/update past/);
  });

  it('is read in any case and spelling of the month, and kept as written (CVE-2021-25388: "SMR MAY-2021")', () => {
    for (const release of ['SMR MAY-2021 Release 1', 'SMR July-2021 Release 1', 'SMR-May-2022 Release 1', 'SMR Nov-2023 Release1']) {
      const r = derivedFixture(`Improper caller check vulnerability in Knox Core prior to ${release} allows attackers to install arbitrary app.`, [
        orNode(android('11.0')),
      ]);
      expect(r.facts!.fixed_in.map((f) => `${f.product} ${f.version}`)).toEqual([`google:android ${release}`]);
      expect(r.explanation!.fix).toContain(`Samsung's security release ${release} or later`);
      expect(r.explanation!.fix).not.toMatch(/update past|without a version number/);
    }
  });

  it('is no release where the month is no month ("SMR ABC-2021 Release 1")', () => {
    const r = derivedFixture('Improper caller check in Knox Core prior to SMR ABC-2021 Release 1 allows attackers to install arbitrary app.', [
      orNode(android('11.0')),
    ]);
    expect(r.facts!.fixed_in).toEqual([]);
    expect(r.facts!.last_affected.map((l) => l.version)).toEqual(['11.0']);
  });

  it('leaves a record without the release as it was', () => {
    const r = derivedFixture('Improper boundary check in UWB stack allows arbitrary code execution.', [orNode(android('12.0'))]);
    expect(r.facts!.fixed_in).toEqual([]);
    expect(r.facts!.last_affected.map((l) => l.version)).toEqual(['12.0']);
  });
});

describe("Samsung's template names the part before its release", () => {
  it('reads "Improper boundary check in UWB stack prior to SMR Mar-2022 Release 1" as the UWB stack', () => {
    const r = derivedFixture('Improper boundary check in UWB stack prior to SMR Mar-2022 Release 1 allows arbitrary code execution.', [
      orNode(android('12.0')),
    ]);
    expect(r.facts!.component).toBe('UWB stack');
    expect(r.explanation!.summary).toContain('UWB stack');
  });

  it('leaves a statement before a numbered version to the other templates', () => {
    const r = derivedFixture('Improper input validation in Samsung Internet prior to 15.0 allows attackers to read files.', [orNode(android('12.0'))]);
    expect(r.facts!.component).toBeNull();
  });
});
