import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildDashboard } from '../../dashboard/build.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProviderId } from '../../shared/auth/providers.js';
import { PROVIDERS } from '../../shared/auth/providers.js';
import { TEST_USERS } from '../../shared/local/identity-providers.js';
import { startAuthStack } from '../support/auth-stack.js';
import { makeRecord } from '../support/records.js';
import type { TestStack } from '../support/stack.js';
import { itemsMentioning } from '../support/tables.js';
import { expectAccessible, launchChromium, screenshot } from './chromium.js';

let stack: TestStack;
let browser: Browser;
const record = makeRecord();

beforeAll(async () => {
  await buildDashboard(); // test what the source says, not a stale dist
  stack = await startAuthStack();
  await stack.seed([record]);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
  return context;
}

function userOf(provider: ProviderId, name: string) {
  const user = TEST_USERS[provider].find((u) => u.name.startsWith(name));
  if (!user) throw new Error(`no ${provider} test user ${name}`);
  return user;
}

/** Signs in (or links, when signed in) through the dashboard and the stand-in's user picker. */
async function throughProvider(page: Page, provider: ProviderId, name: string): Promise<void> {
  await page.locator(`a[data-user="${userOf(provider, name).subject}"]`).click();
  await page.waitForURL(/\/dashboard/);
  await page.locator('#loading').waitFor({ state: 'hidden' });
}

async function signIn(page: Page, provider: ProviderId, name: string): Promise<void> {
  await page.goto(`${stack.baseUrl}/dashboard`);
  await page.getByRole('link', { name: `Sign in with ${PROVIDERS[provider].label}` }).click();
  await throughProvider(page, provider, name);
  await expect.poll(() => page.locator('#signed-in').isVisible()).toBe(true);
}

async function copiedKey(page: Page): Promise<string> {
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect.poll(() => page.locator('#copy-status').textContent()).toBe('Copied to the clipboard.');
  return page.evaluate(() => navigator.clipboard.readText());
}

const lookup = (key: string) => stack.get(`/api/cve/${record.cve_id}`, { key }).then((r) => r.status);

describe('sign-in with each provider', () => {
  test.each(['github', 'google', 'microsoft'] as const)('%s: the dashboard shows a key that works', async (provider) => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/dashboard`);
    await expect.poll(() => page.locator('#signed-out').isVisible()).toBe(true);
    await expectAccessible(page);
    await signIn(page, provider, 'Alice');
    const key = await copiedKey(page);
    expect(key).toMatch(/^pcve_[0-9A-Za-z]{38}$/);
    expect(await lookup(key)).toBe(200);
    expect(await page.locator('#providers').textContent()).toContain(PROVIDERS[provider].label);
    await context.close();
  });
});

describe('one account, start to finish', () => {
  test('key, sign-in again, linking, refusal, e-mail, export and deletion', async () => {
    // Mallory's Google identity belongs to another account.
    const elsewhere = await newContext();
    await signIn(await elsewhere.newPage(), 'google', 'Mallory');
    await elsewhere.close();

    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'github', 'Bob');

    // API Keys: copy the key and use it.
    const firstKey = await copiedKey(page);
    expect(await lookup(firstKey)).toBe(200);
    await page.reload();
    await page.locator('#loading').waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('#usage-minute .usage-text').textContent()).toBe('1 of 100 requests');
    expect(await page.locator('#key-prefix').textContent()).toBe(`${firstKey.slice(0, 9)}…`);
    await expectAccessible(page);
    await screenshot(page, 'dashboard-api-keys');

    // Sign out and sign in again: a new key; the old one is revoked.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.locator('#signed-out').isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'dashboard-signed-out');
    await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
    await throughProvider(page, 'github', 'Bob');
    const secondKey = await copiedKey(page);
    expect(secondKey).not.toBe(firstKey);
    expect(await lookup(firstKey)).toBe(401);
    expect(await lookup(secondKey)).toBe(200);

    // Rotate from the dashboard.
    await page.getByRole('button', { name: 'Rotate key' }).click();
    await expect.poll(() => page.locator('#api-key').inputValue()).not.toBe(secondKey);
    const rotated = await copiedKey(page);
    expect(await lookup(secondKey)).toBe(401);
    expect(await lookup(rotated)).toBe(200);

    // Account: link Google (Dave), then sign in with it into the same account.
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Link Google' }).click();
    await throughProvider(page, 'google', 'Dave');
    await expect.poll(() => page.locator('#notice').textContent()).toContain('Google sign-in is now linked');
    expect(await page.locator('#providers li').count()).toBe(2);
    const other = await newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, 'google', 'Dave');
    expect(await otherPage.locator('#who').textContent()).toBe('bob@example.com');
    // That sign-in issued the account's new key: the rotated one is revoked, and the first
    // session no longer shows a key (it did not issue this one).
    const latestKey = await copiedKey(otherPage);
    expect(await lookup(rotated)).toBe(401);
    expect(await lookup(latestKey)).toBe(200);
    await other.close();
    await page.reload();
    await page.locator('#loading').waitFor({ state: 'hidden' });
    // The link started on the Account tab, so the page is still on it.
    expect(await page.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'API Keys' }).click();
    expect(await page.locator('#new-key').isVisible()).toBe(false);
    expect(await page.locator('#key-hidden').isVisible()).toBe(true);

    // A third identity, already linked elsewhere, is refused with a clear message.
    // Google is linked now, so the dashboard no longer offers it: start the link directly.
    await page.getByRole('tab', { name: 'Account' }).click();
    expect(await page.getByRole('link', { name: 'Link Google' }).count()).toBe(0);
    await page.goto(`${stack.baseUrl}/auth/google?returnTo=${encodeURIComponent('/dashboard#account')}`);
    await throughProvider(page, 'google', 'Mallory');
    await expect.poll(() => page.locator('#error').textContent()).toContain('already linked to another PlainCVE account');
    expect(await page.locator('#providers li').count()).toBe(2);

    // Update the e-mail.
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByLabel('E-mail address').fill('robert@example.net');
    await page.getByRole('button', { name: 'Update e-mail' }).click();
    await expect.poll(() => page.locator('#who').textContent()).toBe('robert@example.net');
    await expectAccessible(page);
    await screenshot(page, 'dashboard-account');

    // Privacy: the export download.
    await page.getByRole('tab', { name: 'Privacy' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download account data' }).click()]);
    expect(download.suggestedFilename()).toBe('plaincve-account-export.json');
    const text = await readFile((await download.path()) ?? '', 'utf8');
    const data = JSON.parse(text);
    expect(data.account.email).toBe('robert@example.net');
    expect(data.identities.map((i: { provider: string }) => i.provider).sort()).toEqual(['github', 'google']);
    expect(data.api_keys).toEqual([expect.objectContaining({ prefix: latestKey.slice(0, 9) })]);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
    expect(text).not.toContain(latestKey);
    await expectAccessible(page);
    await screenshot(page, 'dashboard-privacy');

    // Delete: typed confirmation, then nothing of the account is left and the key is dead.
    const accountId: string = data.account.account_id;
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect.poll(() => page.locator('#signed-out').isVisible()).toBe(true);
    expect(await page.locator('#notice').textContent()).toContain('deleted');
    expect(await lookup(latestKey)).toBe(401);
    expect(await itemsMentioning(accountId)).toEqual([]);
    await context.close();
  });
});

describe('keyboard use', () => {
  test('the dashboard areas are reachable with the arrow keys', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'microsoft', 'Frank');
    await page.getByRole('tab', { name: 'API Keys' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Watchlists' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#panel-watchlists').isVisible()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#panel-account').isVisible()).toBe(true);
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-scan');
    await page.keyboard.press('Home');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-keys');
    await context.close();
  });
});

describe('public CVE pages', () => {
  test('the CVE page and its 404 page are accessible', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/cve/${record.cve_id}`);
    expect(await page.locator('h1').textContent()).toBe(record.title);
    await expectAccessible(page);
    await screenshot(page, 'cve-page');
    const missing = await page.goto(`${stack.baseUrl}/cve/CVE-1999-00001`);
    expect(missing?.status()).toBe(404);
    await expectAccessible(page);
    await context.close();
  });
});
