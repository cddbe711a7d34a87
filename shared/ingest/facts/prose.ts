/**
 * The parts of an NVD description the fact grammar reads. NVD's template is "<bug> in
 * <component> in <product> <versions> allows <attacker> to <impact> via <vector>", with many
 * variants; some of its parts say nothing about what an attacker gains and would mislead a
 * phrase reader:
 * - "NOTE: …" sentences discuss the record (provenance, a disputed label, another CVE);
 * - a name in quotes after "aka" is a title ("DLL Planting Remote Code Execution Vulnerability"
 *   of a local privilege gain, CVE-2015-0096), not a statement of impact;
 * - "a different vulnerability than CVE-…" and "related to CVE-…" name other records;
 * - the vector ("via a long password that triggers a SystemUI crash", CVE-2015-3860) says how,
 *   not what the attacker gains: impacts are read with the via-clauses cut out.
 */

/** Whitespace made single, NOTE sentences dropped. */
export function proseOf(description: string): string {
  return description
    .replace(/\s+/g, ' ')
    .replace(/\s*\bNOTE:.*$/, '')
    .trim();
}

/** "aka "X"" / "aka 'X'" / "aka the X bug": quoted names and the aka phrase up to its clause end. */
const AKA_PHRASE = /,?\s*\(?\baka\b\s*(?:the\s+)?(?:"[^"]*"|'[^']*'|“[^”]*”|[^,.;()]*)\)?/gi;
const OTHER_RECORDS =
  /,?\s*(?:a (?:different|similar|related) (?:vulnerability|issue) (?:than|to)|a related issue to|related to|this CVE ID is unique from|this is a different issue than|an incomplete fix for|as demonstrated (?:by|in))\s+(?:CVE-\d+-\d+(?:,\s*(?:and\s+)?|\s+and\s+)?)+/gi;

/** The prose less aka titles and mentions of other records: what the record itself states. */
export function statedProse(description: string): string {
  return proseOf(description).replace(AKA_PHRASE, '').replace(OTHER_RECORDS, ' ').replace(/\s+/g, ' ');
}

/** Verbs that start a consequence again after a vector: "…via X, or possibly execute…". */
const CONSEQUENCE_VERB =
  '(?:execute|run|cause|obtain|gain|bypass|conduct|inject|read|write|modify|delete|overwrite|create|spoof|redirect|hijack|have|access|discover|determine|list|leak|escalate|elevate|crash|perform|upload|download|change|reconfigure|set|add|affect|install|impersonate|insert|disclose|trigger a denial)';

/**
 * A via-clause runs from "via" (or "by means of", or "by" and a verb in -ing: "by uploading a
 * file with an executable extension") to the end of its clause: a sentence end, a
 * semicolon, or a continuation that states a consequence again ("which allows", "leading to",
 * "resulting in", ", or possibly execute …").
 */
const VIA_CLAUSE = new RegExp(
  `\\b(?:via|by means of|by (?!default\\b)\\w+ing)\\b.*?(?=,?\\s*(?:which|that|and|this)\\s+(?:can |could |may |might )?(?:allows?|lets?|leads?|results?|causes?|makes?|enables?)\\b|,?\\s*(?:leading|resulting)\\s+(?:to|in)\\b|,?\\s+and\\s+(?:can|could|may|might|will|would)\\b|,?\\s+(?:and|or)\\s+(?:possibly\\s+|might\\s+|may\\s+|could\\s+)?(?:to\\s+)?${CONSEQUENCE_VERB}\\b|[.;](?:\\s|$)|$)`,
  'gi',
);

/** The stated prose with each vector clause cut out: where consequences are read. */
export function consequenceProse(description: string): string {
  return statedProse(description).replace(VIA_CLAUSE, ' ').replace(/\s+/g, ' ');
}
