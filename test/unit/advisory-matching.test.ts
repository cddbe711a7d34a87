import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cveIdOf,
  ECOSYSTEMS,
  normalisePackageName,
  parseEcosystem,
  type Advisory,
  type AffectedPackage,
  type Ecosystem,
} from '../../shared/domain/advisory.js';
import { affectingVersion, fixedVersionsFor } from '../../shared/domain/advisory-matching.js';
import { VERSION_ORDERS } from '../../shared/domain/versions/index.js';

function advisory(affected: AffectedPackage[], extra: Partial<Advisory> = {}): Advisory {
  return { id: 'GHSA-test', aliases: [], cve_id: null, summary: '', details: '', modified: '2024-01-01T00:00:00Z', affected, ...extra };
}

const npmPackage = (events: AffectedPackage['ranges'], versions?: string[]): AffectedPackage => ({
  package: { ecosystem: 'npm', name: 'lodash' },
  ...(events ? { ranges: events } : {}),
  ...(versions ? { versions } : {}),
});

describe('OSV range evaluation', () => {
  it('several ranges and several introduced/fixed pairs in one range', () => {
    const adv = advisory([
      npmPackage([
        { type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.2.3' }] },
        { type: 'SEMVER', events: [{ introduced: '2.0.0' }, { fixed: '2.1.0' }, { introduced: '3.0.0-beta.1' }, { fixed: '3.0.2' }] },
      ]),
    ]);
    const affected = (v: string) => affectingVersion(adv, 'npm', 'lodash', v);
    expect(['0.0.1', '1.2.2', '1.2.3-rc.1', '2.0.0', '2.0.9', '3.0.0-beta.1', '3.0.0', '3.0.1'].filter(affected)).toEqual([
      '0.0.1',
      '1.2.2',
      '1.2.3-rc.1',
      '2.0.0',
      '2.0.9',
      '3.0.0-beta.1',
      '3.0.0',
      '3.0.1',
    ]);
    expect(['1.2.3', '1.9.0', '2.1.0', '2.9.9', '3.0.0-alpha', '3.0.2', '4.0.0'].filter(affected)).toEqual([]);
    expect(fixedVersionsFor(adv, 'npm', 'lodash', '2.0.5')).toEqual(['2.1.0', '3.0.2']);
    expect(fixedVersionsFor(adv, 'npm', 'lodash', '3.0.1')).toEqual(['3.0.2']);
    expect(fixedVersionsFor(adv, 'npm', 'lodash', '3.0.2')).toEqual([]);
  });

  it('last_affected includes its own version; events out of order are sorted first', () => {
    const adv = advisory([npmPackage([{ type: 'ECOSYSTEM', events: [{ last_affected: '1.4.0' }, { introduced: '1.0.0' }] }])]);
    expect(affectingVersion(adv, 'npm', 'lodash', '1.4.0')).toBe(true);
    expect(affectingVersion(adv, 'npm', 'lodash', '1.4.1')).toBe(false);
    expect(affectingVersion(adv, 'npm', 'lodash', '0.9.0')).toBe(false);
    expect(fixedVersionsFor(adv, 'npm', 'lodash', '1.2.0')).toEqual([]);
  });

  it('a limit bounds the range from above; "*" does not', () => {
    const limited = advisory([npmPackage([{ type: 'SEMVER', events: [{ introduced: '1.0.0' }, { limit: '2.0.0' }] }])]);
    expect(affectingVersion(limited, 'npm', 'lodash', '1.9.9')).toBe(true);
    expect(affectingVersion(limited, 'npm', 'lodash', '2.0.0')).toBe(false);
    const unlimited = advisory([npmPackage([{ type: 'SEMVER', events: [{ introduced: '1.0.0' }, { limit: '*' }] }])]);
    expect(affectingVersion(unlimited, 'npm', 'lodash', '9.0.0')).toBe(true);
  });

  it('explicit versions count; GIT ranges do not; withdrawn advisories affect nothing', () => {
    const adv = advisory([
      npmPackage([{ type: 'GIT', repo: 'https://github.com/x/y', events: [{ introduced: '0' }, { fixed: 'abc123' }] }], ['1.0.0', '1.0.1']),
    ]);
    expect(affectingVersion(adv, 'npm', 'lodash', '1.0.1')).toBe(true);
    expect(affectingVersion(adv, 'npm', 'lodash', '1.0.2')).toBe(false);
    expect(affectingVersion({ ...adv, withdrawn: '2024-02-01T00:00:00Z' }, 'npm', 'lodash', '1.0.1')).toBe(false);
  });

  it('another package or ecosystem of the same advisory is not matched', () => {
    const adv = advisory([npmPackage([{ type: 'SEMVER', events: [{ introduced: '0' }] }])]);
    expect(affectingVersion(adv, 'npm', 'lodash-es', '1.0.0')).toBe(false);
    expect(affectingVersion(adv, 'crates.io', 'lodash', '1.0.0')).toBe(false);
  });

  it('PyPI names match as PEP 503 normalises them, and PEP 440 spellings of one version are one version', () => {
    const adv = advisory([{ package: { ecosystem: 'PyPI', name: 'Zope.Interface' }, versions: ['1.0'] }]);
    expect(affectingVersion(adv, 'PyPI', 'zope-interface', '1.0.0')).toBe(true);
    expect(affectingVersion(adv, 'PyPI', 'zope__interface', '1.0')).toBe(true);
    expect(affectingVersion(adv, 'PyPI', 'zopeinterface', '1.0')).toBe(false);
  });
});

describe('names, ecosystems and CVE aliases', () => {
  it('normalises names per ecosystem', () => {
    expect(normalisePackageName('PyPI', 'Django_REST.framework')).toBe('django-rest-framework');
    expect(normalisePackageName('npm', '@Scope/Name')).toBe('@Scope/Name');
    expect(normalisePackageName('Maven', 'org.apache.logging.log4j:log4j-core')).toBe('org.apache.logging.log4j:log4j-core');
    expect(normalisePackageName('NuGet', 'Newtonsoft.Json')).toBe('newtonsoft.json');
    expect(normalisePackageName('crates.io', 'Serde_JSON')).toBe('serde-json');
  });
  it('reads ecosystems in OSV and purl spellings', () => {
    expect(parseEcosystem('pypi')).toBe('PyPI');
    expect(parseEcosystem('golang')).toBe('Go');
    expect(parseEcosystem('cargo')).toBe('crates.io');
    expect(parseEcosystem('Debian')).toBeNull();
  });
  it('takes the CVE among the aliases', () => {
    expect(cveIdOf('PYSEC-2021-1', ['GHSA-aaaa-bbbb-cccc', 'CVE-2021-32807'])).toBe('CVE-2021-32807');
    expect(cveIdOf('GHSA-aaaa-bbbb-cccc', [])).toBeNull();
  });
});

/** Versions written the way each ecosystem writes them, pre-releases included. */
const n = fc.integer({ min: 0, max: 30 });
const GENERATORS: Record<Ecosystem, fc.Arbitrary<string>> = {
  npm: fc.tuple(n, n, n, fc.option(fc.constantFrom('alpha', 'beta.2', 'rc.1'), { nil: undefined })).map(([a, b, c, p]) => `${a}.${b}.${c}${p ? `-${p}` : ''}`),
  'crates.io': fc.tuple(n, n, n, fc.option(fc.constantFrom('alpha.1', 'rc.3'), { nil: undefined })).map(([a, b, c, p]) => `${a}.${b}.${c}${p ? `-${p}` : ''}`),
  PyPI: fc.tuple(n, n, fc.constantFrom('', 'a1', 'b2', 'rc1', '.post1', '.dev3', '.post2.dev1')).map(([a, b, s]) => `${a}.${b}${s}`),
  Maven: fc.tuple(n, n, n, fc.constantFrom('', '-alpha-1', '-beta2', '-RC1', '-SNAPSHOT', '.Final', '-sp1', '-1')).map(([a, b, c, s]) => `${a}.${b}.${c}${s}`),
  Go: fc.oneof(
    fc.tuple(n, n, n).map(([a, b, c]) => `v${a}.${b}.${c}`),
    fc.tuple(n, n, n, fc.integer({ min: 20180101, max: 20251231 })).map(([a, b, c, d]) => `v${a}.${b}.${c + 1}-0.${d}120000-abcdefabcdef`),
  ),
  RubyGems: fc.tuple(n, n, n, fc.constantFrom('', '.pre', '.rc1', '.beta.2', '-rc2')).map(([a, b, c, s]) => `${a}.${b}.${c}${s}`),
  NuGet: fc
    .tuple(n, n, n, fc.option(n, { nil: undefined }), fc.constantFrom('', '-preview.1', '-Beta', '-rc.2'))
    .map(([a, b, c, d, s]) => `${a}.${b}.${c}${d === undefined ? '' : `.${d}`}${s}`),
};

describe.each(ECOSYSTEMS)('property: introduced ≤ v < fixed matches, fixed never does (%s)', (ecosystem) => {
  it('holds for generated versions', () => {
    const order = VERSION_ORDERS[ecosystem];
    fc.assert(
      fc.property(fc.array(GENERATORS[ecosystem], { minLength: 3, maxLength: 3 }), (three) => {
        const [introduced, inside, fixed] = [...three].sort((a, b) => order.compare(a, b)) as [string, string, string];
        fc.pre(order.compare(introduced, fixed) < 0);
        const adv = advisory([{ package: { ecosystem, name: 'pkg' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced }, { fixed }] }] }]);
        expect(affectingVersion(adv, ecosystem, 'pkg', fixed)).toBe(false);
        expect(affectingVersion(adv, ecosystem, 'pkg', introduced)).toBe(true);
        expect(affectingVersion(adv, ecosystem, 'pkg', inside)).toBe(order.compare(inside, fixed) < 0);
        expect(fixedVersionsFor(adv, ecosystem, 'pkg', introduced)).toEqual([fixed]);
      }),
      { numRuns: 300 },
    );
  });
});
