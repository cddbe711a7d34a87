import { describe, expect, it } from 'vitest';
import { VERSION_ORDERS, type Ecosystem } from '../../shared/domain/versions/index.js';

/** Asserts that each version sorts strictly below the next, and every pair is answered both ways round. */
function expectAscending(ecosystem: Ecosystem, versions: readonly string[]): void {
  const order = VERSION_ORDERS[ecosystem];
  for (const version of versions) expect(order.valid(version), `${ecosystem} reads ${version}`).toBe(true);
  for (let i = 0; i < versions.length; i++) {
    for (let j = i + 1; j < versions.length; j++) {
      expect(Math.sign(order.compare(versions[i]!, versions[j]!)), `${versions[i]} < ${versions[j]}`).toBe(-1);
      expect(Math.sign(order.compare(versions[j]!, versions[i]!)), `${versions[j]} > ${versions[i]}`).toBe(1);
    }
  }
}

function expectEqual(ecosystem: Ecosystem, versions: readonly string[]): void {
  const order = VERSION_ORDERS[ecosystem];
  for (const a of versions) for (const b of versions) expect(order.compare(a, b), `${a} = ${b}`).toBe(0);
}

describe('npm and crates.io: SemVer 2.0.0 (semver.org §11 example)', () => {
  const example = [
    '1.0.0-alpha',
    '1.0.0-alpha.1',
    '1.0.0-alpha.beta',
    '1.0.0-beta',
    '1.0.0-beta.2',
    '1.0.0-beta.11',
    '1.0.0-rc.1',
    '1.0.0',
    '2.0.0',
    '2.1.0',
    '2.1.1',
  ];
  it('npm', () => expectAscending('npm', example));
  it('crates.io', () => expectAscending('crates.io', example));
  it('build metadata does not count', () => expectEqual('npm', ['1.0.0+20130313144700', '1.0.0', '1.0.0+exp.sha.5114f85']));
});

describe("PyPI: PEP 440 (the specification's own ordering example)", () => {
  it('orders pre-, post-, dev- and local versions', () =>
    expectAscending('PyPI', [
      '1.0.dev456',
      '1.0a1',
      '1.0a2.dev456',
      '1.0a12.dev456',
      '1.0a12',
      '1.0b1.dev456',
      '1.0b2',
      '1.0b2.post345.dev456',
      '1.0b2.post345',
      '1.0rc1.dev456',
      '1.0rc1',
      '1.0',
      '1.0+abc.5',
      '1.0+abc.7',
      '1.0+5',
      '1.0.post456.dev34',
      '1.0.post456',
      '1.0.15',
      '1.1.dev1',
    ]));
  it('normalises spellings and pads release segments', () => expectEqual('PyPI', ['1.0', '1.0.0', '1.0.0.0', 'v1.0', '1.0-final'.replace('-final', '')]));
  it('an epoch beats any release', () => expectAscending('PyPI', ['2024.1', '1!0.1']));
  it('is not fooled by text', () => expect(VERSION_ORDERS.PyPI.valid('not a version')).toBe(false));
});

describe('Maven: ComparableVersion (maven.apache.org/pom.html#Version_Order_Specification)', () => {
  it("the specification's examples", () => {
    expectAscending('Maven', ['1', '1.1']);
    expectAscending('Maven', ['1-snapshot', '1', '1-sp']);
    expectAscending('Maven', ['1-foo2', '1-foo10']);
    expectEqual('Maven', ['1.foo', '1-foo']);
    expectAscending('Maven', ['1-foo', '1-1', '1.1']);
    expectEqual('Maven', ['1.ga', '1-ga', '1-0', '1.0', '1']);
    expectAscending('Maven', ['1-ga', '1-sp']);
    expectAscending('Maven', ['1-ga.1', '1-sp.1']);
    expectAscending('Maven', ['1-sp-1', '1-ga-1']);
    expectEqual('Maven', ['1-ga-1', '1-1']);
    expectEqual('Maven', ['1-a1', '1-alpha-1']);
  });
  it('qualifiers: alpha < beta < milestone < rc = cr < snapshot < release < sp < unknown', () => {
    expectAscending('Maven', [
      '1-alpha2snapshot',
      '1-alpha2',
      '1-alpha-123',
      '1-beta-2',
      '1-beta123',
      '1-m2',
      '1-m11',
      '1-rc',
      '1-cr2',
      '1-rc123',
      '1-SNAPSHOT',
      '1',
      '1-sp',
      '1-sp2',
      '1-sp123',
      '1-abc',
      '1-def',
      '1-pom-1',
      '1-1-snapshot',
      '1-1',
      '1-2',
      '1-123',
    ]);
    expectEqual('Maven', ['1-cr1', '1-rc1', '1.RC1', '1-RC-1']);
    expectEqual('Maven', ['2.0.0.Final', '2.0.0', '2.0.0.RELEASE', '2.0.0-GA']);
  });
  it('releases of a real artifact: milestones, release candidates, snapshots and service packs', () =>
    expectAscending('Maven', ['2.0.0-M1', '2.0.0-RC1', '2.0.0-SNAPSHOT', '2.0.0', '2.0.0-SP1', '2.0.1', '2.13.4.1', '2.13.5']));
  it('numbers compare as numbers, however long', () => expectAscending('Maven', ['1.9', '1.10', '1.123456789012345678901234567890']));
});

describe('Go: module versions (go.dev/ref/mod#versions, #pseudo-versions)', () => {
  it('orders releases, pre-releases and pseudo-versions as the reference describes', () =>
    expectAscending('Go', [
      'v0.0.0-20191109021931-daa7c04131f5',
      'v0.1.0',
      'v1.2.3',
      'v1.2.4-0.20191109021931-daa7c04131f5',
      'v1.2.4-pre',
      'v1.2.4-pre.0.20191109021931-daa7c04131f5',
      'v1.2.4',
      'v2.0.0+incompatible'.replace('+incompatible', ''),
      'v2.1.0',
    ]));
  it('reads versions with or without the v (OSV writes them without)', () => expectEqual('Go', ['v1.20.5', '1.20.5', 'v1.20.5+incompatible']));
});

describe('RubyGems: Gem::Version', () => {
  it("the documentation's example: 0.9 < 1.0.a.2 < 1.0.b1 < 1.0", () => expectAscending('RubyGems', ['0.9', '1.0.a.2', '1.0.b1', '1.0']));
  it('letters and numbers in one part are split: 1.0.a9 < 1.0.a10', () => expectAscending('RubyGems', ['1.0.a9', '1.0.a10']));
  it('a hyphen is a pre-release and trailing zeros do not count', () => {
    expectAscending('RubyGems', ['1.0.0-rc1', '1.0.0', '1.0.1', '1.1']);
    expectEqual('RubyGems', ['1.0', '1.0.0', '1']);
  });
});

describe('NuGet: SemVer 2.0.0 with a fourth number (learn.microsoft.com/nuget/concepts/package-versioning)', () => {
  it("SemVer's example, then four-part versions", () =>
    expectAscending('NuGet', [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.0.1',
      '1.0.1',
      '1.1',
    ]));
  it('normalised versions are equal: missing parts are 0, leading zeros and case and metadata do not count', () => {
    expectEqual('NuGet', ['1.0', '1.0.0', '1.0.0.0']);
    expectEqual('NuGet', ['1.01.1', '1.1.1']);
    expectEqual('NuGet', ['1.0.0-Beta', '1.0.0-beta', '1.0.0-BETA+git.abc']);
  });
  it('is not fooled by text', () => expect(VERSION_ORDERS.NuGet.valid('latest')).toBe(false));
});
