/**
 * The versions the description states, each tied to the products and platforms it is about.
 *
 * - Products: those the text names between the previous statement of the sentence (or the
 *   sentence's start, or the last "as used in": a carrier's versions are its own) and the
 *   statement: "Adobe Reader and Acrobat 10.x before 10.1.14" is about both. Of two names at one
 *   place the longer wins ("Firefox ESR" is not also Firefox). A statement that names none
 *   continues the previous one ("10.x before 10.1.14 and 11.x before 11.0.11"); the first of a
 *   sentence falls back to the product named nearest before it, else the record's only product
 *   (`productForStatement`), never a product whose part ("plugin … for X") it is about.
 * - Platforms: "on Windows and OS X" after a statement holds for it and for the statements
 *   chained before it with no comma between ("Firefox before 41.0 and Firefox ESR 38.x before
 *   38.3 on Windows"); a statement with none holds on every platform.
 */
import { ANOTHER_SUBJECT, CARRIER, lineMatches, productForStatement } from '../derive/fix-advice.js';
import { mentionIndex } from '../derive/product-order.js';
import type { DescribedFix } from '../versions/description.js';
import { productKey, type FixProduct } from './fix-products.js';

export interface PlacedStatement {
  readonly statement: DescribedFix;
  /** Keys of the products it is about (`FixProduct.key`); empty when it names none of the record's. */
  readonly products: readonly string[];
  /** The platforms it names, or [null]: every platform. */
  readonly platforms: readonly (string | null)[];
}

const PLATFORM = String.raw`(?:mac os x|os x|macos|windows|linux|android|ios|ipados|chrome os|solaris|freebsd|aix|hp-ux|unix)`;
const PLATFORM_PHRASE = new RegExp(String.raw`^\s*,?\s*(?:when running\s+)?on\s+(?<list>${PLATFORM}(?:\s*(?:,|and|or)\s*(?:on\s+)?${PLATFORM})*)\b`, 'i');

const platformName = (name: string) => {
  const p = name.toLowerCase().replace(/\s+/g, ' ');
  return p === 'mac os x' ? 'os x' : p;
};

function platformsAfter(gap: string): string[] {
  const list = PLATFORM_PHRASE.exec(gap)?.groups?.list;
  if (!list) return [];
  return [...new Set((list.match(new RegExp(PLATFORM, 'gi')) ?? []).map(platformName))];
}

/** Where the sentence holding `index` starts (after ". ", "! ", "? " or "; "). */
function clauseStart(text: string, index: number): number {
  for (let i = index - 2; i >= 0; i--) {
    if ((text[i] === '.' || text[i] === '!' || text[i] === '?' || text[i] === ';') && text[i + 1] === ' ') return i + 2;
  }
  return 0;
}

const words = (text: string) => text.toLowerCase().replace(/[^a-z0-9+#.]+/g, ' ').replace(/\.(?= |$)/g, '').trim();

/** Words too common to name a product alone (the tail of `cloud_foundry_uaa-release` is not "release"). */
const COMMON = new Set(['server', 'client', 'release', 'manager', 'studio', 'suite', 'web', 'cms', 'core', 'framework', 'plugin', 'module', 'app', 'application', 'system', 'software', 'firmware', 'os', 'service', 'services', 'portal', 'console', 'agent', 'tools', 'library', 'sdk', 'api', 'edition', 'enterprise', 'professional', 'standard', 'express']);

/**
 * The names a description may use for a product beyond its CPE tokens (`mentionIndex`): its
 * display title ("Adobe Reader" for `acrobat_reader`) and the tail of a CPE product that repeats
 * its family ("cf-release" for `cloud_foundry_cf-release`, "UAA" for `cloud_foundry_uaa`).
 */
function otherNames(product: FixProduct['members'][number]): string[] {
  const names: string[] = [];
  if (product.title) names.push(words(product.title));
  const tokens = words(product.product.replace(/[_-]+/g, ' ')).split(' ');
  for (let i = 1; i < tokens.length; i++) {
    const tail = tokens.slice(i);
    if (tail.length >= 2 || (tail[0]!.length >= 3 && !COMMON.has(tail[0]!))) names.push(tail.join(' '));
  }
  return names.filter((n) => n.length >= 3);
}

/** Where `name` stands in `subject` (whole words), as [start, end] in the normalised text. */
function spanOf(name: string, subject: string): [number, number] | undefined {
  const haystack = ` ${words(subject.replace(/[_-]+/g, ' '))} `;
  const at = haystack.indexOf(` ${name} `);
  return at < 0 ? undefined : [at, at + name.length + 2];
}

/** Products named in `subject`, the longer name winning where two start at one place. */
function namedIn(subject: string, products: readonly FixProduct[]): string[] {
  const spans = products.flatMap((p) => {
    const starts = p.members.map((m) => mentionIndex(m, subject, 'first')).filter((i) => i >= 0);
    const ends = p.members.map((m) => mentionIndex(m, subject, 'lastEnd')).filter((i) => i >= 0);
    if (starts.length > 0) return [{ key: p.key, start: Math.min(...starts), end: Math.max(...ends) }];
    const other = p.members.flatMap(otherNames).map((n) => spanOf(n, subject)).filter((x): x is [number, number] => x !== undefined);
    return other.length > 0 ? [{ key: p.key, start: Math.min(...other.map((o) => o[0])), end: Math.max(...other.map((o) => o[1])) }] : [];
  });
  return spans.filter((s) => !spans.some((o) => o !== s && o.start <= s.start && o.end >= s.end && o.end - o.start > s.end - s.start)).map((s) => s.key);
}

/** Words that end a product's name when read backwards from a version. */
const NOT_A_NAME = /^(?:in|of|the|for|and|or|on|a|an|to|with|via|from|versions?|all|before|prior|through|vulnerability|vulnerabilities|issue|flaw|is|are|was|affects?|affected|found|discovered|exists?|plugin|module|component|extension|package|library|theme)$/i;

/**
 * A record that lists no product: the words naming what comes right before the statement
 * ("qutebrowser before version 1.4.1", "Acme Widget before 2.3") as a best-effort
 * `vendor:product` key (the gold annotations' reading of such records), else none.
 */
function describedProductKey(subject: string): string | undefined {
  const words: string[] = [];
  for (const word of subject.trim().split(/\s+/).reverse()) {
    const clean = word.replace(/^[("']+|[)"',;:.]+$/g, '');
    if (!clean || NOT_A_NAME.test(clean) || /^\d/.test(clean) || word !== word.replace(/[,;:.]+$/, '') || words.length >= 3) break;
    if (!/^[A-Za-z][\w.+-]*$/.test(clean)) break;
    words.unshift(clean.toLowerCase().replace(/[^a-z0-9+.-]+/g, '_'));
  }
  if (words.length === 0) return undefined;
  return words.length === 1 ? `${words[0]}:${words[0]}` : `${words[0]}:${words.slice(1).join('_')}`;
}

/**
 * "Firefox ESR 38.x before 38.3" where NVD lists only Firefox: an edition in capitals right
 * after the product's name is a product of its own (`mozilla:firefox_esr`), whose fix is not
 * Firefox's and is not checked against Firefox's versions.
 */
function editionOf(key: string, subject: string, products: readonly FixProduct[]): string {
  const edition = /([A-Za-z][\w-]*)\s+([A-Z]{2,4})\s*$/.exec(subject);
  if (!edition) return key;
  const product = products.find((p) => p.key === key);
  const last = (name: string) => name.split(/[_\s-]+/).at(-1)!.toLowerCase();
  if (!product?.members.some((m) => last(m.product) === edition[1]!.toLowerCase())) return key;
  const editionKey = `${key}_${edition[2]!.toLowerCase()}`;
  return products.some((p) => p.key === editionKey) ? key : editionKey;
}

function afterCarrier(subject: string): string {
  let end = 0;
  for (const match of subject.matchAll(CARRIER)) end = match.index + match[0].length;
  return subject.slice(end);
}

export function placeStatements(statements: readonly DescribedFix[], products: readonly FixProduct[], description: string): PlacedStatement[] {
  const text = description.replace(/\s+/g, ' ');
  const members = products.flatMap((p) => p.members);
  const keyOfMember = new Map(products.flatMap((p) => p.members.map((m) => [productKey(m), p.key] as const)));
  const placed: { statement: DescribedFix; products: string[]; platforms: (string | null)[]; own: boolean }[] = [];
  statements.forEach((statement, i) => {
    if (!lineMatches(statement)) return;
    const previous = statements[i - 1];
    const start = clauseStart(text, statement.at);
    const inClause = previous !== undefined && previous.end > start && previous.end <= statement.at;
    const subject = afterCarrier(text.slice(inClause ? previous.end : start, statement.at));
    let keys = namedIn(subject, products).map((key) => editionOf(key, subject, products));
    const own = keys.length > 0;
    if (!own && inClause) keys = placed.at(-1)?.statement === previous ? [...placed.at(-1)!.products] : [];
    if (!own && !inClause && products.length > 0) {
      const found = productForStatement(members, statement, description);
      keys = found === undefined || found === ANOTHER_SUBJECT ? [] : [keyOfMember.get(productKey(found))!];
    }
    if (!own && !inClause && products.length === 0) {
      const named = describedProductKey(subject);
      keys = named ? [named] : [];
    }
    const next = statements[i + 1];
    const gap = text.slice(statement.end, next && next.at > statement.end ? next.at : statement.end + 120);
    const platforms = platformsAfter(gap);
    placed.push({ statement, products: keys, platforms: platforms.length > 0 ? platforms : [null], own });
  });
  // A platform phrase holds for the statements chained before it: no comma or clause between.
  for (let i = placed.length - 2; i >= 0; i--) {
    const current = placed[i]!;
    const next = placed[i + 1]!;
    if (current.platforms[0] !== null || next.platforms[0] === null) continue;
    const between = text.slice(current.statement.end, next.statement.at);
    if (!/[,;.]/.test(between)) current.platforms = [...next.platforms];
  }
  return placed.map(({ statement, products: keys, platforms }) => ({ statement, products: keys, platforms }));
}
