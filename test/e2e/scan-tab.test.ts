import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildDashboard } from '../../dashboard/build.js';
import { cveIdOf, type Advisory } from '../../shared/domain/advisory.js';
import { TEST_USERS } from '../../shared/local/identity-providers.js';
import { advisoryRepository } from '../../shared/repositories/advisory-repository.js';
import { startAuthStack } from '../support/auth-stack.js';
import { makeRecord } from '../support/records.js';
import type { TestStack } from '../support/stack.js';
import { launchChromium, screenshot } from './chromium.js';

/** A real lockfile: this project's own package-lock.json (lockfileVersion 3, hundreds of packages). */
const LOCKFILE = join(process.cwd(), 'package-lock.json');
const lock = JSON.parse(readFileSync(LOCKFILE, 'utf8')) as { packages: Record<string, { version?: string }> };
const installed = (name: string): string => {
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`${name} is not in package-lock.json`);
  return version;
};
/** The next patch release: a fix just above the installed version. */
const nextPatch = (version: string) => version.replace(/^(\d+)\.(\d+)\.(\d+).*$/, (_, a: string, b: string, c: string) => `${a}.${b}.${Number(c) + 1}`);

const SEMVER = installed('semver');
const ZOD = installed('zod');
const advisories: Advisory[] = (
  [
    {
      id: 'GHSA-e2e0-semv-er00',
      aliases: ['CVE-2099-70001'],
      summary: 'semver ReDoS',
      details: 'A crafted range string is slow to parse.',
      modified: '2026-11-01T00:00:00Z',
      affected: [{ package: { ecosystem: 'npm', name: 'semver' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: nextPatch(SEMVER) }] }] }],
    },
    {
      id: 'GHSA-e2e0-zod0-0000',
      aliases: [],
      summary: 'zod accepts a crafted e-mail address',
      details: 'An address with a crafted domain passes the email check.',
      modified: '2026-11-01T00:00:00Z',
      affected: [{ package: { ecosystem: 'npm', name: 'zod' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: nextPatch(ZOD) }] }] }],
    },
    // Already fixed in the installed version: must not be reported.
    {
      id: 'GHSA-e2e0-old0-0000',
      aliases: [],
      summary: 'an old semver flaw',
      details: 'Fixed long ago.',
      modified: '2026-11-01T00:00:00Z',
      affected: [{ package: { ecosystem: 'npm', name: 'semver' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.0.1' }] }] }],
    },
  ] as Omit<Advisory, 'cve_id'>[]
).map((a) => ({ ...a, cve_id: cveIdOf(a.id, a.aliases) }));
const record = makeRecord({ cve_id: 'CVE-2099-70001', title: 'semver can be made to hang on a crafted version range', cvss_score: 7.5 });

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  await buildDashboard();
  stack = await startAuthStack();
  await stack.seed([{ ...record, exploit_intel: record.exploit_intel ? { ...record.exploit_intel, risk_level: 'CRITICAL_GAP' } : undefined }]);
  await advisoryRepository.putMany(advisories, new Map());
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** Every axe violation, moderate and minor included (the brief: axe-clean including moderate). */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('dashboard scan tab', () => {
  test('a signed-in user chooses a real lockfile and sees the findings worst risk first, with explanation and fix', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} @ ${message.location().url}`);
    });
    page.on('pageerror', (error) => errors.push(String(error)));

    const user = TEST_USERS.github.find((u) => u.name.startsWith('Alice'));
    if (!user) throw new Error('no GitHub test user Alice');
    await page.goto(`${stack.baseUrl}/auth/github`);
    await page.locator(`a[data-user="${user.subject}"]`).click();
    await page.waitForURL(/\/dashboard/);
    await expect.poll(() => page.locator('#signed-in').isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByRole('tab', { name: 'Scan' }).click();
    expect(await page.getByRole('heading', { name: 'Scan a lockfile or SBOM' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Choose a lockfile or SBOM').setInputFiles(LOCKFILE);
    // Every installed copy below the fix (nested copies too), found independently of the scan.
    const text = readFileSync(LOCKFILE, 'utf8');
    const lineOf = (path: string) => text.split('\n').findIndex((l) => l.includes(`"${path}": {`)) + 1;
    const affected = (name: string, fixed: string) =>
      Object.entries(lock.packages)
        .filter(([path, entry]) => path.endsWith(`node_modules/${name}`) && entry.version && semver.lt(entry.version, fixed))
        .map(([path, entry]) => ({ heading: `${name} ${entry.version} (line ${lineOf(path)})`, line: lineOf(path) }))
        .sort((a, b) => a.line - b.line)
        .map((f) => f.heading);
    // Worst risk first: semver's CVE is a critical gap; zod's advisory has no CVE (no risk rating).
    const expected = [...affected('semver', nextPatch(SEMVER)), ...affected('zod', nextPatch(ZOD))];
    expect(expected.length).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => page.locator('#scan-status').textContent(), { timeout: 30_000 })
      .toBe(`Scan of package-lock.json finished: ${expected.length} vulnerable components.`);
    const findings = page.locator('.scan-findings > li');
    expect(await findings.locator('h4').allTextContents()).toEqual(expected);
    expect(expected).toContain(`semver ${SEMVER} (line ${lineOf('node_modules/semver')})`);
    const zodIndex = expected.indexOf(`zod ${ZOD} (line ${lineOf('node_modules/zod')})`);
    expect(zodIndex).toBeGreaterThan(0);
    const semverText = await findings.nth(0).textContent();
    expect(semverText).toContain('Critical gap: public exploit, no detection rule');
    expect(semverText).toContain('CVE-2099-70001: semver can be made to hang on a crafted version range');
    expect(semverText).toContain(record.explanation?.summary);
    expect(semverText).toContain(`Fix: Upgrade semver from ${SEMVER} to ${nextPatch(SEMVER)} or later`);
    expect(semverText).not.toContain('GHSA-e2e0-old0-0000');
    const zod = await findings.nth(zodIndex).textContent();
    expect(zod).toContain('Risk not rated');
    expect(zod).toContain('An address with a crafted domain passes the email check.');
    expect(await findings.nth(0).getByRole('link', { name: 'CVE-2099-70001' }).getAttribute('href')).toBe('/cve/CVE-2099-70001');

    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-scan-results');

    // A file that is no manifest: the server's reason, announced; nothing else breaks.
    await page.getByLabel('Choose a lockfile or SBOM').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('<html>hello</html>') });
    await expect.poll(() => page.locator('#scan-error').textContent(), { timeout: 15_000 }).toMatch(/not a manifest a scan reads/);
    expect(await axeViolations(page)).toEqual([]);
    // The browser logs a failed fetch (400) as a console error; that one is the answer under test.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  }, 120_000);
});
