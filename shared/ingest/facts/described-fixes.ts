/**
 * The versions the description states, each tied to the products and platforms it is about.
 *
 * - Products: those the text names between the previous statement of the sentence (or the
 *   sentence's start, or the last "as used in": a carrier's versions are its own) and the
 *   statement: "Adobe Reader and Acrobat 10.x before 10.1.14" is about both. Of two names at one
 *   place the longer wins ("Firefox ESR" is not also Firefox). A statement that names none
 *   continues the previous one ("10.x before 10.1.14 and 11.x before 11.0.11"); the first of a
 *   sentence falls back to the product named nearest before it, else the record's only product
 *   (`productForStatement`), never a product whose part ("plugin … for X") it is about. In a
 *   record that lists no product, it falls back to the product the description is about.
 * - Platforms: "on Windows and OS X" after a statement holds for it and for the statements
 *   chained before it with no comma between ("Firefox before 41.0 and Firefox ESR 38.x before
 *   38.3 on Windows"); a statement with none holds on every platform.
 */
import { ANOTHER_SUBJECT, CARRIER, lineMatches, productForStatement } from '../derive/fix-advice.js';
import { mentionNames, normaliseForMention } from '../derive/product-order.js';
import { NO_MAC_ADDRESS, type DescribedFix } from '../versions/description.js';
import { productKey, type FixProduct } from './fix-products.js';
import { modelNumber } from './model-number.js';
import { isDistribution } from './distributions.js';
import { escapeRegExp } from '../../domain/escape-regexp.js';

export interface PlacedStatement {
  readonly statement: DescribedFix;
  /** Keys of the products it is about (`FixProduct.key`); empty when it names none of the record's. */
  readonly products: readonly string[];
  /** The platforms it names ("on Windows and OS X", "for Android"), or [null]: every platform. */
  readonly platforms: readonly (string | null)[];
  /** The text before it names its products (not a fallback to the record's only product). */
  readonly named: boolean;
  /** The product's release the package fix belongs to ("SUSE OpenStack Cloud 7 crowbar-core versions prior to …": "7"). */
  readonly release?: string;
  /** It names them at most a few words before it ("HDL-F320 firmware before 1.02"), not clauses away. */
  readonly namedRightBefore: boolean;
}

/**
 * SUSE's "This issue affects: SUSE OpenStack Cloud 7 crowbar-core versions prior to
 * 4.0+git….9.63.1": the fix is the package's (crowbar-core), for release 7 of the product named
 * before it. The package's name is no product's name ("crowbar" would name OpenStack Cloud
 * Crowbar), and 4.0 is no release line of OpenStack Cloud.
 */
// "SUSE Linux Enterprise Server 15 SP 3 salt versions prior to 3002.2-3" (CVE-2021-25315): the service pack is written
// with a space too, and its number is no release of its own.
const PACKAGE_OF_RELEASE = /(?<!\bSP)\s(\d+(?:\.\d+)?(?:\s+SP\s?\d+)?)\s+[a-z][a-z0-9+._]*(?:-[a-z0-9+._]+)*\s+versions?\s*$/;

/** Words between a name and its statement that still make the statement the name's own ("3510 FC Array with firmware"). */
const NEAR_WORDS = 4;

// A distribution's release ("on Ubuntu 12.04 LTS") is the platform of a package's fix too. Chrome's "for Mac" is OS X; a
// MAC address, layer or key is no platform.
const PLATFORM = String.raw`(?:(?:ubuntu|debian)(?: linux)? \d+(?:\.\d+)?(?: lts)?|mac os x|os x|osx|macos|mac(?!\s+os\b)${NO_MAC_ADDRESS}|windows phone|windows mobile|windows|linux|android|tizen|ios|ipados|chrome os|solaris|freebsd|aix|hp-ux|unix)`;
// "iTunes before 12.7.3 for Windows, and iOS before 11.2.5", "…, and macOS High Sierra before 10.13.5": a platform
// followed by its own versions (or by the words of the next statement, where the gap ends) starts that statement.
const PLATFORM_PHRASE = new RegExp(
  String.raw`^\s*,?\s*(?:when running\s+)?(?:on|for)\s+(?<list>${PLATFORM}(?:\s*(?:,\s*(?:and|or)|,|and|or)\s*(?:on\s+)?${PLATFORM}\b(?!\s+(?:before|prior|through|up to|versions?\b|v?\d)|\s*$|\s+(?!and\b|or\b)[\w ]*$))*)\b`,
  'i',
);

/** One name per platform, as the configurations' platform CPEs give it (`mac_os_x` and macOS are "os x"). */
const platformName = (name: string) => {
  const p = name
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^(ubuntu|debian) linux /, '$1 ');
  // Chrome's "for Mac" too (CVE-2016-5199), Automox's "on OSX".
  return p === 'mac os x' || p === 'macos' || p === 'mac' || p === 'osx' ? 'os x' : p;
};

const platformsOf = (list: string | undefined) => (list ? [...new Set((list.match(new RegExp(PLATFORM, 'gi')) ?? []).map(platformName))] : []);

function platformsAfter(gap: string): string[] {
  return platformsOf(PLATFORM_PHRASE.exec(gap)?.groups?.list);
}

/**
 * "WhatsApp for iOS prior to v2.18.93": the platform named between a product and its statement. A list ends with "and"
 * or "or" and no comma: in "iTunes before 12.8 for Windows, iOS before 11.4.1" (CVE-2018-4262) and "… for Windows, and
 * iOS before 11.2.5" iOS is the statement's own product.
 */
const PLATFORM_BEFORE = new RegExp(
  String.raw`\b(?:for|on)\s+(?<list>${PLATFORM}(?:\s*(?:,|and|or)\s*${PLATFORM}(?=\s*(?:,|and\b|or\b)))*(?:\s+(?:and|or)\s+${PLATFORM})?)(?:\s+(?:apps?|applications?|clients?|versions?))*\s*$`,
  'i',
);

function platformsBefore(subject: string): string[] {
  return platformsOf(PLATFORM_BEFORE.exec(subject)?.groups?.list);
}

/** "when used with glib", "when running on a Linux kernel", "when built against OpenSSL" right before a statement. */
const WHEN_USED_WITH = /\b(?:when|if)\s+(?:used|built|compiled|linked|running|run)\s+(?:with|against|on)\s+(?:an?\s+|the\s+)?(?:[\w.+-]+\s+){1,4}$/i;

/** Words a sentence does not end on: a blank line after them is no paragraph's end (Juniper's "Junos OS on", a blank line, "MX Series"). */
const CONTINUES = /\b(?:on|in|of|for|with|and|or|the|an?|to|from|by|at|as|via)\s*$/i;

/** A blank line between a sentence's end and a capital: the end of a paragraph, not of a list's header. */
function paragraphBreak(description: string, space: string, at: number): boolean {
  return (
    /\n[^\S\n]*\n/.test(space) &&
    !/[:,;]/.test(description[at - 1] ?? ':') &&
    /[A-Z]/.test(description[at + space.length] ?? '') &&
    !CONTINUES.test(description.slice(Math.max(0, at - 12), at))
  );
}

/** Where the sentence holding `index` starts (after ". ", "! ", "? " or "; "). */
function clauseStart(text: string, index: number): number {
  for (let i = index - 2; i >= 0; i--) {
    if ((text[i] === '.' || text[i] === '!' || text[i] === '?' || text[i] === ';') && text[i + 1] === ' ') return i + 2;
    if (text[i] === '\n') return i + 1;
  }
  return 0;
}

/** Words too common to name a product alone (the tail of `cloud_foundry_uaa-release` is not "release"). */
const COMMON = new Set([
  'server',
  'client',
  'release',
  'manager',
  'studio',
  'suite',
  'web',
  'cms',
  'core',
  'framework',
  'plugin',
  'module',
  'app',
  'application',
  'system',
  'software',
  'firmware',
  'os',
  'service',
  'services',
  'portal',
  'console',
  'agent',
  'tools',
  'library',
  'sdk',
  'api',
  'edition',
  'enterprise',
  'professional',
  'standard',
  'express',
]);

/** Words that say what kind of thing a product is, not which one. */
const KIND_WORDS = new Set(['firewall', 'software', 'firmware', 'os', 'mta']);
const DESKTOP_RUNTIME = /^(.{3,}) desktop runtime$/;

/**
 * NVD lists Adobe's desktop builds under keys of their own (`flash_player_desktop_runtime` beside
 * `flash_player`): the description's "Flash Player before 20.0.0.306 on Windows and OS X"
 * (CVE-2016-0968) is their fix too, the one product as a reader knows it.
 */
function withDesktopRuntimes(keys: readonly string[], products: readonly FixProduct[], platforms: readonly (string | null)[]): string[] {
  // Only on the platforms NVD lists the runtime on: CVE-2015-0312's "before 11.2.202.440 on Linux"
  // is no fix of a runtime listed on Windows and OS X (nor where the statement carries on the previous one's products).
  const listedOn = (p: FixProduct) => p.ranges.some((r) => r.platform === null) || platforms.every((at) => p.ranges.some((r) => r.platform === at));
  const runtimeOf = (key: string) => products.find((p) => p.key === `${key}_desktop_runtime`);
  const kept = keys.filter((key) => !keys.some((other) => runtimeOf(other)?.key === key && !listedOn(runtimeOf(other)!)));
  const added = kept.map(runtimeOf).filter((p): p is FixProduct => p !== undefined && !kept.includes(p.key) && listedOn(p));
  return [...kept, ...added.map((p) => p.key)];
}

/** The device a firmware product is for: "simatic s7 300" of `simatic_s7-300_firmware`. */
function firmwareDevice(product: FixProduct['members'][number]): string | undefined {
  return /^(?<name>.{3,}) firmware$/.exec(normaliseForMention(product.product).trim())?.groups?.name;
}

/**
 * Fatek's `ethernet_module_configuration_tool_cbeh_firmware` is the CBEH's firmware: "CBEH versions prior to V3.6
 * Build 170215" names it (CVE-2017-6023, the nineteenth reading: the fix was left unplaced). The device's last words
 * name it as its whole name does; a lone last word only where it has a letter and is no common word ("300" of S7-300 is not).
 */
function deviceTails(product: FixProduct['members'][number]): string[] {
  const device = firmwareDevice(product);
  if (device === undefined) return [];
  const words = device.split(' ');
  return words
    .slice(1)
    .map((_, i) => words.slice(i + 1))
    .filter((tail) => tail.length >= 2 || (tail[0]!.length >= 3 && /[a-z]/.test(tail[0]!) && !COMMON.has(tail[0]!)))
    .map((tail) => tail.join(' '));
}

/**
 * The names a description may call a product by: its CPE tokens and everyday names
 * (`mentionNames`), its display title ("Adobe Reader" for `acrobat_reader`), and the tail of a
 * CPE product that repeats its family ("cf-release" for `cloud_foundry_cf-release`, "UAA" for
 * `cloud_foundry_uaa`), a firmware's device ("simatic s7 300" for `simatic_s7-300_firmware`), all
 * normalised as the text is.
 */
function namesOf(product: FixProduct['members'][number]): string[] {
  const names = [...mentionNames(product)];
  if (product.title) names.push(normaliseForMention(product.title).trim());
  // Firmware is named by its device: "SIMATIC S7-300 CPUs (All versions < V3.X.16)" is `simatic_s7-300_firmware`'s fix.
  const device = firmwareDevice(product);
  if (device) names.push(device);
  const tokens = normaliseForMention(product.product).trim().split(' ');
  // NVD's `air_desktop_runtime` is Adobe AIR's desktop build: "Adobe AIR before 20.0.0.260" names it (CVE-2016-0968).
  const runtimeOf = DESKTOP_RUNTIME.exec(tokens.join(' '))?.[1];
  if (runtimeOf) names.push(runtimeOf);
  const model = modelNumber(tokens.join(' '));
  if (model) names.push(model);
  // Cisco's `pix_firewall_software` is called "PIX": a head word whose other words only say what kind of thing it is.
  if (tokens.length >= 2 && tokens[0]!.length >= 3 && !/\d/.test(tokens[0]!) && tokens.slice(1).every((t) => KIND_WORDS.has(t))) names.push(tokens[0]!);
  // A distribution is named whole: "Linux 2.6.x before 2.6.9" is the kernel's, not `ubuntu_linux`'s (CVE-2004-0814, the
  // h52 blind set, gave the kernel's fix to Ubuntu).
  for (let i = 1; i < (isDistribution(product) ? 1 : tokens.length); i++) {
    const tail = tokens.slice(i);
    if (tail.length >= 2 || (tail[0]!.length >= 3 && !COMMON.has(tail[0]!))) names.push(tail.join(' '));
  }
  return [...new Set(names.filter((n) => n.length >= 2))];
}

interface Mention {
  readonly key: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Each product's last mention in the normalised subject. A name two products share ("collaboration
 * portal", the tail of both Groupmax and Cosminexus Collaboration Portal) names neither.
 */
function lastMentions(haystack: string, products: readonly FixProduct[]): Mention[] {
  const names = new Map(products.map((p) => [p.key, new Set(p.members.flatMap(namesOf))]));
  const tails = new Map(products.map((p) => [p.key, new Set(p.members.flatMap(deviceTails).filter((t) => !names.get(p.key)!.has(t)))]));
  // A device's tail yields to any other product's name or tail ("s5300" of `quidway_s5300_firmware` to `s5300_firmware`,
  // "gateway" of `netscaler_gateway_firmware` to `gateway_firmware`); a name proper yields only to another's name.
  const shared = (key: string, name: string) => [...names].some(([other, set]) => other !== key && set.has(name));
  const sharedTail = (key: string, name: string) => shared(key, name) || [...tails].some(([other, set]) => other !== key && set.has(name));
  return products.flatMap((p) => {
    let best: Mention | undefined;
    const own = [...names.get(p.key)!].filter((name) => !shared(p.key, name));
    for (const name of [...own, ...[...tails.get(p.key)!].filter((tail) => !sharedTail(p.key, tail))]) {
      const at = haystack.lastIndexOf(` ${name} `);
      if (at < 0) continue;
      const mention = { key: p.key, start: at + 1, end: at + 1 + name.length };
      if (!best || mention.end > best.end || (mention.end === best.end && mention.start < best.start)) best = mention;
    }
    return best ? [best] : [];
  });
}

/** A name as a pattern that matches only itself ("g++", "c#"). */

/**
 * "Acrobat and Acrobat Reader DC Classic": the word that ends the second name ("DC") ends the
 * first too, where a listed product is called so ("Acrobat DC"); the text is read as "Acrobat DC
 * and Acrobat Reader DC", so the fix is Acrobat DC's, not Acrobat's (another product the record lists).
 */
function sharedLastWord(haystack: string, products: readonly FixProduct[]): string {
  let out = haystack;
  for (const name of new Set(products.flatMap((p) => p.members.flatMap(namesOf)))) {
    const words = name.split(' ');
    if (words.length !== 2) continue;
    const [first, last] = words as [string, string];
    // Cheap test first: most subjects join no such names.
    if (out.includes(` ${name} `) || !out.includes(` ${first} and `)) continue;
    const joined = new RegExp(String.raw` ${escapeRegExp(first)} and ((?:\S+ ){1,3})${escapeRegExp(last)} `);
    out = out.replace(joined, (_whole, between: string) => ` ${first} ${last} and ${between}${last} `);
  }
  return out;
}

/**
 * The products a statement is about: the one named nearest before it, and those joined to it by
 * "and" or commas with no version between ("Adobe Reader and Acrobat 10.x before 10.1.14"), not
 * the ones of a list whose versions stand between ("Windows 7 SP1, …, and Silverlight before 5.1":
 * Silverlight only). Of two names at one place the longer wins ("AIR SDK" is not also AIR).
 */
function namedIn(subject: string, products: readonly FixProduct[]): string[] {
  return mentionsIn(subject, products).keys;
}

/**
 * "Polycom ViewStation before 7.2.4" where NVD lists `viewstation_128`, `viewstation_512`, `viewstation_dcp` and five
 * more (CVE-2002-0626, the h49 blind set): a name that is the first word of three listed products' tokens or more, and
 * no product's whole token, names that family where the record lists nothing else; the fix is each member's. Two
 * (`ios_xe`, `ios_xr`) are no family.
 */
function familyMembers(subject: string, products: readonly FixProduct[]): string[] {
  const word = /([a-z][a-z0-9]{3,})\W*$/i.exec(subject)?.[1]?.toLowerCase();
  if (word === undefined) return [];
  const token = (key: string) => key.slice(key.indexOf(':') + 1);
  if (products.some((p) => token(p.key) === word)) return [];
  const listed = products.filter((p) => !isDistribution(p.members[0]!));
  const members = listed.filter((p) => token(p.key).startsWith(`${word}_`)).map((p) => p.key);
  // Only where the family is all the record lists: Adobe's "Reader and Acrobat before 11.0.16" beside `acrobat_dc`,
  // `acrobat_reader_dc`, `acrobat_xi` and `reader_xi` is XI's fix, not DC's.
  return members.length >= 3 && members.length === listed.length ? members : [];
}

/** How many words stand between a subject's nearest name and its end. */
function wordsAfterName(subject: string, products: readonly FixProduct[]): number {
  const { haystack, nearestEnd } = mentionsIn(subject, products);
  return nearestEnd === undefined ? Infinity : haystack.slice(nearestEnd).trim().split(' ').filter(Boolean).length;
}

function mentionsIn(subject: string, products: readonly FixProduct[]): { keys: string[]; haystack: string; nearestEnd?: number } {
  const haystack = sharedLastWord(normaliseForMention(subject), products);
  const all = lastMentions(haystack, products);
  const mentions = all
    .filter((m) => !all.some((o) => o !== m && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start))
    .sort((a, b) => b.end - a.end);
  const group: Mention[] = [];
  for (const m of mentions) {
    const front = group.length === 0 ? undefined : Math.min(...group.map((g) => g.start));
    const gap = front === undefined ? '' : haystack.slice(m.end, front);
    // "PIX 500 and ASA 5500 Series": a model number after a name, joined to a name that ends in one, is no version between them.
    const modelGap = /^ \d{3,5} and $/.test(gap) && /\d$/.test(haystack.slice(0, group[0]?.end ?? 0));
    // "saposcol in SAP R/3 Web Application Server Demo before 1.5": a part inside the product named
    // after it is no item of a list; the version is the product's.
    const partOf = /^ (?:in|within)(?: the)? $/.test(gap);
    if (front !== undefined && (m.end > front || (/\d/.test(gap) && !modelGap) || gap.trim().split(' ').length > 3 || partOf)) break;
    group.push(m);
  }
  return { keys: group.map((m) => m.key), haystack, ...(group.length > 0 ? { nearestEnd: group[0]!.end } : {}) };
}

/** "QuickTime in Apple OS X before 10.10.4": after the product, the text names where it runs; the version is that one's. */
function aboutAnotherName(subject: string, products: readonly FixProduct[], keys: readonly string[]): boolean {
  const lower = subject.toLowerCase().replace(/[_\-/]+/g, ' ');
  let end = -1;
  for (const p of products.filter((x) => keys.includes(x.key))) {
    for (const name of p.members.flatMap(namesOf)) {
      const at = lower.lastIndexOf(name);
      if (at >= 0) end = Math.max(end, at + name.length);
    }
  }
  if (end < 0) return false;
  // "WhatsApp for Android": a platform is no other product.
  const rest = withoutPlatforms(subject.slice(end)).replace(PLATFORM_BEFORE, ' ');
  return /\b(?:in|on|for|of|with)\s+(?:the\s+)?(?:[A-Z][\w.-]*\s+)*[A-Z][\w.-]*\s*$/.test(rest);
}

/** The subject without its platform phrases ("on Windows and OS X and"): a platform is no product. */
function withoutPlatforms(text: string): string {
  return text.replace(new RegExp(String.raw`\bon\s+${PLATFORM}(?:\s*(?:,|and|or)\s*${PLATFORM})*`, 'gi'), ' ');
}

/**
 * Words that end a product's name when read backwards from a version: prepositions and articles,
 * and the verbs of a fix sentence ("This issue has been patched in version 25.04.2" names no
 * product "has been"; "users should upgrade to version 25.1.0" no product "Users Should"; "fully patched in 3.13.7" no
 * product "Fully", CVE-2025-2314).
 */
const NOT_A_NAME =
  /^(?:in|of|the|for|and|or|on|a|an|to|with|via|from|versions?|all|before|prior|through|vulnerability|vulnerabilities|issue|flaw|is|are|was|were|be|been|being|has|have|had|it|this|that|which|patched|fixed|addressed|resolved|partially|fully|completely|finally|subsequently|properly|also|then|later|now|only|initially|first|successfully|released|updated?|upgraded?|starting|since|until|affects?|affected|found|discovered|exists?|plugin|module|component|extension|package|library|theme|should|must|shall|can|could|may|might|will|would|users?|customers?|administrators?|we|you|please|if|recommended|advised|encouraged|upgrade|install)$/i;

/**
 * A record that lists no product: the words naming what comes right before the statement
 * ("qutebrowser before version 1.4.1", "Acme Widget before 2.3") as a best-effort
 * `vendor:product` key (the gold annotations' reading of such records), else none.
 */
function describedProductKey(subject: string, recordSubject?: DescribedSubject): string | undefined {
  // "the Zoom Workplace App for Linux before 6.2.5" names the app, not Linux.
  const { words, written } = describedName(subject.replace(PLATFORM_BEFORE, ' '));
  // The record's subject called by a shorter name: "Element X" for "Element X Android is a Matrix
  // client …", "Thunderbird" for Mozilla Thunderbird (its vendor left out): the subject's key.
  const said = written.join(' ').toLowerCase();
  // Its brackets dropped: "Macromedia Contribute Publishing Server (CPS) before 1.11" (CVE-2005-3800, h53) reads "Publishing Server CPS".
  const subjectName = recordSubject?.name.toLowerCase().replace(/[()]/g, '');
  if (recordSubject && words.length > 0 && (`${subjectName} `.startsWith(`${said} `) || ` ${subjectName}`.endsWith(` ${said}`))) return recordSubject.key;
  if (words.length === 0) return recordSubject?.key;
  const vendor = vendorBefore(subject, written);
  if (vendor !== undefined) return `${vendor}:${words.join('_')}`;
  return words.length === 1 ? `${words[0]}:${words[0]}` : `${words[0]}:${words.slice(1).join('_')}`;
}

/**
 * A product named in lower case after its vendor's capitalised name, at the sentence's start:
 * "The Oz Forensics face recognition application before 4.0.8" (CVE-2025-32367) is Oz Forensics'
 * face recognition application, not a product "recognition application" of a vendor "face".
 */
function vendorBefore(subject: string, written: readonly string[]): string | undefined {
  if (written.some((w) => /[A-Z]/.test(w))) return undefined;
  const said = written.join(' ').replace(/[.+]/g, '\\$&');
  const vendor = new RegExp(
    String.raw`^\s*(?:[Tt]he\s+)?((?:(?!(?:The|In|On|For|From|With|An?|All|When|If|This|These|Versions?|Prior|Before)\b)[A-Z][\w-]*\s+){1,3})${said}\s*$`,
  ).exec(subject)?.[1];
  return vendor === undefined ? undefined : vendor.trim().toLowerCase().replace(/\s+/g, '_');
}

/** The words naming what comes right before a statement, as written and as a CPE would spell them. */
function describedName(subject: string): { words: string[]; written: string[] } {
  const words: string[] = [];
  const written: string[] = [];
  for (const word of subject.trim().split(/\s+/).reverse()) {
    const clean = word.replace(/^[("']+|[)"',;:.]+$/g, '');
    // "HGW-BL1500HM Ver 002.002.003": "Ver" is the word version, and the name stands before it.
    if (words.length === 0 && /^ver$/i.test(clean)) continue;
    // "HP-UX trusted systems B.11.00 through B.11.23": a release written with its letter starts the range, no name.
    if (/^[A-UW-Z]\.\d/.test(clean)) {
      if (words.length === 0) continue;
      break;
    }
    if (!clean || NOT_A_NAME.test(clean) || /^\d/.test(clean) || word !== word.replace(/[,;:.]+$/, '') || words.length >= 3) break;
    if (!/^[A-Za-z][\w.+-]*$/.test(clean)) break;
    // "can force Element X up to 25.04.1": a lower-case word before a capitalised name is prose, not part of it.
    if (written.some((w) => /[A-Z]/.test(w)) && !/[A-Z0-9]/.test(clean)) break;
    written.unshift(clean);
    words.unshift(clean.toLowerCase().replace(/[^a-z0-9+.-]+/g, '_'));
  }
  return { words, written };
}

/** The product a record that lists none is about (`factProducts`' reading of its description). */
export interface DescribedSubject {
  readonly key: string;
  readonly name: string;
}

/**
 * "Firefox ESR 38.x before 38.3" where NVD lists only Firefox: a release track (ESR, LTS, LTSC,
 * EUS) right after the product's name is a product of its own (`mozilla:firefox_esr`), whose fix is not
 * Firefox's and is not checked against Firefox's versions.
 */
function editionOf(key: string, subject: string, products: readonly FixProduct[]): string {
  // Only the words that name a release track; "CMS", "SDK", "OS" or "BBS" after a name are part of it.
  const edition = /([A-Za-z][\w-]*)\s+(ESR|LTS|LTSC|EUS)\s*$/.exec(subject);
  if (!edition) return key;
  const product = products.find((p) => p.key === key);
  const last = (name: string) =>
    name
      .split(/[_\s-]+/)
      .at(-1)!
      .toLowerCase();
  if (!product?.members.some((m) => last(m.product) === edition[1]!.toLowerCase())) return key;
  const editionKey = `${key}_${edition[2]!.toLowerCase()}`;
  return products.some((p) => p.key === editionKey) ? key : editionKey;
}

/**
 * A device listed with no version (CPE `-`) beside its firmware: "S7-1200 CPU devices with
 * firmware before 4.1.3" is the firmware's fix (`simatic_s7_1200_cpu_firmware`); a device's own
 * listing holds no version to update to.
 */
function firmwareOf(key: string, products: readonly FixProduct[]): string {
  return products.some((p) => p.key === `${key}_firmware`) ? `${key}_firmware` : key;
}

/** A capitalised word that is no platform, line or joining word: the text names a product there. */
function namesSomething(between: string): boolean {
  const rest = between.replace(new RegExp(String.raw`\bon\s+${PLATFORM}\b|\b${PLATFORM}\b`, 'gi'), ' ');
  return /\b[A-Z][A-Za-z]/.test(rest);
}

/**
 * OpenStack's "before 2014.1.5 (icehouse), 2014.2.x before 2014.2.4 (juno)": a bracketed name
 * right after a statement's version names whose fix it is, and belongs to no later statement.
 */
const BRACKET_AFTER = /^\s*\((?<name>[^()]{2,40})\)/;

function bracketAfter(statement: DescribedFix): string | undefined {
  return BRACKET_AFTER.exec(statement.following)?.[0];
}

/**
 * Adobe's "Acrobat and Acrobat Reader DC Classic before 15.006.30172, and … DC Continuous before
 * 15.016.20039" (CVE-2016-1122): the Classic and Continuous tracks overlap in numbers, so each
 * fix is its track's (the facts' branch), never the other's.
 */
const ADOBE_TRACK = /\bDC\s+(Classic|Continuous)(?:\s+track)?\s*(?:versions?\s*)?$/i;
const adobeTrack = (subject: string) => {
  const word = ADOBE_TRACK.exec(subject.trimEnd())?.[1];
  return word === undefined ? undefined : `${word[0]!.toUpperCase()}${word.slice(1).toLowerCase()}`;
};

/** A release track named alone between two statements (", LTS 2.492.1 and earlier"). */
const RELEASE_TRACK = /^\s*,?\s*(?:and\s+|or\s+)?(LTS|ESR|LTSC|EUS)\s*$/i;

function afterCarrier(subject: string): string {
  let end = 0;
  for (const match of subject.matchAll(CARRIER)) end = match.index + match[0].length;
  return subject.slice(end);
}

/**
 * The listed product that differs from one of `keys` only by its model number
 * (`micrologix_1400_firmware` beside `micrologix_1100_firmware`), where the subject names that
 * number alone ("and 1400 devices"); undefined when none or several do.
 */
function siblingModel(subject: string, keys: readonly string[], products: readonly FixProduct[]): string | undefined {
  const numbers = (key: string) => key.match(/(?<![a-z\d])\d{3,}(?![a-z\d])/g) ?? [];
  const found = products.filter(
    (p) =>
      !keys.includes(p.key) &&
      numbers(p.key).some(
        (n) => new RegExp(String.raw`(?<![\w.])${n}(?![\w.])`).test(subject) && keys.some((k) => numbers(k).some((m) => m !== n && p.key.replace(n, m) === k)),
      ),
  );
  return found.length === 1 ? found[0]!.key : undefined;
}

export function placeStatements(
  statements: readonly DescribedFix[],
  products: readonly FixProduct[],
  description: string,
  recordSubject?: DescribedSubject,
): PlacedStatement[] {
  // A blank line before a capital ends a clause as a full stop does (ABB's "(e.g., S+ Operations, S+ Engineering
  // and S+ Analyst)", a blank line, "This issue affects Symphony Plus S+ Operations: from …"); not one within a list
  // (Juniper's "Junos OS:", a blank line, "* from 22.1 before 22.1R3-S4,"). One character either way, so the
  // statements' places hold.
  const text = description.replace(/\s+/g, (space: string, at: number) => (paragraphBreak(description, space, at) ? '\n' : ' '));
  const members = products.flatMap((p) => p.members);
  const keyOfMember = new Map(products.flatMap((p) => p.members.map((m) => [productKey(m), p.key] as const)));
  const placed: { statement: DescribedFix; products: string[]; platforms: (string | null)[]; own: boolean; near: boolean; release?: string }[] = [];
  statements.forEach((statement, i) => {
    if (!lineMatches(statement)) return;
    const previous = statements[i - 1];
    const start = clauseStart(text, statement.at);
    const inClause = previous !== undefined && previous.end > start && previous.end <= statement.at;
    const from = inClause ? previous.end + (bracketAfter(previous)?.length ?? 0) : start;
    const written = withoutPlatforms(afterCarrier(text.slice(Math.min(from, statement.at), statement.at)));
    const ofPackage = PACKAGE_OF_RELEASE.exec(written);
    const subject = ofPackage ? written.slice(0, ofPackage.index) : written;
    const bracket = bracketAfter(statement);
    const bracketNames = bracket === undefined ? [] : namedIn(` ${BRACKET_AFTER.exec(bracket)!.groups!.name!} `, products);
    const named = bracketNames.length > 0 ? bracketNames : namedIn(subject, products);
    let keys = aboutAnotherName(subject, products, named) ? [] : named.map((key) => firmwareOf(editionOf(key, subject, products), products));
    const own = named.length > 0;
    // "… and 11.x before 11.0.11", "… and 14.x through 16.x before …": the same products; "… and
    // Apple TV before 7.1" names another (one the record does not list), whose fix is not iOS's.
    if (!own && inClause) keys = placed.at(-1)?.statement === previous && !namesSomething(subject) ? [...placed.at(-1)!.products] : [];
    // "MicroLogix 1100 devices before B FRN 15.000 and 1400 devices before …": a sibling model
    // named by its number alone is that model's, not the previous one's.
    const sibling = !own && inClause ? siblingModel(subject, keys, products) : undefined;
    if (sibling !== undefined) keys = [sibling];
    // "Jenkins 2.499 and earlier, LTS 2.492.1 and earlier": a release track named alone is the
    // previous statement's product on that track, no product of its own.
    const track = !own && inClause && placed.at(-1)?.statement === previous ? RELEASE_TRACK.exec(subject)?.[1] : undefined;
    if (track !== undefined) keys = [...placed.at(-1)!.products];
    // "WINCVS before 2.8.01 build 6610, and CVS Suite before 2009R2 build 6610": CVS Suite, which
    // the record does not list, gets no fix of a product key made up here: a fix names only a
    // product the record lists as vulnerable (the whole-data check counts 600 records otherwise).
    // In a record that lists no product, a name between two statements is read as any other ("… can force Element X up to 25.04.1").
    if (!own && inClause && keys.length === 0 && products.length === 0 && namesSomething(subject)) {
      const named = describedProductKey(subject, recordSubject);
      keys = named ? [named] : [];
    }
    // Eye of GNOME "…, when used with glib before 2.44.1": the version is that other program's; a
    // product the record does not list gets no fix, and the record's product not glib's.
    if (!own && WHEN_USED_WITH.test(subject)) keys = [];
    // Juniper's "Junos OS: 12.1X46 versions prior to 12.1X46-D81; 12.3 versions prior to …": an
    // item of a semicolon list that names nothing continues the previous item's products.
    const between = previous === undefined ? '' : text.slice(previous.end, statement.at);
    const listItem =
      !inClause &&
      previous !== undefined &&
      previous.end <= statement.at &&
      /^\s*;/.test(between) &&
      !between.slice(1).includes(';') &&
      !/[.!?]\s/.test(between);
    if (!own && listItem && placed.at(-1)?.statement === previous && !namesSomething(subject)) keys = [...placed.at(-1)!.products];
    else if (!own && !inClause && products.length > 0) {
      // "Fixed in 1.32.2, 1.31.2 …" naming nothing, where NVD lists MediaWiki and Debian: a
      // distribution ships the upstream product, so the statement is about that one product.
      const upstream = members.filter((m) => !isDistribution(m));
      const found =
        productForStatement(members, statement, description) ??
        (upstream.length < members.length ? productForStatement(upstream, statement, description) : undefined);
      keys = found === undefined || found === ANOTHER_SUBJECT ? [] : [keyOfMember.get(productKey(found))!];
    }
    if (!own && !inClause && keys.length === 0) keys = familyMembers(subject, products);
    if (!own && !inClause && products.length === 0) {
      // A statement that names nothing ("This issue has been patched in version 25.04.2") is about the record's subject.
      const named = describedProductKey(subject, recordSubject);
      keys = named ? [named] : [];
    }
    const next = statements[i + 1];
    // A gap cut short of any next statement ends in a stop, so its last words are read as no next statement's subject.
    const gap = next && next.at > statement.end ? text.slice(statement.end, next.at) : `${text.slice(statement.end, statement.end + 120)}.`;
    const after = platformsAfter(gap);
    // "OpenSSH on FreeBSD 4.4 and earlier": a version right after the platform is the platform's own, no platform of the product's.
    const bounded = !/^v?\d/i.test(text.slice(statement.at, statement.end));
    const platforms = after.length > 0 ? after : bounded ? platformsBefore(text.slice(Math.min(from, statement.at), statement.at)) : [];
    const near = bracketNames.length > 0 || (own && wordsAfterName(subject, products) <= NEAR_WORDS);
    placed.push({
      statement,
      products: withDesktopRuntimes(keys, products, platforms.length > 0 ? platforms : [null]),
      platforms: platforms.length > 0 ? platforms : [null],
      own,
      near,
      ...(ofPackage
        ? { release: ofPackage[1]! }
        : track !== undefined
          ? { release: track.toUpperCase() }
          : adobeTrack(subject) !== undefined
            ? { release: adobeTrack(subject)! }
            : {}),
    });
  });
  // A platform phrase holds for the statements chained before it: no comma or clause between.
  for (let i = placed.length - 2; i >= 0; i--) {
    const current = placed[i]!;
    const next = placed[i + 1]!;
    if (current.platforms[0] !== null || next.platforms[0] === null) continue;
    const between = text.slice(current.statement.end, next.statement.at);
    // A line's dot ("and 19.x and") is no full stop.
    if (!/[,;]|\.(?![\dx])/.test(between)) current.platforms = [...next.platforms];
  }
  return placed.map(({ statement, products: keys, platforms, own, near, release }) => ({
    statement,
    products: keys,
    platforms,
    named: own,
    namedRightBefore: near,
    ...(release ? { release } : {}),
  }));
}
