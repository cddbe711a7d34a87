import { describe, expect, it } from 'vitest';
import type { Facts } from '../../shared/domain/facts.js';
import {
  compareRecord,
  contradiction,
  disputedBoundary,
  emptyAgreement,
  figures,
  isGenericTitle,
  listedVulnerable,
  namesVersion,
  saysCodeExecution,
  saysNoFix,
  type GoldRecord,
} from '../../bench/support/gold-agreement.js';

const gold: GoldRecord = {
  id: 'CVE-2000-0001',
  products: ['acme:widget'],
  component: 'parse.c',
  impacts: ['denial_of_service', 'code_execution'],
  position: 'remote',
  privileges: 'none',
  user_interaction: true,
  fixed_in: [{ product: 'acme:widget', version: '2.4.1', branch: null, platform: null }],
  last_affected: [{ product: 'acme:widget', version: '2.4.0', branch: null, platform: null }],
  fix_stated: true,
  exploited: true,
};

const facts: Facts = {
  impacts: ['denial_of_service', 'information_disclosure'],
  attack: { position: 'remote', privileges: 'user', user_interaction: true },
  component: 'parse.c',
  products: [{ product: 'acme:widget', name: 'Acme Widget', primary: true }],
  fixed_in: [{ product: 'acme:widget', version: '2.4.0', branch: null, platform: null, source: 'configuration' }],
  last_affected: [],
  fix_stated: true,
  exploit_public: false,
  aka: [],
};

describe('comparing one record with its annotation', () => {
  const agreement = emptyAgreement();
  compareRecord(
    agreement,
    gold,
    { title: 'Security flaw in Acme Widget', summary: 'A crafted file can crash it.', fix: 'No fixed version or patch is listed.', facts },
    [],
  );
  const fields = agreement.disagreements.map((d) => d.field);

  it('counts impacts found and impacts right apart', () => {
    expect(agreement.impactsFound).toEqual({ hits: 1, of: 2 });
    expect(agreement.impactsRight).toEqual({ hits: 1, of: 2 });
  });

  it('scores each attack field and names the one that differs', () => {
    expect(agreement.position).toEqual({ hits: 1, of: 1 });
    expect(agreement.privileges).toEqual({ hits: 0, of: 1 });
    expect(fields).toContain('privileges');
    expect(fields).not.toContain('position');
  });

  it('finds the stated fix missing from the facts and the text, and ours contradicted', () => {
    expect(agreement.fixedInFacts).toEqual({ hits: 0, of: 1 });
    expect(agreement.fixedInText).toEqual({ hits: 0, of: 1 });
    expect(agreement.contradictedFixes).toEqual({ hits: 1, of: 1 });
    expect(agreement.noFixWhereStated).toEqual({ hits: 1, of: 1 });
  });

  it('reports the missed exploit, the generic title and the code execution left out', () => {
    expect(agreement.exploitMissed).toEqual({ hits: 1, of: 1 });
    expect(agreement.genericTitles).toEqual({ hits: 1, of: 1 });
    expect(agreement.codeExecutionSaid).toEqual({ hits: 0, of: 1 });
    expect(fields).toEqual(expect.arrayContaining(['impacts', 'exploit_public', 'generic title', 'code execution not said']));
  });

  it('prints figures as percentages and counts', () => {
    const shown = figures(agreement);
    expect(shown.find((f) => f.figure === 'impacts recall')?.value).toBe('50.0 % (1/2)');
    expect(shown.find((f) => f.figure === 'generic titles')?.value).toBe('1 of 1');
  });

  it('counts a record the lookup did not find as a disagreement of every field', () => {
    const missing = emptyAgreement();
    compareRecord(missing, gold, undefined, []);
    expect(missing.disagreements[0]).toMatchObject({ field: 'record', ours: 'not found by the lookup' });
    expect(missing.impactsFound).toEqual({ hits: 0, of: 2 });
  });
});

describe('an answer that agrees', () => {
  it('has no disagreement', () => {
    const agreement = emptyAgreement();
    const right: Facts = {
      ...facts,
      impacts: ['denial_of_service', 'code_execution'],
      attack: { position: 'remote', privileges: 'none', user_interaction: true },
      fixed_in: [{ product: 'acme:widget', version: '2.4.1', branch: null, platform: null, source: 'description' }],
      exploit_public: true,
    };
    compareRecord(
      agreement,
      gold,
      {
        title: 'Heap overflow in Acme Widget parse.c',
        summary: "A crafted file can crash it or run the attacker's code.",
        fix: 'Update Acme Widget to 2.4.1 or later.',
        facts: right,
      },
      [],
    );
    expect(agreement.disagreements).toEqual([]);
  });
});

describe("product keys with CPE's escapes", () => {
  const siemens: GoldRecord = {
    ...gold,
    products: ['siemens:sicam_pas\\/pqs'],
    fixed_in: [{ product: 'siemens:sicam_pas\\/pqs', version: '8.20', branch: null, platform: null }],
    last_affected: [],
  };
  const answer = (product: string) => ({
    title: 'Security flaw in SICAM PAS/PQS',
    summary: 'x',
    fix: 'Update SICAM PAS/PQS to 8.20 or later.',
    facts: { ...facts, fixed_in: [{ product, version: '8.20', branch: null, platform: null, source: 'description' as const }] },
  });

  it('takes the gold\'s "sicam_pas\\/pqs" and our "sicam_pas/pqs" as one product', () => {
    const agreement = emptyAgreement();
    compareRecord(agreement, siemens, answer('siemens:sicam_pas/pqs'), []);
    expect(agreement.fixedInFacts).toEqual({ hits: 1, of: 1 });
  });

  it('still tells another product apart', () => {
    const agreement = emptyAgreement();
    compareRecord(agreement, siemens, answer('siemens:sicam_pas'), []);
    expect(agreement.fixedInFacts).toEqual({ hits: 0, of: 1 });
  });

  it("reads a listed CPE's escaped product as the same key", () => {
    const listed = listedVulnerable({
      configurations: [
        { nodes: [{ cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:a:siemens:sicam_pas\\/pqs:*:*:*:*:*:*:*:*', versionEndExcluding: '8.20' }] }] },
      ],
    });
    expect(listed).toEqual([{ product: 'siemens:sicam_pas/pqs', endExcluding: '8.20' }]);
  });
});

describe('the text checks', () => {
  it.each([
    ['Security flaw in Acme Widget', true],
    ['Input checking in Acme Widget', true],
    ['Heap overflow in Acme Widget lets a crafted file run code', false],
    ['SQL injection in Acme Shop search.php', false],
  ])('generic title: %s → %s', (title, generic) => expect(isGenericTitle(title)).toBe(generic));

  it.each([
    ['An attacker can run their own code on the machine.', true],
    ['Remote attackers can execute arbitrary commands.', true],
    ['It can lead to code execution.', true],
    ['An attacker can run their own SQL commands against the database.', false],
    ['An attacker can crash the program.', false],
    ['It is also known as "DLL Planting Remote Code Execution Vulnerability".', false],
  ])('says code execution: %s → %s', (text, said) => expect(saysCodeExecution(text)).toBe(said));

  it.each([
    ['No fixed version or patch is listed.', true],
    ['No fix is known yet.', true],
    ['Update to 2.4.1.', false],
  ])('says no fix: %s → %s', (text, said) => expect(saysNoFix(text)).toBe(said));

  it('names a version only as a whole version', () => {
    expect(namesVersion('Update to 2.4.1 or later.', '2.4.1')).toBe(true);
    expect(namesVersion('Update to 2.4.10 or later.', '2.4.1')).toBe(false);
    expect(namesVersion('Update to 12.4.1.', '2.4.1')).toBe(false);
    expect(namesVersion('Install 6.0  SP1.', '6.0 SP1')).toBe(true);
  });
});

describe('contradictions and the listed vulnerable versions', () => {
  it('takes a fix at or below the newest affected of the same branch as contradicted', () => {
    const fix = { product: 'a:b', version: '9.4', branch: null, platform: null };
    expect(contradiction(fix, [{ product: 'a:b', version: '9.4.3', branch: '9', platform: null }], [])).toMatch(/9\.4\.3/);
    expect(contradiction({ ...fix, branch: '8' }, [{ product: 'a:b', version: '9.4.3', branch: '9', platform: null }], [])).toBeUndefined();
    expect(contradiction(fix, [{ product: 'c:d', version: '9.4.3', branch: null, platform: null }], [])).toBeUndefined();
    // A package's fix for release 7 of the product is in another numbering than the product's releases.
    const packageFix = { product: 'a:b', version: '4.0+git.1578392992.fabfd186c-9.63.1', branch: '7', platform: null };
    expect(contradiction(packageFix, [{ product: 'a:b', version: '7.0', branch: '7', platform: null }], [])).toBeUndefined();
    expect(contradiction({ ...packageFix, version: '7.0' }, [{ product: 'a:b', version: '7.0', branch: '7', platform: null }], [])).toMatch(/7\.0/);
    // Samsung's named release beside the Android version the phones run: neither is above the other.
    const release = { product: 'google:android', version: 'SMR Mar-2022 Release 1', branch: null, platform: null };
    expect(contradiction(release, [{ product: 'google:android', version: '12.0', branch: null, platform: null }], [])).toBeUndefined();
    expect(contradiction({ ...release, version: '11.0' }, [{ product: 'google:android', version: '12.0', branch: null, platform: null }], [])).toMatch(/12\.0/);
  });

  it("reads an unlined newest affected version beside the annotator's fix of a named track as the other track's (Jenkins' LTS, CVE-2025-31721)", () => {
    const ours = { product: 'jenkins:jenkins', version: '2.492.3', branch: '2.492', platform: null };
    const weekly = [{ product: 'jenkins:jenkins', version: '2.503', branch: null, platform: null }];
    expect(contradiction(ours, weekly, [], [{ ...ours, branch: 'lts' }])).toBeUndefined();
    // Not where the annotator names no track for it.
    expect(contradiction(ours, weekly, [], [{ ...ours, branch: null }])).toMatch(/2\.503/);
  });

  it('reads the vulnerable matches of a raw record and finds a fix inside them', () => {
    const listed = listedVulnerable({
      configurations: [
        {
          nodes: [
            {
              cpeMatch: [
                { vulnerable: true, criteria: 'cpe:2.3:a:a:b:2.0:*:*:*:*:*:*:*' },
                { vulnerable: true, criteria: 'cpe:2.3:a:a:b:*:*:*:*:*:*:*:*', versionStartIncluding: '3.0', versionEndExcluding: '3.2' },
                { vulnerable: false, criteria: 'cpe:2.3:o:x:os:5.0:*:*:*:*:*:*:*' },
              ],
            },
          ],
        },
      ],
    });
    expect(listed).toEqual([
      { product: 'a:b', version: '2.0' },
      { product: 'a:b', startIncluding: '3.0', endExcluding: '3.2' },
    ]);
    const fix = (version: string) => ({ product: 'a:b', version, branch: null, platform: null });
    expect(contradiction(fix('2.0'), [], listed)).toMatch(/listed as vulnerable/);
    expect(contradiction(fix('3.1'), [], listed)).toMatch(/listed as vulnerable/);
    expect(contradiction(fix('3.2'), [], listed)).toBeUndefined();
  });

  it("counts the description's fix at a listed boundary as disputed, not contradicted; any other source's, or one inside a range, as contradicted", () => {
    const listed = listedVulnerable({
      configurations: [
        {
          nodes: [
            {
              cpeMatch: [
                { vulnerable: true, criteria: 'cpe:2.3:a:a:b:*:*:*:*:*:*:*:*', versionEndIncluding: '2.5' },
                { vulnerable: true, criteria: 'cpe:2.3:a:a:b:45.7:*:*:*:*:*:*:*' },
                { vulnerable: true, criteria: 'cpe:2.3:a:c:d:*:*:*:*:*:*:*:*', versionEndIncluding: '3.0' },
                { vulnerable: true, criteria: 'cpe:2.3:a:c:d:*:*:*:*:*:*:*:*', versionStartIncluding: '2.9', versionEndExcluding: '3.5' },
              ],
            },
          ],
        },
      ],
    });
    const fix = (product: string, version: string, source: string) => ({ product, version, branch: null, platform: null, source });
    for (const [version, boundary] of [
      ['2.5', '2.5'],
      ['45.7', '45.7'],
    ] as const) {
      expect(contradiction(fix('a:b', version, 'description'), [], listed)).toBeUndefined();
      expect(disputedBoundary(fix('a:b', version, 'description'), listed)).toContain(boundary);
      expect(contradiction(fix('a:b', version, 'configuration'), [], listed)).toMatch(/listed as vulnerable/);
      expect(disputedBoundary(fix('a:b', version, 'configuration'), listed)).toBeUndefined();
    }
    // 3.0 ends one range but lies inside another: the record calls it affected outright.
    expect(contradiction(fix('c:d', '3.0', 'description'), [], listed)).toMatch(/listed as vulnerable/);
    expect(disputedBoundary(fix('c:d', '3.0', 'description'), listed)).toBeUndefined();
    // An annotator's newest affected version still contradicts it.
    expect(contradiction(fix('a:b', '2.5', 'description'), [{ product: 'a:b', version: '2.5', branch: null, platform: null }], listed)).toMatch(
      /newest affected/,
    );
  });

  it("keeps a range's CPE update on its end, and an open-start range of another line does not contradict a line's fix (CVE-2015-8052)", () => {
    const listed = listedVulnerable({
      configurations: [
        {
          nodes: [
            {
              cpeMatch: [
                { vulnerable: true, criteria: 'cpe:2.3:a:adobe:coldfusion:*:update17:*:*:*:*:*:*', versionEndIncluding: '10.0' },
                { vulnerable: true, criteria: 'cpe:2.3:a:adobe:coldfusion:*:update6:*:*:*:*:*:*', versionEndIncluding: '11.0' },
              ],
            },
          ],
        },
      ],
    });
    expect(listed).toEqual([
      { product: 'adobe:coldfusion', endIncluding: '10.0 update17' },
      { product: 'adobe:coldfusion', endIncluding: '11.0 update6' },
    ]);
    const fix = (version: string, branch: string | null) => ({ product: 'adobe:coldfusion', version, branch, platform: null });
    expect(contradiction(fix('10 Update 18', '10'), [], listed)).toBeUndefined();
    expect(contradiction(fix('11 Update 7', '11'), [], listed)).toBeUndefined();
    expect(contradiction(fix('11 Update 6', '11'), [], listed)).toMatch(/11\.0 update6/);
    expect(contradiction(fix('10 Update 17', '10'), [], listed)).toMatch(/10\.0 update17/);
    // With no line stated, the open start holds: 10 Update 18 is below 11.0 update6.
    expect(contradiction(fix('10 Update 18', null), [], listed)).toMatch(/listed as vulnerable/);
  });

  it("reads two ranges with no start as one per two-number line when one ends right below the older line's fix (CVE-2015-5638)", () => {
    const range = (criteria: string, end: string) => ({ nodes: [{ cpeMatch: [{ vulnerable: true, criteria, versionEndIncluding: end }] }] });
    const both = listedVulnerable({
      configurations: [range('cpe:2.3:a:dena:h2o:*:*:*:*:*:*:*:*', '1.4.4'), range('cpe:2.3:a:dena:h2o:*:beta1:*:*:*:*:*:*', '1.5.0')],
    });
    const fix = (version: string, branch: string | null) => ({ product: 'dena:h2o', version, branch, platform: null });
    expect(contradiction(fix('1.4.5', '1.4'), [], both)).toBeUndefined();
    expect(contradiction(fix('1.4.5', null), [], both)).toMatch(/range to 1\.5\.0 beta1/);
    const upperOnly = listedVulnerable({ configurations: [range('cpe:2.3:a:dena:h2o:*:beta1:*:*:*:*:*:*', '1.5.0')] });
    expect(contradiction(fix('1.4.5', '1.4'), [], upperOnly)).toMatch(/range to 1\.5\.0 beta1/);
  });
  it('reads an unlined newest affected version as the top of its own line where the record fixes the lines apart (CVE-2019-12474)', () => {
    const stated = ['1.32.2', '1.31.2'].map((version) => ({ product: 'a:b', version, branch: version.slice(0, 4), platform: null }));
    const last = [{ product: 'a:b', version: '1.32.1', branch: null, platform: null }];
    expect(contradiction(stated[1]!, last, [], stated)).toBeUndefined();
    // Without the 1.32 line's own fix, 1.32.1 is the newest affected version of every line.
    expect(contradiction(stated[1]!, last, [], [stated[1]!])).toMatch(/1\.32\.1/);
  });

  it("holds no other named train's version in a train's range, nor a fix stated beside the open range's own end (CVE-2021-0051)", () => {
    const range = (end: string) => ({
      nodes: [{ cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:a:intel:sps:*:*:*:*:*:*:*:*', versionEndExcluding: end }] }],
    });
    const listed = listedVulnerable({ configurations: [range('sps_soc-a_05.00.03.098.0'), range('sps_e5_04.04.04.023.0')] });
    const fix = (version: string) => ({ product: 'intel:sps', version, branch: null, platform: null });
    expect(contradiction(fix('sps_e5_04.04.04.023.0'), [], listed)).toBeUndefined();
    expect(contradiction(fix('sps_e5_04.04.03.228.0'), [], listed)).toMatch(/range to sps_e5_04\.04\.04\.023\.0/);
    expect(contradiction(fix('sps_e5_04.04.03.228.0'), [], listed, [fix('SPS_E5_04.04.04.023.0'), fix('SPS_E5_04.04.03.228.0')])).toBeUndefined();
  });

  it("reads no phone model's newest affected build against another model's fix (Huawei's P9, CVE-2017-17171)", () => {
    const fix = (version: string) => ({ product: 'huawei:p9_firmware', version, branch: null, platform: null });
    const last = [fix('eva-l09c636b388')];
    expect(contradiction(fix('eva-al00c00b398'), last, [])).toBeUndefined();
    expect(contradiction(fix('eva-l09c636b380'), last, [])).toMatch(/eva-l09c636b388/);
  });
});
