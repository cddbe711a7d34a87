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
  return list;
}
