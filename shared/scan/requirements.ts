import { badManifest, checkComponentCount, type NotChecked, type ParsedManifest, type ScanComponent } from './manifest.js';
import { normalisePypiName, pypiPurl } from './purl.js';

/** A PEP 508 name (letters, digits, `.`, `_`, `-`; starts and ends with a letter or digit). */
const NAME = '[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?';
/** `name[extras] == version` (or `===`), nothing else before the markers. */
const PINNED = new RegExp(`^(${NAME})\\s*(?:\\[[^\\]]*\\])?\\s*(===?)\\s*([A-Za-z0-9][A-Za-z0-9._+!*-]*)$`);
/** Any requirement line: a name, optional extras, then a specifier, a URL (`@`) or nothing. */
const REQUIREMENT = new RegExp(`^(${NAME})\\s*(?:\\[[^\\]]*\\])?\\s*(?:[<>=!~;@]|$)`);

interface LogicalLine {
  readonly text: string;
  /** The line the requirement starts on (continuations with `\` are joined to it). */
  readonly line: number;
}

/** Joins `\` continuations and drops comments (`#` at the start or after whitespace), as pip does. */
function logicalLines(text: string): LogicalLine[] {
  const physical = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const out: LogicalLine[] = [];
  let pending: LogicalLine | null = null;
  physical.forEach((raw, index) => {
    const withoutComment = raw.replace(/(^|\s)#.*$/, '');
    const continued = /\\\s*$/.test(withoutComment);
    const part = continued ? withoutComment.replace(/\\\s*$/, '') : withoutComment;
    pending = pending ? { text: `${pending.text} ${part}`, line: pending.line } : { text: part, line: index + 1 };
    if (!continued) {
      out.push({ text: pending.text.trim(), line: pending.line });
      pending = null;
    }
  });
  if (pending !== null) out.push({ text: (pending as LogicalLine).text.trim(), line: (pending as LogicalLine).line });
  return out.filter((l) => l.text !== '');
}

/** Options pip reads from a requirements file; they name no package to check. */
function optionReason(text: string): string | null {
  if (/^(-r|--requirement|-c|--constraint)\b/.test(text)) return 'A nested requirements or constraints file is not followed: scan it on its own.';
  if (/^(-e|--editable)\b/.test(text)) return 'An editable install names a local path or repository, not a released version.';
  if (text.startsWith('-')) return 'A pip option, not a requirement.';
  return null;
}

/** True when the text plausibly is a requirements file (used to recognise the kind). */
export function looksLikeRequirements(text: string): boolean {
  const lines = logicalLines(text);
  return lines.length > 0 && lines.every((l) => optionReason(l.text) !== null || REQUIREMENT.test(l.text) || /^[a-z]+(\+[a-z]+)?:\/\//i.test(l.text) || /^[./]/.test(l.text));
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
  for (const { text: full, line } of lines) {
    const option = optionReason(full);
    if (option) {
      notChecked.push({ entry: full, line, reason: option });
      continue;
    }
    count++;
    // Per-requirement options (`--hash`, `--config-settings`) and markers follow the specifier.
    const requirement = full.split(/\s+--/)[0]?.split(';')[0]?.trim() ?? '';
    const pinned = PINNED.exec(requirement);
    if (!pinned) {
      const reason = REQUIREMENT.test(requirement)
        ? 'Not pinned with ==: no single installed version follows from it.'
        : 'Not a requirement pip can read.';
      notChecked.push({ entry: full, line, reason });
      continue;
    }
    const [, name = '', , version = ''] = pinned;
    if (version.includes('*')) {
      notChecked.push({ entry: full, line, reason: 'A wildcard version (==1.*) pins no single version.' });
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
