/**
 * Display names for a record's affected products, first that applies per product:
 * 1. NVD's CPE dictionary title of its vendor:product pair ("Apple iPhone OS");
 * 2. the CVE 5 CNA's own `affected[].vendor/product` for the same product (CPE tokens and the
 *    CNA's names compared letters-and-digits only: `http_server` ~ "HTTP Server");
 * 3. the description's own spelling of the product (and of its vendor), when the record's
 *    description writes the token's letters and digits as a name ("phpBugTracker" for
 *    `phpbugtracker`, "Next Click Ventures RealtyScript" for `nextclickventures:realtyscript`);
 * 4. nothing: the explainer's casing rule spells the CPE tokens (`productName`).
 * Tags keep the CPE spelling; only the text changes.
 */
import type { AffectedProduct } from '../../domain/nvd-record.js';
import { displayName } from '../explainer/names.js';
import type { CpeTitles } from './cpe-titles.js';
import { escapeRegExp } from '../../domain/escape-regexp.js';

export interface NameSources {
  readonly cpeTitles?: CpeTitles;
  /** The CVE 5 CNA's affected products, names as the CNA wrote them. */
  readonly cnaProducts?: readonly Pick<AffectedProduct, 'vendor' | 'product'>[];
  /** The record's English description, whose spelling of a product is the next best name. */
  readonly description?: string;
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A CNA's name counts only when it is written as a name (has a capital), not as another token. */
const isWrittenName = (text: string) => /[A-Z]/.test(text);

/** A CNA's product with its names squashed once per record, not once per CPE product compared. */
interface CnaName {
  readonly vendor: string;
  readonly product: string;
  readonly squashedVendor: string;
  readonly squashedProduct: string;
}

function cnaNames(cna: NameSources['cnaProducts']): CnaName[] | undefined {
  return cna?.map((c) => ({ vendor: c.vendor, product: c.product, squashedVendor: squash(c.vendor), squashedProduct: squash(c.product) }));
}

/**
 * A CNA vendor that is a role, not a maker: WordPress plugin records name the plugin's author
 * "Admin" ("Admin Verbalize WP", CVE-2024-49668). Such a word before the product names no one.
 */
const GENERIC_VENDOR = /^(?:admin|administrator|author|developer|owner|vendor|user|unknown|n\/a|none|not applicable)$/i;

/**
 * A product name that already says its vendor, or whose name its vendor's starts with: "Emote
 * Remote Mouse" of the vendor "Remote Mouse", "Simple Membership" of "Simple Membership plugin",
 * "Django" of "Djangoproject", "Foreman" of "Theforeman". "Vendor Product" would say the same
 * words twice ("Remote Mouse Emote Remote Mouse", CVE-2021-27573). A vendor that only ends with
 * the product's word names another thing ("Claws Mail" of "Mail", "LAquis SCADA" of "SCADA"), and
 * a name of fewer than MIN_SAID letters is any word's part.
 */
const MIN_SAID = 4;
/**
 * What a vendor adds to its product's name when the vendor is named after it: "project", "lang",
 * "Software Foundation", ".org" ("Djangoproject", "Ruby-lang", "Postnuke Software Foundation").
 * Other words make another name ("System Portal Simple Real Estate Portal", "Mail Lives Nylas"),
 * and "CMS" belongs to the product's name ("October CMS").
 */
const VENDOR_SUFFIX =
  /^(?:project|group|team|lang|labs?|hq|dev|development|software|foundation|technologies|technology|corporation|corp|inc|ltd|llc|gmbh|international|systems?|computing|org|net|com|io|app|js|os|sql|proxy|cache|stack|ids|support|reader|framework|engine|suite|toolkit|forums?|plugin|server|scm|ci|cli|pm|irc|torrent|ebook|player|tracker|monitoring|mozdev|ils|kt|rb|py|cpp|security)+$/;
function saysVendor(name: string, vendor: string): boolean {
  const [n, v] = [squash(name), squash(vendor)];
  if (v.length === 0) return false;
  if (n.startsWith(v)) return true;
  if (v.length >= MIN_SAID && n.includes(v)) return true;
  const named = v.replace(/^(?:the|get|join)/, '');
  return n.length >= MIN_SAID && named.startsWith(n) && (named === n || VENDOR_SUFFIX.test(named.slice(n.length)));
}

/**
 * A vendor named after its product with "CMS" ("October CMS" of October, "pluck-cms" of Pluck): the product's name and
 * "CMS" name it once ("October CMS"), not "October CMS October". Other words make another name ("Mail Lives Nylas").
 */
function cmsOfVendor(name: string, vendor: string): string | undefined {
  const n = squash(name);
  return n.length >= MIN_SAID && squash(vendor) === `${n}cms` ? `${name.trim()} CMS` : undefined;
}

function cnaTitle(product: AffectedProduct, cna: readonly CnaName[] | undefined): Pick<AffectedProduct, 'title' | 'vendorTitle'> {
  const productKey = squash(product.product);
  const vendorKeys = product.vendor ? [squash(product.vendor.replace(/_project$/i, '')), squash(product.vendor)] : [];
  const match = cna?.find((c) => c.squashedProduct === productKey && (!product.vendor || !c.vendor || vendorKeys.includes(c.squashedVendor)));
  if (!match || !isWrittenName(match.product)) return {};
  const vendor = isWrittenName(match.vendor) && !GENERIC_VENDOR.test(match.vendor.trim()) ? match.vendor.trim() : undefined;
  const cms = vendor ? cmsOfVendor(match.product, vendor) : undefined;
  const title = cms ?? (vendor && !saysVendor(match.product, vendor) ? `${vendor} ${match.product.trim()}` : match.product.trim());
  return { title, ...(vendor ? { vendorTitle: vendor } : {}) };
}

/**
 * At most this many words make one name in a description ("Next Click Ventures", "EcoStruxure
 * Geo SCADA Expert 2019"): every word must spell the CPE token in order, so a long run is no guess.
 */
const MAX_NAME_WORDS = 6;
/** Up to this many words, a name may hold a small word in lower case ("Next Click Ventures", "Yeager CMS"). */
const SHORT_NAME_WORDS = 4;
/** Shorter tokens ("os", "vm") match ordinary words too often to be taken from prose. */
const MIN_TOKEN_LETTERS = 4;

/** The description's words, without the punctuation around them, and each squashed (once per record). */
interface Words {
  readonly raw: readonly string[];
  readonly squashed: readonly string[];
}

function wordsOf(description: string): Words {
  const raw = description
    .split(/\s+/)
    .map((w) => w.replace(/^[("'“‘[]+|[)"'”’\],.;:!?]+$/g, ''))
    .filter((w) => w.length > 0);
  return { raw, squashed: raw.map(squash) };
}

/** The first run of words that spells `token` (letters and digits compared), if written as a name. */
function spelledIn({ raw: words, squashed }: Words, token: string): string | undefined {
  const target = squash(token);
  if (target.length < MIN_TOKEN_LETTERS) return undefined;
  for (let start = 0; start < words.length; start++) {
    // A name starts at a word, not at punctuation standing alone ("SBC 2000 / SBC SWe Lite").
    if (squashed[start] === '') continue;
    let joined = '';
    for (let end = start; end < Math.min(words.length, start + MAX_NAME_WORDS); end++) {
      joined += squashed[end]!;
      if (joined.length > target.length || !target.startsWith(joined)) break;
      if (joined === target) {
        const name = words.slice(start, end + 1).join(' ');
        // An identifier ("plugin_foo", "Foo_Bar") is code, not the product's written name; a run
        // longer than a short name is one only in title case ("EcoStruxure Geo SCADA Expert 2019",
        // not "Prototype of an PHP application").
        // A small word inside a title-case run stays lower case ("Pharmacy/Medical Store Point of Sale System", CVE-2024-36673).
        const run = words.slice(start, end + 1);
        const titled =
          end - start < SHORT_NAME_WORDS ||
          run.every((w, i) => /^[A-Z0-9]/.test(w) || (i > 0 && i < run.length - 1 && /^(?:of|and|for|the|to|in|on|with)$/.test(w)));
        if (isWrittenName(name) && !name.includes('_') && titled) return name;
        break;
      }
    }
  }
  return undefined;
}

/**
 * A device's firmware (`mdm9625_firmware`) as the description names the device ("Qualcomm
 * Snapdragon Mobile MDM9625, SD 400 …"): the device's spelling and "Firmware".
 */
function firmwareSpelledIn(words: Words, token: string): string | undefined {
  const device = /^(.+)_firmware$/i.exec(token)?.[1];
  const spelled = device === undefined ? undefined : spelledIn(words, device);
  return spelled === undefined ? undefined : `${spelled} Firmware`;
}

/**
 * `doorgets:doorgets_cms` where the description writes only "doorGets 7.0": the product token is
 * the vendor's token and a kind word, so the vendor's written spelling and the kind's casing name
 * it ("doorGets CMS", CVE-2019-11607), not the casing rule's "Doorgets Cms".
 */
function vendorNamedProduct(product: AffectedProduct, words: Words): string | undefined {
  const vendorToken = product.vendor.replace(/_project$/i, '');
  const rest = vendorToken && product.product.toLowerCase().startsWith(`${vendorToken.toLowerCase()}_`) ? product.product.slice(vendorToken.length + 1) : '';
  const vendor = rest ? spelledIn(words, vendorToken) : undefined;
  return vendor && vendor !== displayName(vendorToken) ? `${vendor} ${displayName(rest)}` : undefined;
}

/**
 * Whether `a` becomes `b` by one letter added or dropped. A letter changed is left alone: that is as often the
 * description's slip ("Burak Yylmaz" for the token's `yilmaz`) as the token's.
 */
function oneLetterApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) !== 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

/** Tokens long enough that one letter apart is a slip of the token, not another name. */
const SLIPPED_TOKEN_LETTERS = 12;

/**
 * NVD's token `markdown_on_saved_improved` for the plugin its description names "Markdown on Save Improved"
 * (CVE-2016-4812, the twenty-second reading): a run of three words or more, capitalised at both ends, one letter from a
 * long token is the product's written name; the token's slip would otherwise be printed.
 */
function slippedSpelledIn({ raw: words, squashed }: Words, token: string): string | undefined {
  const target = squash(token);
  // A digit apart is another release or model ("Unity Connection 8.5" is no `unity_connection_8.6`).
  if (target.length < SLIPPED_TOKEN_LETTERS || /\d/.test(target)) return undefined;
  for (let start = 0; start < words.length; start++) {
    if (!/^[A-Z]/.test(words[start]!)) continue;
    let joined = '';
    for (let end = start; end < Math.min(words.length, start + MAX_NAME_WORDS); end++) {
      joined += squashed[end]!;
      if (joined.length > target.length + 1) break;
      // A number in the run ("Medal of Honor (1) Allied Assault") is a list's, not the name's.
      if (end - start >= 2 && /^[A-Z0-9]/.test(words[end]!) && !/\d/.test(joined) && oneLetterApart(joined, target))
        return words.slice(start, end + 1).join(' ');
    }
  }
  return undefined;
}

function descriptionTitle(product: AffectedProduct, words: Words, knownVendor: string | undefined): Pick<AffectedProduct, 'title' | 'vendorTitle'> {
  const name = spelledIn(words, product.product) ?? firmwareSpelledIn(words, product.product) ?? slippedSpelledIn(words, product.product);
  if (!name) {
    const named = knownVendor ? undefined : vendorNamedProduct(product, words);
    return named ? { title: named } : knownVendor ? { vendorTitle: knownVendor } : {};
  }
  const vendorToken = product.vendor.replace(/_project$/i, '');
  // A vendor named after its product (`markdown_on_saved_improved_project`) is that product's name.
  const vendor = vendorToken ? (knownVendor ?? (vendorToken === product.product ? name : spelledIn(words, vendorToken))) : undefined;
  const vendorShown = vendor ?? displayName(vendorToken);
  const title = !vendorShown ? name : (cmsOfVendor(name, vendorShown) ?? (saysVendor(name, vendorShown) ? name : `${vendorShown} ${name}`));
  return { title, ...(vendor ? { vendorTitle: vendor } : {}) };
}

/** A `target_sw` that is a system the product runs on, not a program it extends ("FoxitReader" is no Windows extension). */
const OPERATING_SYSTEM = /^(?:windows|linux|unix|mac|macos|mac_os|mac_os_x|os_x|osx|iphone_os|ios|ipados|android|solaris|freebsd|\w+_os)(?:_|$)/i;

/**
 * An extension built for another program (CPE `target_sw`) that the description names by one
 * word gluing a prefix onto the product's name: "VSCodeVim" for `vim_project:vim` on
 * `visual_studio_code` (CVE-2021-28832). The bare token's name ("Vim") would tell Vim's users
 * they are affected; the description's word names the extension.
 */
function extensionName(product: AffectedProduct, words: Words): string | undefined {
  if (!product.targetSoftware || OPERATING_SYSTEM.test(product.targetSoftware)) return undefined;
  const token = squash(product.product);
  // A description that also names the product alone ("Captcha" beside "reCAPTCHA") is about the product.
  if (token.length < 3 || words.squashed.includes(token)) return undefined;
  return words.raw.find((w, i) => {
    const squashed = words.squashed[i]!;
    if (squashed.length <= token.length || !squashed.endsWith(token) || !/^[\w.-]+$/.test(w)) return false;
    // The glue is a capital starting the product's part ("VSCode|Vim"), so the word is one name made of two.
    const join = w.length - token.length;
    return /[a-z0-9]/.test(w[join - 1] ?? '') && /[A-Z]/.test(w[join] ?? '') && w.slice(join).toLowerCase() === token;
  });
}

/**
 * Each vendor's one name in the record: of the names its products' dictionary or CNA titles give
 * it, the one most of them give (a tie: the one of more words, "Red Hat" over "Redhat", then the
 * first). NVD's dictionary itself names `redhat` "Red Hat" for some products and "Redhat" for
 * others; one vendor must read as one vendor ("7 products from Redhat and Red Hat", CVE-2015-3147).
 */
function vendorTitlesOf(products: readonly AffectedProduct[]): Map<string, string> {
  const votes = new Map<string, Map<string, number>>();
  for (const product of products) {
    if (!product.vendor || !product.vendorTitle) continue;
    const names = votes.get(product.vendor) ?? new Map<string, number>();
    names.set(product.vendorTitle, (names.get(product.vendorTitle) ?? 0) + 1);
    votes.set(product.vendor, names);
  }
  const words = (name: string) => name.split(/\s+/).length;
  const titles = new Map<string, string>();
  for (const [vendor, names] of votes) {
    const [best] = [...names].sort(([a, n], [b, m]) => m - n || words(b) - words(a));
    if (best) titles.set(vendor, best[0]);
  }
  return titles;
}

/** The product under its vendor's one name: its vendor title, and a title that began with another spelling of it. */
function underVendorName(product: AffectedProduct, vendorTitle: string | undefined): AffectedProduct {
  if (!vendorTitle || product.vendorTitle === vendorTitle) return product;
  const own = product.vendorTitle;
  const title = product.title && own && product.title.startsWith(`${own} `) ? `${vendorTitle}${product.title.slice(own.length)}` : product.title;
  return { ...product, vendorTitle, ...(title ? { title } : {}) };
}

/**
 * A vendor written as its lower-case CPE token ("acquia Drupal Commons", "aruba Networks" in
 * NVD's own dictionary titles) reads as a typo: its first letter is capitalised, in the vendor
 * name and where the product's title starts with it. A name with a capital inside its first word
 * ("eBay", "iXsystems", "phpMyAdmin") is the vendor's own spelling and stays.
 */
function capitalisedVendor(product: AffectedProduct): AffectedProduct {
  const own = product.vendorTitle;
  if (!own || !/^[a-z][a-z0-9.-]*(?:\s|$)/.test(own)) return product;
  const vendorTitle = `${own[0]!.toUpperCase()}${own.slice(1)}`;
  const title = product.title?.startsWith(`${own} `) ? `${vendorTitle}${product.title.slice(own.length)}` : product.title;
  return { ...product, vendorTitle, ...(title ? { title } : {}) };
}

export function nameProducts(products: readonly AffectedProduct[], sources: NameSources): AffectedProduct[] {
  return aliasesNamedOnce(namedProducts(products, sources).map(capitalisedVendor));
}

const tokens = (name: string) =>
  name
    .toLowerCase()
    .split(/[_\s-]+/)
    .filter((t) => t.length > 0);

/**
 * NVD lists one product under two CPE tokens of its vendor: `rubyonrails:ruby_on_rails` (the
 * vendor's namesake) and `rubyonrails:rails` (its last word). Named apart they read as two
 * products ("Ruby on Rails and Ruby on rails Rails"); the short one takes the namesake's name, so
 * the text names it once and the fix facts treat the two as one (`../facts/fix-products.ts`).
 */
function aliasesNamedOnce(products: readonly AffectedProduct[]): AffectedProduct[] {
  return products.map((product) => {
    const own = tokens(product.product);
    const namesake = products.find((other) => {
      if (other === product || other.vendor !== product.vendor || !other.title || squash(other.product) !== squash(other.vendor)) return false;
      const whole = tokens(other.product);
      return own.length < whole.length && whole.slice(-own.length).join(' ') === own.join(' ');
    });
    return namesake ? { ...product, title: namesake.title!, ...(namesake.vendorTitle ? { vendorTitle: namesake.vendorTitle } : {}) } : product;
  });
}

/**
 * Products their maker renamed, whose dictionary title keeps the old name: NVD's "Apple iPhone OS" is iOS, its "Apple Mac OS
 * X" macOS (the twenty-record reading of CVE-2018-4371, whose description says "iOS 12.1, macOS Mojave 10.14.1").
 */
const RENAMED: Readonly<Record<string, { readonly title: string; readonly vendorTitle: string; readonly besides: string }>> = {
  'apple:iphone_os': { title: 'Apple iOS', vendorTitle: 'Apple', besides: 'apple:ios' },
  'apple:mac_os_x': { title: 'Apple macOS', vendorTitle: 'Apple', besides: 'apple:macos' },
};
const productKey = (product: AffectedProduct) => `${product.vendor.toLowerCase()}:${product.product.toLowerCase()}`;

/** The `vendor:product` keys shown by a name their CPE token does not spell (the real-data suite's affected-text check allows them). */
export const RENAMED_PRODUCT_KEYS: ReadonlySet<string> = new Set(Object.keys(RENAMED));

/** The current name, unless the record also lists the product under its new key: NVD lists `mac_os_x` 10.15 beside `macos` 11, kept apart by name. */
function renamed(product: AffectedProduct, listed: ReadonlySet<string>): { readonly title: string; readonly vendorTitle: string } | undefined {
  const entry = RENAMED[productKey(product)];
  return entry && !listed.has(entry.besides) ? { title: entry.title, vendorTitle: entry.vendorTitle } : undefined;
}

/**
 * NVD's dictionary titles `micronet:sp916bm` "Microsoft Wireless Broadband Router SP916BM" (CVE-2004-1591, whose
 * description says "Micronet"): a title that neither starts with nor spells the CPE's vendor, whose first word the
 * description never writes while it does write the vendor, names another maker. The description's name is used.
 */
function titledForAnotherMaker(title: string, product: AffectedProduct, words: Words): boolean {
  const vendorToken = product.vendor.replace(/_project$/i, '');
  const maker = squash(title.split(' ')[0] ?? '');
  return maker.length > 0 && !squash(title).includes(squash(vendorToken)) && !words.squashed.includes(maker) && spelledIn(words, vendorToken) !== undefined;
}

/**
 * NVD's dictionary titles `paloaltonetworks:pan-os` "paloaltonetworks pan-os 10.0.0": its tokens in lower case, no name
 * anyone writes. Where the description writes the product as a name ("Palo Alto Networks PAN-OS", CVE-2022-0022, the
 * twenty-seventh reading), that spelling is used.
 */
function tokenTitleBesideWritten(title: string, product: AffectedProduct, words: Words, description: string): boolean {
  if (/[A-Z]/.test(title)) return false;
  const name = spelledIn(words, product.product);
  if (name === undefined) return false;
  // "Dnsmasq before 2.78", "Rsyslog v8.1908.0": a capital that only starts the sentence is no spelling of the name.
  const escaped = escapeRegExp(name);
  return /[A-Z]/.test(name.slice(1)) || new RegExp(String.raw`[^.!?:\s]\s+["'“(]?${escaped}(?![\w-])`).test(description);
}

function namedProducts(products: readonly AffectedProduct[], sources: NameSources): AffectedProduct[] {
  const listed = new Set(products.map(productKey));
  let cnaProducts: CnaName[] | undefined;
  let words: Words | undefined;
  // Titles from the dictionary and the CNA first: they also name vendors, which the products
  // named from the description (or not named) then share.
  const named = products.map((product): AffectedProduct => {
    if (product.title) return product;
    const current = renamed(product, listed);
    if (current) return { ...product, ...current };
    const extension = sources.description ? extensionName(product, (words ??= wordsOf(sources.description))) : undefined;
    if (extension) return { ...product, title: extension };
    const dictionary = sources.cpeTitles?.title(product.vendor, product.product);
    if (
      dictionary &&
      !(
        sources.description &&
        (titledForAnotherMaker(dictionary.title, product, (words ??= wordsOf(sources.description))) ||
          tokenTitleBesideWritten(dictionary.title, product, words, sources.description))
      )
    )
      return { ...product, title: dictionary.title, ...(dictionary.vendorTitle ? { vendorTitle: dictionary.vendorTitle } : {}) };
    cnaProducts ??= cnaNames(sources.cnaProducts);
    return { ...product, ...cnaTitle(product, cnaProducts) };
  });
  const vendorTitles = vendorTitlesOf(named);
  return named.map((product) => {
    // The record's own products name the vendor first; else the dictionary's other titles of that vendor.
    // A dictionary vendor title in lower case is its token ("paloaltonetworks"): the description's spelling comes first.
    const dictionaryVendor = product.title ? undefined : sources.cpeTitles?.vendorTitle(product.vendor);
    const vendorTitle = vendorTitles.get(product.vendor) ?? (dictionaryVendor && /[A-Z]/.test(dictionaryVendor) ? dictionaryVendor : undefined);
    if (product.title || !sources.description) return underVendorName(product, vendorTitle);
    words ??= wordsOf(sources.description);
    return { ...product, ...descriptionTitle(product, words, vendorTitle) };
  });
}
