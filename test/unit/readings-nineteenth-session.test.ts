/**
 * Rules from the nineteenth session's readings, each beside a neighbour it must leave alone: a
 * part whose output the attacker controls is no place of the bug (Jenkins ElectricFlow,
 * CVE-2019-10335), and a CNA's range written into one version field (Zyxel, CVE-2023-6397).
 */
import { describe, expect, it } from 'vitest';
import { versionGroups } from '../../shared/ingest/explainer/affected.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';

describe('a part the attacker controls the output of', () => {
  it('is not where the bug is ("control the output of the ElectricFlow API")', () => {
    expect(
      describedComponent(
        'A stored cross site scripting vulnerability in Jenkins ElectricFlow Plugin 1.1.5 and earlier allowed attackers able to configure jobs in Jenkins or control the output of the ElectricFlow API to inject arbitrary HTML and JavaScript in the plugin-provided output on build status pages.',
      ),
    ).toBeNull();
  });

  it('leaves a part named as the place alone', () => {
    expect(describedComponent('A flaw in the Foo API of Bar allows remote attackers to read arbitrary files.')).toBe('Foo API');
    expect(describedComponent('The handling of the resetData method allows remote attackers to execute arbitrary code.')).toBe('resetData method');
  });
});

describe("a CNA's range written in one version field", () => {
  const product = (version: string) => ({ vendor: 'zyxel', product: 'atp_series_firmware', ranges: [{ exact: version }], openEnded: false, fixedVersions: [] });

  it('is said once as versions, its own word "version" and doubled spaces dropped', () => {
    expect(versionGroups(product('version 4.32  through 5.37 Patch 1')).map((g) => g.text)).toEqual(['versions 4.32 through 5.37 Patch 1']);
    expect(versionGroups(product('Versions C3414-500-S02K5_P8 and prior')).map((g) => g.text)).toEqual(['versions C3414-500-S02K5 P8 and prior']);
  });

  it('leaves one version a version', () => {
    expect(versionGroups(product('2.6.39-rc1')).map((g) => g.text)).toEqual(['version 2.6.39-rc1']);
    expect(versionGroups(product('version 0.25.0')).map((g) => g.text)).toEqual(['version 0.25.0']);
  });
});
