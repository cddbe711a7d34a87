import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshSubject, startAuthStack } from '../support/auth-stack.js';
import { TestBrowser } from '../support/browser.js';
import { scanFixture, seedScanAdvisories } from '../support/scan-fixtures.js';
import type { TestStack } from '../support/stack.js';

/**
 * The dashboard's scan tab through the account function, which loads the scan's parsers (the
 * CycloneDX schema validator among them) on the first scan rather than at cold start: the first
 * scan of a fresh stack must answer like any other.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await startAuthStack();
  await seedScanAdvisories();
});
afterAll(async () => stack.close());

describe('POST /account/scan', () => {
  test('a CycloneDX SBOM, then a package-lock, each answered with a scan report', async () => {
    const browser = new TestBrowser(stack.baseUrl);
    expect((await browser.signIn('github', freshSubject('github'))).status).toBe(302);
    const me = await browser.request('/account/me');
    const csrf = ((await me.json()) as { data: { csrf_token: string } }).data.csrf_token;
    const scan = (body: string) =>
      browser.request('/account/scan', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: new URL(stack.baseUrl).origin, 'X-CSRF-Token': csrf },
        body,
      });

    for (const fixture of ['cyclonedx-1.5.json', 'package-lock-v3.json']) {
      const response = await scan(scanFixture(fixture));
      expect(response.status, fixture).toBe(200);
      const answer = (await response.json()) as { ok: boolean; data: { components: number; findings: { component: { name: string } }[] } };
      expect(answer.ok).toBe(true);
      expect(answer.data.components).toBeGreaterThan(0);
      // Both fixtures hold lodash 4.17.15, which the seeded advisory affects.
      expect(answer.data.findings.map((f) => f.component.name)).toContain('lodash');
    }
    const broken = await scan('{"bomFormat":"CycloneDX","specVersion":"1.5","components":[{"name":1}]}');
    expect(broken.status).toBe(400);
  });
});
