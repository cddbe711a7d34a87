import { MAX_LINES, MAX_LINE_LENGTH, entryText, oversizedField } from './bounds.js';
import { badManifest, checkComponentCount, type NotChecked, type ParsedManifest, type ScanComponent } from './manifest.js';
import { normalisePypiName, pypiPurl } from './purl.js';

/*
 * Every pattern here is linear in the line (issue 24: `\s*(?:[…])?\s*` made "a" + 150,000
 * spaces + "x" cost 25 s): no two quantifiers can trade characters, and lines are cut to
 * MAX_LINE_LENGTH before any pattern sees them.
 */
/** A PEP 508 name (letters, digits, `.`, `_`, `-`; starts and ends with a letter or digit). */
const NAME = '[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?';
/** Optional extras `[a,b]` with the whitespace after them: one `\s*` each side, never two in a row. */
const EXTRAS = '\\s*(?:\\[[^\\]]*\\]\\s*)?';
/** `name[extras] == version` (or `===`), nothing else before the markers. */
const PINNED = new RegExp(`^(${NAME})${EXTRAS}(===?)\\s*([A-Za-z0-9][A-Za-z0-9._+!*-]*)$`);
/** Any requirement line: a name, optional extras, then a specifier, a URL (`@`) or nothing. */
const REQUIREMENT = new RegExp(`^(${NAME})${EXTRAS}(?:[<>=!~;@]|$)`);

interface LogicalLine {
  readonly text: string;
  /** The line the requirement starts on (continuations with `\` are joined to it). */
  readonly line: number;
  /** Longer than MAX_LINE_LENGTH: `text` holds only its start, and it is not read. */
  readonly tooLong?: number;
}

/** The text before a comment (`#` at the start or after whitespace), found without a pattern. */
function withoutComment(raw: string): string {
  for (let at = raw.indexOf('#'); at >= 0; at = raw.indexOf('#', at + 1)) {
    if (at === 0 || /\s/.test(raw[at - 1]!)) return raw.slice(0, at);
  }
  return raw;
}

/** The line without a trailing `\` continuation (and the whitespace after it), or null when it has none. */
function continuationOf(text: string): string | null {
  const end = text.trimEnd();
  return end.endsWith('\\') ? end.slice(0, -1) : null;
}

/**
 * Joins `\` continuations and drops comments (`#` at the start or after whitespace), as pip does.
 * More than MAX_LINES logical lines is a 400 (each would be an entry of the answer).
 */
function logicalLines(text: string): LogicalLine[] {
  const physical = text.replace(/^\uFEFF/, '').split('\n');
  const out: LogicalLine[] = [];
  let parts: string[] = [];
  let length = 0;
  let start = 0;
  const finish = () => {
    const joined = length > MAX_LINE_LENGTH ? parts.join(' ').slice(0, MAX_LINE_LENGTH) : parts.join(' ');
    const trimmed = joined.trim() || (length > MAX_LINE_LENGTH ? `(a line of ${length} characters)` : '');
    if (trimmed !== '') {
      if (out.length >= MAX_LINES)
        throw badManifest(`The requirements.txt has more than ${MAX_LINES} requirement and option lines; a scan reads at most ${MAX_LINES}.`);
      out.push({ text: trimmed, line: start, ...(length > MAX_LINE_LENGTH ? { tooLong: length } : {}) });
    }
    parts = [];
    length = 0;
  };
  physical.forEach((raw, index) => {
    if (parts.length === 0) start = index + 1;
    const line = withoutComment(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
    const continued = continuationOf(line);
    const part = continued ?? line;
    // Past the bound only the length is kept: the rest of a giant line is never copied or read.
    if (length <= MAX_LINE_LENGTH) parts.push(part);
    length += (length > 0 ? 1 : 0) + part.length;
    if (continued === null) finish();
  });
  if (parts.length > 0) finish();
  return out;
}

/** Options pip reads from a requirements file; they name no package to check. */
function optionReason(text: string): string | null {
  if (/^(-r|--requirement|-c|--constraint)\b/.test(text)) return 'A nested requirements or constraints file is not followed: scan it on its own.';
  if (/^(-e|--editable)\b/.test(text)) return 'An editable install names a local path or repository, not a released version.';
  if (text.startsWith('-')) return 'A pip option, not a requirement.';
  return null;
}

/** The requirement before its per-requirement options (` --hash=…`): the first whitespace followed by `--`. */
function beforeOptions(text: string): string {
  const at = text.search(/\s--/);
  return at < 0 ? text : text.slice(0, at);
}

/** True when the text plausibly is a requirements file (used to recognise the kind). */
export function looksLikeRequirements(text: string): boolean {
  const lines = logicalLines(text);
  return (
    lines.length > 0 &&
    lines.every((l) => optionReason(l.text) !== null || REQUIREMENT.test(l.text) || /^[a-z]+(?:\+[a-z]+)?:\/\//i.test(l.text) || /^[./]/.test(l.text))
  );
}

/**
 * pip's requirements.txt: a line pinned with `==` (or `===`) is a component at that version and
 * line; the rest (ranges, URLs, paths, nested files, editable installs) is listed as not checked,
 * since no single installed version follows from it. Environment markers (`; python_version<"3"`)
 * and per-requirement options (`--hash=…`) are read past: the pinned version is what installs
 * wherever the marker holds.
 */
export function parseRequirements(text: string): ParsedManifest {
  const lines = logicalLines(text);
  const components: ScanComponent[] = [];
  const notChecked: NotChecked[] = [];
  let count = 0;
  for (const { text: full, line, tooLong } of lines) {
    const entry = entryText(full);
    const option = optionReason(full);
    if (option) {
      notChecked.push({ entry, line, reason: option });
      continue;
    }
    count++;
    if (tooLong !== undefined) {
      notChecked.push({ entry, line, reason: `Not checked: the line is ${tooLong} characters long; a scan reads at most ${MAX_LINE_LENGTH}.` });
      continue;
    }
    // Per-requirement options (`--hash`, `--config-settings`) and markers follow the specifier.
    const requirement = beforeOptions(full).split(';')[0]?.trim() ?? '';
    const pinned = PINNED.exec(requirement);
    if (!pinned) {
      const reason = REQUIREMENT.test(requirement) ? 'Not pinned with ==: no single installed version follows from it.' : 'Not a requirement pip can read.';
      notChecked.push({ entry, line, reason });
      continue;
    }
    const [, name = '', , version = ''] = pinned;
    if (version.includes('*')) {
      notChecked.push({ entry, line, reason: 'A wildcard version (==1.*) pins no single version.' });
      continue;
    }
    const oversized = oversizedField({ name, version });
    if (oversized) {
      notChecked.push({ entry, line, reason: oversized });
      continue;
    }
    const packageName = normalisePypiName(name);
    components.push({ name, version, purl: pypiPurl(name, version), ecosystem: 'PyPI', packageName, cpe: null, line, locator: packageName });
  }
  if (components.length === 0 && count === 0 && notChecked.every((n) => n.reason === 'A pip option, not a requirement.')) {
    throw badManifest('The requirements.txt names no requirement.');
  }
  checkComponentCount(count);
  return { kind: 'requirements', componentCount: count, components, notChecked };
}
