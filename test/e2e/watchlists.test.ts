import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildDashboard } from '../../dashboard/build.js';
import { TEST_USERS } from '../../shared/local/identity-providers.js';
import { watchlistRepository } from '../../shared/repositories/watchlist-repository.js';
import { startAuthStack } from '../support/auth-stack.js';
import { makeRecord, nextCveId } from '../support/records.js';
import { scanTable } from '../support/tables.js';
import type { TestStack } from '../support/stack.js';
import { launchChromium, screenshot } from './chromium.js';

let stack: TestStack;
let browser: Browser;
const TAG = 'watchlist-e2e';
const tagged = [{ tag: TAG, tag_type: 'product' as const }];
// Changed today (the preview's window) and matching the filters the test enters; one that does not match.
const matching = makeRecord({ cve_id: nextCveId(), tags: tagged, cvss_score: 9.4, severity: 'CRITICAL', modified_at: new Date().toISOString() });
const tooLow = makeRecord({ cve_id: nextCveId(), tags: tagged, cvss_score: 3.1, severity: 'LOW', modified_at: new Date().toISOString() });

beforeAll(async () => {
  await buildDashboard(); // test what the source says, not a stale dist
  stack = await startAuthStack();
  await stack.seed([matching, tooLow]);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** Every console error and uncaught exception of the page, as text. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** No axe violation of moderate impact or worse (stricter than the site's serious/critical bar). */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const found = results.violations
    .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found).toEqual([]);
}

async function signIn(page: Page): Promise<void> {
  const user = TEST_USERS.github.find((u) => u.name.startsWith('Alice'));
  if (!user) throw new Error('no github test user Alice');
  await page.goto(`${stack.baseUrl}/dashboard`);
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await page.locator(`a[data-user="${user.subject}"]`).click();
  await page.waitForURL(/\/dashboard/);
  await expect.poll(() => page.locator('#signed-in').isVisible()).toBe(true);
}

describe('the Watchlists tab', () => {
  test('create (with field validation), preview today, feed address, pause, delete: accessible, no console error', async () => {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 1024, height: 900 } });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await signIn(page);
    await page.getByRole('tab', { name: 'Watchlists' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Watchlists' });
    await expect.poll(() => page.locator('#watchlist-count').textContent()).toBe('0 of 20 watchlists.');
    await expectAccessible(page);

    // The browser's own checks: a name, a score in range, at least one event.
    await panel.getByLabel('Minimum CVSS score').fill('11');
    await panel.getByRole('button', { name: 'Create watchlist' }).click();
    await expect.poll(() => page.locator('#wl-name-error').textContent()).toBe('Give the watchlist a name.');
    expect(await page.locator('#wl-min_score-error').textContent()).toBe('Enter a score from 0 to 10, such as 7 or 7.5.');
    expect(await page.locator('#wl-events-error').textContent()).toBe('Choose at least one event.');
    expect(await page.locator('#wl-min_score').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    // A risk level is never offered bare: each option and the field's hint say what it measures.
    expect(await page.locator('#wl-risk_level option').allTextContents()).toEqual([
      'Any',
      'CRITICAL_GAP: a public exploit, no detection rule, and the flaw severe (CVSS 7.0 or more) or known exploited',
      'HIGH: a public exploit that rules detect, or a milder undetected one',
      'MEDIUM: detection rules but no public exploit',
      'LOW: neither a public exploit nor a detection rule',
    ]);
    expect(await page.locator('#wl-risk_level-hint').textContent()).toBe(
      "PlainCVE's risk level measures a detection gap (a public exploit that no detection rule catches), not how severe the flaw is.",
    );

    // A valid watchlist (the server checks the filters with the export's parser).
    await panel.getByLabel('Name', { exact: true }).fill('Edge servers');
    await panel.getByLabel('Minimum CVSS score').fill('9');
    await panel.getByLabel('Tag (vendor, product or technology)').fill(TAG);
    await panel.getByLabel('Severity', { exact: true }).selectOption('CRITICAL');
    await panel.getByLabel('A new CVE matches').check();
    await panel.getByLabel('Risk changed (risk level, severity, KEV, exploit or detection)').check();
    // A webhook on loopback (the local stack's only plain-http target); nothing is delivered here.
    await panel.getByLabel('Webhook URL (optional)').fill('http://127.0.0.1:9/hooks/plaincve');
    await panel.getByRole('button', { name: 'Create watchlist' }).click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Watchlist "Edge servers" was created.');
    // The signing secret is shown once, now.
    expect(await page.getByLabel('Webhook signing secret').inputValue()).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    await expect.poll(() => page.locator('#watchlist-count').textContent()).toBe('1 of 20 watchlists.');
    const item = panel.locator('li.watchlist');
    expect(await item.locator('h3').textContent()).toBe('Edge servers Active');
    expect(await item.locator('dd').first().textContent()).toBe(`severity CRITICAL, tag ${TAG}, min score 9`);
    expect(await item.locator('dd').nth(2).textContent()).toBe('http://127.0.0.1:9/hooks/plaincve Webhook active');
    await item.getByText('Delivery log').click();
    await expect.poll(() => item.locator('details p').textContent()).toBe('No delivery attempts yet.');

    // A webhook paused after its last failed retry (as the delivery worker pauses it) shows so, with
    // the reason, and can be resumed from here.
    const watchlistId = String(await item.getAttribute('data-id'));
    const listsItem = (await scanTable('ACCOUNTS_TABLE')).find((i) => String(i.pk).startsWith('WATCHLISTS#') && JSON.stringify(i).includes(watchlistId))!;
    const reason = 'The last 8 attempts failed; the receiver answered 500.';
    expect(
      await watchlistRepository.pauseWebhook(String(listsItem.account_id), watchlistId, 'http://127.0.0.1:9/hooks/plaincve', reason, new Date().toISOString()),
    ).toBe(true);
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.reload();
    await page.getByRole('tab', { name: 'Watchlists' }).click();
    await expect.poll(() => item.locator('dd').nth(2).textContent()).toBe(`http://127.0.0.1:9/hooks/plaincve Webhook paused ${reason}`);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Resume the webhook of Edge servers' }).click();
    await expect.poll(() => item.locator('dd').nth(2).textContent()).toBe('http://127.0.0.1:9/hooks/plaincve Webhook active');

    // The feed address is the full URL, and it answers with the Atom feed.
    const feedUrl = await page.getByLabel('Atom feed of Edge servers').inputValue();
    expect(feedUrl).toMatch(new RegExp(`^${stack.baseUrl.replace(/[.:/]/g, '\\$&')}/feeds/[A-Za-z0-9_-]{43}\\.atom$`));
    expect((await fetch(feedUrl)).status).toBe(200);
    await page.getByRole('button', { name: 'New feed address for Edge servers' }).click();
    await expect.poll(() => page.getByLabel('Atom feed of Edge servers').inputValue()).not.toBe(feedUrl);
    expect((await fetch(feedUrl)).status).toBe(404);

    // Preview: today's matches by the export's filters (the low-scored record does not match).
    await page.getByRole('button', { name: "Preview today's matches of Edge servers" }).click();
    const preview = item.locator('.preview');
    await expect.poll(() => preview.locator('p').textContent()).toBe('1 CVE that changed today matches:');
    expect(await preview.getByRole('link').allTextContents()).toEqual([matching.cve_id]);
    expect(await preview.getByRole('link').getAttribute('href')).toBe(`/cve/${matching.cve_id}`);
    await expectAccessible(page);
    await screenshot(page, 'dashboard-watchlists');

    // Edit: the form takes the watchlist's values; saving renames it.
    expect(await panel.getByRole('button', { name: 'Cancel editing' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Edit Edge servers' }).click();
    expect(await panel.getByLabel('Name', { exact: true }).inputValue()).toBe('Edge servers');
    expect(await panel.getByLabel('Minimum CVSS score').inputValue()).toBe('9');
    await panel.getByLabel('Name', { exact: true }).fill('Edge fleet');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Watchlist "Edge fleet" was saved.');
    await expect.poll(() => item.locator('h3').textContent()).toBe('Edge fleet Active');
    expect(await panel.getByRole('button', { name: 'Cancel editing' }).isVisible()).toBe(false);
    expect(await item.locator('dd').first().textContent()).toBe(`severity CRITICAL, tag ${TAG}, min score 9`);

    // Pause, then resume.
    await page.getByRole('button', { name: 'Pause Edge fleet' }).click();
    await expect.poll(() => item.locator('h3').textContent()).toBe('Edge fleet Paused');
    expect(await page.locator('#notice').textContent()).toBe('Watchlist "Edge fleet" is paused.');
    await page.getByRole('button', { name: 'Resume Edge fleet' }).click();
    await expect.poll(() => item.locator('h3').textContent()).toBe('Edge fleet Active');

    // Delete, confirmed in the browser's dialog; its feed address stops working.
    const current = await page.getByLabel('Atom feed of Edge fleet').inputValue();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Edge fleet' }).click();
    await expect.poll(() => page.locator('#watchlist-count').textContent()).toBe('0 of 20 watchlists.');
    expect(await page.locator('#notice').textContent()).toBe('Watchlist "Edge fleet" was deleted.');
    expect((await fetch(current)).status).toBe(404);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
