import { describe, expect, it } from 'vitest';
import type { Patch } from '../../shared/domain/cve.js';
import { explain, type ExplainerInput } from '../../shared/ingest/explainer/index.js';
import { attackSentence, parseCvssVector } from '../../shared/ingest/explainer/attack.js';
import { article, displayName, productName } from '../../shared/ingest/explainer/names.js';
import type { AffectedProduct } from '../../shared/domain/nvd-record.js';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { assembleFixtures } from '../support/ingest-fixtures.js';
import { explanationFaults } from '../support/explanation-checks.js';

const noPatch: Patch = { status: 'not_available', patch_urls: [], days_unpatched: 10 };
const base: ExplainerInput = {
  rejected: false,
  cweIds: [],
  cweCatalogue: new Map([['CWE-1419', { name: 'Incorrect Initialization of Resource', kind: 'weakness' }]]),
  products: [],
  cvssScore: null,
  severity: 'UNKNOWN',
  inKev: false,
  exploitCode: false,
  patch: noPatch,
  mitigation: false,
};
const product = (n: number, over: Partial<AffectedProduct> = {}): AffectedProduct => ({
  vendor: 'netgear',
  product: `r${n}_firmware`,
  part: 'o',
  ranges: [{ endExcluding: `1.0.${n}.2` }],
  openEnded: false,
  fixedVersions: [`1.0.${n}.2`],
  ...over,
});

function expectClean(e: { summary: string; affected: string; fix: string }) {
  for (const text of [e.summary, e.affected, e.fix]) expect(explanationFaults(text), text).toEqual([]);
}

describe('explainer', () => {
  it('a known CWE, a vector, one product with a fixed version', () => {
    const e = explain({
      ...base,
      cweIds: ['CWE-89'],
      vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      cvssScore: 9.8,
      severity: 'CRITICAL',
      products: [
        {
          vendor: 'acme',
          product: 'widget_server',
          part: 'a',
          ranges: [{ startIncluding: '4.0.0', endExcluding: '4.2.1' }],
          openEnded: false,
          fixedVersions: ['4.2.1'],
        },
      ],
      patch: { status: 'available', patch_date: '2023-09-01', patch_urls: ['https://github.com/acme/widget-server/commit/0f3c9a1'], days_unpatched: 0 },
    });
    expect(e.summary).toBe(
      'This is an SQL injection flaw in Acme Widget Server. An attacker can change the database queries the software runs. This can let them read, change or delete data. ' +
        'An attacker can try this over the network, even from the internet, with no account, and with no help from anyone. It is rated critical: 9.8 out of 10.',
    );
    expect(e.affected).toBe(
      'You are affected if you use Acme Widget Server (versions from 4.0.0 before 4.2.1). To check, compare the version you run with this range.',
    );
    expect(e.fix).toBe('Update Acme Widget Server to version 4.2.1 or later. A patch is published: see the patch link in the references (github.com).');
  });

  it('no CPE, no CWE, no score: whole sentences, nothing invented', () => {
    const e = explain(base);
    expect(e.summary).toBe('This is a security flaw. No CVSS score has been given yet, so its severity is unknown.');
    expect(e.affected).toMatch(/^The public record does not list the affected products/);
    expect(e.fix).toMatch(/^No fixed version or patch is listed/);
    expectClean(e);
  });

  it('names the older or newer scale a score is on, and never calls a scored record unscored', () => {
    const v2 = explain({ ...base, cvssScore: 7.8, severity: 'HIGH', cvssVersion: '2.0', vector: 'AV:N/AC:L/Au:N/C:C/I:C/A:C' });
    expect(v2.summary).toContain('It is rated high: 7.8 out of 10 under the older CVSS v2 scale.');
    expect(v2.summary).not.toMatch(/not (been )?(given|scored)|No CVSS/);
    expect(explain({ ...base, cvssScore: 9.8, severity: 'CRITICAL', cvssVersion: '3.0' }).summary).toContain('9.8 out of 10 under the older CVSS v3.0 scale.');
    expect(explain({ ...base, cvssScore: 9.3, severity: 'CRITICAL', cvssVersion: '4.0' }).summary).toContain('9.3 out of 10 under the newer CVSS v4.0 scale.');
    expect(explain({ ...base, cvssScore: 9.8, severity: 'CRITICAL', cvssVersion: '3.1' }).summary).toContain('It is rated critical: 9.8 out of 10.');
    for (const text of [v2.summary]) expect(explanationFaults(text)).toEqual([]);
  });

  it('reads who can attack from a CVSS v4.0 vector (passive or active user interaction)', () => {
    expect(parseCvssVector('CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:P/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N')).toEqual({
      vector: 'N',
      privileges: 'L',
      interaction: 'R',
      confidentiality: 'H',
      integrity: 'N',
      availability: 'N',
    });
    expect(parseCvssVector('CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N')).toMatchObject({ vector: 'L', interaction: 'N' });
    expect(parseCvssVector('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:Z/VC:H/VI:N/VA:N')).toBeUndefined();
  });

  it('a CWE without a plain description falls back to the catalogue name; the vector gives the impact', () => {
    const e = explain({ ...base, cweIds: ['CWE-1419'], vector: 'CVSS:3.1/AV:L/AC:L/PR:L/UI:R/S:U/C:H/I:N/A:N', cvssScore: 5.0, severity: 'MEDIUM' });
    expect(e.summary).toContain('"Incorrect Initialization of Resource" (CWE-1419)');
    expect(e.summary).toContain('only with access to the machine itself, with a normal user account, but only if a user is tricked');
    expectClean(e);
  });

  it('many products: a count, the vendor, the first few, and fixes for the first few', () => {
    const products = [0, 1, 2, 3, 4, 5].map((i) => product(6000 + i));
    const e = explain({
      ...base,
      products,
      cweIds: ['CWE-77'],
      inKev: true,
      kev: { requiredAction: 'Apply updates per vendor instructions.', dueDate: '2022-04-15' },
    });
    expect(e.affected).toBe(
      '6 products from Netgear are affected, including Netgear R6000 Firmware (versions before 1.0.6000.2), Netgear R6001 Firmware (versions before 1.0.6001.2) and Netgear R6002 Firmware (versions before 1.0.6002.2). The NVD entry lists them all. To check, compare the version you run with these ranges.',
    );
    expect(e.fix).toContain('Update Netgear R6000 Firmware to version 1.0.6000.2 or later');
    expect(e.fix).toContain('Fixed versions are listed for 3 more products in the NVD entry.');
    expect(e.fix).toContain("CISA's required action: Apply updates per vendor instructions. US federal agencies must act by 2022-04-15.");
    expect(e.summary).toContain('CISA says attackers are using it in real attacks.');
    expectClean(e);
  });

  it('rejected ids say so everywhere', () => {
    const e = explain({ ...base, rejected: true, products: [product(1)] });
    expect(e.summary).toMatch(/rejected/);
    expect(e.affected).toMatch(/No product is affected/);
    expect(e.fix).toMatch(/No action is needed/);
  });

  it('open-ended products, branches of fixed versions, workarounds', () => {
    const open = explain({
      ...base,
      products: [{ vendor: 'example', product: 'router:manager', ranges: [], openEnded: true, allVersions: true, fixedVersions: [] }],
      mitigation: true,
    });
    expect(open.affected).toBe('You are affected if you use Example Router:manager (all versions: the record sets no version limit).');
    expect(open.fix).toBe('No fix is listed, but the references include a workaround. Apply it until a fix ships.');
    const tomcat = product(1, {
      vendor: 'apache',
      product: 'tomcat',
      ranges: [
        { startIncluding: '7.0.0', endExcluding: '7.0.100' },
        { startIncluding: '8.5.0', endExcluding: '8.5.51' },
        { startIncluding: '9.0.0', endExcluding: '9.0.31' },
      ],
      fixedVersions: ['7.0.100', '8.5.51', '9.0.31'],
    });
    const branches = explain({ ...base, products: [tomcat] });
    expect(branches.fix).toBe(
      'Update Apache Tomcat to version 9.0.31 or later. If you stay on an older release line, version 8.5.51 fixes versions from 8.5.0 before 8.5.51 and version 7.0.100 fixes versions from 7.0.0 before 7.0.100.',
    );
    expect(branches.affected).toBe(
      'You are affected if you use Apache Tomcat (versions from 9.0.0 before 9.0.31 and versions from 8.5.0 before 8.5.51, plus 1 older version range). To check, compare the version you run with these ranges.',
    );
    expectClean(open);
    expectClean(branches);
  });

  it('KEV product names stand in when no structured product is listed', () => {
    const e = explain({ ...base, inKev: true, kev: { vendorProject: 'Git', product: 'Git' } });
    expect(e.affected).toMatch(/^CISA lists the affected product as Git Git\./);
  });

  it('every fixture record explains cleanly', async () => {
    const a = await assembleFixtures();
    for (const id of a.recordIds()) {
      const r = deriveRecord(a.sourcesFor(id), new Date('2025-03-01T00:00:00Z'))!;
      expectClean(r.explanation!);
      expect(explanationFaults(r.title)).toEqual([]);
    }
  });
});

describe('who can attack: the description and the vector never disagree', () => {
  it('"local users and possibly remote attackers" beside a network vector says no "log in to the machine" (CVE-2002-1850)', () => {
    const summary = explain({
      ...base,
      cweIds: ['CWE-667'],
      description:
        'mod_cgi in Apache 2.0.39 and 2.0.40 allows local users and possibly remote attackers to cause a denial of service (hang and memory consumption) by causing a CGI script to send a large amount of data to stderr.',
      vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H',
      cvssScore: 7.5,
      severity: 'HIGH',
      cvssVersion: '3.1',
    }).summary;
    expect(summary).not.toMatch(/log in to the machine/);
    expect(summary).toContain('An attacker can stop the software from working.');
    expect(summary).toContain('over the network, even from the internet, with no account');
  });

  it("says who once: the vector's sentence, not the description's attacker again (local users, AV:L)", () => {
    const summary = explain({
      ...base,
      cweIds: ['CWE-667'],
      description: 'The kernel allows local users to cause a denial of service via a crafted call.',
      vector: 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:N/I:N/A:H',
      cvssScore: 5.5,
      severity: 'MEDIUM',
      cvssVersion: '3.1',
    }).summary;
    expect(summary).toContain(
      'An attacker can stop the software from working. An attacker can try this only with access to the machine itself, with a normal user account, and with no help from anyone.',
    );
    expect(summary).not.toMatch(/log in to the machine/);
  });
});

describe('CVSS v2 vectors say who can attack', () => {
  it("reads AV and Au, and says nothing of a victim's help, which v2 does not score", () => {
    expect(parseCvssVector('AV:L/AC:M/Au:N/C:C/I:C/A:C')).toEqual({ vector: 'L', privileges: 'N', confidentiality: 'H', integrity: 'H', availability: 'H' });
    expect(parseCvssVector('AV:N/AC:L/Au:S/C:P/I:N/A:N')).toEqual({ vector: 'N', privileges: 'L', confidentiality: 'L', integrity: 'N', availability: 'N' });
    expect(parseCvssVector('AV:X/AC:L/Au:N/C:P/I:N/A:N')).toBeUndefined();
    const v2 = (vector: string, description = '') => explain({ ...base, cvssScore: 6.9, severity: 'MEDIUM', cvssVersion: '2.0', vector, description }).summary;
    expect(v2('AV:N/AC:L/Au:N/C:P/I:P/A:P')).toContain('An attacker can try this over the network, even from the internet, with no account.');
    expect(v2('AV:N/AC:L/Au:S/C:P/I:N/A:N')).toContain('with a normal user account.');
    const local = v2('AV:L/AC:M/Au:N/C:C/I:C/A:C', 'Linux kernel before 2.6.25.2 allows local users to execute code in parallel.');
    expect(local).toContain('An attacker can try this only with access to the machine itself, as any user of it.');
    expect(local).not.toMatch(/help from anyone|tricked/);
    expect(explanationFaults(local)).toEqual([]);
  });
});

describe('explainer parts', () => {
  it('reads who can attack from the vector', () => {
    expect(attackSentence(parseCvssVector('CVSS:3.1/AV:A/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H')!)).toBe(
      'An attacker can try this only from the same local network, with an admin account, and with no help from anyone.',
    );
    expect(parseCvssVector('AV:N/AC:L/Au:N/C:P/I:P/A:P')).toEqual({ vector: 'N', privileges: 'N', confidentiality: 'L', integrity: 'L', availability: 'L' });
  });

  it('names products for people, and picks the article by sound', () => {
    expect(displayName('internet_information_server')).toBe('Internet Information Server');
    expect(displayName('UpQode Google Maps')).toBe('UpQode Google Maps');
    expect(productName({ vendor: 'hp', product: 'sitescope' })).toBe('HP Sitescope');
    expect(productName({ vendor: 'wordpress', product: 'wordpress' })).toBe('WordPress');
    expect([
      article('SQL injection'),
      article('use-after-free'),
      article('unsafe file upload'),
      article('information leak'),
      article('race condition'),
    ]).toEqual(['an', 'a', 'an', 'an', 'a']);
  });
});
