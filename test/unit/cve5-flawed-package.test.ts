/**
 * "A flaw was found in <package>" beside a CVE 5 entry with only that `packageName` (issue 23, sixteenth session):
 * the package is the primary product, the vendor product with the same package ships it; and the command a
 * description says is run with an option is the part.
 */
import { describe, expect, it } from 'vitest';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';

const NOW = new Date('2026-01-01T00:00:00Z');
const FOREMAN =
  'A flaw was found in foreman-installer when puppet-candlepin is invoked cpdb with the --password parameter. This issue leaks the password in the process list and allows an attacker to take advantage and obtain the password.';
const upstream = { packageName: 'foreman-installer', collectionURL: 'https://github.com/theforeman/foreman-installer', defaultStatus: 'affected' };
const satellite = {
  cpes: ['cpe:/a:redhat:satellite:6'],
  vendor: 'Red Hat',
  product: 'Red Hat Satellite 6',
  packageName: 'foreman-installer',
  defaultStatus: 'affected',
};

function derived(description: string, affected: object[]) {
  const cve5 = parseCve5Record({
    dataType: 'CVE_RECORD',
    cveMetadata: { cveId: 'CVE-2024-3716', state: 'PUBLISHED', datePublished: '2024-05-01T00:00:00Z' },
    containers: { cna: { descriptions: [{ lang: 'en', value: description }], affected } },
  })!;
  return deriveRecord({ id: cve5.id, cve5, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, NOW)!;
}

describe('the package a flaw was found in (CVE-2024-3716)', () => {
  it('is the primary product, as the package is written, and the vendor product that ships it is also listed', () => {
    const record = derived(FOREMAN, [upstream, satellite]);
    const products = record.facts!.products;
    expect(products.find((p) => p.name === 'foreman-installer')?.primary).toBe(true);
    expect(products.find((p) => p.name === 'Red Hat Satellite 6')?.primary).toBe(false);
    expect(record.explanation!.summary).toMatch(/flaw in cpdb \(--password parameter\) of foreman-installer\./);
  });

  it('stays out where the description does not say the flaw is in it', () => {
    const record = derived('A flaw was found in Satellite when the installer runs. It leaks a password.', [upstream, satellite]);
    expect(record.facts!.products.map((p) => p.name)).toEqual(['Red Hat Satellite 6']);
  });
});

describe('the command a description says is run with an option', () => {
  it('is the part, with the option', () => {
    expect(describedComponent(FOREMAN)).toBe('cpdb (--password parameter)');
    expect(
      describedComponent('The quota package in Slackware Linux 9.0 calls quotacheck with the -M option, which allows local users to overwrite files.'),
    ).toBe('quotacheck (-M option)');
  });

  it('is not read from a command that names no option', () => {
    expect(describedComponent('A flaw was found in foo-tool when it is invoked by cron. This issue leaks the password.')).toBeNull();
  });
});
