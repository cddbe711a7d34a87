import { parse } from 'csv-parse/sync';
import MarkdownIt from 'markdown-it';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Log } from 'sarif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeMarkdown, markdownLink } from '../../shared/render/markdown.js';
import { ingestCatalogue } from '../../shared/ingest/use-cases/ingest-catalogue.js';
import { rebuildFilterIndex } from '../../shared/ingest/use-cases/rebuild-filter-index.js';
import { startTestStack, type TestStack } from '../support/stack.js';

const CVE_ID = 'CVE-2024-66601';
const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(2)>';
const MD_LINK = '[click me](javascript:alert(3))';
const EMPHASIS = '**bold** _em_ `code` # not a heading';
const FORMULA = '=HYPERLINK("http://evil.example","x")';
const DESCRIPTION = `${FORMULA} ${SCRIPT} ${IMG} ${MD_LINK} ${EMPHASIS} in the Acme Widget Server before 4.2.1 allows remote attackers to run code.\n# heading\n- item`;
const CWE_NAME = `Improper <b>Neutralization</b> ${IMG} [x](javascript:y)`;
/** As markup these would run; as text (escaped) they are harmless and expected. */
const HOSTILE = [SCRIPT, IMG, '<b>', 'href="javascript'];

/** One NVD record and a CWE name, as crafted as the sources allow, in files the ingest reads. */
function craftedSources(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'plaincve-crafted-'));
  const nvd = {
    id: CVE_ID,
    sourceIdentifier: 'security@acme.example',
    published: '2024-09-01T14:15:09.123',
    lastModified: '2024-09-20T10:00:00.000',
    vulnStatus: 'Analyzed',
    // NVD's copy of KEV's name is the title's first source: source text that reaches the SARIF
    // help, the CSV and the page verbatim (the description itself is no longer quoted by the
    // text written from the facts).
    cisaExploitAdd: '2024-09-10',
    cisaVulnerabilityName: `${SCRIPT} ${IMG} ${MD_LINK} Acme Widget Server Remote Code Execution`,
    descriptions: [{ lang: 'en', value: DESCRIPTION }],
    metrics: {
      cvssMetricV31: [
        {
          source: 'nvd@nist.gov',
          type: 'Primary',
          cvssData: { version: '3.1', vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', baseScore: 9.8, baseSeverity: 'CRITICAL' },
        },
      ],
    },
    weaknesses: [{ source: 'nvd@nist.gov', type: 'Primary', description: [{ lang: 'en', value: 'CWE-79' }] }],
    references: [
      { url: 'https://evil.example/a)(b<script>alert(4)</script>', source: 'x', tags: ['Patch'] },
      { url: 'javascript:alert(5)', source: 'x', tags: ['Exploit'] },
      { url: 'https://acme.example/advisory?q="><img src=x onerror=alert(6)>', source: 'x', tags: ['Vendor Advisory'] },
    ],
  };
  writeFileSync(join(dir, 'nvd.jsonl'), `${JSON.stringify(nvd)}\n`);
  writeFileSync(join(dir, 'cwe-names.tsv'), `cwe_id\tname\nCWE-79\t${CWE_NAME}\n`);
  return [join(dir, 'nvd.jsonl'), join(dir, 'cwe-names.tsv')];
}

let stack: TestStack;
let keyIndex = 0;
let keys: string[];

beforeAll(async () => {
  stack = await startTestStack();
  await ingestCatalogue({ files: craftedSources(), afterWrite: rebuildFilterIndex });
  keys = await Promise.all([stack.newKey(), stack.newKey()]);
});
afterAll(async () => stack.close());

async function exported(format: 'csv' | 'json' | 'sarif'): Promise<string> {
  const response = await stack.get(`/api/cves/export.${format}`, { key: keys[keyIndex++ % keys.length] });
  expect(response.status).toBe(200);
  return response.text();
}

/** Every string in a JSON value, with its path. */
function strings(value: unknown, path = '$'): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`));
  return [];
}

/** What an HTML-rendering Markdown viewer (raw HTML allowed, bare URLs linked) makes of it. */
const viewer = new MarkdownIt({ html: true, linkify: true });

function expectInertHtml(html: string, context: string) {
  const tags = [...html.matchAll(/<\s*([a-z0-9]+)([^>]*)>/gi)];
  for (const [tag, name = '', attributes = ''] of tags) {
    expect(['p', 'strong', 'ul', 'li', 'a'], `${context}: ${tag}`).toContain(name.toLowerCase());
    if (name.toLowerCase() === 'a') expect(attributes, `${context}: ${tag}`).toMatch(/^ href="https?:\/\/[^"]*"$/);
    else expect(attributes, `${context}: ${tag}`).toBe('');
  }
}

describe('a crafted record, ingested, comes out inert in every format', () => {
  it('SARIF: help.markdown renders as text (no tag but the help’s own, links only to http(s)); text fields are the plain text', async () => {
    const log = JSON.parse(await exported('sarif')) as Log;
    const run = log.runs[0];
    const rule = run?.tool.driver.rules?.find((r) => r.id === CVE_ID);
    if (!run || !rule?.help?.markdown) throw new Error('the crafted rule is missing');
    const rendered = viewer.render(rule.help.markdown);
    expectInertHtml(rendered, 'help.markdown');
    for (const hostile of HOSTILE) expect(rendered).not.toContain(hostile);
    // The text survives, as text: the viewer shows the characters the source had.
    expect(rendered).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; [click');
    for (const [path, text] of strings(log)) {
      if (path.endsWith('.markdown')) continue;
      // SARIF's text fields are plain text by definition (viewers must not interpret them).
      if (path.endsWith('.text')) expect(text, path).not.toMatch(/&lt;|\\\*/);
    }
    const helpLinks = [...rendered.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    for (const href of helpLinks) expect(href).toMatch(/^https?:\/\/[^\s()<>"']*$/);
  });

  it('JSON: every text field is the source text, data not markup (JSON escaping is the only escaping)', async () => {
    const body = await exported('json');
    const record = (JSON.parse(body) as { data: { cves: Record<string, unknown>[] } }).data.cves.find((c) => c.cve_id === CVE_ID);
    expect(record).toBeDefined();
    const texts = strings(record);
    expect(texts.some(([, t]) => t.includes(SCRIPT))).toBe(true);
    for (const [path, text] of texts) expect(text, path).not.toMatch(/&lt;|&amp;|\\\[/);
  });

  it('CSV: no cell starts as a formula; every cell is the source text', async () => {
    const rows = parse(await exported('csv'), { columns: true, bom: true }) as Record<string, string>[];
    const row = rows.find((r) => r.cve_id === CVE_ID);
    if (!row) throw new Error('the crafted row is missing');
    for (const [column, cell] of Object.entries(row)) {
      expect(cell, column).not.toMatch(/^[=+\-@\t\r]/);
      expect(cell, column).not.toMatch(/&lt;|\\\*/);
    }
  });

  it('the page: every source string is escaped text; no element, attribute or link comes from the source', async () => {
    const response = await stack.get(`/cve/${CVE_ID}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const hostile of [SCRIPT, IMG, '<b>Neutralization']) expect(html).not.toContain(hostile);
    expect(html).toContain('&lt;script&gt;');
    for (const [, href = ''] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https?:\/\/|\/)/);
    // Attribute values are quoted and escaped (no raw `"` inside), so with them taken out what is
    // left is the page's own markup: no element or event-handler attribute may come from the source.
    const markup = html.replace(/"[^"]*"/g, '""');
    expect(markup).not.toMatch(/<script|<img|<[a-z]+[^>]*\son[a-z]+\s*=/i);
  });
});

describe('escapeMarkdown and markdownLink', () => {
  it('render as exactly the text they were given', () => {
    const samples = [
      DESCRIPTION,
      CWE_NAME,
      '1. one\n> quote\n| a | b |',
      '> quote',
      '- item',
      '2024. year',
      'a\\*b &amp; &#39; <!-- c -->',
      '![img](https://x.example/i.png)',
      'mail me@evil.example or www.evil.example',
    ];
    for (const sample of samples) {
      const html = viewer.render(escapeMarkdown(sample));
      expectInertHtml(html, sample);
      const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&', '&#39;': "'" };
      const shown = html.replace(/<\/?p>\n?/g, '').replace(/&(lt|gt|quot|amp|#39);/g, (e) => entities[e] ?? e);
      expect(shown.trim()).toBe(sample.replace(/\s*[\r\n]+\s*/g, ' ').trim());
    }
  });

  it('links only http(s) URLs, with destinations that cannot break out', () => {
    expect(markdownLink('x', 'javascript:alert(1)')).toBe('x');
    expect(markdownLink('x', 'not a url')).toBe('x');
    const html = viewer.render(markdownLink('a <b>', 'https://e.example/a)(b<c>"d'));
    expectInertHtml(html, 'link');
    expect(html).toContain('&lt;b&gt;');
  });
});
