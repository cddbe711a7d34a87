/**
 * Releases per hardware family (h46's Cisco NX-OS, CVE-2019-1776): one AND configuration per
 * family, each listing its models, keeps that family's fixes apart from the others'. Through the
 * real parser and derivation, beside the neighbours it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { deviceListNames, isDeviceListPlatform } from '../../shared/ingest/sources/device-lists.js';
import { derivedFixture } from '../support/nvd-fixtures.js';

const nxos = (start: string | undefined, end: string) => ({
  vulnerable: true,
  criteria: 'cpe:2.3:o:cisco:nx-os:*:*:*:*:*:*:*:*',
  ...(start ? { versionStartIncluding: start } : {}),
  versionEndExcluding: end,
});
const hardware = (...models: string[]) => ({
  operator: 'OR',
  negate: false,
  cpeMatch: models.map((m) => ({ vulnerable: false, criteria: `cpe:2.3:h:cisco:${m}:-:*:*:*:*:*:*:*` })),
});
const family = (ranges: object[], models: string[]) => ({ operator: 'AND', nodes: [{ operator: 'OR', negate: false, cpeMatch: ranges }, hardware(...models)] });

const description =
  'A vulnerability in the CLI of Cisco NX-OS Software could allow an authenticated, local attacker with administrator credentials to execute arbitrary commands with elevated privileges on the underlying operating system of an affected device.';
const mds = ['mds_9132t', 'mds_9148s', 'mds_9148t', 'mds_9216'];
const nexus3000 = ['9432pq', '9536pq', 'nexus_3016', 'nexus_3048', 'n9k-c9504-fm'];
const ucs = ['ucs_6248up', 'ucs_6296up', 'ucs_6324', 'ucs_6332'];

describe('a firmware whose releases differ per list of hardware models', () => {
  const r = derivedFixture(description, [
    family([nxos(undefined, '8.2(2)'), nxos('8.3', '8.3(1)')], mds),
    family([nxos(undefined, '7.0(3)i4(9)'), nxos('7.0(3)i7', '7.3(3)i7(4)')], nexus3000),
    family([nxos(undefined, '4.0(1a)')], ucs),
  ]);
  const fixes = r.facts!.fixed_in.map((f) => `${f.version} ${f.platform}`).sort();

  it("keeps each family's fixes, none dropped as inside another family's range", () => {
    expect(fixes).toEqual([
      '4.0(1a) 4 UCS devices',
      '7.0(3)i4(9) 5 devices such as 9432PQ',
      '7.3(3)i7(4) 5 devices such as 9432PQ',
      '8.2(2) 4 MDS devices',
      '8.3(1) 4 MDS devices',
    ]);
  });

  it('names each family in the fix text', () => {
    expect(r.explanation!.fix).toContain('7.0(3)i4(9) for the 7.0.x line on 5 devices such as 9432PQ');
    expect(r.explanation!.fix).toContain('4.0(1a) for the 4.0.x line on 4 UCS devices');
  });
});

describe('the neighbours it leaves alone', () => {
  it('a product listed in one configuration only runs on its devices alone: no platform (CVE-2019-12636)', () => {
    const r = derivedFixture(description, [family([nxos(undefined, '9.2(3)')], ['nexus_3016', 'nexus_3048', 'nexus_3064', 'nexus_3132q'])]);
    expect(r.facts!.fixed_in.map((f) => f.platform)).toEqual([null]);
    expect(r.explanation!.fix).toBe('Update Cisco NX-OS to version 9.2(3) or later.');
  });

  it('three models or fewer stay the platforms they name', () => {
    const r = derivedFixture(description, [family([nxos(undefined, '6.0(2)a8(11)')], ['nexus_3524', 'nexus_3548']), family([nxos(undefined, '8.2(2)')], mds)]);
    expect(r.facts!.fixed_in.map((f) => f.platform).sort()).toEqual(['4 MDS devices', 'nexus 3524', 'nexus 3548']);
  });

  it('a list of operating systems or applications is no device family', () => {
    const apps = {
      operator: 'OR',
      negate: false,
      cpeMatch: ['a', 'b', 'c', 'd'].map((p) => ({ vulnerable: false, criteria: `cpe:2.3:a:acme:${p}:-:*:*:*:*:*:*:*` })),
    };
    const r = derivedFixture(description, [
      { operator: 'AND', nodes: [{ operator: 'OR', negate: false, cpeMatch: [nxos('9.0', '9.2(3)')] }, apps] },
      family([nxos(undefined, '7.0(3)i4(9)')], mds),
    ]);
    expect(r.facts!.fixed_in.map((f) => `${f.version} ${f.platform}`).sort()).toEqual(['7.0(3)i4(9) 4 MDS devices', '9.2(3) null']);
  });
});

describe('naming a list of models', () => {
  it.each([
    [[mds], '4 MDS devices'],
    [[['srx110', 'srx1400', 'srx220', 'srx300']], '4 SRX devices'],
    // "e1210", "e1211": a lone shared letter names no family.
    [[['iologik_e1210', 'iologik_e1211', 'iologik_e1212', 'iologik_e1213']], '4 ioLogik devices'],
    [[['7000_10-slot', '7000_18-slot', 'nexus_7700', 'n77-c7706']], '4 devices such as 7000 10-Slot'],
    [[['mpx\\/sdx_14030_fips', 'mpx_15030-50g_fips', 'mpx_8905_fips', 'mpx_8910_fips']], '4 devices such as MPX/SDX 14030 Fips'],
  ])('%j is %s', (lists, name) => expect(deviceListNames(lists, 'Moxa ioLogik E1210 and Cisco devices')[0]).toBe(name));

  it("names no family that another list's models also start with (Nexus 5000 beside a list holding Nexus 3000s)", () => {
    const names = deviceListNames([['nexus_5010', 'nexus_5020', 'nexus_5548p', 'nexus_5596up'], nexus3000], description);
    expect(names).toEqual(['4 devices such as Nexus 5010', '5 devices such as 9432PQ']);
  });

  it('names a model that is itself the shared word as a model, not a family', () => {
    expect(deviceListNames([['nexus', 'nexus_5010', 'nexus_5020', 'nexus_5548p']], '')).toEqual(['4 devices such as Nexus']);
  });

  it('knows its own names and no other platform', () => {
    expect(['4 MDS devices', '12 devices such as Nexus 5548P'].every(isDeviceListPlatform)).toBe(true);
    expect(['windows', 'nexus 3524', 'ubuntu 12.04 lts', 'devices'].some(isDeviceListPlatform)).toBe(false);
  });
});
