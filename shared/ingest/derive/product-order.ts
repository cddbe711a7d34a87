/**
 * Which affected products a description names. NVD lists every product that carries a flaw (a
 * TLS library's bug under dozens of appliances, Flash under the browsers that bundle it); the
 * description names the one at fault. Products are found by their name in the description
 * (CPE spelling, `_` and `-` read as spaces, whole words, case ignored).
 */
import type { AffectedProduct } from '../../domain/nvd-record.js';

/**
 * An abbreviation in brackets made of the initials before it ("Adaptive Security Appliance (ASA)
 * Software") is an aside: the name reads on without it. A bracketed name that is no such
 * abbreviation ("Clam AntiVirus (ClamAV)") is kept, since it may be the product's own name. A
 * model number may follow ("Adaptive Security Appliance (ASA) 5500 devices").
 */
const BRACKETED_CAPITALS = /\([A-Z]{2,6}\)/;

function withoutInitialisms(text: string): string {
  // The rewrite's pattern tries up to six words before every bracket at every position: on a
  // bulk ingest it was the costliest expression of the derivation. Most descriptions with
  // brackets hold no bracketed capitals at all, and then there is nothing to rewrite.
  if (!BRACKETED_CAPITALS.test(text)) return text;
  return text.replace(/((?:[A-Za-z][\w-]*\s+){1,6})\(([A-Z]{2,6})\)(?=\s[A-Za-z\d])/g, (whole, words: string, abbreviation: string) => {
    const initials = words
      .trim()
      .split(/\s+/)
      .map((w) => w[0]!.toUpperCase())
      .join('');
    return initials.endsWith(abbreviation) ? words.trimEnd() : whole;
  });
}

const normalise = (text: string) =>
  ` ${withoutInitialisms(text)
    .toLowerCase()
    .replace(/[_\-/]+/g, ' ')
    .replace(/[^a-z0-9.+# ]+/g, ' ')
    .replace(/\.(?= |$)/g, '')
    .replace(/\s+/g, ' ')} `;

/**
 * Normalised texts, memoised: a record's description is searched once per product (hundreds for
 * some records), and the same product names recur in every record. Names are kept until the
 * cache grows large; texts (descriptions and the bits before a version) only the last few.
 */
const normalisedNames = new Map<string, string>();
const recentTexts: [string, string][] = [];

function normalisedName(name: string): string {
  let value = normalisedNames.get(name);
  if (value === undefined) {
    value = normalise(name).trim();
    if (normalisedNames.size >= 50_000) normalisedNames.clear();
    normalisedNames.set(name, value);
  }
  return value;
}

function normalisedText(text: string): string {
  for (const [raw, value] of recentTexts) if (raw === text) return value;
  const value = normalise(text);
  recentTexts.unshift([text, value]);
  if (recentTexts.length > 8) recentTexts.pop();
  return value;
}

/**
 * CPE product tokens whose everyday name is another: NVD's descriptions say "iOS" and "OS X"
 * where the CPE says `iphone_os` and `mac_os_x` (CVE-2016-1841 counted both as other products
 * than the ones it names).
 */
const EVERYDAY_NAMES: Readonly<Record<string, readonly string[]>> = {
  'apple:iphone_os': ['ios', 'iphone os'],
  'apple:mac_os_x': ['os x', 'mac os x', 'macos'],
  'apple:mac_os_x_server': ['os x server', 'mac os x server', 'macos server'],
  'apple:macos': ['macos', 'os x'],
  'apple:apple_tv': ['tvos', 'apple tv'],
  // Apple TV's software was named "Apple TV 7.1" before tvOS; NVD lists those releases as `tvos`.
  'apple:tvos': ['tvos', 'apple tv'],
  'oracle:jre': ['java se', 'java runtime environment', 'jre'],
  'oracle:jdk': ['java se', 'java development kit', 'jdk'],
  'sun:jre': ['java se', 'java runtime environment', 'jre'],
  'sun:jdk': ['java se', 'java development kit', 'jdk'],
  'microsoft:ie': ['internet explorer'],
  // F5 names its BIG-IP modules by their initials ("BIG-IP LTM, APM, ASM … 11.x before 11.2.1 HF11").
  'f5:big-ip_local_traffic_manager': ['ltm', 'local traffic manager'],
  'f5:big-ip_access_policy_manager': ['apm', 'access policy manager'],
  'f5:big-ip_application_security_manager': ['asm', 'application security manager'],
  'f5:big-ip_global_traffic_manager': ['gtm', 'global traffic manager'],
  'f5:big-ip_protocol_security_module': ['psm', 'protocol security module'],
  'f5:big-ip_application_acceleration_manager': ['aam', 'application acceleration manager'],
  'f5:big-ip_advanced_firewall_manager': ['afm', 'advanced firewall manager'],
  'f5:big-ip_policy_enforcement_manager': ['pem', 'policy enforcement manager'],
  'f5:big-ip_wan_optimization_manager': ['wom', 'wan optimization manager'],
  'f5:big-ip_edge_gateway': ['edge gateway'],
  'f5:big-ip_webaccelerator': ['webaccelerator'],
  'f5:big-ip_analytics': ['analytics'],
  'f5:big-ip_link_controller': ['link controller'],
  'f5:big-ip_domain_name_system': ['big ip dns'],
  'f5:big-ip_fraud_protection_service': ['fps', 'fraud protection service'],
  'f5:big-ip_application_visibility_and_reporting': ['avr'],
};

/** The names a description may call a product by, normalised as `normaliseForMention` writes text. */
export function mentionNames(product: Pick<AffectedProduct, 'vendor' | 'product'>): string[] {
  return names(product);
}

/** Text as the mention search reads it: lower case, `_`, `-` and `/` as spaces, other punctuation dropped, padded with spaces. */
export const normaliseForMention = (text: string): string => normalise(text);

function names(product: Pick<AffectedProduct, 'vendor' | 'product'>): string[] {
  const name = normalisedName(product.product);
  // Very short tokens ("ie", "os") also match ordinary words; they count only with the vendor.
  const vendor = normalisedName(product.vendor);
  const own = name.length >= 3 ? [name] : vendor ? [`${vendor} ${name}`] : [];
  return [...own, ...(EVERYDAY_NAMES[`${product.vendor}:${product.product}`] ?? [])];
}

/**
 * Where the description names the product, or -1: `first` is where the first mention starts;
 * `lastEnd` is where the last mention ends (so of "Asterisk" and "Asterisk Appliance Developer
 * Kit", the longer name is the one nearest to what follows it).
 */
export function mentionIndex(product: Pick<AffectedProduct, 'vendor' | 'product'>, text: string, which: 'first' | 'lastEnd'): number {
  const haystack = normalisedText(text);
  let best = -1;
  for (const name of names(product)) {
    const needle = ` ${name} `;
    const at = which === 'first' ? haystack.indexOf(needle) : haystack.lastIndexOf(needle);
    if (at < 0) continue;
    const position = which === 'first' ? at : at + needle.length;
    if (best < 0 || (which === 'first' ? position < best : position > best)) best = position;
  }
  return best;
}

/** The products the description names first (earliest mention first), then the rest in source order. */
export function orderByDescription(products: readonly AffectedProduct[], description: string): AffectedProduct[] {
  const at = new Map(products.map((p) => [p, mentionIndex(p, description, 'first')]));
  const named = products.filter((p) => at.get(p)! >= 0).sort((a, b) => at.get(a)! - at.get(b)!);
  return [...named, ...products.filter((p) => at.get(p)! < 0)];
}
