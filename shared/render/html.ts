import { createHash } from 'node:crypto';
import { MAX_SEARCH_QUERY_LENGTH } from '../domain/limits.js';

/** Escapes text for an HTML element body or a double-quoted attribute. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Only http(s) links become hrefs; anything else (javascript:, data:) is shown as text. */
export function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1f24;--muted:#57606a;--bg:#fff;--panel:#f6f8fa;--line:#d0d7de;--accent:#0b5cad;--accent-fg:#fff}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9da7b3;--bg:#0d1117;--panel:#161b22;--line:#30363d;--accent:#6cb6ff;--accent-fg:#0d1117}}
*{box-sizing:border-box}
body{font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg);margin:0}
.site-header{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center;justify-content:space-between;padding:.6rem 1.25rem;border-bottom:1px solid var(--line)}
.brand{font-weight:700;font-size:1.15rem;color:inherit;text-decoration:none}
.site-nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
.search{display:flex;gap:.4rem;flex:1 1 16rem;max-width:26rem}
.search input{flex:1;min-width:0;font:inherit;padding:.4rem .6rem;min-height:2.75rem;border:1px solid var(--muted);border-radius:.375rem;background:var(--bg);color:var(--fg)}
.search button{font:inherit;padding:.4rem .8rem;min-height:2.75rem;border-radius:.375rem;border:1px solid var(--accent);background:var(--accent);color:var(--accent-fg);cursor:pointer}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
main{max-width:48rem;margin:0 auto;padding:1.25rem}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.15rem;margin:1.75rem 0 .5rem;border-bottom:1px solid var(--line);padding-bottom:.25rem}
a{color:var(--accent)}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.meta{color:var(--muted)}
.badge{display:inline-block;padding:.1rem .5rem;border-radius:.25rem;border:1px solid var(--line);font-weight:600}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.92em;background:var(--panel);border:1px solid var(--line);border-radius:.25rem;padding:0 .25rem;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
ul{padding-left:1.25rem}
li{overflow-wrap:anywhere}
`.trim();

/** Pages carry one inline stylesheet, allowed by its hash: no script can run on them. */
export const PAGE_STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;
/** form-action 'self': the header's search box submits to /search on this origin. */
export const PAGE_CSP = `default-src 'none'; style-src '${PAGE_STYLE_HASH}'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

export interface PageOptions {
  /** `<meta name=description>` and the Open Graph description: plain text, escaped here. */
  readonly description?: string;
  /** The page's public URL: canonical link and og:url. */
  readonly url?: string;
  /** The site header (brand, navigation, search box); stand-in pages leave it out. */
  readonly header?: boolean;
  /** Pre-fills the header's search box (the search page). */
  readonly query?: string;
}

/** The header every public page shares: brand, navigation and the CVE search box. */
export function siteHeader(query = ''): string {
  return `<header class="site-header">
<a class="brand" href="/">PlainCVE</a>
<form class="search" role="search" action="/search" method="get">
<label class="visually-hidden" for="site-search">Search CVEs by id, product or keyword</label>
<input id="site-search" name="q" type="search" value="${escapeHtml(query)}" placeholder="CVE-2021-44228 or a product" maxlength="${MAX_SEARCH_QUERY_LENGTH}" required>
<button type="submit">Search</button>
</form>
<nav class="site-nav" aria-label="Site"><ul><li><a href="/docs/api">API reference</a></li><li><a href="/dashboard">Dashboard</a></li></ul></nav>
</header>`;
}

function metaTags(title: string, options: PageOptions): string {
  const tags = [`<meta property="og:site_name" content="PlainCVE">`, `<meta property="og:title" content="${escapeHtml(title)}">`];
  if (options.description) {
    tags.push(`<meta name="description" content="${escapeHtml(options.description)}">`);
    tags.push(`<meta property="og:description" content="${escapeHtml(options.description)}">`);
  }
  if (options.url) {
    tags.push(`<link rel="canonical" href="${escapeHtml(options.url)}">`, `<meta property="og:url" content="${escapeHtml(options.url)}">`);
    tags.push(`<meta property="og:type" content="article">`, `<meta name="twitter:card" content="summary">`);
  }
  return tags.join('\n');
}

/** A complete page; `body` must already be escaped markup. */
export function page(title: string, body: string, options: PageOptions = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${metaTags(title, options)}
<link rel="icon" href="/dashboard/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
${options.header === false ? '' : siteHeader(options.query)}
<main>
${body}
</main>
</body>
</html>`;
}

export function messagePage(title: string, message: string, link: { href: string; text: string } = { href: '/', text: 'Back to PlainCVE' }): string {
  return page(
    `${title} · PlainCVE`,
    `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
  );
}

/**
 * Text whose Markdown inline code (`like this`) becomes <code>: every part is escaped first,
 * so a backtick span can never carry markup.
 */
export function withInlineCode(text: string): string {
  return text
    .split(/`([^`\n]+)`/)
    .map((part, i) => (i % 2 === 1 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part)))
    .join('');
}
