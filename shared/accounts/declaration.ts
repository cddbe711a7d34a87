import type { FunctionDefinition, RouteDeclaration } from '../platform/function-definition.js';

/**
 * The accounts slice's functions and routes: the API-key authorizer (admission runs in every
 * API-key function through shared/http), sign-in, and the dashboard's /account API. The account
 * function also serves the dashboard's watchlist and scan calls: it runs the keeping-up and scan
 * use cases for the signed-in account, so those routes are declared here, with the function.
 */
export const ACCOUNTS_FUNCTIONS = {
  authorizer: {
    id: 'authorizer',
    entry: 'authorizer',
    description: 'REQUEST authorizer: checks X-API-Key against the key items',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'read' },
    memoryMb: 512,
    timeoutSeconds: 5,
  },
  authStart: {
    id: 'authStart',
    entry: 'auth-start',
    description: 'GET /auth/{provider}: starts sign-in or linking (state and PKCE in a cookie)',
    parameters: ['publicBaseUrl'],
    tables: {},
    timeoutSeconds: 5,
    // The client id lives with the secret (one place for OAuth settings).
    secrets: ['oauth'],
  },
  authCallback: {
    id: 'authCallback',
    entry: 'auth-callback',
    description: 'GET /auth/{provider}/callback: completes sign-in or linking, issues the key and session',
    parameters: ['publicBaseUrl'],
    tables: { accounts: 'readWrite' },
    timeoutSeconds: 15,
    // With the sign-in start, the only functions that may read the OAuth settings.
    secrets: ['oauth'],
  },
  account: {
    id: 'account',
    entry: 'account',
    description: '/account/...: the dashboard JSON API (session cookie)',
    parameters: ['publicBaseUrl'],
    // catalogue and advisories: the scan tab (POST /account/scan) runs the scan use case; a
    // watchlist's preview runs the export's filter path (the filter index in memory, hence the
    // export functions' memory) over today's records.
    tables: { accounts: 'readWrite', counters: 'readWrite', catalogue: 'read', advisories: 'read' },
    // An account's items for its data export and deletion.
    indexes: { accounts: ['byAccount'] },
    memoryMb: 1024,
    timeoutSeconds: 15,
  },
} as const satisfies Record<string, FunctionDefinition>;

export const ACCOUNTS_ROUTES: readonly RouteDeclaration<keyof typeof ACCOUNTS_FUNCTIONS>[] = [
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
];
