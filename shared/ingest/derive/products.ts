/**
 * Affected products. Rule: the vulnerable CPE matches of NVD's configurations (vendor and
 * product from the CPE name, version bounds from the match); when NVD has none, the CVE 5 CNA's
 * `affected` entries; else CISA-ADP's; else the product the description names in Patchstack's
 * template (`described-products.ts`). Negated configuration nodes and non-vulnerable matches
 * (platforms a product runs on) are not affected products.
 */
import type { AffectedProduct } from '../../domain/nvd-record.js';
import { describedProducts } from './described-products.js';
import { ADP, cnaName, NVD, type CveSources, type Derived } from './inputs.js';

export function deriveProducts({ nvd, cve5 }: Pick<CveSources, 'nvd' | 'cve5'>, description = ''): Derived<readonly AffectedProduct[]> {
  if (nvd && nvd.products.length > 0) return { value: nvd.products, provenance: `${NVD} configurations (CPE)` };
  if (cve5 && cve5.cna.products.length > 0) return { value: cve5.cna.products, provenance: `${cnaName(cve5)} affected` };
  if (cve5?.adp && cve5.adp.products.length > 0) return { value: cve5.adp.products, provenance: `${ADP} affected` };
  const described = describedProducts(description);
  if (described.length > 0) return { value: described, provenance: 'the description ("This issue affects X: from … through …")' };
  return { value: [], provenance: 'no affected products in any source' };
}
