/**
 * The fix text names every fix a record states for the usual long lists: Salt's eight lines
 * (CVE-2021-3148) and a Windows record's thirteen editions, one fix each (CVE-2025-21274). Both
 * used to stop at six lines or ten products and send the reader to the facts for the rest.
 */
import { describe, expect, it } from 'vitest';
import type { VersionFact } from '../../shared/domain/facts.js';
import { fixFactSentences, namedFixVersions } from '../../shared/ingest/explainer/fix.js';

const fact = (product: string, version: string, branch: string | null, source: VersionFact['source'] = 'description'): VersionFact => ({
  product,
  version,
  branch,
  platform: null,
  source,
});
const text = (fixed: VersionFact[], names: Record<string, string>) =>
  fixFactSentences(
    { fixed_in: fixed, last_affected: [], fix_stated: true, advisoryHosts: [], patchLinks: false, steps: { optIn: false, replaceKeys: false } },
    (key) => names[key] ?? key,
  ).join(' ');

describe('long fix lists', () => {
  const salt = [
    fact('saltstack:salt', '3002.5', null),
    fact('saltstack:salt', '3001.4', '3001'),
    fact('saltstack:salt', '3000.6', '3000'),
    fact('saltstack:salt', '2019.2.8', '2019.2'),
    fact('saltstack:salt', '2017.7.8', '2017'),
    fact('saltstack:salt', '2016.11.10', '2016.11'),
    fact('saltstack:salt', '2016.3.8', '2016.3'),
    fact('saltstack:salt', '2015.8.13', '2015.8'),
  ];

  it('names all eight of Salt’s fixes, the oldest lines included', () => {
    const fix = text(salt, { 'saltstack:salt': 'SaltStack Salt' });
    for (const f of salt) expect(fix).toContain(f.version);
    expect(fix).toContain('2015.8.13 for the 2015.8.x line');
    expect(fix).not.toMatch(/more in this record's facts/);
    expect(namedFixVersions({ fixed_in: salt, last_affected: [] }).map((n) => n.versions[0])).toEqual(salt.map((f) => f.version));
  });

  it('names each of thirteen Windows editions with its own build', () => {
    const editions = Array.from({ length: 13 }, (_, i) => fact(`microsoft:windows_edition_${i}`, `10.0.${20000 + i}.${3000 + i}`, null, 'configuration'));
    const names = Object.fromEntries(editions.map((e, i) => [e.product, `Microsoft Windows edition ${i}`]));
    const fix = text(editions, names);
    for (const e of editions) expect(fix).toContain(`Update ${names[e.product]} to version ${e.version} or later.`);
    expect(fix).not.toMatch(/more products/);
  });

  it('still counts the rest past the longest list a text can carry', () => {
    const many = Array.from({ length: 30 }, (_, i) => fact('vendor:thing', `1.${i}.9`, null));
    const fix = text(many, { 'vendor:thing': 'Thing' });
    expect(fix).toContain("(and 18 more in this record's facts)");
  });
});
