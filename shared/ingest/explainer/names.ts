import type { AffectedProduct, VersionRange } from '../model.js';

/**
 * A display name from a CPE token or a CVE 5 name: underscores become spaces and lower-case
 * words are capitalised (`internet_information_server` → `Internet Information Server`);
 * names that already carry capitals are kept as written.
 */
const SHORT_WORDS = new Set(['and', 'for', 'the', 'of', 'on', 'in', 'to', 'web', 'app', 'net', 'pro', 'max', 'one', 'box', 'hub', 'lab', 'kit', 'bot', 'map', 'pay', 'mail', 'go', 'my', 'xen', 'zen', 'tag', 'hat', 'red', 'os', 'ios', 'mac', 'sun', 'joy', 'fox', 'pdf', 'air']);

export function displayName(token: string): string {
  const spaced = token.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
  if (/[A-Z]/.test(spaced)) return spaced;
  // Short lower-case vendor words are usually acronyms (hp, ibm, gnu, php); common short words are not.
  return spaced
    .split(' ')
    .map((word) => {
      if (/^[a-z]{2,3}$/.test(word) && !SHORT_WORDS.has(word)) return word.toUpperCase();
      return word.replace(/^[a-z]/, (letter) => letter.toUpperCase());
    })
    .join(' ');
}

/** "a" or "an" before a phrase, by its sound: vowels, "un…", and acronyms read with a vowel sound (an SQL, an XML, an HTTP). */
export function article(phrase: string): 'a' | 'an' {
  if (/^[A-Z]{2,}/.test(phrase)) return /^[AEFHILMNORSX]/.test(phrase) ? 'an' : 'a';
  if (/^(un[^i]|[aeio])/i.test(phrase)) return 'an';
  return 'a';
}

/** "Vendor Product", or just the product when its name already starts with the vendor's. */
export function productName(product: Pick<AffectedProduct, 'vendor' | 'product'>): string {
  const p = displayName(product.product);
  const v = displayName(product.vendor);
  if (!v || p.toLowerCase().startsWith(v.toLowerCase())) return p;
  return `${v} ${p}`;
}

export function rangeText(range: VersionRange): string | undefined {
  const from = range.startIncluding ? `from ${range.startIncluding}` : range.startExcluding ? `after ${range.startExcluding}` : '';
  const to = range.endExcluding ? `before ${range.endExcluding}` : range.endIncluding ? `up to and including ${range.endIncluding}` : '';
  if (from && to) return `${from} ${to}`;
  if (to) return to;
  if (from) return `${from} on`;
  if (range.exact) return range.exact;
  return undefined;
}

/** Joins phrases as "a", "a and b", "a, b and c". Never called with an empty list by its callers; answers '' if it is. */
export function listText(items: readonly string[]): string {
  const clean = items.filter((i) => i.trim().length > 0);
  if (clean.length <= 1) return clean[0] ?? '';
  return `${clean.slice(0, -1).join(', ')} and ${clean.at(-1)}`;
}

export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return '';
  const capital = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
