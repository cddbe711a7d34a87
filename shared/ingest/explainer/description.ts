/**
 * What NVD's description says about the attacker and the impact, in plain words: a small
 * grammar over NVD's stock phrasings ("allows remote attackers to execute arbitrary code via …",
 * "local users to gain privileges", "a user-assisted attacker", "cause a denial of service").
 * Used where the CWE has no plain text of its own or the record has no CVSS vector, so the
 * summary still says what happens. Every sentence has its own subject.
 */
import { withoutNotes } from '../facts/prose.js';

export type Attacker = 'remote-authenticated' | 'remote' | 'adjacent' | 'local' | 'physical' | 'mitm';

export interface DescriptionFacts {
  readonly attacker?: Attacker;
  /** The description says a user must open a file, follow a link or otherwise help. */
  readonly userAssisted: boolean;
  /** Plain impacts, in the order of the table below, at most one per kind. */
  readonly impacts: readonly string[];
}

/** First match wins: the more specific attacker phrases come first. */
const ATTACKERS: readonly [RegExp, Attacker][] = [
  [
    /\b(remote(ly)?,? authenticated|authenticated,? remote|remote (admin|administrator|privileged) (users?|attackers?)|authenticated (users?|attackers?|administrators?|admins?)|(low|high)[- ]privileged (users?|attackers?)|attackers? with (valid credentials|(low|administrative|admin) privileges|an account))\b/i,
    'remote-authenticated',
  ],
  [/\b(physically[- ]proximate|physical access|physically present)\b/i, 'physical'],
  [/\b(man-in-the-middle|machine-in-the-middle|MITM|on-path attackers?|attackers? in a privileged network position)\b/i, 'mitm'],
  [/\b(adjacent[- ]network|adjacent attackers?|attackers? on the (same|local) (network|subnet|LAN)|network-adjacent)\b/i, 'adjacent'],
  [/\b(local (users?|attackers?|administrators?)|locally authenticated|attackers? with local access)\b/i, 'local'],
  [
    /\b(remote(ly)?|unauthenticated|context-dependent) (attackers?|users?|adversar(y|ies)|malicious users?)\b|\ba remote,? unauthenticated attacker\b|\bremotely exploit|\bover the network\b/i,
    'remote',
  ],
];

const USER_ASSISTED =
  /\buser[- ]assisted\b|\b(user|victim)s? (opens?|opening|visits?|visiting|clicks?|clicking|loads?|views?|viewing|imports?|importing)\b|\b(opens?|opening|open) (a |an )?(specially )?crafted\b|\b(trick(s|ing)?|convinc(e|es|ing)|entic(e|es|ing)|lur(e|es|ing)|persuad(e|es|ing)) (a |the )?(user|victim|administrator|admin)s?\b|\binteraction (is|was) required\b|\brequires user interaction\b/i;

/** Impact phrases → plain words; the first matching row of each kind is kept. */
const IMPACTS: readonly [RegExp, string][] = [
  [
    /\b(hidden|hard-?coded|undocumented|default|backdoor|built-in|static) (user )?(accounts?|credentials?|passwords?|keys?|users?)\b|\bbackdoor\b/i,
    'log in with a password built into the product',
  ],
  [
    /\bunrestricted (file )?upload\b|\bupload (and execute )?(arbitrary|malicious|dangerous|executable)( \w+)? files?\b|\bupload (of )?files? with dangerous types?\b/i,
    'upload a harmful file that the server may run',
  ],
  [
    /\bexecute arbitrary (SQL|database) (commands|queries|statements)\b|\bSQL injection\b|\bblind SQLi?\b/i,
    'read and change data in the database through SQL injection',
  ],
  [
    /\b(execute|run|inject) arbitrary (OS |operating system |shell |system )?commands\b|\b(OS )?command injection\b|\bexecute arbitrary shell\b/i,
    'run commands of their choice on the system',
  ],
  [
    /\b(execute|run) arbitrary (code|programs?|java ?script code|Java code|PHP code|scripts?)\b|\bremote code execution\b|\bcode execution\b|\bRCE\b|\bexecute (their own |malicious |attacker-controlled )code\b/i,
    'run their own code',
  ],
  [
    /\binject arbitrary (web script|HTML|JavaScript)\b|\bcross[- ]site scripting\b|\bXSS\b|\barbitrary (JavaScript|web script|script)( code)? (in|into) (the |a |an )?([\w-]+'?s? ){0,3}browsers?\b/i,
    "run their own script in other users' browsers",
  ],
  [/\bcross[- ]site request forgery\b|\bCSRF\b|\bXSRF\b/i, "make a signed-in user's browser send requests the user did not mean to send"],
  [/\bserver[- ]side request forgery\b|\bSSRF\b/i, 'make the server send requests to places they choose'],
  [
    /\b(gain|obtain|escalate|elevate) (\w+ )?(privileges?|root|admin(istrator)? (access|rights))\b|\b(privilege|privileges) (escalation|elevation)\b|\belevation of privilege\b|\bgain root\b/i,
    'gain more rights on the system',
  ],
  [
    /\bbypass(es|ing)? (the )?(authentication|login|auth|2FA|MFA|two-factor)\b|\bauthentication bypass\b|\bwithout (authentication|logging in)\b|\bunauthenticated access\b/i,
    'get in without logging in',
  ],
  [
    /\bbypass(es|ing)? (\w+ ){0,3}(restrictions?|protection|mechanisms?|checks?|access controls?|security|policy|policies|sandbox|signature|verification|filters?)\b/i,
    'get around a security check',
  ],
  [/\b(hijack|take over|impersonate|masquerade as)\b|\bact as (another|other|any) users?\b|\bsession fixation\b/i, 'act as another user'],
  [
    /\b(read|download|retrieve|access|obtain|disclose|view) (the contents of )?arbitrary files?\b|\b(directory|path) traversal\b|\blocal file inclusion\b|\bXML external entit(y|ies)\b|\bXXE\b/i,
    'read files on the system they should not reach',
  ],
  [
    /\b(write|create|overwrite|modify|delete|remove) arbitrary files?\b|\barbitrary file (write|deletion|overwrite|creation|upload)\b/i,
    'tamper with files on the system',
  ],
  [
    /\b(obtain|read|access|view|discover|disclose|leak|retrieve|gather|extract|enumerate) (\w+ ){0,3}(sensitive|confidential|private|internal|secret)\b|\binformation (disclosure|exposure|leak)\b|\bsensitive information\b|\bobtain (\w+ ){0,2}(information|credentials|passwords?|tokens?|keys?|memory)\b|\bread (\w+ ){0,2}memory\b|\bmemory (disclosure|leak)\b|\b(read|view|access) (any|all|other users'?) (\w+ ){0,2}(pages?|records?|messages?|emails?|documents?|data)\b/i,
    'see information they should not see',
  ],
  [/\b(spoof|spoofing|forge|forged)\b/i, 'pretend to be someone or something else'],
  [
    /\bopen redirect\b|\bredirect (users|victims) to (arbitrary|other)\b|\bredirect (\w+ ){0,2}to (an )?arbitrary (web ?sites?|URLs?|domains?)\b/i,
    "send users to a website of the attacker's choice",
  ],
  [
    /\b(modify|change|alter|tamper with|manipulate|overwrite|delete) (\w+ ){0,3}(data|settings|configuration|records?|content|database|information)\b|\bintegrity\b/i,
    'tamper with data and settings',
  ],
  [
    /\b(cause|trigger|result in|lead to|conduct) (a |an )?(\w+ ){0,3}(denial[- ]of[- ]service|DoS|crash|hang|reboot|restart|infinite loop|resource exhaustion|application crash|segmentation fault|kernel panic)\b|\bdenial[- ]of[- ]service\b|\bDoS\b|\b(crash|hang|reboot|panic)(es)? the\b/i,
    'stop the software from working',
  ],
  [
    /\b(memory corruption|buffer overflow|heap overflow|stack overflow|out-of-bounds write|use[- ]after[- ]free|double free)\b/i,
    'corrupt memory in the program',
  ],
];

/** Every plain impact the grammar can say (a weakness's `says` must be one of them). */
export const PLAIN_IMPACTS: readonly string[] = IMPACTS.map(([, plain]) => plain);

/** The prose the grammar reads, whitespace made single. */
function proseOf(description: string): string {
  // NVD's "NOTE: …" sentences discuss the record (a disputed label, another CVE), not what an
  // attack does: "NOTE: this issue has been referred to as cross-site scripting, but …".
  return withoutNotes(description.replace(/\s+/g, ' ')).trimStart();
}

const attackerIn = (text: string): Attacker | undefined => ATTACKERS.find(([pattern]) => pattern.test(text))?.[1];

/**
 * Only who attacks (`readDescription(d).attacker`), for callers that need nothing else: the
 * impact patterns are most of the grammar's cost and would be read for nothing.
 */
export function descriptionAttacker(description: string): Attacker | undefined {
  return attackerIn(proseOf(description));
}

export function readDescription(description: string): DescriptionFacts {
  const text = proseOf(description);
  const attacker = attackerIn(text);
  const impacts = IMPACTS.filter(([pattern]) => pattern.test(text)).map(([, plain]) => plain);
  return { ...(attacker ? { attacker } : {}), userAssisted: USER_ASSISTED.test(text), impacts: dropImplied(impacts) };
}

/** "run their own code" already says more than "crash" or "corrupt memory"; keep the summary short. */
function dropImplied(impacts: readonly string[]): string[] {
  const strong = impacts.some((i) => i === 'run their own code' || i === 'run commands of their choice on the system');
  return impacts.filter((i) => !(strong && i.startsWith('corrupt memory'))).slice(0, 3);
}

const WHO: Readonly<Record<Attacker, string>> = {
  remote: 'An attacker on the network',
  'remote-authenticated': 'An attacker with an account on the system',
  adjacent: 'An attacker on the same local network',
  local: 'Someone who can already log in to the machine',
  physical: 'Someone with the device in their hands',
  mitm: 'An attacker who can intercept network traffic',
};

/** Does the description say anything about what an attack does? */
export function hasImpact(description: string): boolean {
  return readDescription(description).impacts.length > 0;
}

/**
 * "An attacker on the network can run their own code or stop the software from working." — with
 * "if a user opens a file or link that the attacker made" when the description says a user must
 * help. Each plain impact is free of "or" and commas, so the list reads as one. Undefined when the description names no impact.
 */
export function descriptionImpactSentence(facts: DescriptionFacts): string | undefined {
  if (facts.impacts.length === 0) return undefined;
  const who = facts.attacker ? WHO[facts.attacker] : 'An attacker';
  const what = facts.impacts.length === 1 ? facts.impacts[0]! : `${facts.impacts.slice(0, -1).join(', ')} or ${facts.impacts.at(-1)!}`;
  return `${who} can ${what}${helpClause(facts)}.`;
}

function helpClause(facts: DescriptionFacts): string {
  return facts.userAssisted ? ' if a user opens a file or link that the attacker made' : '';
}

/**
 * The description's impact sentence less the impact a weakness's own text has already said.
 * When that leaves no impact, who can attack is still worth a sentence of its own ("An attacker
 * with an account on the system can do this."), since no CVSS vector may say it.
 */
export function descriptionImpactBeyond(facts: DescriptionFacts, alreadySaid: readonly string[] = []): string | undefined {
  const rest = { ...facts, impacts: facts.impacts.filter((impact) => !alreadySaid.includes(impact)) };
  if (rest.impacts.length === facts.impacts.length || rest.impacts.length > 0) return descriptionImpactSentence(rest);
  return facts.attacker ? `${WHO[facts.attacker]} can do this${helpClause(facts)}.` : undefined;
}
