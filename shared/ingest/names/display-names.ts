/**
 * Display names for a record's affected products, first that applies per product:
 * 1. NVD's CPE dictionary title of its vendor:product pair ("Apple iPhone OS");
 * 2. the CVE 5 CNA's own `affected[].vendor/product` for the same product (CPE tokens and the
 *    CNA's names compared letters-and-digits only: `http_server` ~ "HTTP Server");
 * 3. nothing: the explainer's casing rule spells the CPE tokens (`productName`).
 * Tags keep the CPE spelling; only the text changes.
 */
import type { AffectedProduct } from '../model.js';
import type { CpeTitles } from './cpe-titles.js';

export interface NameSources {
  readonly cpeTitles?: CpeTitles;
  /** The CVE 5 CNA's affected products, names as the CNA wrote them. */
  readonly cnaProducts?: readonly Pick<AffectedProduct, 'vendor' | 'product'>[];
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A CNA's name counts only when it is written as a name (has a capital), not as another token. */
const isWrittenName = (text: string) => /[A-Z]/.test(text);

function cnaTitle(product: AffectedProduct, cna: NameSources['cnaProducts']): Pick<AffectedProduct, 'title' | 'vendorTitle'> {
  const match = cna?.find((c) => squash(c.product) === squash(product.product) && (!product.vendor || !c.vendor || squash(c.vendor) === squash(product.vendor.replace(/_project$/i, '')) || squash(c.vendor) === squash(product.vendor)));
  if (!match || !isWrittenName(match.product)) return {};
  const vendor = isWrittenName(match.vendor) ? match.vendor.trim() : undefined;
  const title = vendor && !squash(match.product).startsWith(squash(vendor)) ? `${vendor} ${match.product.trim()}` : match.product.trim();
  return { title, ...(vendor ? { vendorTitle: vendor } : {}) };
}

export function nameProducts(products: readonly AffectedProduct[], sources: NameSources): AffectedProduct[] {
  return products.map((product) => {
    if (product.title) return product;
    const dictionary = sources.cpeTitles?.title(product.vendor, product.product);
    if (dictionary) return { ...product, title: dictionary.title, ...(dictionary.vendorTitle ? { vendorTitle: dictionary.vendorTitle } : {}) };
    return { ...product, ...cnaTitle(product, sources.cnaProducts) };
  });
}
