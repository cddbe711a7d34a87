import type { AffectedProduct, VersionRange } from '../../domain/nvd-record.js';

/**
 * The casing rule, the last resort after the CPE dictionary and the CNA's names: a display
 * name from a CPE token or a CVE 5 name. Underscores become spaces; names that already carry
 * capitals are kept as written; well-known spellings come from a short list (`phpldapadmin` →
 * phpLDAPadmin, `http` → HTTP, `iphone` → iPhone); other short lower-case words are usually
 * acronyms (hp, ibm, gnu) unless they are common short words; the rest are capitalised
 * (`internet_information_server` → `Internet Information Server`).
 */
const SHORT_WORDS = new Set([
  'and',
  'for',
  'the',
  'of',
  'on',
  'in',
  'to',
  'web',
  'app',
  'net',
  'pro',
  'max',
  'one',
  'box',
  'hub',
  'lab',
  'kit',
  'bot',
  'map',
  'pay',
  'mail',
  'go',
  'my',
  'xen',
  'zen',
  'tag',
  'hat',
  'red',
  'mac',
  'sun',
  'joy',
  'fox',
  'air',
  'all',
  'pet',
  'car',
  'bus',
  'key',
  'hr',
  'at',
  'by',
  'up',
  'new',
  'log',
  'run',
  'sys',
  'dev',
  'day',
  'art',
]);
const KNOWN_SPELLINGS: Readonly<Record<string, string>> = {
  phpldapadmin: 'phpLDAPadmin',
  phpmyadmin: 'phpMyAdmin',
  phpbb: 'phpBB',
  mysql: 'MySQL',
  postgresql: 'PostgreSQL',
  mariadb: 'MariaDB',
  mongodb: 'MongoDB',
  sqlite: 'SQLite',
  openssl: 'OpenSSL',
  openssh: 'OpenSSH',
  libreoffice: 'LibreOffice',
  openoffice: 'OpenOffice',
  wordpress: 'WordPress',
  woocommerce: 'WooCommerce',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  github: 'GitHub',
  gitlab: 'GitLab',
  jquery: 'jQuery',
  nodejs: 'Node.js',
  'node.js': 'Node.js',
  iphone: 'iPhone',
  ipad: 'iPad',
  ipados: 'iPadOS',
  ios: 'iOS',
  macos: 'macOS',
  mac_os_x: 'Mac OS X',
  tvos: 'tvOS',
  watchos: 'watchOS',
  itunes: 'iTunes',
  icloud: 'iCloud',
  imagemagick: 'ImageMagick',
  graphicsmagick: 'GraphicsMagick',
  freebsd: 'FreeBSD',
  netbsd: 'NetBSD',
  openbsd: 'OpenBSD',
  sunos: 'SunOS',
  vmware: 'VMware',
  fortios: 'FortiOS',
  fortigate: 'FortiGate',
  powershell: 'PowerShell',
  sharepoint: 'SharePoint',
  onedrive: 'OneDrive',
  joomla: 'Joomla!',
  drupal: 'Drupal',
  tensorflow: 'TensorFlow',
  pytorch: 'PyTorch',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  redhat: 'Red Hat',
  dlink: 'D-Link',
  'd-link': 'D-Link',
  tp_link: 'TP-Link',
  'tp-link': 'TP-Link',
  zyxel: 'Zyxel',
  http: 'HTTP',
  https: 'HTTPS',
  ldap: 'LDAP',
  os: 'OS',
  sql: 'SQL',
  xml: 'XML',
  ssl: 'SSL',
  tls: 'TLS',
  ssh: 'SSH',
  ftp: 'FTP',
  dns: 'DNS',
  api: 'API',
  cli: 'CLI',
  jdk: 'JDK',
  jre: 'JRE',
  pdf: 'PDF',
  // Hitachi writes its newer Cosminexus line "uCosminexus": one family, two spellings.
  ucosminexus: 'uCosminexus',
  opensuse: 'openSUSE',
  indesign: 'InDesign',
  tor: 'Tor',
  sdk: 'SDK',
  // "Doorgets Cms", "Wolf Cms": a content management system is written CMS.
  cms: 'CMS',
};

function wordCase(word: string): string {
  const known = KNOWN_SPELLINGS[word];
  if (known) return known;
  if (/^[a-z]{2,3}$/.test(word) && !SHORT_WORDS.has(word)) return word.toUpperCase();
  return word.replace(/^[a-z]/, (letter) => letter.toUpperCase());
}

const displayNames = new Map<string, string>();

/** The casing rule for a CPE token or CVE 5 name (memoised: the same tokens recur in every record). */
export function displayName(raw: string): string {
  let name = displayNames.get(raw);
  if (name === undefined) {
    name = casedName(raw);
    if (displayNames.size >= 50_000) displayNames.clear();
    displayNames.set(raw, name);
  }
  return name;
}

function casedName(raw: string): string {
  // A few old NVD matches carry a CPE 2.2 URI in the product field: name what follows it.
  const token = raw.replace(/^cpe:\/[aho]:[^:]*:/i, '');
  const whole = KNOWN_SPELLINGS[token.toLowerCase()];
  if (whole && token === token.toLowerCase()) return whole;
  const spaced = token.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
  if (/[A-Z]/.test(spaced)) return spaced;
  return spaced.split(' ').map(wordCase).join(' ');
}

/** A vendor as people name it: the CPE dictionary's or the CNA's spelling, else the casing rule. */
export function vendorName(product: Pick<AffectedProduct, 'vendor' | 'vendorTitle'>): string {
  return product.vendorTitle ?? displayName(product.vendor);
}

/**
 * "a" or "an" before a phrase, by its sound: vowels, "un…" (but "uni…" as in "unique" only
 * before n/m: an uninitialized, an unimplemented), not "eu…"/"one…"/"use…", and acronyms read
 * with a vowel sound (an SQL, an XML, an HTTP).
 */
export function article(phrase: string): 'a' | 'an' {
  if (/^[A-Z]{2,}/.test(phrase)) return /^[AEFHILMNORSX]/.test(phrase) ? 'an' : 'a';
  if (/^(eu|one\b|once\b|uni(?![nm]))/i.test(phrase)) return 'a';
  if (/^(un|[aeio]|hour|honest|heir)/i.test(phrase)) return 'an';
  return 'a';
}

/**
 * "Vendor Product", or just the product when its name already starts with the vendor's (or the
 * vendor is the product's own "<product>_project"); the vendor as the record's sources name it
 * when one does (display-names.ts). A title from the CPE dictionary or the CNA is used as it
 * stands.
 */
export function productName(product: Pick<AffectedProduct, 'vendor' | 'product' | 'title' | 'vendorTitle'>): string {
  if (product.title) return product.title;
  const p = displayName(product.product);
  const vendorToken = product.vendor.replace(/_project$/i, '');
  const v = product.vendorTitle ?? displayName(vendorToken);
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!v || squash(p).startsWith(squash(v))) return p;
  return `${v} ${p}`;
}

/**
 * Hitachi's releases ("07-20-01") as NVD's CPE names them: "7_20_01", "07_10_01". Read as words
 * they became "7 20 01" or a token no one types; the text writes them as Hitachi does, with
 * hyphens and two-digit groups.
 */
export const HITACHI_CPE = /^\d{1,2}(?:_\d{2}){1,3}$/;
export const hitachiVersion = (version: string) =>
  version
    .split('_')
    .map((group) => group.padStart(2, '0'))
    .join('-');

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
