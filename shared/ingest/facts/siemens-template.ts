/**
 * Siemens ProductCERT's template: "A vulnerability has been identified in TeleControl Server
 * Basic (All versions < V3.1.2.2), SCALANCE LPE9403 (6GK5998-3GS00-2AC2) (All versions)". The
 * bracket after the name is the versions (read by `../versions/description.ts`), not part of the
 * name; an order number in brackets before it (Siemens' MLFB) names the article, not the product,
 * and a trailing "V2302" names the release line.
 * NVD lists every record of this template it has analysed under `siemens:`, so the described
 * product takes that vendor.
 */
import type { FactProduct } from '../../domain/facts.js';
import { token, withoutShortNames } from './product-token.js';

// A short name in brackets belongs to the name ("Siemens License Server (SLS) (All versions < V4.3)", CVE-2025-29999):
// without it the name ran on into the versions' bracket.
const IDENTIFIED_IN =
  /\b(?:has|have) been identified in (?:the )?(?<name>[A-Z][^()]{1,80}?(?: \([A-Za-z][A-Za-z+ ]{0,20}\))?)(?: \((?<mlfb>[0-9A-Z][0-9A-Z-]*\d[0-9A-Z-]*)\))? \(All versions\b/;

export function siemensProduct(description: string): FactProduct | undefined {
  // "Tecnomatix Plant Simulation V2302 (All versions < V2302.0021)": the release line is a version, not the name.
  const name = IDENTIFIED_IN.exec(description)
    ?.groups?.name?.trim()
    .replace(/^Siemens /, '')
    .replace(/ V\d+(?:\.\d+)*$/, '');
  if (!name || /[,;]/.test(name)) return undefined;
  return { product: `siemens:${token(withoutShortNames(name))}`, name: `Siemens ${name}`, primary: true };
}
