/**
 * The bounds every scan input is held to before any schema validation or matching (issue 24):
 * a crafted manifest must cost time linear in its bytes, and an answer a few MB at most,
 * whatever it holds. The JSON walk (`json-bounds.ts`) and the requirements reader count against
 * these; a field over its bound makes its component a `not_checked` entry, a document over a
 * structural bound a 400.
 */

/** Containers inside containers: CycloneDX nests components, real SBOMs stay far below this. */
export const MAX_JSON_DEPTH = 64;
/** Items of one array or keys of one object: a lockfile's `packages` map holds ≤ 10,000 components, plus room. */
export const MAX_JSON_ITEMS = 20_000;
/** Characters of one JSON string or key (licence texts and descriptions included). */
export const MAX_JSON_STRING = 65_536;
/** Characters of one logical line of a requirements.txt (`--hash` options included). */
export const MAX_LINE_LENGTH = 16_384;
/**
 * Logical lines of a requirements.txt, options and unpinned lines included (issue 24: a million
 * lines of "-" counted toward nothing): the 10,000 requirements, and as many option lines.
 */
export const MAX_LINES = 20_000;

/** The longest field of a component a scan matches; longer, the component is not checked. */
export const FIELD_BOUNDS = {
  name: 512,
  /** The package endpoint's own bound (GET /api/packages). */
  version: 256,
  purl: 2048,
  cpe: 1024,
} as const;

export { MAX_NOT_CHECKED_LISTED, MAX_REPORTED_VULNERABILITIES } from '../domain/limits.js';
/** Characters of a `not_checked` entry as listed (the manifest's own text, cut). */
export const MAX_ENTRY_LENGTH = 200;

type Field = keyof typeof FIELD_BOUNDS;

/** Why a component cannot be checked because a field is longer than its bound, or null. */
export function oversizedField(fields: Partial<Record<Field, string | null | undefined>>): string | null {
  for (const field of Object.keys(FIELD_BOUNDS) as Field[]) {
    const value = fields[field];
    if (value && value.length > FIELD_BOUNDS[field]) {
      return `Not checked: its ${field} is ${value.length} characters long; a scan reads at most ${FIELD_BOUNDS[field]}.`;
    }
  }
  return null;
}

/** The manifest's text as a `not_checked` entry shows it: cut to MAX_ENTRY_LENGTH characters. */
export function entryText(text: string): string {
  if (text.length <= MAX_ENTRY_LENGTH) return text;
  // Never cut between the halves of a surrogate pair: the answer must stay well-formed UTF-16.
  let end = MAX_ENTRY_LENGTH - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}
