import { describe, expect, it } from 'vitest';
import { accountRouteKeys, accountRouter, type AccountAction } from '../../shared/http/account-router.js';

const noop: AccountAction = { guard: 'session', run: async () => ({ statusCode: 200, body: '' }) };

// The OpenAPI document is compared with the deployed gateway's methods in test/infra/stacks.test.ts.
describe('facts built from the platform tables agree with them', () => {
  it('the account function’s router, written by hand, agrees with the route table: the function loads', async () => {
    expect(accountRouteKeys()).toContain('GET /account/me');
    // The real function builds its router at load from its own actions: it would throw if they
    // disagreed with the table (the next test shows that it does).
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
