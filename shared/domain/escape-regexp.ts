/** `text` as a regular expression that matches it literally (every pattern character escaped). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
