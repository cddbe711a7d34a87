import { describe, expect, it } from 'vitest';
import { chipsetProduct, companyName, listedModels } from '../../shared/ingest/sources/cve5-models.js';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';

const NOW = new Date('2026-01-01T00:00:00Z');
const affected = (...versions: string[]) => versions.map((version) => ({ status: 'affected', version }));

/** A CNA-only CVE 5 record with this CNA container, parsed and derived as the ingest does. */
function derivedCna(cveId: string, datePublished: string, cna: object) {
  const cve5 = parseCve5Record({ dataType: 'CVE_RECORD', cveMetadata: { cveId, state: 'PUBLISHED', datePublished }, containers: { cna } })!;
  return deriveRecord({ id: cve5.id, cve5, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, NOW)!;
}

describe('CVE 5 entries that list models where versions belong', () => {
  it('reads chipsets of several families as models, in the order written', () => {
    expect(listedModels(affected('9205 LTE Modem', 'AQT1000', 'FastConnect 6200', 'SD 675', 'WSA8845H'))).toEqual([
      '9205 LTE Modem',
      'AQT1000',
      'FastConnect 6200',
      'SD 675',
      'WSA8845H',
    ]);
  });

  it('keeps versions as versions: releases, builds of one kind, one component, Android releases, hashes and ranges', () => {
    expect(listedModels(affected('1.2.3', '1.2.4', '2.0', '2.1'))).toBeUndefined();
    expect(listedModels(affected('VDV10194', 'VEV10294', 'VCV10394'))).toBeUndefined();
    expect(listedModels(affected('SAP_BASIS 700', 'SAP_BASIS 701', 'SAP_BASIS 731', 'SAP_BASIS 740'))).toBeUndefined();
    expect(listedModels(affected('Android12', 'Android13', 'Android14', 'AQT1000'))).toBeUndefined();
    expect(listedModels(affected('X8.5.1', 'X8.6', 'R16A', 'PC2'))).toBeUndefined();
    expect(listedModels([...affected('AQT1000', 'AR8031', 'QCA6574AU'), { status: 'affected', version: 'WCD9385', lessThan: 'WCD9390' }])).toBeUndefined();
    expect(listedModels([...affected('AQT1000', 'AR8031', 'QCA6574AU', 'WCD9385'), { status: 'unaffected', version: 'WCD9390' }])).toBeUndefined();
  });
});

describe('a CNA record that lists chipsets, derived whole', () => {
  const chips = ['9205 LTE Modem', 'AQT1000', 'AR8031', 'CSRA6620', 'FastConnect 6200', 'QCA6574AU', 'WSA8845H'];
  const record = () =>
    derivedCna('CVE-2099-0700', '2024-09-02T00:00:00Z', {
      providerMetadata: { shortName: 'qualcomm' },
      title: 'Improper Input Validation in Trusted Execution Environment',
      descriptions: [{ lang: 'en', value: 'Cryptographic issue while parsing RSA keys in COBR format.' }],
      affected: [{ vendor: 'Qualcomm, Inc.', product: 'Snapdragon', versions: affected(...chips) }],
      references: [{ url: 'https://docs.qualcomm.com/product/publicresources/securitybulletin/september-2024-bulletin.html' }],
    });

  it('names no chipset as a version, affected or fixed', () => {
    const r = record();
    expect(r.facts!.last_affected).toEqual([]);
    expect(r.facts!.fixed_in).toEqual([]);
    for (const chip of chips) expect(r.explanation!.fix).not.toContain(chip);
    expect(r.explanation!.fix).not.toMatch(/update past/);
  });

  it('says how many models are affected and names a few', () => {
    expect(record().explanation!.affected).toBe(
      "You are affected if you use Qualcomm, Inc. Snapdragon (7 chipset or device models the record lists, including 9205 LTE Modem, AQT1000 and AR8031). To check, see whether your device's chipset or model is among those the CVE record lists.",
    );
  });

  it("points the fix at the vendor's bulletin in the references", () => {
    expect(record().explanation!.fix).toBe(
      "The CVE record lists the affected chipset or device models of Qualcomm, Inc. Snapdragon, not versions: the vendor's security bulletin in the references (docs.qualcomm.com) names the fixed software. Install your device maker's update that includes it.",
    );
  });
});

describe('chip vendors that write chipsets as the product and platforms as versions (Unisoc, MediaTek)', () => {
  it('reads the chipsets as models and the platforms they run, never as versions', () => {
    expect(chipsetProduct('SC7731E/SC9832E/T606/S8000', affected('Android13/Android14'))).toEqual({
      models: ['SC7731E', 'SC9832E', 'T606', 'S8000'],
      runsOn: ['Android 13, 14'],
    });
    expect(chipsetProduct('MT6761, MT6765, MT8791T', affected('Android 12.0, 13.0 / Yocto 3.1, 3.3 / IOT-v23.0 (Yocto 4.0)'))).toEqual({
      models: ['MT6761', 'MT6765', 'MT8791T'],
      runsOn: ['Android 12.0, 13.0', 'Yocto 3.1, 3.3', 'IOT-v23.0 (Yocto 4.0)'],
    });
    expect(chipsetProduct('SC9863A', affected('Android10', 'Android11'))).toEqual({ models: ['SC9863A'], runsOn: ['Android 10, 11'] });
  });

  it('leaves a modem firmware, an SDK release, a range and a product that is no chip list as they are', () => {
    expect(chipsetProduct('MT6890, MT6980', affected('Modem NR15'))).toBeUndefined();
    expect(chipsetProduct('MT7622, MT7986', affected('SDK version 7.4.0.1 and before / OpenWrt 19.07, 21.02'))).toBeUndefined();
    expect(chipsetProduct('SC9863A', [{ status: 'affected', version: 'Android10', lessThan: 'Android12' }])).toBeUndefined();
    expect(chipsetProduct('Snapdragon', affected('Android13'))).toBeUndefined();
    expect(chipsetProduct('Android', affected('Android13'))).toBeUndefined();
  });

  it('names the company without its legal form or seat', () => {
    expect(companyName('Unisoc (Shanghai) Technologies Co., Ltd.')).toBe('Unisoc Technologies');
    expect(companyName('MediaTek, Inc.')).toBe('MediaTek');
    expect(companyName('Robert Bosch GmbH')).toBe('Robert Bosch');
    expect(companyName('Inc.')).toBe('Inc.');
  });

  const unisoc = () =>
    derivedCna('CVE-2099-0701', '2024-03-04T00:00:00Z', {
      providerMetadata: { shortName: 'Unisoc' },
      descriptions: [
        {
          lang: 'en',
          value:
            'In ril service, there is a possible out of bounds write due to a missing bounds check. This could lead to local denial of service with System execution privileges needed',
        },
      ],
      affected: [
        {
          vendor: 'Unisoc (Shanghai) Technologies Co., Ltd.',
          product: 'SC7731E/SC9832E/SC9863A/T310/T606',
          versions: affected('Android12/Android13/Android14'),
          defaultStatus: 'unaffected',
        },
      ],
      references: [{ url: 'https://www.unisoc.com/en/support/announcement/1' }],
    });

  it('says the chipsets and what they run, and sends the reader to the bulletin, never past an Android release', () => {
    const r = unisoc();
    expect(r.facts!.last_affected).toEqual([]);
    expect(r.explanation!.affected).toBe(
      "You are affected if you use Unisoc Technologies chipsets (5 chipset or device models the record lists, including SC7731E, SC9832E and SC9863A, running Android 12, 13, 14). To check, see whether your device's chipset or model is among those the CVE record lists.",
    );
    expect(r.explanation!.fix).not.toMatch(/update past|Android ?1\d/);
    expect(r.explanation!.fix).toContain('The CVE record lists the affected chipset or device models of Unisoc Technologies chipsets, not versions');
  });

  it("reads the bulletin template's part and local attacker", () => {
    const r = unisoc();
    expect(r.facts!.component).toBe('ril service');
    expect(r.facts!.attack.position).toBe('local');
    expect(r.facts!.impacts).toEqual(['denial_of_service']);
    expect(r.title).toBe('Out-of-bounds write in the ril service of Unisoc Technologies chipsets lets local administrators disrupt it');
  });
});
