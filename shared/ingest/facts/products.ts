/**
 * The affected products as facts (§9 `products`): `vendor:product` of each vulnerable CPE (or
 * CVE 5 entry), the name people know (CPE dictionary title, else the vendor's spelling: the
 * names/ module), and `primary` for those the description names. The others are "also in":
 * NVD lists every product that ships the flaw. When the description names none and there is
 * one product, that one is the record's subject and primary.
 */
import type { FactProduct } from '../../domain/facts.js';
import { mentionIndex, normaliseForMention } from '../derive/product-order.js';
import { describedProduct } from './described-product.js';
import { token } from './product-token.js';
import { familyRest, looselyNamed } from './loose-mention.js';
import { modelNumber } from './model-number.js';
import { productName } from '../explainer/names.js';
import type { AffectedProduct } from '../../domain/nvd-record.js';

export function factProducts(products: readonly AffectedProduct[], description: string): FactProduct[] {
  if (products.length === 0) return describedProduct(description);
  const seen = new Map<string, FactProduct>();
  for (const product of products) {
    const key = `${token(product.vendor)}:${token(product.product)}`;
    const model = modelNumber(normaliseForMention(product.product));
    const named =
      mentionIndex(product, description, 'first') >= 0 ||
      (product.title !== undefined && description.toLowerCase().includes(product.title.toLowerCase())) ||
      (model !== undefined && normaliseForMention(description).includes(` ${model} `)) ||
      looselyNamed(productName(product), description);
    const current = seen.get(key);
    if (!current) seen.set(key, { product: key, name: productName(product), primary: named });
    else if (named && !current.primary) seen.set(key, { ...current, primary: true });
  }
  const list = familyNamed([...seen.values()], description);
  if (list.length === 1 && !list[0]!.primary) return [{ ...list[0]!, primary: true }];
  return platformsAside(list, products, description);
}

const wordsIn = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, ' ')
    .replace(/\.(?= |$)/g, '')} `;

/**
 * "Microsoft Windows 2000 SP4, XP SP2 and SP3, Server 2003 SP1 …": after one member of a family
 * is named in full, the others are named by what follows the family's words ("XP", "Server
 * 2003"). A product whose name shares its first two words with a named one, and whose remaining
 * words the description holds, is named too.
 */
function familyNamed(list: FactProduct[], description: string): FactProduct[] {
  const families = new Set(
    list
      .filter((p) => p.primary)
      .map((p) => p.name.split(' ').slice(0, 2).join(' '))
      .filter((f) => f.includes(' ')),
  );
  if (families.size === 0) return list;
  const text = wordsIn(description);
  return list.map((p) => {
    if (p.primary) return p;
    // Case apart: NVD's titles spell one family two ways ("ZohoCorp ManageEngine …", "ZohoCorp Manageengine OpManager").
    const family = [...families].find((f) => p.name.toLowerCase().startsWith(`${f.toLowerCase()} `));
    const rest = family ? wordsIn(familyRest(p.name.slice(family.length))).trim() : '';
    // "Windows Server 2003 SP2 and R2 SP2" names "Windows 2003 Server R2": its words, in another order.
    const scattered = /[a-z]/.test(rest) && rest.split(' ').every((word) => text.includes(` ${word} `));
    return rest && (text.includes(` ${rest} `) || scattered) ? { ...p, primary: true } : p;
  });
}

const PART_RANK: Readonly<Record<string, number>> = { a: 0, o: 1, h: 2 };

/**
 * "Adobe Reader … on Windows and OS X", "TP-Link … firmware" beside its hardware: where the
 * description names an application and the operating system it runs on (or firmware and its
 * device), the platform is not what the flaw is in. Of the named products only those of the
 * first kind present (application, then operating system, then hardware) stay primary.
 */
function platformsAside(list: FactProduct[], products: readonly AffectedProduct[], description: string): FactProduct[] {
  const rankOf = new Map(products.map((p) => [`${token(p.vendor)}:${token(p.product)}`, PART_RANK[p.part ?? 'a'] ?? 0]));
  const named = list.filter((p) => p.primary);
  if (named.length < 2) return list;
  const best = Math.min(...named.map((p) => rankOf.get(p.product) ?? 0));
  // A device's firmware is the product itself, not a platform an application runs on ("IBM Storwize V7000 Firmware").
  const platform = (p: FactProduct) =>
    (rankOf.get(p.product) ?? 0) > best && !(best === 0 && / Firmware$/i.test(p.name)) && !namedAsSubject(p, named, products, rankOf, best, description);
  return list.map((p) => (p.primary && platform(p) ? { ...p, primary: false } : p));
}

/** The words before a platform's name when it is one: "on Windows", "for Linux", "running under AIX". */
const PLATFORM_BEFORE = / (?:on|for|under|running|atop|with|within|inside)(?: the| an?| all| any)? (?:\S+ ){0,2}$/;

/**
 * "Buffer overflow in telnet server in Windows 2000 and Interix 2.2" (CVE-2002-0020, the twenty-second reading): a
 * system named before every application, and not as where one runs, is itself a subject of the flaw.
 */
function namedAsSubject(
  product: FactProduct,
  named: readonly FactProduct[],
  products: readonly AffectedProduct[],
  rankOf: ReadonlyMap<string, number>,
  best: number,
  description: string,
): boolean {
  const firstAt = (key: string) => {
    const found = products.filter((p) => `${token(p.vendor)}:${token(p.product)}` === key).map((p) => mentionIndex(p, description, 'first'));
    const at = found.filter((i) => i >= 0);
    return at.length > 0 ? Math.min(...at) : -1;
  };
  // Only a system beside applications: a device named before its firmware is the firmware's hardware ("TP-Link … firmware").
  if (rankOf.get(product.product) !== PART_RANK.o || best !== PART_RANK.a) return false;
  const own = firstAt(product.product);
  if (own < 0) return false;
  const applications = named.filter((p) => (rankOf.get(p.product) ?? 0) === best).map((p) => firstAt(p.product));
  if (applications.some((at) => at < 0 || at < own)) return false;
  return !PLATFORM_BEFORE.test(normaliseForMention(description).slice(Math.max(0, own - 40), own + 1));
}
