import type { VersionOrder } from './version-order.js';

/**
 * Maven's version order as its specification writes it
 * (maven.apache.org/pom.html#Version_Order_Specification), which is also how OSV.dev orders
 * Maven versions when it evaluates ranges:
 * - the version is split into tokens at `.`, at `-` and at each change between digits and other
 *   characters (a change counts as `-`); every token remembers its separator (its prefix); an
 *   empty token is 0; `cr` is `rc`, `ga`/`final`/`release` are "", and `a`/`b`/`m` directly
 *   followed by a digit are alpha/beta/milestone;
 * - trailing "null" tokens (0, "") are trimmed from the end, and again before each remaining `-`;
 * - versions compare token by token, the shorter padded with nulls (0 after `.`, "" after `-`);
 *   with the same prefix, numbers by value, a number above a qualifier, qualifiers as alpha <
 *   beta < milestone < rc < snapshot < "" < sp < any other (alphabetically); with different
 *   prefixes `.qualifier` = `-qualifier` < `-number` < `.number`.
 */
interface Token {
  readonly prefix: '' | '.' | '-';
  readonly value: string;
  readonly numeric: boolean;
  /** A padding token: a 0 or "" that only stands in for a missing one. */
  readonly padding?: boolean;
}

const KEYWORDS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const NULL_VALUES = new Set(['0', '']);
const SHORT_FORMS: Record<string, string> = { a: 'alpha', b: 'beta', m: 'milestone' };
const ALIASES: Record<string, string> = { cr: 'rc', ga: '', final: '', release: '' };

function tokenize(version: string): Token[] {
  const tokens: Token[] = [];
  const parts = version.toLowerCase().split(/([.-])/);
  for (let i = 0; i < parts.length; i += 2) {
    let prefix: Token['prefix'] = i === 0 ? '' : (parts[i - 1] as '.' | '-');
    // Runs of digits and runs of anything else; a change between them acts as a hyphen.
    const runs = parts[i]!.match(/\d+|\D+/g) ?? [''];
    runs.forEach((run, j) => {
      if (j > 0) prefix = '-';
      let value = run === '' ? '0' : run;
      const followedByDigit = j < runs.length - 1;
      if (followedByDigit) value = SHORT_FORMS[value] ?? value;
      value = ALIASES[value] ?? value;
      const numeric = /^\d+$/.test(value);
      tokens.push({ prefix, value: numeric ? BigInt(value).toString() : value, numeric });
    });
  }
  // Trim nulls at the end, then before each remaining hyphen, from the end to the start.
  let i = tokens.length - 1;
  while (i > 0) {
    if (NULL_VALUES.has(tokens[i]!.value)) {
      tokens.splice(i, 1);
      i--;
      continue;
    }
    while (i >= 0 && tokens[i]!.prefix !== '-') i--;
    i--;
  }
  return tokens;
}

function keywordIndex(value: string): number {
  const index = KEYWORDS.indexOf(value);
  return index === -1 ? KEYWORDS.length : index;
}

function compareQualifiers(a: string, b: string): number {
  const left = keywordIndex(a);
  const right = keywordIndex(b);
  if (left === KEYWORDS.length && right === KEYWORDS.length) return a < b ? -1 : a > b ? 1 : 0;
  return Math.sign(left - right);
}

/** `.qualifier` = `-qualifier` < `-number` < `.number`. */
function prefixRank(token: Token): number {
  if (!token.numeric) return 0;
  return token.prefix === '-' ? 1 : 2;
}

function compareTokens(a: Token, b: Token): number {
  if (a.prefix === b.prefix || (!a.numeric && !b.numeric)) {
    if (a.numeric && b.numeric) {
      const x = BigInt(a.value);
      const y = BigInt(b.value);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    // A number beats a qualifier, except a padding 0, which compares as a plain word would.
    if (a.numeric && !a.padding) return 1;
    if (b.numeric && !b.padding) return -1;
    return compareQualifiers(a.value, b.value);
  }
  return Math.sign(prefixRank(a) - prefixRank(b));
}

function padding(other: Token): Token {
  return other.prefix === '-' ? { prefix: '-', value: '', numeric: false, padding: true } : { prefix: '.', value: '0', numeric: true, padding: true };
}

function compare(a: string, b: string): number {
  const left = tokenize(a);
  const right = tokenize(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const l = left[i] ?? padding(right[i]!);
    const r = right[i] ?? padding(left[i]!);
    const result = compareTokens(l, r);
    if (result !== 0) return result;
  }
  return 0;
}

export const mavenOrder: VersionOrder = {
  valid: (version) => version.trim().length > 0 && !/\s/.test(version.trim()),
  compare: (a, b) => compare(a.trim(), b.trim()),
};
