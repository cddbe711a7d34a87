import { MAX_JSON_DEPTH, MAX_JSON_ITEMS, MAX_JSON_STRING } from './bounds.js';
import { badManifest } from './manifest.js';

/** `body.a.b[3]`: where a bound was passed, as a 400's `details` names it. */
function pathText(path: readonly (string | number)[]): string {
  let out = 'body';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `.${part.length > 40 ? `${part.slice(0, 39)}…` : part}`;
  return out;
}

function refuse(path: readonly (string | number)[], message: string): never {
  throw badManifest(`The manifest is refused: ${message}.`, [{ parameter: pathText(path), message }]);
}

/** With the `u` flag a surrogate pair is one code point, so this finds only the halves without their pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

function checkString(value: string, path: readonly (string | number)[], what: string): void {
  if (value.length > MAX_JSON_STRING) refuse(path, `${what} is ${value.length} characters long; at most ${MAX_JSON_STRING} are read`);
  // A lone surrogate (`"\ud800"`) is valid JSON but no text: URL and purl encoders throw on it.
  if (LONE_SURROGATE.test(value)) refuse(path, `${what} holds a lone surrogate (\\ud800–\\udfff without its pair), which is not text`);
}

/**
 * The nesting depth of a JSON text, counted before JSON.parse sees it: V8 parses a text of two
 * million `[` in seconds (issue 24's "nested 20,000 deep" at 100 times the depth). One pass over
 * the characters, strings skipped; the text need not be valid JSON (JSON.parse judges that next).
 */
export function checkJsonTextDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) refuse([], `it nests objects and arrays more than ${MAX_JSON_DEPTH} deep`);
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
}

interface Pending {
  readonly value: unknown;
  readonly depth: number;
  readonly path: readonly (string | number)[];
}

/**
 * One cheap pass over a parsed JSON document, before any schema validation: nesting depth,
 * items per array and keys per object, string lengths, well-formed strings, and no `__proto__`
 * key (JSON.parse keeps it as an own key; object spreads and schema libraries drop or follow
 * it, so it is refused rather than read one way here and another there). Iterative, so a
 * document nested 20,000 deep is a 400, never a stack overflow; each value is visited once.
 */
export function checkJsonBounds(document: unknown): void {
  const stack: Pending[] = [{ value: document, depth: 0, path: [] }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      checkString(value, path, 'a string');
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) refuse(path, `it nests objects and arrays more than ${MAX_JSON_DEPTH} deep`);
    if (Array.isArray(value)) {
      if (value.length > MAX_JSON_ITEMS) refuse(path, `an array holds ${value.length} items; at most ${MAX_JSON_ITEMS} are read`);
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], depth: depth + 1, path: [...path, i] });
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > MAX_JSON_ITEMS) refuse(path, `an object holds ${keys.length} keys; at most ${MAX_JSON_ITEMS} are read`);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (key === '__proto__') refuse(path, 'a "__proto__" key is not accepted');
      checkString(key, [...path, key], 'a key');
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, path: [...path, key] });
    }
  }
}
