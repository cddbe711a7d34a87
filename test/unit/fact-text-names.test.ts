/**
 * What the description calls the flaw and the products, where its words are not the CWE's or the
 * dictionary's: the bug named in the record's own words wins over a CWE it never mentions, and a
 * product named in a shorter form than its title is still named (primary).
 */
import { describe, expect, it } from 'vitest';
import type { AffectedProduct } from '../../shared/domain/nvd-record.js';
import { bugKind } from '../../shared/ingest/explainer/summary.js';
import { factProducts } from '../../shared/ingest/facts/products.js';

describe('the bug in the description’s own words', () => {
  it.each<[string, string, string[]]>([
    [
      'Monstra CMS 3.0.4 has a Session Management Issue in the Administrations Tab. A password change does not invalidate a session that is open in a different browser.',
      'session management',
      ['CWE-384'],
    ],
    [
      "A Malformed Input String to /cgi-bin/api-get_line_status on Grandstream GXP16xx VoIP 1.0.4.128 phones allows attackers to dump the device's configuration in cleartext.",
      'improper handling of malformed input string',
      ['CWE-311'],
    ],
    [
      'secure-compare 3.0.0 and below do not actually compare two strings properly. compare was actually comparing the first argument with itself.',
      'improper comparison of two strings',
      ['CWE-134'],
    ],
  ])('%s', (description, bug, cwes) => {
    expect(bugKind(description, cwes)).toBe(bug);
  });

  it('keeps a bug class the description names, and the CWE where the description names no flaw', () => {
    expect(bugKind('Foo has a Cross Site Scripting Vulnerability in the search form.', ['CWE-79'])).toBe('cross-site scripting');
    expect(bugKind('Foo has a Security Vulnerability that allows attackers to read files.', ['CWE-22'])).toBe('path traversal');
    expect(bugKind('A crafted request to Foo allows remote attackers to read files.', ['CWE-22'])).toBe('path traversal');
    expect(bugKind('Foo does not properly check the length field, leading to a heap-based buffer overflow.', ['CWE-787'])).toBe('heap-based buffer overflow');
  });
});

const cpe = (vendor: string, product: string, title: string, part: AffectedProduct['part'] = 'a'): AffectedProduct => ({
  vendor,
  product,
  title,
  part,
  ranges: [],
  openEnded: true,
  fixedVersions: [],
});
const primaries = (products: AffectedProduct[], description: string) =>
  factProducts(products, description)
    .filter((p) => p.primary)
    .map((p) => p.name);

describe('products the description names in a shorter form', () => {
  it('drops the title’s Firmware, Software, DC and bracketed abbreviation', () => {
    const cisco = [
      cpe('cisco', 'secure_access_control_system', 'Cisco Secure Access Control System (ACS)'),
      cpe('cisco', 'identity_services_engine_software', 'Cisco Identity Services Engine (ISE) Software'),
    ];
    expect(
      primaries(
        cisco,
        'Cisco Secure Access Control System before 5.4(0.46.2) and Cisco Identity Services Engine 1.0(4.573) do not properly implement access control.',
      ),
    ).toHaveLength(2);
    const adobe = [cpe('adobe', 'acrobat_dc', 'Adobe Acrobat DC'), cpe('adobe', 'acrobat_reader_dc', 'Adobe Acrobat Reader DC')];
    expect(primaries(adobe, 'Adobe Acrobat and Reader 2018.011.20040 and earlier have an Out-of-bounds read vulnerability.')).toEqual([
      'Adobe Acrobat DC',
      'Adobe Acrobat Reader DC',
    ]);
  });

  it('reads a bare family and a model pattern as each of their models, firmware included', () => {
    const ibm = [
      cpe('ibm', 'spectrum_virtualize', 'IBM Spectrum Virtualize'),
      cpe('ibm', 'storwize_v7000_firmware', 'IBM Storwize V7000 Firmware', 'o'),
      cpe('ibm', 'san_volume_controller_firmware', 'IBM SAN Volume Controller Firmware', 'o'),
    ];
    expect(
      primaries(ibm, 'IBM SAN Volume Controller, IBM Storwize, IBM Spectrum Virtualize and IBM FlashSystem products (6.1) use weak algorithms.'),
    ).toHaveLength(3);
    const phones = [
      cpe('grandstream', 'gxp1610_firmware', 'Grandstream Gxp1610 Firmware', 'o'),
      cpe('grandstream', 'gxp2130_firmware', 'Grandstream Gxp2130 Firmware', 'o'),
    ];
    expect(primaries(phones, 'A Malformed Input String on Grandstream GXP16xx VoIP 1.0.4.128 phones allows attackers to dump the configuration.')).toEqual([
      'Grandstream Gxp1610 Firmware',
    ]);
  });

  it('leaves alone a product the description names only a sibling of', () => {
    const windows = [cpe('microsoft', 'windows_7', 'Microsoft Windows 7', 'o'), cpe('microsoft', 'windows_10', 'Microsoft Windows 10', 'o')];
    expect(primaries(windows, 'The kernel in Microsoft Windows 7 SP1 allows local users to gain privileges.')).toEqual(['Microsoft Windows 7']);
    const reader = [cpe('adobe', 'acrobat_reader_dc', 'Adobe Acrobat Reader DC'), cpe('microsoft', 'windows', 'Microsoft Windows', 'o')];
    expect(primaries(reader, 'Adobe Acrobat Reader DC before 2015.006 on Windows allows attackers to execute code.')).toEqual(['Adobe Acrobat Reader DC']);
  });
});
