/**
 * NVD's old "Unknown vulnerability in BIND 9.2.0 in HP-UX B.11.00, B.11.11, and B.11.23": the
 * flawed component and its version come first, the system that ships it after "in". NVD lists
 * only the system (`hp:hp-ux`), so the affected text named HP-UX and never BIND 9.2.0. Where the
 * description names such a component that no listed product is, and the system after it is a
 * listed product, the affected text names the component as shipped in that system.
 */
import type { AffectedProduct } from '../../domain/nvd-record.js';

const COMPONENT_IN =
  /^(?:Unknown |Unspecified |Multiple )?(?:[\w-]+ )?(?:vulnerability|vulnerabilities|overflow|flaw) in (?<component>[A-Z][\w.+-]*(?: [A-Z][\w.+-]*){0,3}) (?<version>\d+(?:\.\d+)+[a-z]?) (?:in|on) (?<system>[A-Z][\w+-]*(?: [A-Z][\w+-]*\b(?!\.))?)/;

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export function shippedComponentSentence(description: string, products: readonly AffectedProduct[], nameOf: (p: AffectedProduct) => string): string {
  const found = COMPONENT_IN.exec(description.replace(/\s+/g, ' ').trim())?.groups;
  if (!found) return '';
  const component = words(found.component!);
  const names = products.map((p) => ({ p, name: ` ${words(nameOf(p))} `, token: words(p.product) }));
  // A listed product is the component itself ("Apple Safari 3.0.2 on Windows XP"): nothing to add.
  if (names.some(({ name, token }) => name.includes(` ${component} `) || component.includes(token))) return '';
  const system = names.find(({ name, token }) => name.includes(` ${words(found.system!)} `) || token === words(found.system!));
  if (!system) return '';
  return ` The flawed component is ${found.component!} ${found.version!} as shipped in ${nameOf(system.p)}.`;
}
