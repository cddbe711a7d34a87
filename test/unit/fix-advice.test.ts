import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveFixAdvice } from '../../shared/ingest/derive/fix-advice.js';
import { orderByDescription } from '../../shared/ingest/derive/product-order.js';
import { explain, type ExplainerInput } from '../../shared/ingest/explainer/index.js';
import { emptyExplainerInput } from '../support/explainer-fixtures.js';
import { productName } from '../../shared/ingest/explainer/names.js';
import type { AffectedProduct, VersionRange } from '../../shared/domain/nvd-record.js';
import { parseCpe23 } from '../../shared/domain/cpe/cpe-name.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';
import { compareVersions } from '../../shared/domain/cpe/version-compare.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { rangeContains } from '../../shared/domain/cpe/version-ranges.js';
import { explanationFaults } from '../support/explanation-checks.js';

const product = (over: Partial<AffectedProduct> & Pick<AffectedProduct, 'ranges'>): AffectedProduct => ({
  vendor: 'acme',
  product: 'widget',
  part: 'a',
  openEnded: false,
  fixedVersions: over.ranges.flatMap((r) => (r.endExcluding ? [r.endExcluding] : [])),
  ...over,
});

const base: ExplainerInput = emptyExplainerInput;

const fixText = (products: AffectedProduct[], description = '') => explain({ ...base, products, description }).fix;

describe('version comparison', () => {
  it('orders numbers, letters, pre-releases and update/patch/service-pack qualifiers', () => {
    const ascending = [
      '1.0-alpha1',
      '1.0b2',
      '1.0-rc1',
      '1.0',
      '1.0.0.0',
      '1.0 sp1',
      '1.0 update 1',
      '1.0 update 27',
      '1.0.1',
      '1.0.2',
      '1.0.2a',
      '1.0.2k',
      '1.0.10',
      '1.6.0',
      '1.6.0 update 27',
      '1.10',
      'v2.0',
      '10.0',
    ];
    for (let i = 0; i + 1 < ascending.length; i++) {
      const [a, b] = [ascending[i]!, ascending[i + 1]!];
      expect(compareVersions(a, b), `${a} vs ${b}`).toBeLessThanOrEqual(0);
    }
    expect(compareVersions('1.0', '1.0.0.0')).toBe(0);
    expect(compareVersions('1.6.0 update 27', '1.6.0')).toBeGreaterThan(0);
    expect(compareVersions('2.0-rc1', '2.0')).toBeLessThan(0);
    expect(compareVersions('18.3R1-S3', '18.3 r1-s3')).toBe(0);
    expect(compareVersions('9.5.0-P1', '9.5.0')).toBeGreaterThan(0);
    expect(compareVersions('1.2.10', '1.2.9')).toBeGreaterThan(0);
  });

  it('compares the release numbers first, padded, then the update: "11 Update 5" < "11.0 update6" < "11 Update 7"', () => {
    const ascending = ['10.0 update17', '10 Update 18', '11', '11 Update 5', '11.0 update6', '11 Update 7', '11.0.1'];
    for (let i = 0; i + 1 < ascending.length; i++)
      expect(compareVersions(ascending[i]!, ascending[i + 1]!), `${ascending[i]} < ${ascending[i + 1]}`).toBeLessThan(0);
    expect(compareVersions('11 Update 6', '11.0 update6')).toBe(0);
    expect(compareVersions('4.2.8p4', '4.2.8.0 p4')).toBe(0);
    expect(compareVersions('1.0a', '1.0.1')).toBeLessThan(0);
  });

  const version = fc
    .array(fc.oneof(fc.nat({ max: 30 }).map(String), fc.constantFrom('a', 'b', 'rc', 'beta', 'alpha', 'update', 'sp', 'p', 'dev', 'k', 'r')), {
      minLength: 1,
      maxLength: 6,
    })
    .chain((tokens) =>
      fc
        .array(fc.constantFrom('.', '-', '_', ' ', ''), { minLength: tokens.length, maxLength: tokens.length })
        .map((seps) => tokens.map((t, i) => `${t}${i + 1 < tokens.length ? seps[i] : ''}`).join('')),
    );

  it('is a total preorder (reflexive, antisymmetric in sign, transitive) over arbitrary vendor versions', () => {
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        expect(compareVersions(a, a)).toBe(0);
        expect(Math.sign(compareVersions(a, b))).toBe(-Math.sign(compareVersions(b, a)) || 0);
        if (compareVersions(a, b) <= 0 && compareVersions(b, c) <= 0) expect(compareVersions(a, c)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 3000 },
    );
  });

  it('a named fixed version never lies inside a vulnerable range of the same product, and "or later" is said only above every one', () => {
    const dotted = fc
      .tuple(fc.nat({ max: 4 }), fc.nat({ max: 4 }), fc.nat({ max: 4 }), fc.constantFrom('', ' update 3', '-rc1', 'a', ' sp1'))
      .map(([x, y, z, q]) => `${x}.${y}.${z}${q}`);
    const range: fc.Arbitrary<VersionRange> = fc.oneof(
      dotted.map((v) => ({ exact: v })),
      dotted.map((v) => ({ endExcluding: v })),
      dotted.map((v) => ({ endIncluding: v })),
      fc.tuple(dotted, dotted).map(([a, b]) => (compareVersions(a, b) <= 0 ? { startIncluding: a, endExcluding: b } : { startIncluding: b, endExcluding: a })),
      dotted.map((v) => ({ startIncluding: v })),
    );
    fc.assert(
      fc.property(
        fc.array(range, { minLength: 1, maxLength: 6 }),
        fc.array(dotted, { maxLength: 3 }),
        fc.array(dotted, { maxLength: 2 }),
        (ranges, extra, described) => {
          const p = product({ ranges, fixedVersions: [...ranges.flatMap((r) => (r.endExcluding ? [r.endExcluding] : [])), ...extra] });
          const description = `Acme Widget before ${described.join(' and before ')} allows things.`;
          const advice = deriveFixAdvice([p], described.length > 0 ? description : '');
          for (const named of advice.named)
            for (const v of named.versions) for (const r of ranges) expect(rangeContains(r, v), `${v} in ${JSON.stringify(r)}`).toBe(false);
          for (const f of advice.products) {
            if (!f.latest) continue;
            for (const r of ranges) {
              const top = r.endIncluding ?? r.exact ?? r.endExcluding;
              expect(top, `"or later" from ${f.latest} over an open range ${JSON.stringify(r)}`).toBeDefined();
              expect(compareVersions(top!, f.latest)).toBeLessThanOrEqual(0);
            }
          }
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('the description grammar', () => {
  const fixed = (text: string) => describedVersions(text).fixed.map((f) => (f.line ? `${f.line}.x:${f.version}` : f.version));
  const last = (text: string) => describedVersions(text).lastAffected.map((f) => f.version);

  it('reads each common NVD phrasing', () => {
    expect(fixed('Acme Widget before 2.3.4 allows remote attackers to read files.')).toEqual(['2.3.4']);
    expect(fixed('Acme Widget prior to 7.1.0 allows XSS.')).toEqual(['7.1.0']);
    expect(fixed('Acme Widget versions prior to version 7.1 allow XSS.')).toEqual(['7.1']);
    expect(fixed('In Acme Widget < 3.2.1, an attacker can read files.')).toEqual(['3.2.1']);
    expect(fixed('This issue is fixed in version 1.2.0.')).toEqual(['1.2.0']);
    expect(fixed('This issue is fixed in iOS 14.2 and iPadOS 14.2.')).toEqual(['14.2']);
    expect(fixed('Users should upgrade to version 4.0.1 or later.')).toEqual(['4.0.1']);
    expect(fixed('Apache Struts 2.3.x before 2.3.32 and 2.5.x before 2.5.10.1 mishandles uploads.')).toEqual(['2.3.x:2.3.32', '2.5.x:2.5.10.1']);
    expect(fixed('Acme versions 1.x before 1.2.3 and 2.x before 2.0.1 are affected.')).toEqual(['1.x:1.2.3', '2.x:2.0.1']);
    expect(fixed('Junos OS 18.3 versions prior to 18.3R1-S3, 18.4 versions prior to 18.4R2.')).toEqual(['18.3.x:18.3R1-S3', '18.4.x:18.4R2']);
  });

  it('"through V", "V and earlier", "A through B" and "<= V" name the last affected version, not a fix', () => {
    expect(fixed('OpenSSL through 1.0.1i allows it.')).toEqual([]);
    expect(last('OpenSSL through 1.0.1i allows it.')).toEqual(['1.0.1i']);
    expect(last('Adobe Flash Player 21.0.0.226 and earlier allows remote attackers to execute code.')).toEqual(['21.0.0.226']);
    expect(last('Oracle Java 1.6.0 update 27 and earlier.')).toEqual(['1.6.0 update 27']);
    expect(last('Acme Widget 1.2.0 through 1.4.2 is affected.')).toEqual(['1.4.2']);
    expect(fixed('Acme Widget 1.2.0 through 1.4.2 is affected.')).toEqual([]);
    expect(last('Acme Widget <= 3.0.2 allows XSS.')).toEqual(['3.0.2']);
  });

  it('ignores years, counts and bare numbers that are not versions', () => {
    expect(fixed('Windows 10 before 2019 and systems released prior to 2015 allow it.')).toEqual([]);
    expect(fixed('An attacker can send fewer than 5 packets before 3 seconds pass.')).toEqual([]);
    expect(fixed('Widget before version 5 allows it.')).toEqual(['5']);
  });
});

describe('fix advice', () => {
  it('keeps the CPE update qualifier: 1.6.0 update 27 is not 1.6.0, and "update to 1.6.0" is never said', () => {
    expect(parseCpe23('cpe:2.3:a:oracle:jre:1.6.0:update_27:*:*:*:*:*:*')?.version).toBe('1.6.0 update 27');
    expect(parseCpe23('cpe:2.3:a:acme:widget:2.0:rc1:*:*:*:*:*:*')?.version).toBe('2.0 rc1');
    expect(parseCpe23('cpe:2.3:h:acme:router:-:*:*:*:*:*:*:*')?.version).toBe('-');
    const jre = product({ vendor: 'oracle', product: 'jre', ranges: [{ endExcluding: '1.6.0' }, { exact: '1.6.0 update 27' }] });
    const text = fixText([jre]);
    expect(text).not.toMatch(/1\.6\.0 or later/);
    expect(text).toContain('No fixed version is listed for Oracle JRE versions 1.6.0 update 27');
    // With the update that fixes it listed, it is named.
    const fixedJre = product({
      vendor: 'oracle',
      product: 'jre',
      ranges: [{ endExcluding: '1.6.0' }, { startIncluding: '1.6.0', endExcluding: '1.6.0 update 29' }],
    });
    expect(fixText([fixedJre])).toBe('Update Oracle JRE to version 1.6.0 update 29 or later.');
  });

  it("names each branch's fixed version and says plainly when a vulnerable branch has none", () => {
    const lib = product({
      ranges: [
        { startIncluding: '2.0', endExcluding: '2.4.1' },
        { startIncluding: '3.0', endIncluding: '3.2' },
      ],
    });
    expect(fixText([lib])).toBe(
      'Update Acme Widget to the fixed version for your release line: version 2.4.1 fixes versions from 2.0 before 2.4.1. No fixed version is listed for Acme Widget versions from 3.0 up to and including 3.2.',
    );
    const three = product({
      ranges: [
        { startIncluding: '2.0', endExcluding: '2.4.1' },
        { startIncluding: '3.0', endIncluding: '3.2' },
        { startIncluding: '4.0', endExcluding: '4.1.5' },
      ],
    });
    expect(fixText([three])).toBe(
      'Update Acme Widget to version 4.1.5 or later. If you stay on an older release line, version 2.4.1 fixes versions from 2.0 before 2.4.1. Acme Widget versions from 3.0 up to and including 3.2 have no fix on their own release line: move to a fixed one.',
    );
    // An early branch's end is not "or later" while later versions are listed as vulnerable with no line of their own.
    const listed = product({ ranges: [{ endExcluding: '2.4.1' }, { exact: '2.4.3' }] });
    expect(deriveFixAdvice([listed], '').named).toEqual([]);
    expect(fixText([listed])).toBe('No fixed version is listed for Acme Widget versions 2.4.3 and before 2.4.1.');
    const nextLine = product({ ranges: [{ endExcluding: '2.4.1' }, { exact: '2.5.0' }] });
    expect(fixText([nextLine])).toBe(
      'Update Acme Widget to the fixed version for your release line: version 2.4.1 fixes versions before 2.4.1. No fixed version is listed for Acme Widget versions 2.5.0.',
    );
  });

  it('a fixed version inside another vulnerable range of the same product is not named', () => {
    const p = product({ ranges: [{ endExcluding: '1.5' }, { startIncluding: '1.4', endIncluding: '1.9' }] });
    const advice = deriveFixAdvice([p], '');
    expect(advice.named).toEqual([]);
  });

  it('takes the fixed version from the description when the ranges give none, and the ranges win when both do', () => {
    const noFix = product({ ranges: [{ endIncluding: '2.3.3' }], fixedVersions: [] });
    expect(fixText([noFix], 'Acme Widget before 2.3.4 allows XSS.')).toBe(
      'Update Acme Widget to version 2.3.4 or later (the fixed version comes from the description).',
    );
    // The description's version inside a vulnerable range is not used.
    expect(fixText([noFix], 'Acme Widget before 2.3.0 allows XSS.')).not.toContain('2.3.0');
    const both = product({ ranges: [{ endExcluding: '2.4.1' }] });
    const advice = deriveFixAdvice([both], 'Acme Widget before 2.4.2 allows XSS.');
    expect(advice.named).toEqual([{ vendor: 'acme', product: 'widget', versions: ['2.4.1'] }]);
    expect(advice.provenance).toContain("the description names 2.4.2 for acme:widget; the source's ranges win");
    // No product at all: the description's fixed version, said as the description's.
    expect(fixText([], 'Foo Bar before 1.2.3 allows XSS.')).toBe('The description says version 1.2.3 fixes it: update to 1.2.3 or later.');
  });

  it('leads with the product the description names; co-listed products are never the one to update', () => {
    const firmware = product({ vendor: 'siemens', product: 'simatic_s7_firmware', part: 'o', ranges: [{ endExcluding: '4.2' }] });
    const openssl = product({ vendor: 'openssl', product: 'openssl', ranges: [{ startIncluding: '1.0.1', endExcluding: '1.0.1j' }] });
    const description = 'The SSL protocol 3.0, as used in OpenSSL through 1.0.1i and other products, uses nondeterministic CBC padding.';
    const ordered = orderByDescription([firmware, openssl], description);
    expect(ordered.map((p) => p.product)).toEqual(['openssl', 'simatic_s7_firmware']);
    const text = fixText(ordered, description);
    expect(text).toMatch(/^Update OpenSSL to version 1\.0\.1j or later\./i);
    expect(text).not.toContain('4.2');
    expect(text).toContain('also lists fixed versions for 1 other product');
  });

  it('platform (vulnerable: false) nodes of an AND configuration are not products', () => {
    const record = parseNvdCve({
      id: 'CVE-2016-0001',
      sourceIdentifier: 'psirt@adobe.com',
      published: '2016-01-01T00:00:00.000',
      lastModified: '2016-01-02T00:00:00.000',
      descriptions: [{ lang: 'en', value: 'Adobe Flash Player before 18.0.0.209 allows remote attackers to execute arbitrary code.' }],
      configurations: [
        {
          operator: 'AND',
          nodes: [
            {
              operator: 'OR',
              negate: false,
              cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:a:adobe:flash_player:*:*:*:*:*:*:*:*', versionEndExcluding: '18.0.0.209' }],
            },
            {
              operator: 'OR',
              negate: false,
              cpeMatch: [{ vulnerable: false, criteria: 'cpe:2.3:a:google:chrome:*:*:*:*:*:*:*:*', versionEndExcluding: '43.0.2357.132' }],
            },
          ],
        },
      ],
    })!;
    expect(record.products.map((p) => p.product)).toEqual(['flash_player']);
    const text = fixText([...record.products], record.description);
    expect(text).toBe('Update Adobe Flash Player to version 18.0.0.209 or later.');
  });
});

describe('versions the description calls vulnerable', () => {
  const freebsd = (description: string, versionEndExcluding = '10.1') =>
    parseNvdCve({
      id: 'CVE-2015-2923',
      sourceIdentifier: 'cve@mitre.org',
      published: '2015-04-13T14:59:00.000',
      descriptions: [{ lang: 'en', value: description }],
      configurations: [
        {
          nodes: [
            { operator: 'OR', negate: false, cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:o:freebsd:freebsd:*:*:*:*:*:*:*:*', versionEndExcluding }] },
          ],
        },
      ],
    })!;

  it('never names a version the description says is affected, even when the CPE range ends before it (CVE-2015-2923)', () => {
    const record = freebsd(
      'The Neighbor Discovery (ND) protocol implementation in the IPv6 stack in FreeBSD through 10.1 allows remote attackers to reconfigure a hop-limit setting.',
    );
    const advice = deriveFixAdvice(record.products, record.description);
    expect(advice.named).toEqual([]);
    expect(advice.fixedProducts.size).toBe(0);
    expect(fixText([...record.products], record.description)).toBe('No fixed version is listed for FreeBSD versions up to and including 10.1.');
  });

  it('"V and earlier" for the product also keeps V out of the fix, and a fix above it is still named', () => {
    const earlier = freebsd('FreeBSD 10.1 and earlier allows remote attackers to reconfigure a hop-limit setting.');
    expect(deriveFixAdvice(earlier.products, earlier.description).named).toEqual([]);
    const above = freebsd('FreeBSD through 10.1 allows remote attackers to reconfigure a hop-limit setting.', '10.1.1');
    expect(fixText([...above.products], above.description)).toBe('Update FreeBSD to version 10.1.1 or later.');
  });

  it("a last-affected statement about another product leaves this product's fix alone", () => {
    const products = [
      product({ vendor: 'acme', product: 'widget', ranges: [{ endExcluding: '2.1' }] }),
      product({ vendor: 'acme', product: 'gadget', ranges: [{ endExcluding: '5.0' }] }),
    ];
    const advice = deriveFixAdvice(products, 'Acme Gadget through 2.1 and Acme Widget before 2.1 allow remote attackers to read files.');
    expect(advice.named).toContainEqual({ vendor: 'acme', product: 'widget', versions: ['2.1'] });
  });

  it('a fixed version of a part of the only product ("plugin before 2.22 for Total Commander") is never the product\'s (CVE-2015-2869)', () => {
    const record = parseNvdCve({
      id: 'CVE-2015-2869',
      sourceIdentifier: 'cert@cert.org',
      published: '2015-07-01T10:59:00.000',
      descriptions: [
        {
          lang: 'en',
          value:
            'The FileInfo plugin before 2.22 for Ghisler Total Commander allows remote attackers to cause a denial of service (out-of-bounds read and application crash) via a crafted file.',
        },
      ],
      configurations: [
        {
          nodes: [
            {
              operator: 'OR',
              negate: false,
              cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:a:ghisler:total_commander:*:*:*:*:*:*:*:*', versionEndIncluding: '2.2.1' }],
            },
          ],
        },
      ],
    })!;
    const advice = deriveFixAdvice(record.products, record.description);
    expect(advice.named).toEqual([]);
    expect(advice.fixedProducts.size).toBe(0);
    expect(fixText([...record.products], record.description)).toBe(
      'The description gives 2.22 as the fixed version of a part of Ghisler Total Commander that it names (a plugin or component), not of Ghisler Total Commander itself: update that part to 2.22 or later.',
    );
    // Named before the version, the product is the one fixed.
    const own = deriveFixAdvice(record.products, 'Ghisler Total Commander before 2.22 for Windows allows remote attackers to crash it.');
    expect(own.named).toEqual([{ vendor: 'ghisler', product: 'total_commander', versions: ['2.22'] }]);
  });

  it('ties a last affected version to its product by the word before it ("Qt through 5.14") or by a range ending there (CVE-2019-19634)', () => {
    const qt = product({ vendor: 'qt', product: 'qt', ranges: [{ startIncluding: '5.5.0', endExcluding: '5.12.8' }] });
    const fedora = product({ vendor: 'fedoraproject', product: 'fedora', part: 'o', ranges: [{ exact: '31' }] });
    expect(deriveFixAdvice([qt, fedora], 'Qt through 5.14 allows an exponential XML entity expansion attack.').named).toEqual([]);
    const verot = product({ vendor: 'verot_project', product: 'verot', ranges: [{ endExcluding: '1.0.3' }] });
    const k2 = product({ vendor: 'joomlaworks', product: 'k2', ranges: [{ exact: '2.9' }] });
    expect(
      deriveFixAdvice([verot, k2], 'class.upload.php in verot.net class.upload through 1.0.3, as used in the K2 extension for Joomla!, omits .pht.').named,
    ).toEqual([]);
  });

  it("a part's version on several products is never taken for one of their releases (VIX API on VMware Fusion, CVE-2008-2100)", () => {
    const fusion = product({ vendor: 'vmware', product: 'fusion', ranges: [{ exact: '1.1.3' }], fixedVersions: [] });
    const player = product({ vendor: 'vmware', product: 'player', ranges: [{ exact: '2.0.3' }], fixedVersions: [] });
    const advice = deriveFixAdvice(
      [fusion, player],
      'Multiple buffer overflows in VIX API 1.1.x before 1.1.4 build 93057 on VMware Player 2.x and VMware Fusion 1.x allow guest OS users to execute arbitrary code.',
    );
    expect(advice.named).toEqual([]);
  });

  it('a NOTE about other reports names no affected version (CVE-2008-0420: "Firefox in Ubuntu 6.06 through 7.10")', () => {
    const firefox = product({ vendor: 'mozilla', product: 'firefox', ranges: [{ endIncluding: '2.0.0.11' }], fixedVersions: [] });
    const description =
      'nsBMPDecoder.cpp in Mozilla Firefox before 2.0.0.12 allows remote attackers to read portions of memory. NOTE: the initial public reports stated that this affected Firefox in Ubuntu 6.06 through 7.10.';
    expect(describedVersions(description).lastAffected).toEqual([]);
    expect(deriveFixAdvice([firefox], description).named).toEqual([{ vendor: 'mozilla', product: 'firefox', versions: ['2.0.0.12'] }]);
  });

  it('a version stated after "as used in" belongs to the carrier named there, not to a product named before it (CVE-2015-2721: "NSS before 3.19, as used in Mozilla Firefox before 39.0")', () => {
    // NVD lists NSS 3.19 itself as vulnerable (Firefox and Thunderbird only as platforms), so 3.19
    // cannot be named; 39.0 is Firefox's release, not NSS's.
    const nss = product({ vendor: 'mozilla', product: 'network_security_services', ranges: [{ exact: '3.19' }], fixedVersions: [] });
    const description =
      'Mozilla Network Security Services (NSS) before 3.19, as used in Mozilla Firefox before 39.0, Firefox ESR 31.x before 31.8 and 38.x before 38.1, Thunderbird before 38.1, and other products, does not properly determine state transitions for the TLS state machine.';
    expect(deriveFixAdvice([nss], description).named).toEqual([]);
    expect(explain({ ...base, products: [nss], description }).fix).not.toMatch(/39\.0|31\.8|38\.1/);
    // The product's own statement still counts, and so does a later clause that names it again.
    const widget = product({ vendor: 'acme', product: 'widget', ranges: [{ endExcluding: '1.2' }], fixedVersions: [] });
    expect(deriveFixAdvice([widget], 'Acme Widget before 1.2, as used in Gadget Studio before 4.0, allows XSS.').named).toEqual([
      { vendor: 'acme', product: 'widget', versions: ['1.2'] },
    ]);
    // Named after the phrase, the product is the carrier: its version is its own (CVE-2006-3733).
    const mars = product({ vendor: 'cisco', product: 'security_monitoring_analysis_and_response_system', ranges: [{ exact: '4.2.0' }], fixedVersions: [] });
    const jboss =
      'jmx-console/HtmlAdaptor in the JBoss web application server, as shipped with Cisco Security Monitoring, Analysis and Response System (CS-MARS) before 4.2.1, allows remote attackers to gain privileges.';
    expect(deriveFixAdvice([mars], jboss).named).toEqual([
      { vendor: 'cisco', product: 'security_monitoring_analysis_and_response_system', versions: ['4.2.1'] },
    ]);
    // Two qualifiers are one version: SIMATIC BATCH's fix is 8.1 SP1 Update 9, never 8.1 SP1 (CVE-2016-5743).
    expect(describedVersions('SIMATIC BATCH before 8.1 SP1 Update 9 as distributed in SIMATIC PCS 7 through 8.1 SP1').fixed.map((f) => f.version)).toEqual([
      '8.1 SP1 Update 9',
    ]);
    // Siemens' "Upd" and "UC", hotfixes ("HF", "Hotfix"): 15.1 itself is still affected (CVE-2019-10935, CVE-2022-24287).
    expect(
      describedVersions(
        'WinCC (All versions < V15.1 Upd 3), PCS 7 (All versions < V9.1 SP1 UC01), SINUMERIK < V4.7 SP6 HF1, Serv-U before 15.2.2 Hotfix 1',
      ).fixed.map((f) => f.version),
    ).toEqual(['V15.1 Upd 3', 'V9.1 SP1 UC01', 'V4.7 SP6 HF1', '15.2.2 Hotfix 1']);
    // A later sentence is not inside the phrase's reach.
    expect(deriveFixAdvice([widget], 'Acme Widget, as used in Gadget Studio, allows XSS. Widget before 1.2 is affected.').named).toEqual([
      { vendor: 'acme', product: 'widget', versions: ['1.2'] },
    ]);
  });

  it('one version stated for two products is each one\'s fix (CVE-2008-0420: "Firefox before 2.0.0.12, Thunderbird before 2.0.0.12")', () => {
    const firefox = product({ vendor: 'mozilla', product: 'firefox', ranges: [{ endIncluding: '2.0.0.11' }], fixedVersions: [] });
    const thunderbird = product({ vendor: 'mozilla', product: 'thunderbird', ranges: [{ endIncluding: '2.0.0.9' }], fixedVersions: [] });
    const seamonkey = product({ vendor: 'mozilla', product: 'seamonkey', ranges: [{ endIncluding: '1.1.7' }], fixedVersions: [] });
    const description =
      'nsBMPDecoder.cpp in Mozilla Firefox before 2.0.0.12, Thunderbird before 2.0.0.12, and SeaMonkey before 1.1.8 does not properly perform certain calculations. Upgrade to 2.0.0.12 or later.';
    expect(describedVersions(description).fixed.map((f) => f.version)).toEqual(['2.0.0.12', '2.0.0.12', '1.1.8', '2.0.0.12']);
    expect(deriveFixAdvice([firefox, thunderbird, seamonkey], description).named).toEqual([
      { vendor: 'mozilla', product: 'firefox', versions: ['2.0.0.12'] },
      { vendor: 'mozilla', product: 'thunderbird', versions: ['2.0.0.12'] },
      { vendor: 'mozilla', product: 'seamonkey', versions: ['1.1.8'] },
    ]);
    // Read by two patterns, one phrase is one statement.
    expect(describedVersions('Widget prior to 3.1 and fixed in 3.1.').fixed.map((f) => f.version)).toEqual(['3.1', '3.1']);
    expect(describedVersions('Widget < 3.1').fixed).toHaveLength(1);
  });

  it('knows products by their everyday names: "iOS" is apple:iphone_os, "OS X" apple:mac_os_x (CVE-2016-1841)', () => {
    const ios = product({ vendor: 'apple', product: 'iphone_os', ranges: [{ endIncluding: '9.3.1' }], fixedVersions: [] });
    const osx = product({ vendor: 'apple', product: 'mac_os_x', ranges: [{ endIncluding: '10.11.4' }], fixedVersions: [] });
    const tvos = product({ vendor: 'apple', product: 'tvos', ranges: [{ endIncluding: '9.2' }], fixedVersions: [] });
    const description =
      'libxslt, as used in Apple iOS before 9.3.2, OS X before 10.11.5, and tvOS before 9.2.1, allows remote attackers to execute arbitrary code.';
    expect(orderByDescription([tvos, osx, ios], description).map((p) => p.product)).toEqual(['iphone_os', 'mac_os_x', 'tvos']);
    const advice = deriveFixAdvice([ios, osx, tvos], description);
    expect(advice.otherProductsWithFixes).toBe(0);
    expect(advice.named.map((n) => [n.product, n.versions])).toEqual([
      ['iphone_os', ['9.3.2']],
      ['mac_os_x', ['10.11.5']],
      ['tvos', ['9.2.1']],
    ]);
  });

  it('reads FreeBSD\'s "12.0-RELEASE before 12.0-RELEASE-p10" as the patch level, which comes after the listed 12.0 p8 (CVE-2019-5612)', () => {
    expect(compareVersions('12.0-RELEASE', '12.0')).toBe(0);
    expect(compareVersions('12.0-RELEASE-p10', '12.0 p8')).toBeGreaterThan(0);
    expect(compareVersions('11.3-RELEASE', '11.3 p3')).toBeLessThan(0);
    const description =
      'In FreeBSD 12.0-RELEASE before 12.0-RELEASE-p10, 11.3-RELEASE before 11.3-RELEASE-p3, and 11.2-RELEASE before 11.2-RELEASE-p14, the kernel driver for /dev/midistat is not thread-safe.';
    expect(describedVersions(description).fixed.map((f) => f.version)).toEqual(['12.0-RELEASE-p10', '11.3-RELEASE-p3', '11.2-RELEASE-p14']);
    // NVD lists 11.3 p3 itself as vulnerable: that line gets no fix rather than a wrong one.
    const freebsd = product({
      vendor: 'freebsd',
      product: 'freebsd',
      ranges: [{ exact: '12.0' }, { exact: '12.0 p8' }, { exact: '11.3' }, { exact: '11.3 p3' }, { exact: '11.2' }, { exact: '11.2 p13' }],
      fixedVersions: [],
    });
    expect(deriveFixAdvice([freebsd], description).named).toEqual([
      { vendor: 'freebsd', product: 'freebsd', versions: ['12.0-RELEASE-p10', '11.2-RELEASE-p14'] },
    ]);
  });

  it('over arbitrary versions: no named fix is at or below the version the description calls last affected', () => {
    fc.assert(
      fc.property(fc.nat({ max: 20 }), fc.nat({ max: 20 }), fc.nat({ max: 20 }), fc.nat({ max: 20 }), (a, b, c, d) => {
        const end = `${a}.${b}`;
        const through = `${c}.${d}`;
        const widget = product({ ranges: [{ endExcluding: end }] });
        const advice = deriveFixAdvice([widget], `Acme Widget through ${through} allows remote attackers to read files.`);
        for (const named of advice.named) for (const v of named.versions) expect(compareVersions(v, through)).toBeGreaterThan(0);
      }),
    );
  });
});

describe('affected text', () => {
  it('says how to check what it shows: one listed version is not a range, and what it leaves out is counted as what it is', () => {
    const one = product({ vendor: 'acme', product: 'widget', ranges: [{ exact: '2.1' }] });
    expect(explain({ ...base, products: [one] }).affected).toBe(
      'You are affected if you use Acme Widget (version 2.1). To check, see whether you run that version.',
    );
    const listed = product({ vendor: 'acme', product: 'widget', ranges: [{ exact: '2.1' }, { exact: '1.4' }] });
    expect(explain({ ...base, products: [listed] }).affected).toBe(
      'You are affected if you use Acme Widget (version 2.1 and version 1.4). To check, see whether you run one of the versions listed.',
    );
    const ranges = product({
      vendor: 'acme',
      product: 'widget',
      ranges: [{ endExcluding: '3.0' }, { startIncluding: '4.0', endExcluding: '4.2' }, { exact: '1.0' }, { exact: '0.9.1' }],
    });
    expect(explain({ ...base, products: [ranges] }).affected).toBe(
      'You are affected if you use Acme Widget (versions from 4.0 before 4.2 and versions before 3.0). To check, compare the version you run with these ranges.',
    );
    const mixed = product({
      vendor: 'acme',
      product: 'widget',
      ranges: [{ startIncluding: '4.0', endExcluding: '4.2' }, { exact: '3.1' }, { startIncluding: '2.0', endExcluding: '2.5' }, { exact: '1.0' }],
    });
    expect(explain({ ...base, products: [mixed] }).affected).toBe(
      'You are affected if you use Acme Widget (versions from 4.0 before 4.2 and version 3.1, plus 1 older version range and 1 older listed version). To check, compare the version you run with these versions and ranges.',
    );
  });

  it('names the product to check when several are named and only one has versions (CVE-2015-2426)', () => {
    const named = (ranges: AffectedProduct['ranges']) => [
      product({ vendor: 'acme', product: 'widget', ranges }),
      product({ vendor: 'acme', product: 'gadget', ranges: [] }),
    ];
    expect(explain({ ...base, products: named([{ exact: '2.1' }]) }).affected).toBe(
      'You are affected if you use Acme Widget (version 2.1) and Acme Gadget. To check, see whether you run that version of Acme Widget.',
    );
    expect(explain({ ...base, products: named([{ exact: '2.1' }, { exact: '1.4' }]) }).affected).toMatch(
      /To check, see whether you run one of the versions of Acme Widget listed\.$/,
    );
    expect(explain({ ...base, products: named([{ endExcluding: '3.0' }]) }).affected).toMatch(
      /To check, compare the version of Acme Widget you run with this range\.$/,
    );
    // Two products with versions: each line says whose they are.
    const both = [
      product({ vendor: 'acme', product: 'widget', ranges: [{ exact: '2.1' }] }),
      product({ vendor: 'acme', product: 'gadget', ranges: [{ exact: '1.0' }] }),
    ];
    expect(explain({ ...base, products: both }).affected).toMatch(/\. To check, see whether you run one of the versions listed\.$/);
  });

  it('groups listed versions by release line, newest first, and counts the rest', () => {
    const kernel = product({
      vendor: 'linux',
      product: 'linux_kernel',
      ranges: [
        { exact: '2.4.1' },
        { exact: '2.4.3' },
        { exact: '2.4.2' },
        { startIncluding: '2.6.0', endExcluding: '2.6.30' },
        { exact: '2.6.5' },
        { exact: '2.2.9' },
        { exact: '2.0.1' },
      ],
    });
    const affected = explain({ ...base, products: [kernel] }).affected;
    expect(affected).toBe(
      'You are affected if you use Linux Kernel (versions from 2.6.0 before 2.6.30 and 3 listed versions from 2.4.1 to 2.4.3, plus 2 older listed versions). To check, compare the version you run with these versions and ranges.',
    );
  });

  it('says "all versions" only when a source does: CPE * with no bound, not CPE - (not applicable)', () => {
    const parse = (criteria: string) =>
      parseNvdCve({
        id: 'CVE-2020-0001',
        sourceIdentifier: 'x',
        published: '2020-01-01T00:00:00.000',
        descriptions: [{ lang: 'en', value: 'x' }],
        configurations: [{ nodes: [{ operator: 'OR', negate: false, cpeMatch: [{ vulnerable: true, criteria }] }] }],
      })!;
    const any = parse('cpe:2.3:h:acme:router:*:*:*:*:*:*:*:*');
    const na = parse('cpe:2.3:h:acme:router:-:*:*:*:*:*:*:*');
    expect(explain({ ...base, products: [...any.products] }).affected).toBe(
      'You are affected if you use Acme Router (all versions: the record sets no version limit).',
    );
    expect(explain({ ...base, products: [...na.products] }).affected).toBe('You are affected if you use Acme Router.');
  });

  it('the same CVE read from NVD 2.0 (or 1.1 converted to it) and from CVE 5 gives the same affected and fix text', () => {
    const nvd = parseNvdCve({
      id: 'CVE-2021-0001',
      sourceIdentifier: 'x',
      published: '2021-01-01T00:00:00.000',
      descriptions: [{ lang: 'en', value: 'Acme Widget before 2.4.1 and 3.x before 3.1.5 allows XSS.' }],
      configurations: [
        {
          nodes: [
            {
              operator: 'OR',
              negate: false,
              cpeMatch: [
                { vulnerable: true, criteria: 'cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*', versionStartIncluding: '2.0', versionEndExcluding: '2.4.1' },
                { vulnerable: true, criteria: 'cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*', versionStartIncluding: '3.0', versionEndExcluding: '3.1.5' },
                { vulnerable: true, criteria: 'cpe:2.3:a:acme:widget:4.0:beta1:*:*:*:*:*:*' },
              ],
            },
          ],
        },
      ],
    })!;
    const cve5 = parseCve5Record({
      dataType: 'CVE_RECORD',
      cveMetadata: { cveId: 'CVE-2021-0001', state: 'PUBLISHED' },
      containers: {
        cna: {
          providerMetadata: { shortName: 'acme' },
          descriptions: [{ lang: 'en', value: 'Acme Widget before 2.4.1 and 3.x before 3.1.5 allows XSS.' }],
          affected: [
            {
              vendor: 'acme',
              product: 'widget',
              versions: [
                { version: '2.0', lessThan: '2.4.1', status: 'affected', versionType: 'semver' },
                { version: '3.0', lessThan: '3.1.5', status: 'affected', versionType: 'semver' },
                { version: '4.0 beta1', status: 'affected' },
              ],
            },
          ],
        },
      },
    })!;
    const fromNvd = explain({ ...base, products: [...nvd.products], description: nvd.description });
    const fromCve5 = explain({ ...base, products: [...cve5.cna.products], description: cve5.description });
    expect(fromNvd.affected).toBe(
      'You are affected if you use Acme Widget (version 4.0 beta1 and versions from 3.0 before 3.1.5, plus 1 older version range). To check, compare the version you run with these versions and ranges.',
    );
    expect(fromCve5.affected).toBe(fromNvd.affected);
    expect(fromCve5.fix).toBe(fromNvd.fix);
    expect(fromNvd.fix).toBe(
      'Update Acme Widget to the fixed version for your release line: version 3.1.5 fixes versions from 3.0 before 3.1.5 and version 2.4.1 fixes versions from 2.0 before 2.4.1. No fixed version is listed for Acme Widget versions 4.0 beta1.',
    );
    for (const text of [fromNvd.affected, fromNvd.fix]) expect(explanationFaults(text)).toEqual([]);
    expect(productName({ vendor: 'acme', product: 'widget' })).toBe('Acme Widget');
  });
});
