/**
 * Fixes stated in forms the h41 blind set and the twenty-record readings found unread: GitHub's
 * "Versions 8.1.2 and 9.0.1 contain a patch" (545 records; read before as affected versions),
 * EMC's "10.5.3 and 10.6.2 contains fixes", a CNA's code marks ("Prior to versions `3.3.4` on
 * the `stable` branch"), and Qualcomm's "Android before 2016-08-05" (417 records).
 */
import { describe, expect, it } from 'vitest';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const read = (text: string) => {
  const d = describedVersions(text);
  return { fixed: d.fixed.map((f) => f.version), affected: d.affected.map((f) => f.version) };
};

describe('versions said to contain a patch', () => {
  it('reads every version of the list as a fix, none as affected', () => {
    expect(read('Acme is a library. Versions 2.9.0, 2.8.1, 2.7.2, and 2.6.4 contain a patch for this issue.')).toEqual({
      fixed: ['2.9.0', '2.8.1', '2.7.2', '2.6.4'],
      affected: [],
    });
    expect(read('Acme is a tool. Versions 3.5.0 and 2.11.6 patch the issue.').fixed).toEqual(['3.5.0', '2.11.6']);
    expect(read('EMC RSA Security Analytics 10.5.3 and 10.6.2 contains fixes for a Reflected Cross-Site Scripting vulnerability.').fixed).toEqual([
      '10.5.3',
      '10.6.2',
    ]);
  });

  it('leaves versions that contain the flaw affected', () => {
    expect(read('Acme versions 2.0, 2.1, and 2.2 contain undocumented accounts.')).toEqual({ fixed: [], affected: ['2.2'] });
  });
});

describe("a CNA's code marks", () => {
  it('are no part of the versions ("Prior to versions `3.3.4` on the `stable` branch and `3.4.0.beta5` on the `beta` branch")', () => {
    const r = derivedFixture(
      'Discourse is an open-source discussion platform. Prior to versions `3.3.4` on the `stable` branch and `3.4.0.beta5` on the `beta` branch, users could be added to group direct messages. Versions `3.3.4` and `3.4.0.beta5` contain a patch for the issue.',
    );
    expect(r.facts!.fixed_in.map((f) => f.version).sort()).toEqual(['3.3.4', '3.4.0.beta5']);
    expect(r.description).toContain('`3.3.4`');
  });
});

describe('Android\'s patch level written as the date alone ("Android before 2016-08-05", CVE-2016-2504, h41)', () => {
  it('is the fix of the listed Android', () => {
    const r = derivedFixture(
      'The Qualcomm GPU driver in Android before 2016-08-05 on Nexus 5, 5X, 6, 6P, and 7 (2013) devices allows attackers to gain privileges via a crafted application.',
      [orNode({ criteria: 'cpe:2.3:o:google:android:6.0.1:*:*:*:*:*:*:*' })],
    );
    expect(r.facts!.fixed_in.map((f) => `${f.product} ${f.version}`)).toEqual(['google:android 2016-08-05']);
    expect(r.explanation!.fix).toContain('security patch level 2016-08-05 or later');
  });

  it('leaves a date that is not a bound alone', () => {
    const r = derivedFixture('Android on devices sold before Monday allows attackers to read files, as reported on 2016-08-05.', [
      orNode({ criteria: 'cpe:2.3:o:google:android:6.0.1:*:*:*:*:*:*:*' }),
    ]);
    expect(r.facts!.fixed_in).toEqual([]);
  });
});

describe('a version of the program the product is used with ("when used with glib before 2.44.1", CVE-2016-6855, h41)', () => {
  const eog = (fix: string, start: string) => ({
    criteria: 'cpe:2.3:a:gnome:eye_of_gnome:*:*:*:*:*:*:*:*',
    versionStartIncluding: start,
    versionEndExcluding: fix,
  });

  it("is no fix of the record's product", () => {
    const r = derivedFixture(
      'Eye of GNOME (aka eog) 3.18.x before 3.18.3 and 3.20.x before 3.20.4, when used with glib before 2.44.1, allow remote attackers to cause a denial of service.',
      [orNode(eog('3.18.3', '3.18.0'), eog('3.20.4', '3.20.0'))],
    );
    expect(r.facts!.fixed_in.map((f) => f.version).sort()).toEqual(['3.18.3', '3.20.4']);
  });

  it('stays the fix of that program where the record lists it (OGNL, CVE-2016-3093)', () => {
    const r = derivedFixture(
      'Apache Struts 2.0.0 through 2.3.24.1 does not properly cache method references when used with OGNL before 3.0.12, which allows remote attackers to cause a denial of service.',
      [
        orNode(
          { criteria: 'cpe:2.3:a:apache:struts:*:*:*:*:*:*:*:*', versionStartIncluding: '2.0.0', versionEndIncluding: '2.3.24.1' },
          { criteria: 'cpe:2.3:a:ognl_project:ognl:*:*:*:*:*:*:*:*', versionEndExcluding: '3.0.12' },
        ),
      ],
    );
    expect(r.facts!.fixed_in.map((f) => `${f.product} ${f.version}`)).toContain('ognl_project:ognl 3.0.12');
  });
});

describe('HP\'s lettered releases ("HP Ignite-UX before C.6.2.241", CVE-2004-0951, h41)', () => {
  it('reads them as versions, and the configuration listing the same release as affected makes it disputed', () => {
    expect(read('The make_recovery command in HP Ignite-UX before C.6.2.241 makes a copy of the password file.').fixed).toEqual(['C.6.2.241']);
    const r = derivedFixture('The make_recovery command for the TFTP server in HP Ignite-UX before C.6.2.241 makes a copy of the password file.', [
      orNode({ criteria: 'cpe:2.3:a:hp:ignite-ux:c.6.2.241:*:*:*:*:*:*:*' }),
    ]);
    expect(r.explanation!.fix).toContain("The description gives C.6.2.241 as fixed, but NVD's configuration lists c.6.2.241 as affected");
  });

  it('takes the start of a lettered range as no product name ("HP-UX trusted systems B.11.00 through B.11.23")', () => {
    const r = derivedFixture('Unknown vulnerability in HP-UX trusted systems B.11.00 through B.11.23 allows remote attackers to gain privileges.');
    expect(r.explanation!.fix).not.toMatch(/of B\.11\.00/);
    expect(r.facts!.last_affected.map((l) => l.version)).toEqual(['B.11.23']);
  });
});
