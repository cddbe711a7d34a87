/**
 * Fix facts and text, eighth round of issue 23's readings (read-20a of the sixteenth session):
 * each rule on the phrase that showed it, through the real parser and derivation, and on the
 * neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import type { VersionFact } from '../../shared/domain/facts.js';
import { fixFactSentences } from '../../shared/ingest/explainer/fix.js';
import { oracleCriticalPatchUpdate } from '../../shared/ingest/facts/oracle-cpu.js';
import { readFixSteps } from '../../shared/ingest/facts/fix-steps.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const cpe = (vendorProduct: string, version = '*', part = 'a') => `cpe:2.3:${part}:${vendorProduct}:${version}:*:*:*:*:*:*:*`;
const fixedOf = (r: ReturnType<typeof derivedFixture>) =>
  r.facts!.fixed_in.map((f) => `${f.product} ${f.version}${f.branch === null ? '' : ` (${f.branch})`} ${f.source}`);

describe('"4.21 and 4.25 … fixed in Patch 4.3" beside a configuration listing 4.21 and 4.25 (CVE-2018-7295)', () => {
  const description =
    'ffxivlauncher.exe in Square Enix Final Fantasy XIV 4.21 and 4.25 on Windows is affected by Improper Enforcement of Message Integrity, allowing a man-in-the-middle attacker to steal user credentials. This is fixed in Patch 4.3.';
  const listed = [orNode({ criteria: cpe('square-enix:final_fantasy_xiv', '4.25') }, { criteria: cpe('square-enix:final_fantasy_xiv', '4.21') })];

  it('reads the one stated fix as above the versions the description names with it: no line, no "no fixed version above it"', () => {
    const r = derivedFixture(description, listed);
    expect(fixedOf(r)).toEqual(['square-enix:final_fantasy_xiv 4.3 description']);
    expect(r.explanation!.fix).toContain('Update Square Enix Final Fantasy XIV to version 4.3 or later');
    expect(r.explanation!.fix).not.toContain('no fixed version stated above it');
    expect(r.explanation!.fix).not.toContain('No fixed version is stated');
  });

  it('leaves alone a listed version the description does not name, and a two-digit fix', () => {
    const unnamed = derivedFixture(description.replace('4.21 and 4.25', '4.21'), listed);
    expect(fixedOf(unnamed)).toEqual(['square-enix:final_fantasy_xiv 4.3 (4.3) description']);
    expect(unnamed.explanation!.fix).toContain('NVD lists 4.25');
    // 1.10 is above 1.9 in a version comparison: "fixed in 1.10" beside 1.9 is the plain order.
    const plain = derivedFixture(description.replace('4.21 and 4.25', '1.8 and 1.9').replace('4.3', '1.10'), [
      orNode({ criteria: cpe('square-enix:final_fantasy_xiv', '1.9') }),
    ]);
    expect(fixedOf(plain)).toEqual(['square-enix:final_fantasy_xiv 1.10 description']);
    expect(plain.explanation!.fix).toContain('to version 1.10 or later');
  });
});

describe('"Please update to Apache Sling Engine >= 2.14.0 and enable the "Check Content-Type overrides" configuration option" (CVE-2022-45064)', () => {
  const description =
    'The Apache Sling Engine is vulnerable to Include-based XSS. Please update to Apache Sling Engine >= 2.14.0 and enable the "Check Content-Type overrides" configuration option.';
  const range = [orNode({ criteria: cpe('apache:sling_engine'), versionEndExcluding: '2.14.0' })];

  it('reads the switch as a step of the fix, and says it in the update sentence', () => {
    expect(readFixSteps(description)).toEqual({ optIn: true, option: "the 'Check Content-Type overrides' configuration option", replaceKeys: false });
    const r = derivedFixture(description, range);
    expect(r.explanation!.fix).toContain(
      "Update Apache Sling Engine to version 2.14.0 or later and enable the 'Check Content-Type overrides' configuration option: updating alone does not switch the fix on.",
    );
    expect(r.explanation!.fix).not.toContain('no fixed version listed yet');
    expect(r.patch!.status).toBe('partial');
  });

  it('leaves alone an update sentence with no option to enable', () => {
    const plain = 'The Apache Sling Engine is vulnerable to Include-based XSS. Please update to Apache Sling Engine >= 2.14.0 and enable user registration.';
    expect(readFixSteps(plain)).toEqual({ optIn: false, replaceKeys: false });
    const r = derivedFixture(plain, range);
    expect(r.explanation!.fix).not.toContain('enable');
    expect(r.patch!.status).toBe('available');
  });
});

describe("the newest fix that is its line's first release beside stable lines' fixes (kernel mainline 5.13, CVE-2021-47130)", () => {
  const fix = (version: string, branch: string | null): VersionFact => ({ product: 'linux:linux_kernel', version, branch, platform: null, source: 'cve5' });
  const text = (fixed: VersionFact[], last: VersionFact[] = []) =>
    fixFactSentences(
      { fixed_in: fixed, last_affected: last, fix_stated: true, advisoryHosts: [], patchLinks: false, steps: { optIn: false, replaceKeys: false } },
      () => 'Linux Kernel',
    ).join(' ');

  it('says "5.13 or later", not a line of its own', () => {
    expect(text([fix('5.10.43', '5.10'), fix('5.12.10', '5.12'), fix('5.13', '5.13')])).toBe(
      'Update Linux Kernel to the fixed version for your release line or platform: 5.13 or later, 5.12.10 for the 5.12.x line and 5.10.43 for the 5.10.x line.',
    );
  });

  it('says so where the fixes are many and said line by line', () => {
    const stable = ['4.4.269', '4.9.269', '4.14.233', '4.19.191', '5.4.118', '5.10.36', '5.11.20', '5.12.3'].map((v) =>
      fix(v, v.split('.').slice(0, 2).join('.')),
    );
    expect(text([...stable, fix('5.13', '5.13')])).toContain('platform: 5.13 or later, 5.12.3 for the 5.12.x line');
  });

  it('leaves alone a newest fix inside its line, and one below a newer affected version', () => {
    expect(text([fix('5.10.43', '5.10'), fix('5.13.2', '5.13')])).toContain('5.13.2 for the 5.13.x line and 5.10.43 for the 5.10.x line');
    // A lone fix is "or later" once, by its own sentence.
    expect(text([fix('5.13', '5.13')])).toBe('Update Linux Kernel to version 5.13 or later.');
    expect(text([fix('5.10.43', '5.10'), fix('5.13', '5.13')], [{ ...fix('5.14', null), source: 'configuration' }])).toContain('5.13 for the 5.13.x line');
  });
});

describe('"Prior to version 1.3.0" beside a configuration up to and including 0.6.8 (CVE-2025-43854)', () => {
  const description =
    'Dify is an LLM application development platform. Prior to version 1.3.0, a clickjacking vulnerability was found. This issue has been fixed in version 1.3.0.';
  const upTo = (end: object) => [orNode({ criteria: cpe('langgenius:dify'), ...end })];

  it("says the description's higher bound and names NVD's as its listing", () => {
    const r = derivedFixture(description, upTo({ versionEndIncluding: '0.6.8' }));
    expect(fixedOf(r)).toEqual(['langgenius:dify 1.3.0 description']);
    expect(r.explanation!.affected).toContain(
      "(versions before 1.3.0, as the description states; NVD's configuration lists versions up to and including 0.6.8)",
    );
  });

  it('leaves alone a range that agrees with the description, and one with a start', () => {
    const agrees = derivedFixture(description, upTo({ versionEndExcluding: '1.3.0' }));
    expect(agrees.explanation!.affected).toContain('versions before 1.3.0');
    expect(agrees.explanation!.affected).not.toContain('as the description states');
    const started = derivedFixture(description, upTo({ versionStartIncluding: '0.6.0', versionEndIncluding: '0.6.8' }));
    expect(started.explanation!.affected).not.toContain('as the description states');
  });
});

describe("Oracle's Critical Patch Update as the one reference (CVE-2019-2880)", () => {
  const description =
    'Vulnerability in the Oracle Retail Store Inventory Management product of Oracle Retail Applications (component: Security). The supported version that is affected is 16.0.';
  const listed = [orNode({ criteria: cpe('oracle:retail_store_inventory_management', '16.0') })];
  const cpu = (tags: string[]) => ({ references: [{ url: 'https://www.oracle.com/security-alerts/cpuapr2020.html', tags }] });

  it('names the update as the vendor fix', () => {
    expect(oracleCriticalPatchUpdate(['https://www.oracle.com/security-alerts/cpuapr2020.html'], ['Oracle Corporation'])).toBe('April 2020');
    const r = derivedFixture(description, listed, cpu([]));
    expect(r.explanation!.fix).toContain("Apply Oracle's April 2020 Critical Patch Update: it has the vendor's fix for the supported versions listed.");
  });

  it('leaves alone a record whose patch link already points there, and other Oracle pages', () => {
    expect(derivedFixture(description, listed, cpu(['Patch'])).explanation!.fix).not.toContain('Critical Patch Update');
    expect(oracleCriticalPatchUpdate(['https://www.oracle.com/security-alerts/alert-cve-2021-44228.html'], ['oracle'])).toBeUndefined();
    // JasPer's record points at the update of the Oracle products that ship it: no fix of JasPer.
    expect(oracleCriticalPatchUpdate(['https://www.oracle.com/security-alerts/cpuapr2020.html'], ['jasper_project', 'oracle'])).toBeUndefined();
    const jasper = derivedFixture(
      'JasPer 2.0.14 has a memory leak in base/jas_malloc.c.',
      [orNode({ criteria: cpe('jasper_project:jasper', '2.0.14') })],
      cpu([]),
    );
    expect(jasper.explanation!.fix).not.toContain('Critical Patch Update');
    expect(derivedFixture(description, listed).explanation!.fix).not.toContain('Critical Patch Update');
  });
});
