/**
 * The affected products as facts (§9 `products`): `vendor:product` of each vulnerable CPE (or
 * CVE 5 entry), the name people know (CPE dictionary title, else the vendor's spelling: the
 * names/ module), and `primary` for those the description names. The others are "also in":
 * NVD lists every product that ships the flaw. When the description names none and there is
 * one product, that one is the record's subject and primary.
 */
import type { FactProduct } from '../../domain/facts.js';
import { mentionIndex, normaliseForMention } from '../derive/product-order.js';
import { modelNumber } from './model-number.js';
import { productName } from '../explainer/names.js';
import type { AffectedProduct } from '../../domain/nvd-record.js';

const token = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s:]+/g, '_') || 'n/a';

/**
 * Where the record lists no product (a record NVD has not analysed yet), the product the
 * description names, best effort (README of shared/gold): VulDB's "A vulnerability … has been
 * found in itsourcecode Gym Management System 1.0", NVD's leading "Foo Bar before 1.2 …", its
 * "Use-after-free vulnerability in Microsoft Internet Explorer 9", or a leading name of two
 * words or more ("SAP HANA Extend Application Services (XS) does not encrypt …"), or GitHub's
 * "Dpanel is a Docker visualization panel system …".
 * The first word of a longer name stands for the vendor, as CPE names mostly have it
 * ("Microsoft Internet Explorer" → microsoft:internet_explorer).
 */
const FOUND_IN =
  /\bA vulnerabilit(?:y|ies)\b[^.]{0,60}?\b(?:has been|was|were|have been) (?:found|discovered|identified|detected) in (?:the )?([A-Za-z][^\s.,]*(?: (?!up\b|to\b|before\b|through\b|and\b|prior\b|version\b|v?\d)[^\s.,]+){0,6})/;
const LEADING =
  /^(?:The )?(?!(?:In|On|For|An?|The|This|These|Multiple|Some|When|If|Versions?|All|Prior|Before|Through|Up)\b)([A-Z][\w+-]*(?: [A-Z0-9][\w+.-]*){0,4}?) (?:before|through|prior to|up to|versions?|v)? ?\d[\w.()-]*\b/;

/** NVD's "<bug> in <component> in <Product> <versions>": the capitalised name before a version. */
const IN_PRODUCT = /\bin (?:the )?([A-Z][\w+-]*(?: [A-Z0-9][\w.+-]*){0,5}?) (?:before |through |prior to |up to |versions? |v)?\d[\w.]*\b/;
/** "SAP HANA Extend Application Services (XS) does not encrypt …": a name of two words or more leading a verb. */
const LEADING_SUBJECT =
  /^(?!(?:In|On|For|An?|The|This|These|Multiple|Some|When|If|All)\b)([A-Z][\w+-]*(?: (?:[A-Z0-9][\w.+-]*|\([A-Z][\w ]*\))){1,6}) (?:does not|do not|allows?|has|have|is|are|contains?|fails?|uses?|stores?|might|may|could|can|mishandles?|lacks?)\b/;

/** GitHub's advisory template: "Dpanel is a Docker visualization panel system …", "Element X Android is a Matrix client …". */
const IS_A = /^([A-Z][\w.+-]*(?: [A-Z0-9][\w.+-]*){0,4}) is an? \b/;

function describedProduct(description: string): FactProduct[] {
  const vuldb = FOUND_IN.exec(description)?.[1];
  const name = (
    vuldb ??
    LEADING.exec(description)?.[1] ??
    IN_PRODUCT.exec(description)?.[1] ??
    LEADING_SUBJECT.exec(description)?.[1] ??
    IS_A.exec(description)?.[1]
  )?.trim();
  // A name spelt as code ("crmeb_java", "feng_ha_ha/megagao ssm-erp") would stand raw in the text.
  if (!name || name.length < 2 || /[_/\\]/.test(name)) return [];
  const words = name.split(' ');
  const [vendor, product] = words.length > 1 ? [words[0]!, words.slice(1).join(' ')] : [name, name];
  return [{ product: `${token(vendor)}:${token(product)}`, name, primary: true }];
}

export function factProducts(products: readonly AffectedProduct[], description: string): FactProduct[] {
  if (products.length === 0) return describedProduct(description);
  const seen = new Map<string, FactProduct>();
  for (const product of products) {
    const key = `${token(product.vendor)}:${token(product.product)}`;
    const model = modelNumber(normaliseForMention(product.product));
    const named =
      mentionIndex(product, description, 'first') >= 0 ||
      (product.title !== undefined && description.toLowerCase().includes(product.title.toLowerCase())) ||
      (model !== undefined && normaliseForMention(description).includes(` ${model} `));
    const current = seen.get(key);
    if (!current) seen.set(key, { product: key, name: productName(product), primary: named });
    else if (named && !current.primary) seen.set(key, { ...current, primary: true });
  }
  const list = familyNamed([...seen.values()], description);
  if (list.length === 1 && !list[0]!.primary) return [{ ...list[0]!, primary: true }];
  return platformsAside(list, products);
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
    const rest = family ? wordsIn(p.name.slice(family.length)).trim() : '';
    return rest && text.includes(` ${rest} `) ? { ...p, primary: true } : p;
  });
}

const PART_RANK: Readonly<Record<string, number>> = { a: 0, o: 1, h: 2 };

/**
 * "Adobe Reader … on Windows and OS X", "TP-Link … firmware" beside its hardware: where the
 * description names an application and the operating system it runs on (or firmware and its
 * device), the platform is not what the flaw is in. Of the named products only those of the
 * first kind present (application, then operating system, then hardware) stay primary.
 */
function platformsAside(list: FactProduct[], products: readonly AffectedProduct[]): FactProduct[] {
  const rankOf = new Map(products.map((p) => [`${token(p.vendor)}:${token(p.product)}`, PART_RANK[p.part ?? 'a'] ?? 0]));
  const named = list.filter((p) => p.primary);
  if (named.length < 2) return list;
  const best = Math.min(...named.map((p) => rankOf.get(p.product) ?? 0));
  return list.map((p) => (p.primary && (rankOf.get(p.product) ?? 0) > best ? { ...p, primary: false } : p));
}
