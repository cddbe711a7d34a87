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
  // Sign-in and the dashboard's API: browsers, not API keys (sessions and OAuth state instead).
  { method: 'GET', path: '/auth/{provider}', functionId: 'authStart', auth: 'none' },
  { method: 'GET', path: '/auth/{provider}/callback', functionId: 'authCallback', auth: 'none' },
  { method: 'GET', path: '/account/me', functionId: 'account', auth: 'none' },
  // The dashboard's first call: 200 signed in or out, so a signed-out load logs no 401.
  { method: 'GET', path: '/account/session', functionId: 'account', auth: 'none' },
  { method: 'GET', path: '/account/usage', functionId: 'account', auth: 'none' },
  { method: 'POST', path: '/account/key', functionId: 'account', auth: 'none' },
  { method: 'POST', path: '/account/unlink', functionId: 'account', auth: 'none' },
  { method: 'POST', path: '/account/email', functionId: 'account', auth: 'none' },
  { method: 'POST', path: '/account/export', functionId: 'account', auth: 'none' },
  { method: 'POST', path: '/account/delete', functionId: 'account', auth: 'none' },
  { method: 'POST', path: '/account/sign-out', functionId: 'account', auth: 'none' },
  { method: 'GET', path: '/account/watchlists', functionId: 'account', auth: 'none' },
  { method: 'POST', path: '/account/watchlists', functionId: 'account', auth: 'none' },
  { method: 'PATCH', path: '/account/watchlists/{id}', functionId: 'account', auth: 'none' },
  { method: 'DELETE', path: '/account/watchlists/{id}', functionId: 'account', auth: 'none' },
  { method: 'POST', path: '/account/watchlists/{id}/webhook-secret', functionId: 'account', auth: 'none' },
  { method: 'GET', path: '/account/watchlists/{id}/deliveries', functionId: 'account', auth: 'none' },
  // The dashboard's scan tab: the scan use case on the session's account and its key's allowance.
  { method: 'POST', path: '/account/scan', functionId: 'account', auth: 'none' },
  { method: 'POST', path: '/account/watchlists/{id}/feed-token', functionId: 'account', auth: 'none' },
  { method: 'DELETE', path: '/account/watchlists/{id}/feed-token', functionId: 'account', auth: 'none' },
  { method: 'GET', path: '/account/watchlists/{id}/preview', functionId: 'account', auth: 'none' },
  // The public page of one CVE (the SARIF helpUri target).
  { method: 'GET', path: '/cve/{cve_id}', functionId: 'cvePage', auth: 'none' },
  // The home page's search box: keyless, public and cached by CloudFront on `q` (docs/home-page.md).
  { method: 'GET', path: '/search', functionId: 'cveSearch', auth: 'none' },
  { method: 'POST', path: '/api/cves/batch', functionId: 'cveBatch', auth: 'apiKey' },
  { method: 'GET', path: '/api/cves/export.csv', functionId: 'exportCsv', auth: 'apiKey' },
  { method: 'GET', path: '/api/cves/export.json', functionId: 'exportJson', auth: 'apiKey' },
  { method: 'GET', path: '/api/cves/export.sarif', functionId: 'exportSarif', auth: 'apiKey' },
  { method: 'GET', path: '/api/changes', functionId: 'changes', auth: 'apiKey' },
  // `{name+}`: npm scopes (`@scope/name`) and Go module paths carry slashes.
  { method: 'GET', path: '/api/packages/{ecosystem}/{name+}', functionId: 'packageLookup', auth: 'apiKey' },
  { method: 'POST', path: '/api/scan', functionId: 'scan', auth: 'apiKey' },
  { method: 'GET', path: '/api/watchlists', functionId: 'watchlistsApi', auth: 'apiKey' },
  { method: 'POST', path: '/api/watchlists', functionId: 'watchlistsApi', auth: 'apiKey' },
  { method: 'GET', path: '/api/watchlists/{id}', functionId: 'watchlistsApi', auth: 'apiKey' },
  { method: 'PATCH', path: '/api/watchlists/{id}', functionId: 'watchlistsApi', auth: 'apiKey' },
  { method: 'DELETE', path: '/api/watchlists/{id}', functionId: 'watchlistsApi', auth: 'apiKey' },
  // A watchlist's private Atom feed: `{file}` is `<token>.atom`; the token is the capability (docs/feeds.md).
  { method: 'GET', path: '/feeds/{file}', functionId: 'feed', auth: 'none' },
  { method: 'GET', path: '/openapi.json', functionId: 'openapi', auth: 'none' },
];

/**
 * The API-key API and its public companions (/health, /openapi.json): what the OpenAPI
 * document describes. The browser-facing routes (sign-in, the dashboard's /account API, the
 * HTML CVE pages) are not part of the programmatic API.
 */
export function isProgrammaticApiRoute(route: RouteDefinition): boolean {
  return route.path.startsWith('/api/') || route.path === '/health' || route.path === '/openapi.json';
}
