import { describe, expect, it } from 'vitest';
import { listedModels } from '../../shared/ingest/sources/cve5-models.js';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { parseCve5Record } from '../../shared/ingest/sources/cve5.js';

const NOW = new Date('2026-01-01T00:00:00Z');
const affected = (...versions: string[]) => versions.map((version) => ({ status: 'affected', version }));

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
  const record = () => {
    const cve5 = parseCve5Record({
      dataType: 'CVE_RECORD',
      cveMetadata: { cveId: 'CVE-2099-0700', state: 'PUBLISHED', datePublished: '2024-09-02T00:00:00Z' },
      containers: {
        cna: {
          providerMetadata: { shortName: 'qualcomm' },
          title: 'Improper Input Validation in Trusted Execution Environment',
          descriptions: [{ lang: 'en', value: 'Cryptographic issue while parsing RSA keys in COBR format.' }],
          affected: [{ vendor: 'Qualcomm, Inc.', product: 'Snapdragon', versions: affected(...chips) }],
          references: [{ url: 'https://docs.qualcomm.com/product/publicresources/securitybulletin/september-2024-bulletin.html' }],
        },
      },
    })!;
    return deriveRecord({ id: cve5.id, cve5, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, NOW)!;
  };

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
