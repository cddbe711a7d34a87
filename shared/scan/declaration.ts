import type { FunctionDefinition, RouteDeclaration } from '../platform/function-definition.js';

/**
 * The scan slice's function and route: an SBOM or lockfile in, what affects it out. The
 * dashboard's scan tab (POST /account/scan) is the account function's (shared/accounts/declaration.ts).
 */
export const SCAN_FUNCTIONS = {
  // A scan reads the package index once per distinct package and the catalogue once per CVE
  // found; its SARIF answer for 10,000 components can be large, so it streams like the exports.
  scan: {
    id: 'scan',
    entry: 'scan',
    description: 'POST /api/scan: an SBOM or lockfile in, the vulnerabilities that affect it out (JSON, SARIF, OpenVEX)',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'readWrite', catalogue: 'read', advisories: 'read', counters: 'readWrite' },
    memoryMb: 1024,
    timeoutSeconds: 60,
    responseStreaming: true,
  },
} as const satisfies Record<string, FunctionDefinition>;

export const SCAN_ROUTES: readonly RouteDeclaration<keyof typeof SCAN_FUNCTIONS>[] = [
  { method: 'POST', path: '/api/scan', functionId: 'scan', auth: 'apiKey' },
];
