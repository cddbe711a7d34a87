/**
 * Fix facts and text, third round of issue 23's readings (a kept-back set's misses): each rule on
 * the phrase or configuration shape that showed it, through the real parser and derivation, and
 * on the neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { derivedFixture } from '../support/nvd-fixtures.js';
import { CpeTitles } from '../../shared/ingest/names/cpe-titles.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';

interface Match {
  criteria: string;
  vulnerable?: boolean;
  versionStartIncluding?: string;
  versionEndExcluding?: string;
  versionEndIncluding?: string;
}
const or = (...cpeMatch: Match[]) => ({ nodes: [{ operator: 'OR', negate: false, cpeMatch: cpeMatch.map((m) => ({ vulnerable: true, ...m })) }] });
const cpe = (vendorProduct: string, version = '*', part = 'a') => `cpe:2.3:${part}:${vendorProduct}:${version}:*:*:*:*:*:*:*`;

const recordOf = (description: string, configurations: object[] = [], cpeTitles?: CpeTitles) =>
  derivedFixture(description, configurations, cpeTitles ? { cpeTitles } : {});
const fixesOf = (r: ReturnType<typeof recordOf>, product: string) =>
  r.facts!.fixed_in.filter((f) => f.product === product).map((f) => ({ version: f.version, branch: f.branch, platform: f.platform }));

describe('a bracketed release name after a fixed version', () => {
  const releases = or(
    { criteria: cpe('openstack:icehouse'), versionEndIncluding: '2014.1.4' },
    { criteria: cpe('openstack:juno', '2014.2.3') },
    { criteria: cpe('openstack:kilo', '2015.1.0') },
  );
  const description =
    'OpenStack Cinder before 2014.1.5 (icehouse), 2014.2.x before 2014.2.4 (juno), and 2015.1.x before 2015.1.1 (kilo) allows remote authenticated users to read arbitrary files.';

  it("gives each fix to the release the bracket names, never to the next clause's", () => {
    const r = recordOf(description, [releases]);
    expect(fixesOf(r, 'openstack:icehouse').map((f) => f.version)).toEqual(['2014.1.5']);
    expect(fixesOf(r, 'openstack:juno')).toEqual([{ version: '2014.2.4', branch: '2014.2', platform: null }]);
    expect(fixesOf(r, 'openstack:kilo')).toEqual([{ version: '2015.1.1', branch: '2015.1', platform: null }]);
  });

  it("names each release's fix in the text and never says juno has no fix above its newest affected version", () => {
    const fix = recordOf(description, [releases]).explanation!.fix;
    expect(fix).toMatch(/icehouse to version 2014\.1\.5/i);
    expect(fix).toMatch(/juno to version 2014\.2\.4/i);
    expect(fix).toMatch(/kilo to version 2015\.1\.1/i);
    expect(fix).not.toMatch(/no fixed version stated above/);
  });

  it('leaves a bracket that names no listed product to the words before the version', () => {
    const r = recordOf('Acme Widget before 2.4 (the classic line) allows remote attackers to read files.', [
      or({ criteria: cpe('acme:widget'), versionEndExcluding: '2.4' }),
    ]);
    expect(fixesOf(r, 'acme:widget').map((f) => f.version)).toEqual(['2.4']);
  });
});

describe("Siemens' '(All versions < V3.X.16)'", () => {
  const firmware = (name: string) => ({
    operator: 'AND',
    nodes: [
      { operator: 'OR', negate: false, cpeMatch: [{ vulnerable: true, criteria: cpe(`siemens:${name}_firmware`, '-', 'o') }] },
      { operator: 'OR', negate: false, cpeMatch: [{ vulnerable: false, criteria: cpe(`siemens:${name}`, '-', 'h') }] },
    ],
  });

  it('reads a version with an "X" between its numbers as one version, written as the record writes it', () => {
    const r = recordOf(
      'A vulnerability has been identified in SIMATIC S7-300 CPUs (All versions < V3.X.16). The affected CPUs improperly validate S7 communication packets which could cause a Denial-of-Service condition.',
      [firmware('simatic_s7-300'), firmware('simatic_s7-300f')],
    );
    expect(fixesOf(r, 'siemens:simatic_s7-300_firmware').map((f) => f.version)).toEqual(['V3.X.16']);
    expect(fixesOf(r, 'siemens:simatic_s7-300f_firmware')).toEqual([]);
    expect(r.explanation!.fix).toContain('V3.X.16');
    expect(r.explanation!.fix).not.toMatch(/without a version number/);
  });

  it('reads "All versions < V16 Update 4" as the update, never as release 16, which the configuration lists as affected', () => {
    const r = recordOf('A vulnerability has been identified in SIMATIC WinCC Runtime Advanced (All versions < V16 Update 4). SmartVNC could crash.', [
      or(
        { criteria: cpe('siemens:simatic_wincc_runtime_advanced'), versionEndExcluding: '16' },
        { criteria: 'cpe:2.3:a:siemens:simatic_wincc_runtime_advanced:16:update3:*:*:*:*:*:*' },
      ),
    ]);
    expect(fixesOf(r, 'siemens:simatic_wincc_runtime_advanced').map((f) => f.version)).toEqual(['V16 Update 4']);
    expect(r.explanation!.fix).toContain('V16 Update 4 or later');
    expect(r.explanation!.fix).not.toMatch(/gives 16 as fixed/);
  });

  it('still reads "All versions < V4.1.3 SP1" and leaves a trailing "2.x" a line, not a version', () => {
    const r = recordOf('A vulnerability has been identified in SIMATIC S7-1500 CPU (All versions < V4.1.3 SP1), SIMATIC S7-400 2.x (All versions).', [
      firmware('simatic_s7-1500_cpu'),
    ]);
    expect(fixesOf(r, 'siemens:simatic_s7-1500_cpu_firmware').map((f) => f.version)).toEqual(['V4.1.3 SP1']);
    expect(r.facts!.fixed_in.map((f) => f.version)).not.toContain('2.x');
  });
});

describe('a package fixed per distribution release', () => {
  const onRelease = (end: string, release: string, lts: boolean) => ({
    operator: 'AND',
    nodes: [
      { operator: 'OR', negate: false, cpeMatch: [{ vulnerable: true, criteria: cpe('usb-creator_project:usb-creator'), versionEndIncluding: end }] },
      {
        operator: 'OR',
        negate: false,
        cpeMatch: [{ vulnerable: false, criteria: `cpe:2.3:o:canonical:ubuntu_linux:${release}:*:*:*:${lts ? 'lts' : '*'}:*:*:*` }],
      },
    ],
  });
  const configurations = [onRelease('0.2.38.3', '12.04', true), onRelease('0.2.67', '15.04', false)];
  const description =
    'usb-creator before 0.2.38.3ubuntu0.1 on Ubuntu 12.04 LTS, and before 0.2.67ubuntu0.1 on Ubuntu 15.04 allows local users to gain privileges.';

  it("reads each release's fixed package, written as the record writes it, with the release as its platform", () => {
    const r = recordOf(description, configurations);
    expect(fixesOf(r, 'usb-creator_project:usb-creator')).toEqual([
      { version: '0.2.38.3ubuntu0.1', branch: null, platform: 'ubuntu 12.04 lts' },
      { version: '0.2.67ubuntu0.1', branch: null, platform: 'ubuntu 15.04' },
    ]);
    expect(r.facts!.last_affected.map((l) => [l.version, l.platform])).toEqual(
      expect.arrayContaining([
        ['0.2.38.3', 'ubuntu 12.04 lts'],
        ['0.2.67', 'ubuntu 15.04'],
      ]),
    );
    expect(r.facts!.fix_stated).toBe(true);
  });

  it("names each release beside its fix and its affected range, so no 12.04 user reads 15.04's range as theirs", () => {
    const r = recordOf(description, configurations);
    expect(r.explanation!.fix).toContain('0.2.38.3ubuntu0.1 on Ubuntu 12.04 LTS');
    expect(r.explanation!.fix).toContain('0.2.67ubuntu0.1 on Ubuntu 15.04');
    expect(r.explanation!.affected).toContain('up to and including 0.2.67 on Ubuntu 15.04');
    expect(r.explanation!.affected).toContain('up to and including 0.2.38.3 on Ubuntu 12.04 LTS');
  });

  it('reads a Debian package revision as part of its version', () => {
    const r = recordOf('Acme before 2.4.10+deb8u1 on Debian 8 allows remote attackers to cause a denial of service.', [
      or({ criteria: cpe('acme:acme'), versionEndExcluding: '2.4.10+deb8u1' }),
    ]);
    expect(fixesOf(r, 'acme:acme').map((f) => f.version)).toContain('2.4.10+deb8u1');
  });
});

describe("a device's model number named with other series letters, and its firmware's fix", () => {
  const devices = or(
    { criteria: cpe('i-o_data:hlf-f160', '*', 'h') },
    { criteria: cpe('i-o_data:hlf-f250', '*', 'h') },
    { criteria: cpe('i-o_data:hlf-f320', '*', 'h') },
  );
  const description =
    'Cross-site request forgery (CSRF) vulnerability in I-O DATA DEVICE HDL-F160, HDL-F250, and HDL-F320 firmware before 1.02 allows remote attackers to change a configuration.';

  it('gives the firmware fix to each device whose model number the list names ("HDL-F160" is hlf-f160)', () => {
    const r = recordOf(description, [devices]);
    for (const model of ['hlf-f160', 'hlf-f250', 'hlf-f320']) expect(fixesOf(r, `i-o_data:${model}`).map((f) => f.version)).toEqual(['1.02']);
  });

  it('marks each device the list names by its model number as named (primary), and a bare number names nothing', () => {
    const r = recordOf(description, [devices]);
    expect(r.facts!.products.map((p) => [p.product, p.primary])).toEqual([
      ['i-o_data:hlf-f160', true],
      ['i-o_data:hlf-f250', true],
      ['i-o_data:hlf-f320', true],
    ]);
    const bare = recordOf('A flaw in Acme HDL-300 and Acme Widget before 2.0 allows remote attackers to read files.', [
      or({ criteria: cpe('acme:hlf-300') }, { criteria: cpe('acme:widget'), versionEndExcluding: '2.0' }),
    ]);
    expect(Object.fromEntries(bare.facts!.products.map((p) => [p.product, p.primary]))).toEqual({ 'acme:hlf-300': false, 'acme:widget': true });
  });

  it("says each device's firmware before 1.02 is affected, never 'all versions' beside a fix", () => {
    const r = recordOf(description, [devices]);
    expect(r.explanation!.affected).toMatch(/firmware before 1\.02/);
    expect(r.explanation!.affected).not.toMatch(/all versions/);
    expect(r.explanation!.fix).toContain('1.02');
  });

  it("keeps a fix of another part named clauses away from the devices ('Network Option Card firmware before 5.13')", () => {
    const r = recordOf(
      'The print engine, as used in products including (1) Dell 3000cn through 5110cn and (2) Fuji Xerox DocuPrint firmware and Network Option Card firmware before 5.13, allows remote attackers to bounce FTP.',
      [or({ criteria: cpe('dell:3000cn', '*', 'h') }, { criteria: cpe('dell:5110cn', '*', 'h') })],
    );
    expect(r.facts!.fixed_in).toEqual([]);
  });

  it('leaves a listed device beside a listed firmware to the firmware, whose range still decides', () => {
    const r = recordOf('ASUS Japan WL-330NUL devices with firmware before 3.0.0.42 allow remote attackers to cause a denial of service.', [
      {
        operator: 'AND',
        nodes: [
          {
            operator: 'OR',
            negate: false,
            cpeMatch: [{ vulnerable: true, criteria: cpe('asus:wl-33nul_firmware', '*', 'o'), versionEndIncluding: '3.0.0.41' }],
          },
          { operator: 'OR', negate: false, cpeMatch: [{ vulnerable: true, criteria: cpe('asus:wl-330nul', '*', 'h') }] },
        ],
      },
    ]);
    expect(fixesOf(r, 'asus:wl-330nul')).toEqual([]);
  });

  it('still reads software listed with every version beside a listed version of it as contradicting a fix', () => {
    // A lone unbounded `*` names no version and no longer contradicts (fix-facts-seventh-round, CVE-2007-3577).
    const r = recordOf('Acme Widget before 2.0 allows remote attackers to read files.', [
      or({ criteria: cpe('acme:widget') }, { criteria: cpe('acme:widget', '2.1') }),
    ]);
    expect(r.facts!.fixed_in).toEqual([]);
  });
});

describe('products a description names after its family name, however the dictionary spells the family', () => {
  const titles = new CpeTitles();
  for (const [product, title] of [
    ['manageengine_netflow_analyzer', 'ZohoCorp ManageEngine Netflow Analyzer'],
    ['manageengine_opmanager', 'ZohoCorp Manageengine OpManager'],
    ['manageengine_oputils', 'ZohoCorp Manageengine OpUtils'],
    ['network_configuration_manager', 'ZohoCorp Network Configuration Manager'],
    ['firewall_analyzer', 'ZohoCorp Firewall Analyzer'],
  ] as const)
    titles.add({ vendor: 'zohocorp', product, version: '*', title });
  const products = or(
    ...['firewall_analyzer', 'manageengine_netflow_analyzer', 'manageengine_opmanager', 'manageengine_oputils', 'network_configuration_manager'].map((p) => ({
      criteria: cpe(`zohocorp:${p}`, '-'),
    })),
  );
  const description =
    'A reflected Cross-site scripting (XSS) vulnerability in Zoho ManageEngine Netflow Analyzer before build 123137, Network Configuration Manager before build 123128, OpManager before build 123148, OpUtils before build 123161, and Firewall Analyzer before build 123147 allows remote attackers to inject arbitrary web script.';

  it("marks 'OpManager' and 'OpUtils' as named (primary) beside 'ManageEngine Netflow Analyzer'", () => {
    const r = recordOf(description, [products], titles);
    expect(r.facts!.products.filter((p) => !p.primary).map((p) => p.product)).toEqual([]);
    expect(r.title).not.toMatch(/other products?/);
  });

  it("names every named product's fix in the text, not 'versions for 1 more product'", () => {
    const r = recordOf(description, [products], titles);
    for (const build of ['123137', '123128', '123148', '123161', '123147']) expect(r.explanation!.fix).toContain(`build ${build}`);
    expect(r.explanation!.fix).not.toMatch(/more product/);
  });
});

describe('one range with no start per release line', () => {
  const lines = or(
    { criteria: cpe('dena:h2o'), versionEndIncluding: '1.4.4' },
    { criteria: 'cpe:2.3:a:dena:h2o:*:beta1:*:*:*:*:*:*', versionEndIncluding: '1.5.0' },
  );
  const description =
    'Directory traversal vulnerability in H2O before 1.4.5 and 1.5.x before 1.5.0-beta2, when the file.dir directive is enabled, allows remote attackers to read arbitrary files via a crafted URL.';

  it("keeps the older line's fix: the range through 1.5.0 beta1 is the 1.5 line's, since another range ends right below 1.4.5", () => {
    const r = recordOf(description, [lines]);
    expect(fixesOf(r, 'dena:h2o')).toEqual([
      { version: '1.4.5', branch: '1.4', platform: null },
      { version: '1.5.0-beta2', branch: '1.5', platform: null },
    ]);
    expect(r.explanation!.fix).toContain('1.4.5 for the 1.4.x line');
  });

  it('still drops the fix when no range ends on its own line below it: then the range through 1.5.0 beta1 holds it', () => {
    const r = recordOf(description, [or({ criteria: 'cpe:2.3:a:dena:h2o:*:beta1:*:*:*:*:*:*', versionEndIncluding: '1.5.0' })]);
    expect(fixesOf(r, 'dena:h2o').map((f) => f.version)).toEqual(['1.5.0-beta2']);
  });
});

describe('a CPE whose version is "unknown"', () => {
  it('is one version nobody could name, not every version: the described fix stands and the affected text keeps the range', () => {
    const r = recordOf(
      'SQL injection vulnerability in department_offline_context.php in ActiveCampaign TrioLive before 1.58.7 allows remote attackers to execute arbitrary SQL commands.',
      [
        or(
          { criteria: cpe('activecampaign:triolive'), versionEndIncluding: '1.58.6' },
          { criteria: 'cpe:2.3:a:activecampaign:triolive:unknown:beta2:*:*:*:*:*:*' },
        ),
      ],
    );
    expect(fixesOf(r, 'activecampaign:triolive').map((f) => f.version)).toEqual(['1.58.7']);
    expect(r.explanation!.affected).not.toMatch(/all versions/);
    expect(r.explanation!.fix).toContain('1.58.7 or later');
  });
});

describe('release steps written as CP and SU, and Apple TV named for tvOS', () => {
  it('reads "4.2 before CP04 and 4.3 before CP02" as one cumulative patch per line', () => {
    const r = recordOf(
      'JBoss Enterprise Application Platform (aka JBossEAP or EAP), possibly 4.2 before CP04 and 4.3 before CP02, allows remote attackers to obtain sensitive information.',
      [
        or(
          { criteria: cpe('redhat:jboss_enterprise_application_platform', '4.2.0') },
          { criteria: cpe('redhat:jboss_enterprise_application_platform', '4.3.0') },
        ),
      ],
    );
    expect(fixesOf(r, 'redhat:jboss_enterprise_application_platform')).toEqual([
      { version: '4.2 CP04', branch: '4.2', platform: null },
      { version: '4.3 CP02', branch: '4.3', platform: null },
    ]);
  });

  it('keeps "before 3.5 SU2" whole: the service update, not release 3.5, which NVD lists as affected', () => {
    const r = recordOf('Dialogic PowerMedia XMS before 3.5 SU2 stores passwords weakly, allowing local users to obtain them.', [
      or({ criteria: cpe('dialogic:powermedia_xms'), versionEndIncluding: '3.5' }),
    ]);
    expect(fixesOf(r, 'dialogic:powermedia_xms').map((f) => f.version)).toEqual(['3.5 SU2']);
    expect(r.explanation!.fix).not.toMatch(/gives 3\.5 as fixed/);
  });

  it('gives "Apple TV before 7.1" to tvOS where the record lists tvos, not to a product of its own', () => {
    const r = recordOf('MobileStorageMounter in Apple iOS before 8.2 and Apple TV before 7.1 does not delete invalid disk-image folders.', [
      or({ criteria: cpe('apple:iphone_os', '*', 'o'), versionEndIncluding: '8.1.3' }, { criteria: cpe('apple:tvos', '*', 'o'), versionEndIncluding: '7.0.6' }),
    ]);
    expect(fixesOf(r, 'apple:tvos').map((f) => f.version)).toEqual(['7.1']);
    expect(r.facts!.fixed_in.some((f) => f.product === 'apple:apple_tv')).toBe(false);
  });
});

describe('a release with a dotted step after its letter (Ivanti "22.7R2.6")', () => {
  it('reads the whole version, above every listed release of its line', () => {
    const r = recordOf(
      'A stack-based buffer overflow in Ivanti Connect Secure before version 22.7R2.6 and Ivanti Policy Secure before version 22.7R1.4 allows a remote unauthenticated attacker to achieve remote code execution.',
      [
        or(
          { criteria: 'cpe:2.3:a:ivanti:connect_secure:22.7:r2.5:*:*:*:*:*:*' },
          { criteria: 'cpe:2.3:a:ivanti:connect_secure:22.7:r1:*:*:*:*:*:*' },
          { criteria: 'cpe:2.3:a:ivanti:policy_secure:22.7:r1.3:*:*:*:*:*:*' },
        ),
      ],
    );
    expect(fixesOf(r, 'ivanti:connect_secure').map((f) => f.version)).toEqual(['22.7R2.6']);
    expect(fixesOf(r, 'ivanti:policy_secure').map((f) => f.version)).toEqual(['22.7R1.4']);
    expect(r.explanation!.fix).not.toMatch(/without a version number/);
  });

  it('still reads a letter release without a step ("1.0.1h") and Juniper\'s "18.1R2-S3"', () => {
    expect(describedVersions('OpenSSL 1.0.1 before 1.0.1h and Junos 18.1 versions prior to 18.1R2-S3 allow it.').fixed.map((f) => f.version)).toEqual([
      '1.0.1h',
      '18.1R2-S3',
    ]);
  });
});
