import { describe, expect, it } from 'vitest';
import type { Advisory } from '../../shared/domain/advisory.js';
import { parseOsvAdvisory } from '../../shared/ingest/sources/osv.js';
import { affectingAdvisories, fixAdvice, toVulnerability } from '../../shared/catalogue/use-cases/package-vulnerabilities.js';

describe('OSV records as package advisories', () => {
  it('keeps the entries of the seven ecosystems with their ranges, versions and aliases, and finds the CVE', () => {
    const advisory = parseOsvAdvisory({
      id: 'GHSA-xxxx-yyyy-zzzz',
      modified: '2024-05-01T00:00:00Z',
      aliases: ['PYSEC-2024-1', 'CVE-2024-1234'],
      summary: 'Path traversal',
      affected: [
        { package: { ecosystem: 'Debian:12', name: 'python-foo' }, versions: ['1.0-1'] },
        {
          package: { ecosystem: 'PyPI', name: 'Foo', purl: 'pkg:pypi/foo' },
          ranges: [
            { type: 'GIT', repo: 'https://github.com/x/foo', events: [{ introduced: '0' }, { fixed: 'abc' }] },
            { type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1.2' }] },
          ],
          versions: ['1.0', '1.1'],
        },
      ],
    });
    expect(advisory).toEqual({
      id: 'GHSA-xxxx-yyyy-zzzz',
      aliases: ['PYSEC-2024-1', 'CVE-2024-1234'],
      cve_id: 'CVE-2024-1234',
      summary: 'Path traversal',
      details: '',
      modified: '2024-05-01T00:00:00Z',
      affected: [
        {
          package: { ecosystem: 'PyPI', name: 'Foo', purl: 'pkg:pypi/foo' },
          ranges: [
            { type: 'GIT', repo: 'https://github.com/x/foo', events: [{ introduced: '0' }, { fixed: 'abc' }] },
            { type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1.2' }] },
          ],
          versions: ['1.0', '1.1'],
        },
      ],
    });
  });

  it('passes withdrawn records on (the store removes them) and refuses what is not an OSV record', () => {
    expect(parseOsvAdvisory({ id: 'PYSEC-1', modified: '2024-01-01T00:00:00Z', withdrawn: '2024-02-01T00:00:00Z' })).toMatchObject({
      withdrawn: '2024-02-01T00:00:00Z',
      affected: [],
    });
    expect(parseOsvAdvisory({ id: 'PYSEC-1' })).toBeNull();
    expect(parseOsvAdvisory({ id: 'PYSEC-1', modified: '2024', affected: [{ ranges: [{ type: 'ECOSYSTEM', events: 'nope' }] }] })).toBeNull();
  });
});

const component = { ecosystem: 'PyPI' as const, name: 'foo', version: '1.0' };
const base: Advisory = {
  id: 'PYSEC-2024-1',
  aliases: ['CVE-2024-1234'],
  cve_id: 'CVE-2024-1234',
  summary: '',
  details: '',
  modified: '',
  affected: [{ package: { ecosystem: 'PyPI', name: 'foo' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1.2' }] }] }],
};

describe('the vulnerability of one component', () => {
  it('one vulnerability per CVE, and an advisory that aliases another matched one is not repeated', () => {
    const ghsa = {
      ...base,
      id: 'GHSA-aaaa-bbbb-cccc',
      affected: [{ package: { ecosystem: 'PyPI' as const, name: 'foo' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1.1' }] }] }],
    };
    const aliasOnly = { ...base, id: 'PYSEC-2024-9', aliases: ['GHSA-zzzz-zzzz-zzzz'], cve_id: null };
    const aliased = { ...base, id: 'GHSA-zzzz-zzzz-zzzz', aliases: ['PYSEC-2024-9'], cve_id: null };
    const kept = affectingAdvisories([base, ghsa, aliasOnly, aliased], component);
    expect(kept.map((a) => a.id)).toEqual(['GHSA-aaaa-bbbb-cccc', 'GHSA-zzzz-zzzz-zzzz']);
    // The merged vulnerability offers the fixes of both copies, nearest first.
    expect(toVulnerability(kept[0]!, undefined, component).fixed_versions).toEqual(['1.1', '1.2']);
  });

  it("without a catalogue record: UNKNOWN severity, no score or risk, the advisory's own words; the fix names the nearest version", () => {
    const vulnerability = toVulnerability(
      { ...base, details: 'Foo lets a crafted archive write outside the target folder. More text follows here.' },
      undefined,
      component,
    );
    expect(vulnerability).toMatchObject({ severity: 'UNKNOWN', cvss_score: null, risk_level: null, title: 'PYSEC-2024-1 in foo', fixed_versions: ['1.2'] });
    expect(vulnerability.summary).toBe('Foo lets a crafted archive write outside the target folder. More text follows here.');
    expect(vulnerability.fix).toBe('Upgrade foo from 1.0 to 1.2 or later: 1.2 is the nearest release that fixes CVE-2024-1234.');
    expect(fixAdvice(component, [], 'GHSA-aaaa-bbbb-cccc')).toMatch(/^No fixed release of foo is published for GHSA-aaaa-bbbb-cccc yet/);
  });
});
