import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ScanVulnerability } from '../../shared/domain/scan-report.js';
import { OPENVEX_CONTEXT, renderOpenVex } from '../../shared/render/openvex.js';
import { renderScanSarif } from '../../shared/render/scan-sarif.js';
import { parseManifest } from '../../shared/scan/parse-manifest.js';
import type { ScanMatch } from '../../shared/domain/scan-match.js';
import { multitoolGhErrors, sarifSchemaErrors } from '../support/sarif-validation.js';

const lockText = readFileSync(new URL('../fixtures/scan/package-lock-v3.json', import.meta.url), 'utf8');

function vulnerability(id: string, cveId: string | null, fixed: string[], score: number | null): ScanVulnerability {
  return {
    id,
    cve_id: cveId,
    severity: score === null ? 'UNKNOWN' : score >= 7 ? 'HIGH' : 'MEDIUM',
    cvss_score: score,
    risk_level: cveId ? 'HIGH' : null,
    risk_meaning: cveId ? 'HIGH: a public exploit exists and detection rules exist' : null,
    in_kev: false,
    weaponized: cveId !== null,
    epss_score: null,
    fixed_versions: fixed,
    title: `Problem ${id}`,
    summary: `An attacker can misuse ${id}.`,
    fix: fixed.length > 0 ? `Upgrade to ${fixed[0]} or later.` : 'No fixed release is published yet.',
  };
}

/** Two lockfile components with findings: one advisory with a CVE and two fixed versions, one without. */
async function matches(): Promise<ScanMatch[]> {
  const manifest = await parseManifest(lockText);
  const lodash = manifest.components.find((c) => c.name === 'lodash');
  const nested = manifest.components.find((c) => c.locator === 'node_modules/mkdirp/node_modules/minimist');
  if (!lodash || !nested) throw new Error('fixture components missing');
  return [
    {
      componentKey: `npm:${lodash.locator}`,
      finding: {
        component: { name: lodash.name, version: lodash.version, purl: lodash.purl, line: lodash.line },
        vulnerabilities: [vulnerability('GHSA-p6mc-m468-83gw', 'CVE-2020-8203', ['4.17.19', '4.17.20'], 7.4)],
      },
    },
    {
      componentKey: `npm:${nested.locator}`,
      finding: {
        component: { name: nested.name, version: nested.version, purl: nested.purl, line: nested.line },
        vulnerabilities: [vulnerability('GHSA-vh95-rmgr-6w4m', 'CVE-2020-7598', ['0.2.1'], 5.6), vulnerability('GHSA-xxxx-no-cve', null, [], null)],
      },
    },
  ];
}

const context = { baseUrl: 'https://plaincve.example', toolVersion: '0.1.0', productName: 'PlainCVE', manifestPath: 'app/package-lock.json' };

describe('scan SARIF', () => {
  it('passes the SARIF schema and the Multitool GitHub rules; each result sits on its component line', async () => {
    const found = await matches();
    const log = renderScanSarif(found, context);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(await multitoolGhErrors(log)).toEqual([]);
    const results = log.runs[0]?.results ?? [];
    expect(results).toHaveLength(3);
    const lineOfKey = (key: string) => lockText.split('\n').findIndex((l) => l.includes(`"${key}": {`)) + 1;
    expect(
      results.map((r) => [r.ruleId, r.locations?.[0]?.physicalLocation?.artifactLocation?.uri, r.locations?.[0]?.physicalLocation?.region?.startLine]),
    ).toEqual([
      ['CVE-2020-8203', 'app/package-lock.json', lineOfKey('node_modules/lodash')],
      ['CVE-2020-7598', 'app/package-lock.json', lineOfKey('node_modules/mkdirp/node_modules/minimist')],
      ['GHSA-xxxx-no-cve', 'app/package-lock.json', lineOfKey('node_modules/mkdirp/node_modules/minimist')],
    ]);
    expect(results[0]?.message.text).toContain('Upgrade to 4.17.19 or later.');
    expect(results[2]?.message.text).toContain('No fixed release is published yet.');
    expect(log.runs[0]?.tool.driver.rules?.map((r) => r.id)).toEqual(['CVE-2020-8203', 'CVE-2020-7598', 'GHSA-xxxx-no-cve']);
    // The risk level with its meaning beside it, in the message and the properties; none when unrated.
    expect(results[0]?.message.text).toContain('; risk level HIGH: a public exploit exists and detection rules exist)');
    expect(results[0]?.properties).toMatchObject({ 'risk-level': 'HIGH', 'risk-meaning': 'HIGH: a public exploit exists and detection rules exist' });
    expect(results[2]?.properties).not.toHaveProperty('risk-level');
    expect(results[2]?.properties).not.toHaveProperty('risk-meaning');
  }, 120_000);

  it('fingerprints are per component and vulnerability, and do not move with the line or the version', async () => {
    const found = await matches();
    const prints = (m: ScanMatch[]) => (renderScanSarif(m, context).runs[0]?.results ?? []).map((r) => Object.values(r.partialFingerprints ?? {})[0]);
    const before = prints(found);
    expect(new Set(before).size).toBe(3);
    const moved = found.map((m) => ({
      ...m,
      finding: { ...m.finding, component: { ...m.finding.component, line: (m.finding.component.line ?? 0) + 7, version: '9.9.9' } },
    }));
    expect(prints(moved)).toEqual(before);
    const otherPlace = found.map((m) => ({ ...m, componentKey: `${m.componentKey}-elsewhere` }));
    expect(prints(otherPlace).some((p, i) => p === before[i])).toBe(false);
  });

  it('an SBOM component (no line) is located on line 1', async () => {
    const [first] = await matches();
    if (!first) throw new Error('no match');
    const sbom = { ...first, finding: { ...first.finding, component: { ...first.finding.component, line: null } } };
    expect(renderScanSarif([sbom], context).runs[0]?.results?.[0]?.locations?.[0]?.physicalLocation?.region?.startLine).toBe(1);
  });
});

describe('scan OpenVEX', () => {
  it('0.2.0: the required document fields and one affected statement per component and vulnerability', async () => {
    const doc = renderOpenVex(await matches(), { ...context, at: new Date('2026-11-23T00:00:00Z') });
    // The OpenVEX 0.2.0 specification's required fields (its JSON schema is not published on npm).
    expect(doc['@context']).toBe(OPENVEX_CONTEXT);
    expect(doc['@id']).toMatch(/^https:\/\/plaincve\.example\/openvex\/scan-[0-9a-f]{32}$/);
    expect(doc).toMatchObject({ author: 'PlainCVE', timestamp: '2026-11-23T00:00:00.000Z', version: 1 });
    expect(doc.statements.map((s) => [s.vulnerability.name, s.products[0]?.['@id'], s.status, s.action_statement])).toEqual([
      ['CVE-2020-8203', 'pkg:npm/lodash@4.17.15', 'affected', 'Upgrade to 4.17.19 or later.'],
      ['CVE-2020-7598', 'pkg:npm/minimist@0.0.8', 'affected', 'Upgrade to 0.2.1 or later.'],
      ['GHSA-xxxx-no-cve', 'pkg:npm/minimist@0.0.8', 'affected', 'No fixed release is published yet.'],
    ]);
    expect(doc.statements[0]?.vulnerability.aliases).toEqual(['GHSA-p6mc-m468-83gw']);
    // Same findings, same document id.
    expect(renderOpenVex(await matches(), { ...context, at: new Date() })['@id']).toBe(doc['@id']);
  });
});
