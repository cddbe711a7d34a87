import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { localSideRoutes } from '../../shared/local/side-routes.js';
import { TestBrowser } from '../support/browser.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/**
 * The token exchange refuses plain http unless the local stack allows it (as in AWS, where the
 * flag is never set): the client secret and the code never leave over an unencrypted connection.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ sideRoutes: localSideRoutes(), environment: { OAUTH_ALLOW_HTTP_LOOPBACK: 'false' } });
});
afterAll(async () => stack.close());

describe('sign-in without OAUTH_ALLOW_HTTP_LOOPBACK', () => {
  test.each(['github', 'google', 'microsoft'] as const)('%s: the http stand-in is refused at the code exchange; no session', async (provider) => {
    const browser = new TestBrowser(stack.baseUrl);
    const subject = { github: '1001', google: 'google-alice-0001', microsoft: 'ms-alice-0001' }[provider];
    const callback = await browser.signIn(provider, subject);
    expect(callback.status).toBe(400);
    expect(await callback.text()).toContain('Sign-in did not complete');
    expect(browser.cookies.has('__Host-plaincve_session')).toBe(false);
  });
});
