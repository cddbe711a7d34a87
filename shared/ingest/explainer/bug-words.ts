/**
 * What kind of mistake the description names ("SQL injection", "use-after-free", "heap-based
 * buffer overflow"), for the title and the summary's first sentence. Bug classes only: a
 * category such as "input validation" or "access control" says where the mistake is, not what
 * it is, and titles built on it read as "Input checking in X" (issue 23).
 */
import { withoutNotes } from '../facts/prose.js';

const BUG_CLASSES = [
  'cross-site request forgery',
  'cross-site scripting',
  'server-side request forgery',
  'SQL injection',
  'OS command injection',
  'command injection',
  'code injection',
  'eval injection',
  'CRLF injection',
  'LDAP injection',
  'XPath injection',
  'XML injection',
  'template injection',
  'argument injection',
  'HTML injection',
  'HTTP response splitting',
  'remote file inclusion',
  'local file inclusion',
  'directory traversal',
  'path traversal',
  'open redirect',
  'XML external entity',
  'stack-based buffer overflow',
  'heap-based buffer overflow',
  'heap buffer overflow',
  'heap-based overflow',
  'stack-based overflow',
  'stack buffer overflow',
  'global buffer overflow',
  'buffer overflow',
  'buffer over-read',
  'buffer underflow',
  'heap overflow',
  'stack overflow',
  'integer overflow',
  'integer underflow',
  'integer signedness error',
  'integer truncation',
  'off-by-one error',
  'out-of-bounds write',
  'out-of-bounds read',
  'use-after-free',
  'use after free',
  'double free',
  'NULL pointer dereference',
  'null pointer dereference',
  'untrusted pointer dereference',
  'uninitialized pointer',
  'invalid pointer',
  'wild pointer',
  'type confusion',
  'format string',
  'race condition',
  'memory corruption',
  'memory leak',
  'uninitialized memory',
  'infinite loop',
  'untrusted search path',
  'unrestricted file upload',
  'arbitrary file upload',
  'insecure deserialization',
  'deserialization of untrusted data',
  'unsafe deserialization',
  'session fixation',
  'clickjacking',
  'timing side channel',
  'side-channel',
  'hard-coded credentials',
  'hard-coded password',
  'default credentials',
  'backdoor',
  'authentication bypass',
  'missing authentication',
  'missing authorization',
  'improper authorization',
  'regular expression denial of service',
  'cleartext storage',
  'cleartext transmission',
  'insecure permissions',
  'incorrect permissions',
  'weak encryption',
  'certificate validation',
  'incomplete blacklist',
  'incomplete denylist',
  'insecure temporary file',
  'symlink attack',
  'symlink following',
  // Chrome's "Insufficient policy enforcement in Blink": a check the product fails to apply.
  'insufficient policy enforcement',
  'GUI overlay',
  'UI spoofing',
  // Apple's "Processing an email may lead to user interface spoofing".
  'user interface spoofing',
  // Last: "triggers the overflow during path canonicalization" (MS08-067) names no kind of overflow.
  'overflow',
] as const;

/**
 * Names of a consequence, not a mistake: a bug's kind only where the record names no mistake.
 * Named as the flaw ("a privilege escalation vulnerability") it is the record's name for it;
 * merely stated ("can result in … a partial denial of service" after Oracle's "unauthorized read
 * access") it is one gain, which names the bug only where it is the only one (summary.ts).
 */
const CONSEQUENCE_CLASSES = ['privilege escalation', 'information disclosure', 'denial of service', 'spoofing'] as const;

// Adobe's "an out of bound read vulnerability" (CVE-2019-8000): "bound" as often as "bounds".
const alternatives = (names: readonly string[]) => names.map((b) => b.replace(/[-\s]/g, '[-\\s]').replace(/bounds\b/, 'bounds?')).join('|');
const BUGS = new RegExp(`\\b(${alternatives(BUG_CLASSES)})(?:s|es)?\\b`, 'i');
const NAMED_CONSEQUENCES = new RegExp(
  `\\b(${alternatives(CONSEQUENCE_CLASSES)})(?:\\s+\\(\\w+\\))?\\s+(?:vulnerabilit(?:y|ies)|flaws?|issues?|bugs?|weakness(?:es)?)\\b`,
  'i',
);
const CONSEQUENCES = new RegExp(`\\b(${alternatives(CONSEQUENCE_CLASSES)})\\b`, 'i');

/**
 * VulDB's template names the bug after "leads to" ("The manipulation of the argument id leads to
 * sql injection."; newer: "Manipulating the argument id can result in improper authorization."):
 * its own name for the flaw, which wins over any other word of the text.
 */
const VULDB_BUG =
  /\b(?:The manipulation|Manipulating|Manipulation)\b[^.]{0,120}?\b(?:leads to|can lead to|may lead to|will lead to|results in|can result in|may result in)\s+(?:an?\s+)?([a-z][\w/ -]{2,60}?)\s*(?:\.(?:\s|$)|$|,)/i;

/** VulDB's "leads to injection" names a category, not a bug: the title would read "Injection in X". */
const CATEGORY =
  /^(?:(?:improper |unspecified )?(?:injection|input validation|authori[sz]ation|authentication|access control|cryptography|resource management|security feature|number handling|permissions?|privilege management|password and key handling))$/i;

/** Acronyms and spellings a bug name keeps whatever case the record wrote it in. */
const SPELLING: readonly [RegExp, string][] = [
  [/\bsql\b/gi, 'SQL'],
  [/\bos\b/gi, 'OS'],
  [/\bcrlf\b/gi, 'CRLF'],
  [/\bldap\b/gi, 'LDAP'],
  [/\bxpath\b/gi, 'XPath'],
  [/\bxml\b/gi, 'XML'],
  [/\bhtml\b/gi, 'HTML'],
  [/\bhttp\b/gi, 'HTTP'],
  [/\bcsv\b/gi, 'CSV'],
  [/\bgui\b/gi, 'GUI'],
  [/\bui\b/gi, 'UI'],
  [/\bcross site\b/gi, 'cross-site'],
  [/\bout[- ]of[- ]bounds?\b/gi, 'out-of-bounds'],
  [/\bserver side\b/gi, 'server-side'],
];

/** Abbreviations an aka title names the class by ("Microsoft SharePoint XSS vulnerability"). */
const ABBREVIATED = /\b(XSS|CSRF|XSRF|SSRF|XXE|SQLi)\b/;
const EXPANDED: Readonly<Record<string, string>> = {
  XSS: 'cross-site scripting',
  CSRF: 'cross-site request forgery',
  XSRF: 'cross-site request forgery',
  SSRF: 'server-side request forgery',
  XXE: 'XML external entity',
  SQLi: 'SQL injection',
};

function spelt(name: string): string {
  if (EXPANDED[name]) return EXPANDED[name];
  const lower = name
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\b([A-Z][a-z]+|NULL)\b/g, (word) => word.toLowerCase());
  return SPELLING.reduce((text, [pattern, spelling]) => text.replace(pattern, spelling), lower);
}

export interface DescribedBug {
  readonly name: string;
  /** Only a consequence the text states, not a name it gives the flaw. */
  readonly statedGain: boolean;
}

/**
 * The description before its "aka" name. OpenVPN's "possibly sensitive memory leak" (CVE-2017-7520) is memory disclosed,
 * not memory never freed: it names no bug.
 */
const beforeAka = (stated: string) => stated.replace(/\baka\b.*$/s, '').replace(/\bsensitive memory leak/gi, 'sensitive memory disclosure');

/** The bug class the description names, and whether it is only a stated gain. */
export function describedBugName(description: string): DescribedBug | undefined {
  const stated = withoutNotes(description).trimStart();
  const text = beforeAka(stated);
  // The name after "aka" ("Microsoft SharePoint XSS vulnerability") only where the text names no class.
  const aka = /\baka\b(.*)$/s.exec(stated)?.[1] ?? '';
  const vuldb = VULDB_BUG.exec(text)?.[1];
  const named =
    (PATCHSTACK_LOCAL_INCLUSION.test(text) ? 'local file inclusion' : undefined) ??
    (vuldb && !CATEGORY.test(vuldb) ? vuldb : undefined) ??
    BUGS.exec(text)?.[1] ??
    NAMED_CONSEQUENCES.exec(text)?.[1] ??
    BUGS.exec(aka)?.[1] ??
    ABBREVIATED.exec(aka)?.[1];
  if (named) return { name: spelt(named), statedGain: false };
  if (SHELL_METACHARACTERS.test(text) && COMMANDS_RUN.test(text)) return { name: 'command injection', statedGain: false };
  const gain = CONSEQUENCES.exec(text)?.[1];
  return gain ? { name: spelt(gain), statedGain: true } : undefined;
}

/**
 * Patchstack's "Improper Control of Filename for Include/Require Statement in PHP Program ('PHP Remote File Inclusion')
 * vulnerability in X allows PHP Local File Inclusion" (210 records): the quoted name is CWE-98's title, the attack after
 * "allows" is what the flaw lets in, a local file (CVE-2025-26889 was titled "Remote file inclusion", the last reading of
 * the twenty-second session).
 */
const PATCHSTACK_LOCAL_INCLUSION = /\('PHP Remote File Inclusion'\) vulnerability in [^.]*?\ballows PHP Local File Inclusion\b/i;

/**
 * "allows remote attackers to execute arbitrary commands via shell metacharacters in the domain name field" (Rlaj whois,
 * CVE-2002-1854, the seventeenth reading; 546 records name no class): commands run from characters the shell reads in
 * the attacker's input are a command injection, the name the newer records give the same flaw.
 */
const SHELL_METACHARACTERS = /\bshell meta-?characters\b/i;
const COMMANDS_RUN = /\b(?:execute|executing|run|running)\s+(?:arbitrary\s+)?(?:shell\s+|OS\s+|system\s+)?(?:commands?|code|programs?)\b/i;

/** The first bug class the description names, in its own spelling, lower case except acronyms. */
export function describedBug(description: string): string | undefined {
  return describedBugName(description)?.name;
}

/** "does not properly implement" → "implementation": the noun of each verb a mistake is told by. */
const DONE_BADLY: Readonly<Record<string, string>> = {
  handle: 'handling',
  handles: 'handling',
  implement: 'implementation',
  implements: 'implementation',
  process: 'processing',
  processes: 'processing',
  parse: 'parsing',
  parses: 'parsing',
  validate: 'validation',
  validates: 'validation',
  verify: 'verification',
  verifies: 'verification',
  restrict: 'restriction',
  restricts: 'restriction',
  enforce: 'enforcement',
  enforces: 'enforcement',
  sanitize: 'sanitization',
  sanitizes: 'sanitization',
  initialize: 'initialization',
  initializes: 'initialization',
  cache: 'caching',
  caches: 'caching',
};
const DONE_BADLY_VERB = Object.keys(DONE_BADLY).join('|');
const NOUN_NOUNS = 'handling|implementation|processing|parsing|validation|verification|restriction|enforcement|sanitization|initialization|caching';
/** What was done badly, up to a clause end: "embedded OLE objects", "RBAC health scoring", "objects in memory". */
const CLAUSE_END =
  'which|that|when|and|or|allowing|leading|via|by|because|to|from|so|before|after|prior|while|within|based|destined|as|exists?|is|are|was|were|can|could|may|might|vulnerabilit(?:y|ies)|issues?|flaws?|weakness(?:es)?|bugs?';
const OBJECT = String.raw`((?:the |an? )?[\w-]+(?: (?!(?:${CLAUSE_END})\b)[\w-]+){0,4}?)(?= (?:in|on|of|for|from|with)(?! memory\b)\b|,|\.(?:\s|$)|;|$| (?:${CLAUSE_END})\b)`;
const DONE_BADLY_WORDING = new RegExp(
  String.raw`\b(?:improperly|incorrectly|does not properly|do not properly|did not properly|fails to properly|not properly) (${DONE_BADLY_VERB}) ${OBJECT}|\b(?:improper|incorrect) (${NOUN_NOUNS}) of ${OBJECT}`,
  'i',
);
/** Microsoft's aka titles that name what is parsed or handled: "OpenType Font Parsing Vulnerability". */
const AKA_DONE_BADLY = /\baka\b[^"“]*["“]((?:[\w-]+ ){1,3}(?:Parsing|Handling|Processing|Validation))\s+Vulnerability/i;

/**
 * The mistake as the description words it where it names no bug class: "improperly handles
 * embedded OLE objects" → "improper handling of embedded OLE objects", "does not properly
 * implement RBAC health scoring", an aka's "OpenType Font Parsing Vulnerability" → "OpenType font
 * parsing". Said after a CWE's bug class, which names the kind more surely.
 */
export function describedMistake(description: string): string | undefined {
  const stated = withoutNotes(description).trimStart();
  const text = beforeAka(stated);
  const found = DONE_BADLY_WORDING.exec(text);
  if (found) {
    const noun = found[1] ? DONE_BADLY[found[1].toLowerCase()]! : found[3]!.toLowerCase();
    const written = (found[2] ?? found[4]!).replace(/^(?:the|an?) /i, '');
    // A CWE's name in its capitals ("Improper Restriction of Excessive Authentication Attempts") is written as a phrase.
    const object = found[3] && /^[A-Z]/.test(found[3]) ? spelt(written) : written;
    // "improperly handles input", "improper restriction of access" name no more than a category does;
    // "undefined command parameters" would read as a leaked value in the text.
    const nothingMore =
      /^(?:(?:user(?:-supplied)? )?(?:input|data)|requests?|parameters?|values?|access|use|operations|availability|length|numbers?|privileges|permissions)$/i;
    if (!nothingMore.test(object) && !/\b(?:undefined|null|NaN)\b/.test(object)) return `improper ${noun} of ${object}`;
  }
  const aka = AKA_DONE_BADLY.exec(stated)?.[1];
  // Names keep their capitals ("Microsoft Office", "OpenType"); the common nouns of the title do not.
  return aka?.replace(/\b(?:Font|File|Format|Object|Image|Memory|Cookie|Filter|Path|Macro|Formula|Calendar|Parsing|Handling|Processing|Validation)\b/g, (w) =>
    w.toLowerCase(),
  );
}

/** "has a Session Management Issue": the record's own capitalised name for the flaw. */
const NAMED_ISSUE =
  /\b(?:has|have|contains?|is affected by) an? ((?!(?:Security|Critical|Potential|Unspecified|Unknown|Serious|Major|Minor|Remote|Local|New|Possible|Vulnerability)\b)[A-Z][\w-]*(?: [A-Z][\w-]*){0,3}) (?:Issue|Vulnerability|Flaw|Weakness)\b/;
/** "A Malformed Input String to /cgi-bin/…": the flaw is how the malformed input is handled. */
const MALFORMED =
  /\b(?:an? )?malformed ((?:input|request|packet|string|header|message|query|frame|URL)(?: (?:string|strings|packets?|requests?|headers?|data))?)\b/i;
/** "do not actually compare two strings properly": the mistake said with the adverb last. */
const NOT_DONE_PROPERLY =
  /\b(?:does|do|did) not (?:actually )?(compare|check|validate|verify|parse|handle) ((?:the |an? |two )?[\w-]+(?: [\w-]+){0,2}?) (?:properly|correctly)\b/i;
const DONE_PROPERLY_NOUN: Readonly<Record<string, string>> = {
  compare: 'comparison',
  check: 'checking',
  validate: 'validation',
  verify: 'verification',
  parse: 'parsing',
  handle: 'handling',
};

/**
 * A flaw the description names in words of its own that no bug class list holds: the record's
 * capitalised name ("Session Management Issue"), the malformed input it mishandles, or the
 * mistake it states ("do not actually compare two strings properly"). These say what is wrong
 * more surely than a CWE the description never mentions: CWE-384's "session fixation" of a
 * session that survives a password change, a stray CWE-134 "format string" of a comparison.
 */
export function describedFlaw(description: string): string | undefined {
  const text = withoutNotes(description)
    .trimStart()
    .replace(/\baka\b.*$/s, '');
  const issue = NAMED_ISSUE.exec(text)?.[1];
  if (issue) return spelt(issue);
  const done = NOT_DONE_PROPERLY.exec(text);
  if (done) return `improper ${DONE_PROPERLY_NOUN[done[1]!.toLowerCase()]!} of ${done[2]!.replace(/^(?:the|an?) /i, '')}`;
  const malformed = MALFORMED.exec(text)?.[1];
  return malformed ? `improper handling of malformed ${spelt(malformed)}` : undefined;
}
