/**
 * Tags. Rule: vendor and product tags are the affected products' vendor and product names in
 * CPE spelling (lower case, spaces as underscores), at most 5 vendors and 10 products;
 * technology tags come from the CPE part (`application`, `operating_system`, `hardware`) and
 * the target software of application CPEs (e.g. `wordpress`, `node.js`).
 */
import type { Tag } from '../../domain/cve.js';
import type { AffectedProduct } from '../../domain/nvd-record.js';

const PART_TAG = { a: 'application', o: 'operating_system', h: 'hardware' } as const;

export function tagValue(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '_');
}

export function deriveTags(products: readonly AffectedProduct[]): Tag[] {
  const tags: Tag[] = [];
  const add = (tag: string, tag_type: Tag['tag_type'], limit: number) => {
    if (!tag || tags.filter((t) => t.tag_type === tag_type).length >= limit) return;
    if (!tags.some((t) => t.tag === tag && t.tag_type === tag_type)) tags.push({ tag, tag_type });
  };
  for (const p of products) add(tagValue(p.vendor), 'vendor', 5);
  for (const p of products) add(tagValue(p.product), 'product', 10);
  for (const p of products) if (p.part) add(PART_TAG[p.part], 'technology', 5);
  for (const p of products) if (p.targetSoftware && p.part === 'a') add(tagValue(p.targetSoftware), 'technology', 5);
  return tags;
}
