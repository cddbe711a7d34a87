/**
 * Debian's `[epoch:]upstream[-revision]` versions ("The Debian shadow package before 1:4.5-1",
 * CVE-2017-20002, read in twenty random records): one version kept whole, never the epoch "1"
 * alone, and placed above the configuration's listed 4.4.
 */
import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../shared/domain/cpe/version-compare.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const shadow = (version: string) => ({ criteria: `cpe:2.3:a:debian:shadow:${version}:*:*:*:*:*:*:*` });
const fixedOf = (description: string) => describedVersions(description).fixed.map((f) => f.version);

describe('a Debian version with its epoch', () => {
  it('is read whole after "before", with its revision and its pre-release', () => {
    expect(fixedOf('The Debian shadow package before 1:4.5-1 for Shadow incorrectly lists pts/0 and pts/1 as physical terminals.')).toEqual(['1:4.5-1']);
    expect(fixedOf('Memory leak in ekg before 1:1.7~rc2-1etch1 on Debian GNU/Linux Etch allows remote attackers to crash it.')).toEqual(['1:1.7~rc2-1etch1']);
    expect(fixedOf('The crontab script in the ntp package before 1:4.2.6.p3+dfsg-1ubuntu3.11 on Ubuntu 12.04 LTS allows local users to gain root.')).toEqual([
      '1:4.2.6.p3+dfsg-1ubuntu3.11',
    ]);
  });

  it('is read whole as the newest affected version', () => {
    expect(
      describedVersions('The initrd script for the cryptsetup package 2:1.7.3-2 and earlier allows attackers to get a shell.').lastAffected.map(
        (l) => l.version,
      ),
    ).toEqual(['2:1.7.3-2']);
  });

  it('orders by its epoch first', () => {
    expect(compareVersions('1:4.5-1', '4.4')).toBeGreaterThan(0);
    expect(compareVersions('2:0.1', '1:9.0')).toBeGreaterThan(0);
    expect(compareVersions('1:4.5-1', '1:4.5')).toBeGreaterThan(0);
    expect(compareVersions('1:1.7~rc2-1etch1', '1:1.7')).toBeLessThan(0);
    expect(compareVersions('1:4.4', '4.4')).toBeGreaterThan(0);
  });

  it('is the fix above the listed 4.4, and no line is said to lack one', () => {
    const r = derivedFixture('The Debian shadow package before 1:4.5-1 for Shadow incorrectly lists pts/0 and pts/1 as physical terminals.', [
      orNode(shadow('4.4')),
    ]);
    expect(r.facts!.fixed_in.map((f) => `${f.version} (${f.branch})`)).toEqual(['1:4.5-1 (null)']);
    expect(r.explanation!.fix).toContain('1:4.5-1');
    expect(r.explanation!.fix).not.toMatch(/no fixed version stated above/);
  });

  it('leaves a time of day and a bare number before a colon alone', () => {
    expect(fixedOf('Acme Server before 5 allows attackers to read files.')).toEqual(['5']);
    expect(fixedOf('Acme Server before 10:30 on Monday allows attackers to read files.')).toEqual([]);
    expect(compareVersions('4.4', '4.5')).toBeLessThan(0);
  });
});
