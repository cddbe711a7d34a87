/**
 * A build named alone as the fix ("ADSelfService Plus 5.x before build 5701", CVE-2018-20664, read
 * in twenty random records) beside NVD's versions written with their build ("5.7 5700", the CPE
 * update field): Zoho counts builds across releases, so build 5701 is placed above 5.7 5700 and
 * is the fix, never "a fix without a version number".
 */
import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../shared/domain/cpe/version-compare.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const adSelfService = (version: string, build: string) => ({
  criteria: `cpe:2.3:a:zohocorp:manageengine_adselfservice_plus:${version}:${build}:*:*:*:*:*:*`,
});
const forticlient = (version: string) => ({ criteria: `cpe:2.3:a:fortinet:forticlient:${version}:*:*:*:*:*:*:*` });

describe('a build named alone', () => {
  it('is placed by its number among releases written with their build', () => {
    expect(compareVersions('build 5701', '5.7 5700')).toBeGreaterThan(0);
    expect(compareVersions('5.7 5700', 'build 5701')).toBeLessThan(0);
    expect(compareVersions('build 5700', '5.7 5700')).toBeLessThan(0);
    expect(compareVersions('build 5219', '5.2 build5218')).toBeGreaterThan(0);
  });

  it('is the fix of the line the description names, above the listed builds', () => {
    const r = derivedFixture('ADSelfService Plus 5.x before build 5701 has XXE via an uploaded product license.', [
      orNode(adSelfService('5.7', '5600'), adSelfService('5.7', '5700')),
    ]);
    expect(r.facts!.fixed_in.map((f) => `${f.version} (${f.branch})`)).toEqual(['build 5701 (5)']);
    expect(r.explanation!.fix).toContain('build 5701 or later');
    expect(r.explanation!.fix).not.toMatch(/without a version number|update past/);
  });

  it('is no fix where a listed build is at or above it', () => {
    const r = derivedFixture('ADSelfService Plus 5.x before build 5701 has XXE via an uploaded product license.', [
      orNode(adSelfService('5.7', '5700'), adSelfService('5.7', '5702')),
    ]);
    expect(r.facts!.fixed_in).toEqual([]);
  });

  it('is still unplaced beside versions written without a build (FortiClient 5.2)', () => {
    expect(compareVersions('build 2313', '5.2')).toBeLessThan(0);
    const r = derivedFixture('FortiClient before build 2313 allows local users to gain privileges.', [orNode(forticlient('5.2'))]);
    expect(r.facts!.fixed_in).toEqual([]);
  });

  it('is named, never called "a fix without a version number", where the versions do not place it (Log360, CVE-2021-40172)', () => {
    const log360 = (version: string, update = '*') => `cpe:2.3:a:zohocorp:manageengine_log360:${version}:${update}:*:*:*:*:*:*`;
    const references = [{ url: 'https://www.manageengine.com/log-management/cve-2021-40172.html', tags: ['Vendor Advisory'] }];
    const r = derivedFixture(
      'Zoho ManageEngine Log360 before Build 5219 allows a CSRF attack on proxy settings.',
      [orNode({ criteria: log360('*'), versionStartIncluding: '5.0', versionEndIncluding: '5.1' }, { criteria: log360('5.2', 'build5218') })],
      { references },
    );
    expect(r.facts!.fixed_in).toEqual([]);
    expect(r.explanation!.fix).toContain("The description names Build 5219 as fixed, but NVD's configuration does not confirm it");
    expect(r.explanation!.fix).not.toMatch(/without a version number/);
  });

  it('leaves "a fix without a version number" where the description names none', () => {
    const references = [{ url: 'https://www.manageengine.com/log-management/advisory.html', tags: ['Vendor Advisory'] }];
    const r = derivedFixture(
      'Zoho ManageEngine Log360 allows a CSRF attack on proxy settings.',
      [orNode({ criteria: 'cpe:2.3:a:zohocorp:manageengine_log360:5.2:build5218:*:*:*:*:*:*' })],
      { references },
    );
    expect(r.explanation!.fix).toMatch(/The record states a fix without a version number/);
  });
});

describe("HPE's patch of a release", () => {
  it('is read whole ("earlier than version 7.3 E0506P09", 110 records) and placed above the listed 7.3 E0506P07', () => {
    const description =
      'A SQL injection code execution vulnerability was identified in HPE Intelligent Management Center (IMC) PLAT earlier than version 7.3 E0506P09.';
    expect(describedVersions(description).fixed.map((f) => f.version)).toEqual(['7.3 E0506P09']);
    const r = derivedFixture(description, [orNode({ criteria: 'cpe:2.3:a:hp:intelligent_management_center:7.3:e0506p07:*:*:*:*:*:*' })]);
    expect(r.facts!.fixed_in.map((f) => f.version)).toEqual(['7.3 E0506P09']);
  });

  it('leaves a word after a version alone ("7.3 Enterprise")', () => {
    expect(describedVersions('Acme Server before 7.3 Enterprise allows attackers to read files.').fixed.map((f) => f.version)).toEqual(['7.3']);
  });
});

describe('a fix the description gives at the configuration’s boundary, with no other', () => {
  it('is named as disputed, and the text never adds "without a version number"', () => {
    const references = [{ url: 'https://www.symantec.com/security_response/advisory.jsp', tags: ['Vendor Advisory'] }];
    const r = derivedFixture(
      'The management console in Symantec Web Gateway before 5.2.2 allows remote authenticated users to execute arbitrary OS commands.',
      [orNode({ criteria: 'cpe:2.3:a:symantec:web_gateway:*:*:*:*:*:*:*:*', versionEndIncluding: '5.2.2' })],
      { references },
    );
    expect(r.explanation!.fix).toContain("The description gives 5.2.2 as fixed, but NVD's configuration lists 5.2.2 as affected");
    expect(r.explanation!.fix).not.toMatch(/without a version number/);
    expect(r.explanation!.fix).toContain("See the vendor's advisory in the references (symantec.com)");
  });
});
