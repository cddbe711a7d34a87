import { describe, expect, it } from 'vitest';
import { accountRouteKeys, accountRouter, type AccountAction } from '../../shared/http/account-router.js';
import { openApiPath, pathsFromRoutes } from '../../shared/openapi/document.js';
import { ROUTES, isProgrammaticApiRoute } from '../../shared/platform/routes.js';

const noop: AccountAction = { guard: 'session', run: async () => ({ statusCode: 200, body: '' }) };

describe('facts built from the platform tables agree with them', () => {
  it('the OpenAPI paths are exactly the programmatic routes, method for method', () => {
    const documented = Object.entries(pathsFromRoutes()).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    const routed = ROUTES.filter(isProgrammaticApiRoute).map((r) => `${r.method} ${openApiPath(r.path)}`);
    expect(documented.sort()).toEqual(routed.sort());
  });

  it('the account function’s router has one action per account route, and loads', async () => {
    const keys = accountRouteKeys();
    expect(keys).toContain('GET /account/me');
    expect(keys.length).toBe(ROUTES.filter((r) => r.functionId === 'account').length);
    // The real function builds its router at load: it would throw if it disagreed with the table.
    const account = await import('../../functions/account.js');
    expect(typeof account.handler).toBe('function');
  });

  it('a router missing a route, or with an action the table does not route, refuses to load', () => {
    const all = Object.fromEntries(accountRouteKeys().map((key) => [key, noop]));
    expect(() => accountRouter(all)).not.toThrow();
    const [first = ''] = accountRouteKeys();
    const { [first]: _dropped, ...missingOne } = all;
    expect(() => accountRouter(missingOne)).toThrow(/missing GET \/account\/me/);
    expect(() => accountRouter({ ...all, 'POST /account/undocumented': noop })).toThrow(/not routed POST \/account\/undocumented/);
  });
});
