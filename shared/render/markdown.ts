/**
 * Source text (titles, descriptions, product names, reference titles) inside Markdown that
 * viewers may render as HTML: SARIF's `help.markdown`. GitHub sanitises what it renders; other
 * SARIF viewers may not, so nothing from a source may become markup of either language.
 */

/**
 * The punctuation that is Markdown anywhere in a line: emphasis, code, links and images,
 * brackets, HTML-ish `<`, tables, strikethrough, and `:`/`@` so that no URL or address in the
 * text is turned into a link by a viewer's autolinking (backslash-escaping any ASCII
 * punctuation is allowed by CommonMark and renders as the character).
 */
const INLINE_PUNCTUATION = /[\\`*_{}[\]()#+!|~:@]/g;
/** What is Markdown only at the start of a line: a list item, a setext underline, an ordered marker (`>` becomes an entity below). */
const LINE_START = /^([-=]|\d+[.])/;
const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text that renders as itself, inline: Markdown punctuation backslash-escaped, `& < > " '` as
 * HTML entities (CommonMark decodes entities to text, and a raw-HTML renderer shows them as
 * characters), and line breaks folded to spaces so that no text starts a block (a heading, a
 * list, a fence, an indented code block) of its own.
 */
export function escapeMarkdown(text: string): string {
  // Each run of whitespace is matched once (`\s+` never retries inside a run): folding
  // `\s*[\r\n]+\s*` instead retried every space of a long run, quadratic (issue 24).
  return text
    .replace(/\s+/g, (run) => (run.includes('\n') || run.includes('\r') ? ' ' : run))
    .trim()
    .replace(INLINE_PUNCTUATION, (c) => `\\${c}`)
    .replace(LINE_START, (start) => `${start.slice(0, -1)}\\${start.slice(-1)}`)
    .replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

/**
 * A link to an http(s) URL with escaped text; anything else (`javascript:`, `data:`, a
 * malformed URL) is shown as text only. The destination is written in its serialised form with
 * the characters that could end or break it percent-encoded.
 */
export function markdownLink(text: string, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return escapeMarkdown(text);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return escapeMarkdown(text);
  const destination = parsed.href.replace(/[()<>"'\\`\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${escapeMarkdown(text)}](${destination})`;
}
