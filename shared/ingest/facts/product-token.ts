/** A product's key part as NVD's CPE writes it: lower case, spaces and colons as underscores ("n/a" where empty). */
export const token = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s:]+/g, '_') || 'n/a';
