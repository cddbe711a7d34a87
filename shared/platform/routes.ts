import type { FunctionId } from './functions.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one route table: the CDK REST API and the local gateway adapter are both built from it.
 * `auth: 'apiKey'` routes go through the Lambda REQUEST authorizer.
 */
export interface RouteDefinition {
  readonly method: HttpMethod;
  /** An API Gateway resource path: `{name}` is one segment, `{name+}` the rest of the path. */
  readonly path: string;
  readonly functionId: FunctionId;
  readonly auth: 'apiKey' | 'none';
}

export const ROUTES: readonly RouteDefinition[] = [
  { method: 'GET', path: '/health', functionId: 'health', auth: 'none' },
  { method: 'GET', path: '/api/cve/{cve_id}', functionId: 'cveLookup', auth: 'apiKey' },
  { method: 'GET', path: '/api/cves/export.csv', functionId: 'exportCsv', auth: 'apiKey' },
  { method: 'GET', path: '/api/cves/export.json', functionId: 'exportJson', auth: 'apiKey' },
  { method: 'GET', path: '/api/cves/export.sarif', functionId: 'exportSarif', auth: 'apiKey' },
  { method: 'GET', path: '/openapi.json', functionId: 'openapi', auth: 'none' },
];
