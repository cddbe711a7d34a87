import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildDashboard } from '../../dashboard/build.js';
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import { TEST_USERS } from '../../shared/local/identity-providers.js';
import { startAuthStack } from '../support/auth-stack.js';
import { makeRecord } from '../support/records.js';
import type { TestStack } from '../support/stack.js';
import { expectAccessible, launchChromium, screenshot } from './chromium.js';

let stack: TestStack;
let browser: Browser;

/** A record with everything the CVE page can show: inline code, KEV, CVSS version and vector, EPSS. */
const rich: CatalogueRecord = {
  ...makeRecord({
    cve_id: 'CVE-2099-7000001',
    title: 'Remote code execution in Frobnicator',
    severity: 'CRITICAL',
    cvss_score: 9.8,
    in_kev: true,
    kev_date_added: '2099-01-15',
    kev_required_action: 'Apply updates per vendor instructions.',
    explanation: {
      summary: 'Sending `<script>alert(1)</script>` in the `name` field runs code on a Frobnicator server.',
      affected: 'Frobnicator 2.0 up to 2.3 (check with `frob --version`).',
      fix: 'Upgrade Frobnicator to 2.4.',
      references: [{ title: 'Advisory', url: 'https://example.com/frob', ref_type: 'vendor-advisory' }],
    },
    tags: [
      { tag: 'frobcorp', tag_type: 'vendor' },
      { tag: 'frobnicator', tag_type: 'product' },
    ],
  }),
  // The agreed score fields of issue 8 (shared/domain/cve.ts gains them there).
  ...{
    cvss_version: '3.1',
    cvss_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    exploit_intel: {
      risk_level: 'HIGH',
      detectable: true,
      weaponized: true,
      detection_sources: ['nuclei'],
      exploit_sources: ['exploit-db'],
      epss: { score: 0.9731, percentile: 0.9992, date: '2099-02-01' },
    },
  },
} as CatalogueRecord;
const second = makeRecord({
  cve_id: 'CVE-2099-7000002',
  title: 'Denial of service in Frobnicator',
  severity: 'MEDIUM',
  cvss_score: 5.3,
  tags: [{ tag: 'frobnicator', tag_type: 'product' }],
});

beforeAll(async () => {
  await buildDashboard();
  stack = await startAuthStack();
  await stack.seed([rich, second]);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

type Look = 'light' | 'dark' | 'mobile';
const LOOKS: Record<Look, { viewport: { width: number; height: number }; colorScheme: 'light' | 'dark' }> = {
  light: { viewport: { width: 1280, height: 900 }, colorScheme: 'light' },
  dark: { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' },
  mobile: { viewport: { width: 390, height: 844 }, colorScheme: 'light' },
};

async function newContext(look: Look = 'light'): Promise<BrowserContext> {
  return browser.newContext(LOOKS[look]);
}

/** Every console error and uncaught exception of the page, as text. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

async function signIn(page: Page, provider: 'github' | 'google' | 'microsoft', name: string): Promise<void> {
  const user = TEST_USERS[provider].find((u) => u.name.startsWith(name));
  if (!user) throw new Error(`no ${provider} test user ${name}`);
  await page.goto(`${stack.baseUrl}/dashboard`);
  await page
    .getByRole('link', { name: new RegExp(`^Sign in with`) })
    .first()
    .waitFor();
  await page.goto(`${stack.baseUrl}/auth/${provider}`);
  await page.locator(`a[data-user="${user.subject}"]`).click();
  await page.waitForURL(/\/dashboard/);
  await expect.poll(() => page.locator('#signed-in').isVisible()).toBe(true);
}

async function waitForReference(page: Page): Promise<void> {
  await expect.poll(() => page.locator('#reference-status').textContent(), { timeout: 30_000 }).toBe('The reference is loaded.');
}

const PUBLIC_PAGES = [
  { name: 'home', path: '/' },
  { name: 'search-results', path: '/search?q=frobnicator' },
  { name: 'cve-page', path: `/cve/${rich.cve_id}` },
  { name: 'api-reference', path: '/docs/api' },
  { name: 'dashboard-signed-out', path: '/dashboard' },
] as const;

describe('the home page', () => {
  test('a CVE id in the search box opens its public page', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/`);
    await page.getByLabel('Search by CVE id, product or keyword').fill(` ${rich.cve_id.toLowerCase()} `);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${stack.baseUrl}/cve/${rich.cve_id}`);
    expect(await page.locator('h1').textContent()).toBe(rich.title);
    await context.close();
  });

  test('a product lists the matching public pages, most severe first, and each opens', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/`);
    await page.getByLabel('Search by CVE id, product or keyword').fill('Frobnicator');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/search\?q=Frobnicator/);
    const links = page.locator('ol.results a');
    expect(await links.allTextContents()).toEqual([`${rich.cve_id}: ${rich.title}`, `${second.cve_id}: ${second.title}`]);
    await links.nth(1).click();
    await page.waitForURL(`${stack.baseUrl}/cve/${second.cve_id}`);
    // The header's search box is on every public page, and a keyword of a description works too.
    await page.getByLabel('Search CVEs by id, product or keyword').fill('nothing-matches-this');
    await page.getByLabel('Search CVEs by id, product or keyword').press('Enter');
    await page.waitForURL(/\/search\?q=nothing-matches-this/);
    expect(await page.locator('main').textContent()).toContain('No CVE in the catalogue matches');
    await context.close();
  });

  test('says what PlainCVE is, shows the limits and links the API reference, dashboard and docs', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/`);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('100 requests per minute');
    expect(text).toContain('10 exports and scans per hour per account');
    expect(text).toContain('1000 rows per export');
    for (const name of ['API reference', 'Dashboard', 'Docs']) expect(await page.getByRole('link', { name, exact: true }).count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe('the CVE page', () => {
  test('navigation, inline code as escaped <code>, the risk meaning, scores, KEV date and meta tags', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/cve/${rich.cve_id}`);
    expect(await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'API reference' }).count()).toBe(1);
    expect(await page.getByRole('search').count()).toBe(1);
    const codes = await page.locator('main p code').allTextContents();
    expect(codes).toEqual(['<script>alert(1)</script>', 'name', 'frob --version']);
    expect(await page.locator('main script').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain('`');
    expect(await page.locator('#risk-meaning').textContent()).toBe('Risk level HIGH: a public exploit exists and detection rules exist.');
    const scores = (await page.locator('main dl').first().textContent()) ?? '';
    expect(scores).toContain('9.8 (CVSS v3.1)');
    expect(scores).toContain('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H');
    expect(scores).toContain('97.3% chance');
    expect(scores).toContain('as of 2099-02-01');
    expect(scores).toContain('added 2099-01-15');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toContain(rich.cve_id);
    expect(description?.length).toBeLessThanOrEqual(160);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain(rich.title);
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toMatch(new RegExp(`/cve/${rich.cve_id}$`));
    await context.close();
  });
});

describe('the API reference', () => {
  test('renders every path of the OpenAPI document, and its key-in-header call runs against this origin', async () => {
    const document = (await (await stack.get('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/docs/api`);
    await waitForReference(page);
    const shown = await page.locator('.opblock-summary-path').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-path')));
    const expected = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => m !== 'parameters')
        .map(() => path),
    );
    expect(shown.sort()).toEqual(expected.sort());

    // Authorize with a key, then try the lookup: the request goes to this origin with X-API-Key.
    const key = await stack.newKey();
    await page
      .getByRole('button', { name: /Authorize/ })
      .first()
      .click();
    await page.locator('.modal-ux').getByLabel('Value:').fill(key);
    await page.locator('.modal-ux button.authorize').click();
    await page.locator('.modal-ux button.btn-done').click();
    const lookup = page.locator('.opblock-get').filter({ has: page.locator('[data-path="/api/cve/{cve_id}"]') });
    await lookup.locator('.opblock-summary').click();
    await lookup.getByRole('button', { name: 'Try it out' }).click();
    await lookup.locator('input[placeholder="cve_id"]').fill(rich.cve_id);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/cve/${rich.cve_id}`)),
      lookup.getByRole('button', { name: 'Execute' }).click(),
    ]);
    expect(response.url()).toBe(`${stack.baseUrl}/api/cve/${rich.cve_id}`);
    expect(await response.request().headerValue('x-api-key')).toBe(key);
    expect(response.status()).toBe(200);
    await context.close();
  });
});

describe('the dashboard', () => {
  test('the usage chart shows the requests, 429s and exports of today', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'github', 'Alice');
    const key = (await page.locator('#api-key').inputValue()) || '';
    expect(key).toMatch(/^pcve_/);
    for (let i = 0; i < 3; i++) expect((await stack.get(`/api/cve/${rich.cve_id}`, { key })).status).toBe(200);
    expect((await stack.get('/api/cves/export.json?tag=frobnicator', { key })).status).toBe(200);
    await page.reload();
    await expect.poll(() => page.locator('#usage-summary').textContent()).toBe('Last 30 days: 4 requests, 0 rate-limited (429), 1 exports.');
    const today = new Date().toISOString().slice(0, 10);
    expect(await page.locator(`#usage-chart rect[data-date="${today}"][data-metric="requests"]`).getAttribute('data-value')).toBe('4');
    expect(await page.locator(`#usage-chart rect[data-date="${today}"][data-metric="exports"]`).getAttribute('data-value')).toBe('1');
    const row = page.locator('#usage-table tbody tr').last();
    expect(await row.locator('th, td').allTextContents()).toEqual([today, '4', '0', '1']);
    expect(await page.locator('#usage-table tbody tr').count()).toBe(30);
    await expectAccessible(page);
    await screenshot(page, 'dashboard-usage-chart');
    await context.close();
  });

  test('a link attempt lands on the tab it started from', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'microsoft', 'Frank');
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Link Google' }).click();
    await page.locator('a[data-user]').first().click();
    await page.waitForURL(/\/dashboard/);
    await expect.poll(() => page.locator('#notice').textContent()).toContain('Google sign-in is now linked');
    expect(new URL(page.url()).hash).toBe('#account');
    expect(await page.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#panel-account').isVisible()).toBe(true);
    // Google is linked now, so it is not offered again; GitHub still is.
    expect(await page.getByRole('link', { name: 'Link Google' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Link GitHub' }).count()).toBe(1);
    await context.close();
  });

  test('"Link GitHub" is not offered when GitHub is already linked', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'github', 'Carol');
    await page.getByRole('tab', { name: 'Account' }).click();
    expect(await page.getByRole('link', { name: 'Link GitHub' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Link Google' }).count()).toBe(1);
    await context.close();
  });

  test('a bad e-mail gets a clear message beside the field', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'google', 'Dave');
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByLabel('E-mail address').fill('not-an-address');
    await page.getByRole('button', { name: 'Update e-mail' }).click();
    await expect.poll(() => page.locator('#email-error').textContent()).toBe('Enter an e-mail address such as name@example.com.');
    expect(await page.locator('#error').textContent()).not.toContain('The request body is not valid');
    expect(await page.getByLabel('E-mail address').getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });

  test('a disabled "Unlink" says why', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'microsoft', 'Alice');
    await page.getByRole('tab', { name: 'Account' }).click();
    const unlink = page.getByRole('button', { name: /^Unlink Microsoft/ });
    expect(await unlink.isDisabled()).toBe(true);
    const reasonId = await unlink.getAttribute('aria-describedby');
    expect(reasonId).toBe('unlink-reason');
    expect(await page.locator('#unlink-reason').isVisible()).toBe(true);
    expect(await page.locator('#unlink-reason').textContent()).toContain('link another provider first');
    await context.close();
  });
});

describe('every page', () => {
  test('signed out: accessible, no console error (no 401, no 404), screenshots light, dark and mobile', async () => {
    for (const look of ['light', 'dark', 'mobile'] as const) {
      const context = await newContext(look);
      for (const { name, path } of PUBLIC_PAGES) {
        const page = await context.newPage();
        const errors = consoleErrors(page);
        await page.goto(`${stack.baseUrl}${path}`);
        if (name === 'api-reference') await waitForReference(page);
        if (name === 'dashboard-signed-out') await expect.poll(() => page.locator('#signed-out').isVisible()).toBe(true);
        await page.waitForLoadState('networkidle');
        if (look === 'light') await expectAccessible(page, name === 'api-reference' ? '#main' : undefined);
        expect(errors, `${name} (${look})`).toEqual([]);
        await screenshot(page, `${name}-${look}`);
        await page.close();
      }
      await context.close();
    }
  });

  test('signed in: every dashboard tab accessible, no console error, screenshots light, dark and mobile', async () => {
    for (const look of ['light', 'dark', 'mobile'] as const) {
      const context = await newContext(look);
      const page = await context.newPage();
      const errors = consoleErrors(page);
      await signIn(page, 'microsoft', 'Erin');
      for (const { name, path } of PUBLIC_PAGES.filter((p) => p.name !== 'dashboard-signed-out')) {
        await page.goto(`${stack.baseUrl}${path}`);
        if (name === 'api-reference') await waitForReference(page);
        await page.waitForLoadState('networkidle');
      }
      await page.goto(`${stack.baseUrl}/dashboard`);
      await expect.poll(() => page.locator('#signed-in').isVisible()).toBe(true);
      await expect.poll(() => page.locator('#usage-summary').textContent()).toMatch(/^Last 30 days/);
      for (const tab of ['API Keys', 'Account', 'Privacy', 'Scan']) {
        await page.getByRole('tab', { name: tab }).click();
        if (look === 'light') await expectAccessible(page);
        await screenshot(page, `dashboard-${tab.toLowerCase().replace(' ', '-')}-${look}`);
      }
      expect(errors, look).toEqual([]);
      await context.close();
    }
  });

  test('the not-found pages are accessible', async () => {
    const context = await newContext();
    const page = await context.newPage();
    expect((await page.goto(`${stack.baseUrl}/cve/CVE-1999-00001`))?.status()).toBe(404);
    await expectAccessible(page);
    expect((await page.goto(`${stack.baseUrl}/search?q=${'x'.repeat(101)}`))?.status()).toBe(400);
    await expectAccessible(page);
    await context.close();
  });
});

describe('budget', () => {
  /** What a page load transfers, each response gzipped as CloudFront compresses it, and from where. */
  async function pageWeight(path: string): Promise<{ bytes: number; origins: Set<string> }> {
    const context = await newContext();
    const page = await context.newPage();
    const bodies: Promise<number>[] = [];
    const origins = new Set<string>();
    page.on('response', (response) => {
      origins.add(new URL(response.url()).origin);
      bodies.push(
        response.body().then(
          (body) => gzipSync(body).length,
          () => 0,
        ),
      );
    });
    await page.goto(`${stack.baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    const bytes = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
    await context.close();
    return { bytes, origins };
  }

  test.each(['/', `/cve/${rich.cve_id}`])('%s: under 100 KB compressed, nothing from another origin', async (path) => {
    const { bytes, origins } = await pageWeight(path);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(100 * 1024);
    expect([...origins]).toEqual([stack.baseUrl]);
  });
});
