/**
 * The affected products as facts (§9 `products`): `vendor:product` of each vulnerable CPE (or
 * CVE 5 entry), the name people know (CPE dictionary title, else the vendor's spelling: the
 * names/ module), and `primary` for those the description names. The others are "also in":
 * NVD lists every product that ships the flaw. When the description names none and there is
 * one product, that one is the record's subject and primary.
 */
import type { FactProduct } from '../../domain/facts.js';
import { mentionIndex } from '../derive/product-order.js';
import { productName } from '../explainer/names.js';
import type { AffectedProduct } from '../model.js';

const token = (text: string) => text.trim().toLowerCase().replace(/[\s:]+/g, '_') || 'n/a';

export function factProducts(products: readonly AffectedProduct[], description: string): FactProduct[] {
  const seen = new Map<string, FactProduct>();
  for (const product of products) {
    const key = `${token(product.vendor)}:${token(product.product)}`;
    const named = mentionIndex(product, description, 'first') >= 0 || (product.title !== undefined && description.toLowerCase().includes(product.title.toLowerCase()));
    const current = seen.get(key);
    if (!current) seen.set(key, { product: key, name: productName(product), primary: named });
    else if (named && !current.primary) seen.set(key, { ...current, primary: true });
  }
  const list = [...seen.values()];
  if (list.length === 1 && !list[0]!.primary) return [{ ...list[0]!, primary: true }];
  return platformsAside(list, products);
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
