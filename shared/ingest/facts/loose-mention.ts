/**
 * A product the description names in a shorter form than its dictionary title: "IBM SAN Volume
 * Controller" for "IBM SAN Volume Controller Firmware", "Cisco Identity Services Engine" for
 * "… Engine (ISE) Software", "Adobe Acrobat and Reader" for "Adobe Acrobat DC", a family left
 * bare ("IBM Storwize, IBM Spectrum Virtualize …") for each of its models ("IBM Storwize V7000
 * Firmware"), and a model pattern ("GXP16xx") for each model it covers ("Gxp1610 Firmware").
 * The shorter name counts only where the description stops after it (a comma, "and", a version):
 * "Microsoft Windows 7" names no "Microsoft Windows 10".
 */
import { escapeRegExp } from '../../domain/escape-regexp.js';

/** Words a dictionary title adds to what people call the product. */
const TRAILING = /(?:\s+(?:\([A-Z][A-Za-z]*\)|Firmware|Software|DC))+$/;

/** The description stops after the name: punctuation, a joining word, or (where allowed) a version. */
function standsAlone(name: string, description: string, version: boolean): boolean {
  const after = String.raw`(?=[,;:.)]|\s+(?:and|or|products?|devices?|before|through|prior|versions?|up to|all)\b${version ? String.raw`|\s+v?\d` : ''})`;
  return new RegExp(String.raw`(?<![\w-])${escapeRegExp(name)}${after}`, 'i').test(description);
}

export function looselyNamed(name: string, description: string): boolean {
  const core = name.replace(TRAILING, '');
  if (core !== name && core.includes(' ') && standsAlone(core, description, true)) return true;
  const words = core.split(' ');
  const model = words.findIndex((w) => /\d/.test(w));
  if (model >= 2 && standsAlone(words.slice(0, model).join(' '), description, false)) return true;
  return modelPattern(words, description);
}

/** "GXP16xx": the letters and digits before the x's, then as many digits as x's. */
function modelPattern(words: readonly string[], description: string): boolean {
  for (const [, stem, xs] of description.matchAll(/\b([A-Za-z]+\d+)(x{1,3})\b/gi)) {
    const covers = new RegExp(String.raw`^${escapeRegExp(stem!)}\d{${xs!.length}}$`, 'i');
    if (words.some((w) => covers.test(w))) return true;
  }
  return false;
}

/** "Reader DC" after the family "Adobe Acrobat": the rest of a family member's name, without the title's additions. */
export function familyRest(rest: string): string {
  return rest.replace(TRAILING, '');
}
