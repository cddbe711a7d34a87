/** A product's key part as NVD's CPE writes it: lower case, spaces and colons as underscores ("n/a" where empty). */
export const token = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s:]+/g, '_') || 'n/a';

/** A name without its bracketed short names ("Macromedia Contribute Publishing Server (CPS)"): no word of the CPE name. */
export const withoutShortNames = (name: string) => name.replace(/\s*\([^)]*\)/g, '');
