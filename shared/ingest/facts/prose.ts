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
import type { Impact } from '../../domain/facts.js';

/**
 * The description without its NOTE sentences: a trailing note with all that follows it, a
 * leading one ("NOTE: this issue has been disputed by the vendor. Cross-site scripting …") up to
 * its sentence's end, since the record's statement follows it.
 */
export function withoutNotes(text: string): string {
  // The leading note is blanked, not cut, so a statement's place in the text stays where it was.
  return text.replace(/^\s*NOTE:.*?\.(?:\s+(?=[A-Z])|$)/s, (note) => ' '.repeat(note.length)).replace(/\s*\bNOTE:.*$/s, '');
}

/** Whitespace made single, NOTE sentences dropped. */
export function proseOf(description: string): string {
  return withoutNotes(description.replace(/\s+/g, ' ')).trim();
}

/** "aka "X"" / "aka 'X'" / "aka the X bug": quoted names and the aka phrase up to its clause end. */
const AKA_PHRASE = /,?\s*\(?\baka\b\s*(?:the\s+)?(?:"[^"]*"|'[^']*'|“[^”]*”|[^,.;()]*)\)?/gi;
const OTHER_RECORDS =
  /,?\s*(?:a (?:different|similar|related) (?:vulnerability|issue) (?:than|to)|a related issue to|related to|this CVE ID is unique from|this is a different issue than|an incomplete fix for|as demonstrated (?:by|in))\s+(?:CVE-\d+-\d+(?:,\s*(?:and\s+)?|\s+and\s+)?)+/gi;

/**
 * GitHub's advisories close on what to do meanwhile: "For users unable to upgrade …, a workaround can be implemented. The
 * user implementing the workaround should … filter out unsafe characters and patterns (e.g., SQL injection attempts, script
 * injections)" (CVE-2024-48918, the eleventh reading). The examples name attacks to filter, not this flaw's kind or gain.
 */
const WORKAROUND_SENTENCE = /(?<=^|[.!?]\s)(?:(?![.!?]\s+[A-Z]).)*?\b(?:workarounds?|unable to (?:upgrade|update|patch))\b(?:(?![.!?]\s+[A-Z]).)*/gis;
const EXAMPLES = /\(\s*(?:e\.g\.|for example|such as)[^)]*\)/gi;

/**
 * Advice to the reader: GitHub's "If you are not able to upgrade for any reason, you can add a configuration to your
 * callbacks option" (next-auth, CVE-2022-24858) says what the user does, not what the attacker gains.
 */
const ADVICE_SENTENCE =
  /(?<=^|[.!?]\s)(?:If you (?:are not able|are unable|cannot|can't|can not|do not|don't)\b|If you\b(?:(?![.!?]\s+[A-Z]).)*?,\s*(?:you (?:can|should|must)|make sure|ensure)\b|Make sure\b)(?:(?![.!?]\s+[A-Z]).)*/gs;

/** The text with the examples of its workaround sentences, and its advice to the reader, left out. */
export const withoutWorkaroundExamples = (text: string): string =>
  text.replace(WORKAROUND_SENTENCE, (sentence) => sentence.replace(EXAMPLES, ' ')).replace(ADVICE_SENTENCE, (sentence) => ' '.repeat(sentence.length));

/** The prose less aka titles and mentions of other records: what the record itself states. */
export function statedProse(description: string): string {
  return proseOf(description).replace(AKA_PHRASE, '').replace(OTHER_RECORDS, ' ').replace(/\s+/g, ' ');
}

/** Verbs that start a consequence again after a vector: "…via X, or possibly execute…". */
const CONSEQUENCE_VERB =
  '(?:execute|run|cause|obtain|gain|bypass|conduct|inject|read|write|modify|delete|overwrite|create|spoof|redirect|hijack|have|access|discover|determine|list|leak|escalate|elevate|crash|perform|upload|download|change|reconfigure|set|add|affect|install|impersonate|insert|disclose|retrieve|steal|trigger a denial)';

/**
 * A via-clause runs from "via" (or "by means of", or "by" and a verb in -ing: "by uploading a
 * file with an executable extension") to the end of its clause: a sentence end, a
 * semicolon, or a continuation that states a consequence again ("which allows", "leading to",
 * "resulting in", ", or possibly execute …"), or the next attacker of a numbered list ("… via a TIOCSETD ioctl call …,
 * or (2) remote attackers to cause a denial of service", Linux's CVE-2004-0814, the h52 blind set) or its next gain
 * ("(1) truncate arbitrary files via a symlink attack …, and (2) execute arbitrary code via …", CVE-2008-0525, h53).
 */
const VIA_CLAUSE = new RegExp(
  `\\b(?:via|by means of|by (?!default\\b)\\w+ing)\\b.*?(?=,?\\s*(?:which|that|and|this)\\s+(?:can |could |may |might )?(?:allows?|lets?|leads?|results?|causes?|makes?|enables?)\\b|,?\\s*(?:leading|resulting)\\s+(?:to|in)\\b|,?\\s+and\\s+(?:can|could|may|might|will|would)\\b|,?\\s+(?:and|or)\\s+(?:possibly\\s+|might\\s+|may\\s+|could\\s+)?(?:to\\s+)?${CONSEQUENCE_VERB}\\b|,?\\s+(?:and|or)\\s+\\(\\d+\\)\\s+(?:local|remote|context-dependent|physically|authenticated|unauthenticated|attackers|users)\\b|,?\\s+(?:and|or)\\s+\\(\\d+\\)\\s+(?:possibly\\s+)?${CONSEQUENCE_VERB}\\s+(?!(?:parameters?|arguments?|fields?|variables?|options?|methods?|functions?)\\b)\\w|[.;](?:\\s|$)|$)`,
  'gi',
);

/** A denial runs to its clause end: a sentence end, or ", it can …" / ", but …" that states again. */
const DENIAL_REST = String.raw`(?:(?!,\s*(?:it|but|however|though|although|they|this|which|and|yet)\b)[^.;])*`;

/**
 * A consequence the description denies is no gain: "we do not believe this leakage is enough to
 * allow recovery of the private key", "This does not allow attackers to take over accounts",
 * "does not allow for privilege escalation", "does not enable remote code execution". The
 * denial is cut to its clause end. A product that "does not allow users to disable SNMP" or
 * "does not enable HSTS" states its bug, not a denial: only a denial by the flaw itself (this,
 * it, the issue), one of degree ("not enough to"), or one whose object is a gain counts.
 */
const DENIED_CONSEQUENCE = new RegExp(
  [
    String.raw`\b(?:not|n't)\s+(?:\w+\s+){0,4}?(?:enough|sufficient)\s+to\s+(?:allow|permit|enable|lead to|result in|recover|be used|be exploited|be leveraged|cause|give|grant)\b${DENIAL_REST}`,
    String.raw`\bwe (?:do|did) not (?:believe|think|expect)\b${DENIAL_REST}`,
    String.raw`\b(?:this|it|which|these|they|doing so|the (?:issue|flaw|bug|vulnerability|weakness|leak(?:age)?))\s+(?:alone\s+|by itself\s+|itself\s+)?(?:does|do|did|would|could|can|will|should|is|are|was)\s*(?:not|n't)\s+(?:\w+\s+){0,2}?(?:allow|allows|permit|enable|lead to|result in|give|grant|be used to|be leveraged to|be exploited to|expose|disclose|affect)\b${DENIAL_REST}`,
    // Cisco's "It is not possible to change the configuration or view sensitive data with this account" (CVE-2019-1675).
    String.raw`\bit is (?:not |im)possible (?:for (?:an |the )?attackers? )?to\b${DENIAL_REST}`,
    // RSA's "Data exfiltration cannot occur" (CVE-2024-25066).
    String.raw`\b(?:data |information |memory )?(?:exfiltration|disclosure|leakage|code execution|privilege escalation)\s+(?:cannot|can ?not|can't|does not|is not able to)\s+(?:occur|happen|be (?:achieved|performed))\b`,
    String.raw`\b(?:not|n't)\s+(?:allow|enable|lead to|result in|permit)\s+(?:for\s+)?(?:an?\s+)?(?:remote\s+|arbitrary\s+)?(?:code execution|command execution|privilege escalation|escalation of privileges?|elevation of privileges?|RCE|information disclosure|data (?:leak|exposure))\b[^.;,]*`,
  ].join('|'),
  'gi',
);

/** The gains a denial names by their noun ("Data exfiltration cannot occur": a disclosure). */
const DENIED_GAINS: readonly (readonly [Impact, RegExp])[] = [
  ['information_disclosure', /\b(?:exfiltration|disclos(?:e|ure)|leak(?:age)?|data (?:leak|exposure)|expose|view sensitive (?:data|information))\b/i],
  ['code_execution', /\b(?:code execution|command execution|RCE)\b/i],
  ['privilege_escalation', /\b(?:privilege escalation|(?:escalation|elevation) of privileges?)\b/i],
];

/**
 * The gains the description denies: a weakness's or CVSS rating's usual gain is not said where the record rules it out
 * (RSA's XXE, "Data exfiltration cannot occur", CVE-2024-25066).
 */
export function deniedImpacts(description: string): Set<Impact> {
  const denied = new Set<Impact>();
  for (const [denial] of statedProse(description).matchAll(DENIED_CONSEQUENCE))
    for (const [impact, pattern] of DENIED_GAINS) if (pattern.test(denial)) denied.add(impact);
  return denied;
}

/** The stated prose less the consequences it denies: what the record affirms. */
export function affirmedProse(description: string): string {
  return statedProse(description).replace(DENIED_CONSEQUENCE, ' ').replace(/\s+/g, ' ');
}

/**
 * "could cause denial of service when reading memory blocks with an invalid data size": a
 * when-clause right after a crash names what the attacker makes the program do, not a second
 * gain (the reading is the device's, not the attacker's). Only after a denial of service or a
 * crash, and only up to a consequence stated again; other when-clauses ("when an
 * administrator views the logs") stay as they are.
 */
const CRASH_TRIGGER = new RegExp(
  String.raw`\b((?:denial[- ]of[- ]service|DoS|crash(?:es)?)(?:\s+(?:conditions?|attacks?))?(?:\s+\([^)]*\))?)\s+(?:when|while|upon|during)\s+` +
    // up to a consequence stated again: "may crash while accessing an invalid pointer or expose memory"
    String.raw`(?:(?!\s(?:or|and)\s+(?:possibly\s+|may\s+|might\s+|could\s+|to\s+)?(?:${CONSEQUENCE_VERB}|expose|reveal)\b)[^.;,])*`,
  'gi',
);

/** The stated prose with each vector clause cut out: where consequences are read. */
export function consequenceProse(description: string): string {
  return affirmedProse(description).replace(CRASH_TRIGGER, '$1').replace(VIA_CLAUSE, ' ').replace(/\s+/g, ' ');
}
