import { createHash } from 'node:crypto';
import type { ScanMatch } from '../domain/scan-match.js';
import { ruleIdOf } from './scan-sarif.js';

export const OPENVEX_CONTEXT = 'https://openvex.dev/ns/v0.2.0';

export interface OpenVexStatement {
  readonly vulnerability: { readonly name: string; readonly '@id'?: string; readonly aliases?: string[] };
  readonly products: { readonly '@id': string; readonly identifiers?: Record<string, string> }[];
  readonly status: 'affected';
  readonly action_statement: string;
}

export interface OpenVexDocument {
  readonly '@context': typeof OPENVEX_CONTEXT;
  readonly '@id': string;
  readonly author: string;
  readonly role: string;
  readonly timestamp: string;
  readonly version: 1;
  readonly tooling: string;
  readonly statements: OpenVexStatement[];
}

export interface OpenVexContext {
  readonly baseUrl: string;
  readonly productName: string;
  readonly toolVersion: string;
  readonly at: Date;
}

/**
 * OpenVEX 0.2.0 of a scan (product-decisions §8): one statement per component and vulnerability,
 * status `affected`, the action statement naming the nearest fixed version. A product is named by
 * its purl (else its CPE, else name@version); the document id is derived from its statements, so
 * the same findings give the same id.
 */
export function renderOpenVex(matches: readonly ScanMatch[], context: OpenVexContext): OpenVexDocument {
  const statements: OpenVexStatement[] = [];
  for (const { finding, componentKey, cpe } of matches) {
    const { component } = finding;
    const productId = component.purl ?? cpe ?? `urn:plaincve:component:${encodeURIComponent(componentKey)}:${encodeURIComponent(component.version)}`;
    const identifiers = {
      ...(component.purl ? { purl: component.purl } : {}),
      ...(cpe ? { [cpe.startsWith('cpe:2.3:') ? 'cpe23' : 'cpe22']: cpe } : {}),
    };
    for (const vulnerability of finding.vulnerabilities) {
      const name = ruleIdOf(vulnerability);
      const aliases = vulnerability.cve_id && vulnerability.cve_id !== vulnerability.id ? [vulnerability.id] : undefined;
      statements.push({
        vulnerability: {
          name,
          ...(vulnerability.cve_id ? { '@id': `${context.baseUrl}/cve/${vulnerability.cve_id}` } : {}),
          ...(aliases ? { aliases } : {}),
        },
        products: [{ '@id': productId, ...(Object.keys(identifiers).length > 0 ? { identifiers } : {}) }],
        status: 'affected',
        // The vulnerability's fix names the nearest fixed version of this component.
        action_statement: vulnerability.fix,
      });
    }
  }
  const digest = createHash('sha256').update(JSON.stringify(statements)).digest('hex');
  return {
    '@context': OPENVEX_CONTEXT,
    '@id': `${context.baseUrl}/openvex/scan-${digest.slice(0, 32)}`,
    author: context.productName,
    role: 'Vulnerability scanner',
    timestamp: context.at.toISOString(),
    version: 1,
    tooling: `${context.productName} ${context.toolVersion}`,
    statements,
  };
}
