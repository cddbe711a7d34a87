import type { TableDefinition } from './tables.js';

export type TableAccess = 'read' | 'readWrite';

/**
 * Every Lambda of the service as plain data: its source entry under `functions/`, the tables it
 * may touch and how. The CDK stack grants exactly these and sets the matching environment
 * variables; the local stack loads the same entries.
 */
export interface FunctionDefinition {
  readonly id: string;
  /** File name under functions/, without extension. */
  readonly entry: string;
  readonly description: string;
  readonly tables: Partial<Record<TableDefinition['id'], TableAccess>>;
  readonly memoryMb?: number;
  readonly timeoutSeconds?: number;
  /** Whether the function may read the OAuth client secret. */
  readonly readsOAuthSecret?: boolean;
}

const definitions = {
  authorizer: {
    id: 'authorizer',
    entry: 'authorizer',
    description: 'REQUEST authorizer: checks X-API-Key against the key items',
    tables: { accounts: 'read' },
    memoryMb: 512,
    timeoutSeconds: 5,
  },
  health: {
    id: 'health',
    entry: 'health',
    description: 'GET /health: healthy when the catalogue table answers',
    tables: { catalogue: 'read' },
    timeoutSeconds: 5,
  },
  cveLookup: {
    id: 'cveLookup',
    entry: 'cve-lookup',
    description: 'GET /api/cve/{cve_id}: the plain-English explanation of one CVE',
    tables: { catalogue: 'read', counters: 'readWrite' },
    timeoutSeconds: 10,
  },
} as const satisfies Record<string, FunctionDefinition>;

export type FunctionId = keyof typeof definitions;
export const FUNCTIONS: Readonly<Record<FunctionId, FunctionDefinition>> = definitions;
