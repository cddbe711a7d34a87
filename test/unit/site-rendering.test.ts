import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { riskMeaning } from '../../shared/domain/risk-meaning.js';
import { riskLevel } from '../../shared/domain/risk.js';
import { SITE_PAGES, siteRewriteFunctionSource } from '../../shared/platform/web.js';
import { shortDescription } from '../../shared/render/cve-page.js';
import { withInlineCode } from '../../shared/render/html.js';
import { factsSection } from '../../shared/render/facts-section.js';
import { normaliseQuery } from '../../shared/catalogue/use-cases/search-cves.js';

describe('withInlineCode', () => {
  test('backtick spans become <code> around escaped text; the rest is escaped too', () => {
    expect(withInlineCode('Run `npm audit` & check <b>`a<b>`</b>')).toBe('Run <code>npm audit</code> &amp; check &lt;b&gt;<code>a&lt;b&gt;</code>&lt;/b&gt;');
  });
  test('an unpaired backtick stays text', () => {
    expect(withInlineCode('a ` b')).toBe('a ` b');
  });
});

describe('riskMeaning', () => {
  test.each([
    [{ weaponized: true, detectable: true, cvssScore: 9.8, inKev: false }, 'HIGH: a public exploit exists and detection rules exist'],
    [
      { weaponized: true, detectable: false, cvssScore: 9.8, inKev: false },
      'CRITICAL GAP: a public exploit exists, no detection rule is known, and the flaw is severe (CVSS 7.0 or more) or known to be exploited',
    ],
    [
      { weaponized: true, detectable: false, cvssScore: 5.0, inKev: false },
      'HIGH: a public exploit exists and no detection rule is known, but the flaw scores below CVSS 7.0 and is not known to be exploited',
    ],
    [{ weaponized: false, detectable: true, cvssScore: 5.0, inKev: false }, 'MEDIUM: no exploit is in the tracked exploit lists, but detection rules exist'],
    [{ weaponized: false, detectable: false, cvssScore: null, inKev: false }, 'LOW: no exploit is in the tracked exploit lists and no detection rule is known'],
  ])('%o', (inputs, meaning) => {
    expect(riskMeaning(riskLevel(inputs), inputs)).toBe(meaning);
  });
});

describe('shortDescription', () => {
  test('keeps short text, cuts long text at a word within 160 characters, drops backticks', () => {
    expect(shortDescription('Run `x` now.')).toBe('Run x now.');
    const long = shortDescription('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });
});

describe('normaliseQuery', () => {
  test('trims and collapses whitespace', () => {
    expect(normaliseQuery('  apache \t log4j ')).toBe('apache log4j');
    expect(normaliseQuery(undefined)).toBe('');
  });
});

describe('the CloudFront rewrite function', () => {
  const handler = runInNewContext(`${siteRewriteFunctionSource('{"ok":false}')}; handler`) as (event: { request: { uri: string } }) => { uri: string };
  test.each(Object.entries(SITE_PAGES))('%s is served from %s', (path, object) => {
    expect(handler({ request: { uri: path } }).uri).toBe(object);
  });
  test("the site's own files pass unchanged", () => {
    expect(handler({ request: { uri: '/dashboard/app.js' } }).uri).toBe('/dashboard/app.js');
  });
  test('any other path or method is the JSON not-found answer', () => {
    const answer = (request: { uri: string; method?: string }) =>
      (handler as unknown as (event: { request: typeof request }) => Record<string, unknown>)({ request });
    expect(answer({ uri: '/wp-admin', method: 'GET' })).toMatchObject({ statusCode: 404, body: { data: '{"ok":false}' } });
    expect(answer({ uri: '/dashboard/', method: 'POST' })).toMatchObject({ statusCode: 404 });
  });
});

describe('the public page facts section', () => {
  test("names a fix the configuration lists as affected as disputed, beside the configuration's newest affected version", () => {
    const version = (v: string, source: 'description' | 'configuration') => ({ product: 'acme:widget', version: v, branch: null, platform: null, source });
    const html = factsSection({
      impacts: ['code_execution'],
      attack: { position: 'remote', privileges: 'user', user_interaction: false },
      component: null,
      products: [{ product: 'acme:widget', name: 'Acme Widget', primary: true }],
      fixed_in: [version('2.5', 'description'), version('3.1', 'description')],
      last_affected: [version('2.5', 'configuration')],
      fix_stated: true,
      exploit_public: false,
      aka: [],
    });
    expect(html).toContain('Acme Widget 2.5 <span class="meta">from the description; NVD&#39;s configuration lists it as affected</span>');
    expect(html).toContain('Acme Widget 3.1 <span class="meta">from the description</span>');
  });
});
