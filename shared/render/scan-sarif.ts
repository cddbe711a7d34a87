import { createHash } from 'node:crypto';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { ScanVulnerability } from '../domain/scan-report.js';
import type { ScanMatch } from '../domain/scan-match.js';
import { escapeMarkdown } from './markdown.js';
import { MAX_DESCRIPTION_LENGTH, SARIF_SCHEMA_URI, clip, sarifLevel } from './sarif.js';

export interface ScanSarifContext {
  readonly baseUrl: string;
  readonly toolVersion: string;
  readonly productName: string;
  /** The manifest's path in the user's repository: every result is located in it. */
  readonly manifestPath: string;
}

/** The rule of a vulnerability: its CVE when it has one (so one CVE is one alert kind), else the advisory id. */
export function ruleIdOf(vulnerability: ScanVulnerability): string {
  return vulnerability.cve_id ?? vulnerability.id;
}

/**
 * Stable per component and vulnerability: the component's place in the manifest (lockfile path,
 * requirement name, SBOM reference) and the rule, never the line or the version, so an alert
 * survives edits above it and stays open across an upgrade that does not fix it.
 */
export function scanFingerprint(componentKey: string, ruleId: string): string {
  return `${createHash('sha256').update(`${componentKey}\u0000${ruleId}`).digest('hex').slice(0, 32)}:1`;
}

function helpUriOf(vulnerability: ScanVulnerability, baseUrl: string): string {
  return vulnerability.cve_id ? `${baseUrl}/cve/${vulnerability.cve_id}` : `https://osv.dev/vulnerability/${encodeURIComponent(vulnerability.id)}`;
}

function rule(vulnerability: ScanVulnerability, baseUrl: string): ReportingDescriptor {
  const id = ruleIdOf(vulnerability);
  const aliases = vulnerability.cve_id && vulnerability.cve_id !== vulnerability.id ? ` (advisory ${vulnerability.id})` : '';
  return {
    id,
    shortDescription: { text: clip(vulnerability.title, MAX_DESCRIPTION_LENGTH) },
    fullDescription: { text: clip(vulnerability.summary, MAX_DESCRIPTION_LENGTH) },
    helpUri: helpUriOf(vulnerability, baseUrl),
    help: {
      text: `${vulnerability.summary}\n\nFix: ${vulnerability.fix}`,
      markdown: [
        `**${escapeMarkdown(id)}${escapeMarkdown(aliases)}: ${escapeMarkdown(vulnerability.title)}**`,
        '',
        escapeMarkdown(vulnerability.summary),
        '',
        `**Fix:** ${escapeMarkdown(vulnerability.fix)}`,
      ].join('\n'),
    },
    defaultConfiguration: { level: sarifLevel(vulnerability.cvss_score) },
    properties: {
      ...(vulnerability.cvss_score === null ? {} : { 'security-severity': vulnerability.cvss_score.toFixed(1) }),
      tags: ['security', 'dependency', ...(vulnerability.cve_id ? ['CVE'] : [])],
    },
  };
}

function result(match: ScanMatch, vulnerability: ScanVulnerability, ruleIndex: number, manifestPath: string): Result {
  const { component } = match.finding;
  const ruleId = ruleIdOf(vulnerability);
  const risk = vulnerability.risk_meaning ? `; risk level ${vulnerability.risk_meaning}` : '';
  const score = vulnerability.cvss_score === null ? 'CVSS unknown' : `CVSS ${vulnerability.cvss_score.toFixed(1)}`;
  return {
    ruleId,
    ruleIndex,
    level: sarifLevel(vulnerability.cvss_score),
    message: {
      text: `${component.name} ${component.version} is affected by ${ruleId}: ${vulnerability.title} (${score}${risk}). ${vulnerability.fix}`,
    },
    locations: [{ physicalLocation: { artifactLocation: { uri: manifestPath }, region: { startLine: component.line ?? 1 } } }],
    partialFingerprints: { 'plaincveComponentVulnerability/v1': scanFingerprint(match.componentKey, ruleId) },
    properties: {
      component: component.name,
      version: component.version,
      ...(component.purl ? { purl: component.purl } : {}),
      ...(match.cpe ? { cpe: match.cpe } : {}),
      'advisory-id': vulnerability.id,
      'fixed-versions': vulnerability.fixed_versions,
      ...(vulnerability.risk_level ? { 'risk-level': vulnerability.risk_level } : {}),
      ...(vulnerability.risk_meaning ? { 'risk-meaning': vulnerability.risk_meaning } : {}),
    },
  };
}

/**
 * SARIF 2.1.0 of a scan (product-decisions §8): one rule per vulnerability, one result per
 * component and vulnerability, located at the manifest path on the line that declares the
 * component (line 1 for an SBOM, which has no lines).
 */
export function renderScanSarif(matches: readonly ScanMatch[], context: ScanSarifContext): Log {
  const rules: ReportingDescriptor[] = [];
  const ruleIndex = new Map<string, number>();
  const results: Result[] = [];
  for (const match of matches) {
    for (const vulnerability of match.finding.vulnerabilities) {
      const id = ruleIdOf(vulnerability);
      let index = ruleIndex.get(id);
      if (index === undefined) {
        index = rules.length;
        ruleIndex.set(id, index);
        rules.push(rule(vulnerability, context.baseUrl));
      }
      results.push(result(match, vulnerability, index, context.manifestPath));
    }
  }
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: context.productName, version: context.toolVersion, informationUri: context.baseUrl, rules } },
        // One analysis category per manifest, so scans of two manifests do not close each other's alerts.
        automationDetails: { id: `plaincve-scan/${context.manifestPath}/` },
        results,
      },
    ],
  };
}
