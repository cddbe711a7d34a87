import type { VersionOrder } from './version-order.js';

/**
 * Maven's version order (maven.apache.org/pom.html#Version_Order_Specification, the rules of
 * `org.apache.maven.artifact.versioning.ComparableVersion`): the version is split at `.`, `-`
 * and at every change between digits and letters (a change and a `-` both open a sub-list);
 * trailing "null" items (0, "", "final", "ga", "release") are dropped in every list; numbers
 * compare as numbers, the known qualifiers as alpha < beta < milestone < rc = cr < snapshot <
 * "" = final = ga = release < sp, unknown qualifiers after those, alphabetically; and a number
 * beats a list, which beats a qualifier.
 */
type Item = { kind: 'int'; value: bigint } | { kind: 'string'; value: string } | { kind: 'list'; items: Item[] };

const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const RELEASE_INDEX = String(QUALIFIERS.indexOf(''));
const ALIASES: Record<string, string> = { ga: '', final: '', release: '', cr: 'rc' };
const SHORT_FORMS: Record<string, string> = { a: 'alpha', b: 'beta', m: 'milestone' };

function comparableQualifier(value: string): string {
  const index = QUALIFIERS.indexOf(value);
  // Maven compares these as strings: known qualifiers by their position, unknown ones after all of them.
  return index === -1 ? `${QUALIFIERS.length}-${value}` : String(index);
}

function stringItem(text: string, followedByDigit: boolean): Item {
  let value = followedByDigit && text.length === 1 ? (SHORT_FORMS[text] ?? text) : text;
  value = ALIASES[value] ?? value;
  return { kind: 'string', value };
}

function parseItem(isDigit: boolean, text: string): Item {
  return isDigit ? { kind: 'int', value: BigInt(text) } : stringItem(text, false);
}

function isNull(item: Item): boolean {
  if (item.kind === 'int') return item.value === 0n;
  if (item.kind === 'string') return comparableQualifier(item.value) === RELEASE_INDEX;
  return item.items.length === 0;
}

function normalize(list: Item[]): void {
  for (let i = list.length - 1; i >= 0; i--) {
    const item = list[i]!;
    if (isNull(item)) list.splice(i, 1);
    else if (item.kind !== 'list') break;
  }
}

export function parseMavenVersion(version: string): Item {
  const text = version.toLowerCase();
  const root: Item[] = [];
  let list = root;
  const stack: Item[][] = [root];
  let isDigit = false;
  let start = 0;
  const openList = (): void => {
    const next: Item[] = [];
    list.push({ kind: 'list', items: next });
    list = next;
    stack.push(next);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '.' || c === '-') {
      list.push(i === start ? { kind: 'int', value: 0n } : parseItem(isDigit, text.slice(start, i)));
      start = i + 1;
      if (c === '-') openList();
    } else if (c >= '0' && c <= '9') {
      if (!isDigit && i > start) {
        list.push(stringItem(text.slice(start, i), true));
        start = i;
        openList();
      }
      isDigit = true;
    } else {
      if (isDigit && i > start) {
        list.push(parseItem(true, text.slice(start, i)));
        start = i;
        openList();
      }
      isDigit = false;
    }
  }
  if (text.length > start) list.push(parseItem(isDigit, text.slice(start)));
  // Innermost lists first, as Maven pops its stack.
  while (stack.length > 0) normalize(stack.pop()!);
  return { kind: 'list', items: root };
}

function compareItems(a: Item, b: Item | undefined): number {
  if (a.kind === 'int') {
    if (b === undefined) return a.value === 0n ? 0 : 1;
    if (b.kind === 'int') return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
    return 1; // 1.1 > 1-sp and 1.1 > 1-1
  }
  if (a.kind === 'string') {
    if (b === undefined) return compareStrings(comparableQualifier(a.value), RELEASE_INDEX); // 1-rc < 1 < 1-sp
    if (b.kind === 'string') return compareStrings(comparableQualifier(a.value), comparableQualifier(b.value));
    return -1; // a qualifier is below a number and below a list
  }
  if (b === undefined) {
    for (const item of a.items) {
      const result = compareItems(item, undefined);
      if (result !== 0) return result;
    }
    return 0;
  }
  if (b.kind === 'int') return -1;
  if (b.kind === 'string') return 1;
  const length = Math.max(a.items.length, b.items.length);
  for (let i = 0; i < length; i++) {
    const left = a.items[i];
    const right = b.items[i];
    const result = left === undefined ? (right === undefined ? 0 : -compareItems(right, undefined)) : compareItems(left, right);
    if (result !== 0) return result;
  }
  return 0;
}

/** Java's String.compareTo: by UTF-16 code unit, not by locale. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export const mavenOrder: VersionOrder = {
  valid: (version) => version.trim().length > 0,
  compare: (a, b) => compareItems(parseMavenVersion(a), parseMavenVersion(b)),
};
