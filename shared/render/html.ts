import { createHash } from 'node:crypto';

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
:root{color-scheme:light dark;--fg:#1b1f24;--muted:#57606a;--bg:#fff;--line:#d0d7de;--accent:#0b5cad}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9da7b3;--bg:#0d1117;--line:#30363d;--accent:#6cb6ff}}
body{font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg);margin:0}
main{max-width:48rem;margin:0 auto;padding:1.25rem}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.15rem;margin:1.75rem 0 .5rem;border-bottom:1px solid var(--line);padding-bottom:.25rem}
a{color:var(--accent)}
.meta{color:var(--muted)}
.badge{display:inline-block;padding:.1rem .5rem;border-radius:.25rem;border:1px solid var(--line);font-weight:600}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{font-weight:600}
dd{margin:0}
ul{padding-left:1.25rem}
li{overflow-wrap:anywhere}
`.trim();

/** Pages carry one inline stylesheet, allowed by its hash: no script can run on them. */
export const PAGE_STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;
export const PAGE_CSP = `default-src 'none'; style-src '${PAGE_STYLE_HASH}'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** A complete page; `body` must already be escaped markup. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function messagePage(title: string, message: string, link: { href: string; text: string } = { href: '/dashboard', text: 'Back to PlainCVE' }): string {
  return page(
    `${title} · PlainCVE`,
    `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
  );
}
