/**
 * Product display names from NVD's CPE dictionary titles. The dictionary titles each versioned
 * entry ("Apple iPhone OS 1.0", "Apache Software Foundation Apache HTTP Server 1.3.0"); a
 * vendor:product pair's name is one of its titles with the version part cut off:
 *
 * 1. each title is cut where its CPE version starts ("… Server 1.3.0" → "… Server"), dropping
 *    "(aka …)" asides; a title that does not contain its version loses a last word that starts
 *    with a digit;
 * 2. of the cut titles, the shortest that still spells every word of the CPE product token wins
 *    ("Apache HTTP Server" over "Apache Software Foundation Apache HTTP Server"); if none does,
 *    the pair has no dictionary title (the CNA's names or the casing rule follow). A title starting in lower case comes after the others
 *    ("Linux Kernel" over "linux Kernel", "jQuery" kept), and "OpenSSL OpenSSL" reads "OpenSSL";
 * 3. a vendor's legal form after its name is dropped ("Apache Software Foundation Tomcat" →
 *    "Apache Tomcat").
 *
 * The vendor's display name is the title's leading words when they spell the CPE vendor token
 * ("Red Hat" for `redhat`), else unknown. Only the pairs' cut titles are kept in memory.
 */
import { escapeRegExp } from '../../domain/escape-regexp.js';

export interface CpeTitleEntry {
  readonly vendor: string;
  readonly product: string;
  /** The CPE version field (`*` when the entry has none). */
  readonly version: string;
  readonly title: string;
}

export interface ProductTitle {
  /** The product as people write it, with its vendor when the dictionary title carries one. */
  readonly title: string;
  /** The vendor's name as the title spells it, when the title starts with it. */
  readonly vendorTitle?: string;
}

const letters = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Characters that may follow a version in a title (besides the end). */
const AFTER_VERSION = new Set([' ', '.', '-', '_', ':', ',', ';', ')']);
// eslint-disable-next-line no-control-regex
const NOT_PLAIN = /[^\x00-\x7f]/;

/**
 * Where the last " <version>" of `text` starts (case ignored), followed by the end or one of
 * AFTER_VERSION; -1 when it does not appear. `text` has single spaces only. The dictionary has
 * hundreds of thousands of titles: a plain search, not a regular expression built per title;
 * text outside ASCII or a version holding a space (where case folding or overlapping matches
 * could differ) takes the regular expression.
 */
function lastVersionAt(text: string, version: string): number {
  if (NOT_PLAIN.test(text) || NOT_PLAIN.test(version) || /\s/.test(version)) {
    return [...text.matchAll(new RegExp(`\\s${escapeRegExp(version)}(?=$|[\\s.\\-_:,;)])`, 'gi'))].at(-1)?.index ?? -1;
  }
  const haystack = text.toLowerCase();
  const needle = ` ${version.toLowerCase()}`;
  for (let at = haystack.lastIndexOf(needle); at >= 0; at = at === 0 ? -1 : haystack.lastIndexOf(needle, at - 1)) {
    const next = at + needle.length;
    if (next === haystack.length || AFTER_VERSION.has(haystack[next]!)) return at;
  }
  return -1;
}

/**
 * Trailing words that describe one dictionary entry, not the product: its service pack, the CPU
 * it was built for, "(initial release)". NVD titles Windows entries "Microsoft Windows 7 x86
 * Service Pack 1" and "Microsoft Windows Vista Service Pack 2": cut at the version alone, every
 * Vista record named "Microsoft Windows Vista Service Pack" (CVE-2015-2426).
 */
const ENTRY_QUALIFIERS = [
  /\s*\((?:initial|intial) release\)$/i,
  /\s+(?:service pack|sp)(?:\s*\d+)?$/i,
  // Windows Server's second release of an edition ("Microsoft Windows 2003 Server R2 Service Pack 2", CVE-2006-3942, the ninth
  // reading): an entry of the product, unless the token holds it (`windows_server_2012_r2`).
  /\s+R2$/,
  /\s+(?:x86|x64|x86_64|amd64|ia64|itanium|32-bit|64-bit)$/i,
  // "Microsoft Windows 8.1 x64 (64-bit)": the CPU said twice.
  /\s*\((?:32|64)-bit\)$/i,
  // "Artiva RM 3.1 Maintenance Release", "innovaphone PBX 10.00 Service Release": the release it updates with it.
  /\s+(?:v?\d[\w.]*\s+)?(?:service|maintenance)\s+release$/i,
  // The word before the version: "Symantec Endpoint Protection Manager (SEPM) Version 12.1.3" named
  // every SEPM record "… (SEPM) Version" (CVE-2016-3647, the twenty-third session); Polycom's
  // "HDX System Software release 3.0.5", Concrete5's "version".
  /\s+(?:version|ver\.?|release)$/i,
];

/** `text` without its trailing entry qualifiers, except words the product token itself holds (`windows_xp_x64`). */
function withoutEntryQualifiers(text: string, product: string | undefined): string {
  const own = product ? letters(product) : '';
  for (let changed = true; changed;) {
    changed = false;
    for (const qualifier of ENTRY_QUALIFIERS) {
      const match = qualifier.exec(text);
      if (!match) continue;
      // A service pack's words without its number ("sp"); a word that is little but its number ("R2") whole.
      const words = letters(match[0].replace(/\d+/g, ''));
      if (own && own.includes(words.length > 1 ? words : letters(match[0]))) continue;
      text = text.slice(0, match.index);
      changed = true;
    }
  }
  return text;
}

const withoutTrailingPunctuation = (text: string) => text.replace(/[\s,;:\-–]+$/, '').trim();

/**
 * Some dictionary titles glue the product token onto the word before it: "GNU Bourne-Again
 * SHellbash (GNU Bash)", "David Paleinowicd" (`gnu:bash`, `david_paleino:wicd`). Where a word
 * after the first (the vendor's own name may hold the token) is a capitalised word with the
 * lower-case token stuck to its end, the token is a word of its own again.
 */
function unglued(text: string, product: string | undefined): string {
  const token = product?.toLowerCase();
  if (!token || !/^[a-z][a-z0-9]{3,}$/.test(token)) return text;
  const glued = new RegExp(`(?<=\\s)([A-Za-z-]*[A-Z][A-Za-z-]*?)(${token})(?=$|[\\s),])`, 'g');
  return text.replace(glued, '$1 $2');
}

/**
 * "GNU Bourne-Again SHell bash (GNU Bash)": a title that ends with the product's short name in
 * brackets, starting with the title's own first word (the vendor) and spelling the product, is
 * known by that short name. A bracketed slug ("(login_rebuilder)") or abbreviation ("(LTM)") is not it.
 */
function shortName(text: string, product: string | undefined): string {
  const match = /^(\S+) .*\((\1 [^()]+)\)$/.exec(text);
  return match && product && spellsProduct(match[2]!, product) ? match[2]! : text;
}

/** A title without its version part (and its entry qualifiers), or undefined when nothing sensible is left. */
export function cutTitle(title: string, version: string, product?: string): string | undefined {
  let text = title
    .replace(/\s*\(aka [^)]*\)/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  const words = text.split(' ');
  // The last place the version appears: a product name may itself hold the same digits.
  // CPE writes a space of the version as "_": Ghostscript's `8_64` is titled "Artifex Ghostscript 8 64".
  const spelt = version.includes('_') ? [version, version.replace(/_/g, ' ')] : [version];
  const found = version && version !== '*' && version !== '-' ? Math.max(...spelt.map((v) => lastVersionAt(text, v))) : -1;
  if (found >= 0) text = text.slice(0, found);
  else if (words.length > 1 && /^v?\d/i.test(words.at(-1)!)) text = words.slice(0, -1).join(' ');
  text = withoutTrailingPunctuation(withoutEntryQualifiers(withoutTrailingPunctuation(text), product));
  text = shortName(unglued(text, product), product);
  // "OpenSSL OpenSSL", "nodejs Node.js": a vendor named like its product is said once.
  text = cmsSaidOnce(vendorSaidOnce(text.replace(/^(\S+(?: \S+)?) \1(?= |$)/i, '$1')));
  return /[A-Za-z]/.test(text) ? text : undefined;
}

/** "nodejs Node.js" → "Node.js": leading words whose letters are the next words' letters, as NVD writes a vendor token before its product. */
function vendorSaidOnce(text: string): string {
  const words = text.split(' ');
  for (let k = 1; k <= 2 && k < words.length; k++) {
    const vendor = letters(words.slice(0, k).join(''));
    for (let j = 1; j <= 3 && k + j <= words.length; j++) {
      if (vendor && letters(words.slice(k, k + j).join('')) === vendor) return words.slice(k).join(' ');
    }
  }
  return text;
}

/** "Pluck-cms Pluck" → "Pluck CMS": a vendor that is its product's name and "CMS" is the product's whole name. */
function cmsSaidOnce(text: string): string {
  const [vendor, ...rest] = text.split(' ');
  const product = rest.join(' ');
  return rest.length > 0 && letters(product).length >= 4 && letters(vendor!) === `${letters(product)}cms` ? `${product} CMS` : text;
}

function spellsProduct(title: string, product: string): boolean {
  const have = letters(title);
  return product
    .split(/[_\s]+/)
    .map(letters)
    .filter((w) => w)
    .every((w) => have.includes(w));
}

/** The leading words of `title` that spell the vendor token (`redhat` → "Red Hat"), if any. */
export function vendorPrefix(title: string, vendor: string): string | undefined {
  const target = letters(vendor.replace(/_(project|team|foundation|inc|corp|corporation|ltd|llc|gmbh)$/i, ''));
  if (!target) return undefined;
  const words = title.split(' ');
  let spelled = '';
  for (let i = 0; i < words.length - 1; i++) {
    spelled += letters(words[i]!);
    if (spelled === target) return words.slice(0, i + 1).join(' ');
    if (!target.startsWith(spelled)) return undefined;
  }
  return undefined;
}

export class CpeTitles {
  /** `vendor:product` → cut title → how many entries give it. */
  private readonly counts = new Map<string, Map<string, number>>();
  private readonly chosen = new Map<string, ProductTitle | null>();
  /** vendor token → the vendor's name as its titles start ("Schneider Electric") → how many titles. */
  private readonly vendorVotes = new Map<string, Map<string, number>>();

  add(entry: CpeTitleEntry): void {
    // A few entries are titled with their own CPE 2.2 URI: that names nothing.
    const cut = /^cpe:/i.test(entry.title) ? undefined : cutTitle(entry.title, entry.version, entry.product);
    if (!cut) return;
    const key = `${entry.vendor}:${entry.product}`;
    let titles = this.counts.get(key);
    if (!titles) this.counts.set(key, (titles = new Map()));
    titles.set(cut, (titles.get(cut) ?? 0) + 1);
    this.chosen.delete(key);
    const vendorName = vendorPrefix(cut, entry.vendor);
    if (vendorName) {
      let votes = this.vendorVotes.get(entry.vendor);
      if (!votes) this.vendorVotes.set(entry.vendor, (votes = new Map()));
      votes.set(vendorName, (votes.get(vendorName) ?? 0) + 1);
    }
  }

  /**
   * The vendor's name as most of its titles spell it ("Schneider Electric" for
   * `schneider-electric`), for its products the dictionary does not title: without it they read
   * "Schneider-electric Modicon M580 Firmware".
   */
  vendorTitle(vendor: string): string | undefined {
    const votes = this.vendorVotes.get(vendor);
    return votes ? [...votes].sort(([a, n], [b, m]) => m - n || a.localeCompare(b))[0]?.[0] : undefined;
  }

  get size(): number {
    return this.counts.size;
  }

  /** The pair's display name, or undefined when the dictionary does not hold the pair. */
  title(vendor: string, product: string): ProductTitle | undefined {
    const key = `${vendor}:${product}`;
    const cached = this.chosen.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const titles = this.counts.get(key);
    const tidied = titles ? new Map<string, number>() : undefined;
    for (const [t, n] of titles ?? []) tidied!.set(tidyVendor(t, vendor), (tidied!.get(tidyVendor(t, vendor)) ?? 0) + n);
    const best = tidied ? choose(withoutConflictingPlatforms(tidied), product) : undefined;
    const value = best ? { title: best, ...optionalVendor(vendorPrefix(best, vendor)) } : null;
    this.chosen.set(key, value);
    return value ?? undefined;
  }
}

const LEGAL_WORDS = /^(Software Foundation|Foundation|Project|Inc\.?|Corporation|Corp\.?|Ltd\.?|LLC|GmbH|Team|Group|Organization)(?= )/;

/**
 * "Apache Software Foundation Tomcat" → "Apache Tomcat", "OpenSSL Project OpenSSL" → "OpenSSL":
 * the vendor's legal form after its name says nothing to a reader.
 */
export function tidyVendor(title: string, vendor: string): string {
  const prefix = vendorPrefix(title, vendor);
  if (!prefix) return title;
  const rest = title
    .slice(prefix.length + 1)
    .replace(LEGAL_WORDS, '')
    .trim();
  if (!rest) return title;
  return `${prefix} ${rest}`.replace(/^(\S+(?: \S+)?) \1(?= |$)/i, '$1');
}

/** A title's trailing platform qualifier: "Fortinet FortiClient for iOS" → " for iOS". */
const PLATFORM_QUALIFIER = / for \S.*$/;

/**
 * A pair whose titles name different platforms ("FortiClient for Android", "FortiClient for
 * iOS") is one product on several: any one platform in its name would be wrong for the others
 * (CVE-2015-4077, Windows drivers, was named "FortiClient for iOS"). There the qualifiers are
 * dropped. Titles that agree ("… for WordPress" on every entry) keep theirs: it is the product's.
 */
export function withoutConflictingPlatforms(titles: ReadonlyMap<string, number>): ReadonlyMap<string, number> {
  const qualifiers = new Set([...titles.keys()].map((t) => PLATFORM_QUALIFIER.exec(t)?.[0].toLowerCase() ?? ''));
  if (qualifiers.size < 2) return titles;
  const merged = new Map<string, number>();
  for (const [t, n] of titles) {
    const bare = t.replace(PLATFORM_QUALIFIER, '');
    merged.set(bare, (merged.get(bare) ?? 0) + n);
  }
  return merged;
}

const optionalVendor = (vendorTitle: string | undefined) => (vendorTitle ? { vendorTitle } : {});

function choose(titles: ReadonlyMap<string, number>, product: string): string | undefined {
  // A title that repeats a CPE token ("Microsoft outlook_web_access") is no better than the casing
  // rule; Apache modules (mod_ssl) are the exception, that is their name.
  // A title that is itself a CPE fragment ("lynx:lynx:2.8.8 dev.1") is not a name at all.
  const all = [...titles.entries()].filter(([t]) => !/(?<!\bmod)_/.test(t.replace(/\bmod_\w+/g, '')) && !/[a-z0-9]:[a-z0-9]/i.test(t));
  // A title that starts in lower case ("linux Kernel") is a dictionary slip when another exists.
  const lower = (t: string) => Number(/^[a-z]/.test(t) && !/^[a-z]+[A-Z]/.test(t));
  const spelling = all.filter(([t]) => spellsProduct(t, product)).sort(([a], [b]) => lower(a) - lower(b) || a.length - b.length || a.localeCompare(b));
  // A title that does not spell the product ("Microsoft windows" for windows_98) would mislead: none.
  return spelling[0]?.[0];
}
