/**
 * A list of hardware models an AND configuration ties its firmware ranges to, named as a platform
 * of its own. Cisco's NX-OS records (CVE-2019-1776) give each hardware family its own releases,
 * one configuration per family listing up to sixty models: without a platform per list, one
 * family's fixes fall inside another's ranges and are lost. The name counts the models and says
 * their shared family word where they have one that no other list of the record also starts with
 * ("16 MDS devices"), else names the first model ("12 devices such as Nexus 5548P"): it never
 * claims a model the list does not hold.
 */

const DEVICES = /^\d+ (?:\S.* devices|devices such as \S.*)$/;

/** A platform named here: the fix text says it ("on 16 MDS devices"), as it says "on Windows". */
export const isDeviceListPlatform = (platform: string | null): platform is string => platform !== null && DEVICES.test(platform);

/** A CPE product token's words: `mpx\/sdx_14030_fips` is "mpx/sdx", "14030", "fips". */
const wordsOf = (token: string) =>
  token
    .replace(/\\(.)/g, '$1')
    .split(/[_\s]+/)
    .filter(Boolean);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The words as the description spells them ("ioLogik", "Nexus"), else model numbers as vendors
 * print them ("9132T", "SRX110"), short acronyms upper ("MDS") and longer words capitalised.
 */
function wordsText(words: readonly string[], description: string): string {
  const pattern = words.map(escaped).join('[\\s_-]');
  const spelled = new RegExp(`(?<![\\w-])${pattern}(?![\\w-])`, 'i').exec(description)?.[0];
  if (spelled) return spelled;
  return words
    .map((word) => word.replace(/[a-z0-9]+/gi, (run) => (/\d/.test(run) || run.length <= 3 ? run.toUpperCase() : run[0]!.toUpperCase() + run.slice(1))))
    .join(' ');
}

/** The words every model's name starts with, and the letters their next word shares ("srx110", "srx1400": "srx"). */
function familyWords(tokens: readonly string[]): string[] {
  const lists = tokens.map(wordsOf);
  const shared: string[] = [];
  for (let i = 0; lists.every((words) => words.length > i); i++) {
    const word = lists[0]![i]!;
    if (lists.every((words) => words[i] === word)) {
      shared.push(word);
      continue;
    }
    // Two letters or more: "e1210", "e1211" share an "e" that names nothing.
    const letters = lists.map((words) => /^[a-z]{2,}(?=\d)/i.exec(words[i]!)?.[0] ?? '');
    if (letters[0] !== '' && letters.every((l) => l === letters[0])) shared.push(letters[0]!);
    break;
  }
  // A shared word that is the whole of one model's name ("nexus" beside "nexus_5548p") is that model, not a family.
  return lists.some((words) => words.join(' ') === shared.join(' ')) ? [] : shared;
}

/**
 * One name per list of model tokens (as the configuration lists them). Lists whose family words are
 * the same are one family; family words that another list's models also start with name no family
 * (the other list holds models of it too).
 */
export function deviceListNames(lists: readonly (readonly string[])[], description: string): string[] {
  const families = lists.map((tokens) => familyWords(tokens));
  const startsWith = (token: string, family: readonly string[]) => {
    const words = wordsOf(token);
    return family.every((word, i) => (i === family.length - 1 ? words[i]?.startsWith(word) : words[i] === word));
  };
  return lists.map((tokens, i) => {
    const family = families[i]!;
    const key = family.join(' ');
    const exclusive = family.length > 0 && lists.every((other, j) => families[j]!.join(' ') === key || other.every((token) => !startsWith(token, family)));
    return exclusive
      ? `${tokens.length} ${wordsText(family, description)} devices`
      : `${tokens.length} devices such as ${wordsText(wordsOf(tokens[0]!), description)}`;
  });
}
