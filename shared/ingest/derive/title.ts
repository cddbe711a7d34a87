/**
 * Title. Rule, first that applies: for a rejected CVE, "Rejected CVE id"; CISA KEV's vulnerability
 * name (or NVD's copy of it); for the Linux kernel CNA's template, the bug and part its commit
 * subject names (`../facts/kernel.ts`); the CVE 5 CNA's title; then, from the facts (§9), the bug, the part
 * and the product: "<bug> in <part> in <product> lets <attacker> <main gain>" ("Heap-based
 * buffer overflow in authplay.dll in Adobe Flash Player lets remote attackers run code"), or
 * "<product> flaw lets <attacker> <gain>" where the record names no bug class; "<bug> in <part>"
 * where it names a part but no product; else the first
 * sentence of the description that is neither a product's introduction nor a finder's credit (cut
 * at 120 characters on a word boundary). A title that names only a category ("Security flaw in X", "Input checking in
 * X") is never written, and a KEV or CNA title of that kind gives way. A short name the record
 * gives the bug (aka "Heartbleed") follows in brackets.
 */
import type { Facts } from '../../domain/facts.js';
import { capitalise } from '../explainer/capitalise.js';
import { appOnTheDevice, guestAttacker, impactShort, programCollects, serverAttacksClient, WHO_SHORT } from '../explainer/fact-words.js';
import { bugKind, plainCode, placeWords, productSubject, shipsIt } from '../explainer/summary.js';
import { impactsOnlyWithOtherFlaws } from '../facts/chained-impacts.js';
import { kernelTitle } from '../facts/kernel.js';
import { fewerPlaces } from '../facts/listed-parts.js';
import { cnaName, type CveSources, type Derived } from './inputs.js';

const MAX_TITLE = 120;

/**
 * "Nuxt is an open-source web development framework for Vue.js.": a sentence that introduces the
 * product says nothing about the flaw (GitHub's advisories open with one), so the title skips it.
 */
const PRODUCT_BLURB = /^[^,.]{1,80}? (?:is|are) (?:a|an|the) (?![^.]*\b(?:vulnerab|flaw|issue|bug|injection|overflow|bypass|attack|exploit))/i;

/**
 * "Gee-netics, member of AXIS Camera Station Pro Bug Bounty Program, has identified an issue with
 * a specific file …": a sentence that credits the finder says who found the flaw, not what it is.
 */
const CREDIT_LINE = /^[^.]{0,160}?\b(?:has|have|had) (?:identified|discovered|reported|found)\b|^(?:reported|discovered|found) by\b/i;

/**
 * Apple's "An injection issue was addressed with improved input validation. This issue is fixed in iOS 18.5.": sentences
 * that say how and where the flaw was fixed, not what it is.
 */
const FIX_NOTE =
  /^(?:An?|The|This) (?:[\w-]+ ){0,4}?(?:issue|vulnerability|problem|bug|flaw)s? (?:was|were|has been|have been|is|are) (?:addressed|fixed|resolved|patched|mitigated)\b/i;

/**
 * Where a sentence runs past the limit it ends at the last clause that fits ("… in Azure Local Cluster" before "allows
 * an authorized attacker to …"), so the title is whole words of the record rather than a phrase cut short.
 */
const CLAUSE_BREAK = /,? (?:via|by|when|because|due to|which|that|allows?|could allow|can allow|may allow|lets?|and) /g;
const MIN_CLAUSE = 40;

function shorten(text: string): string {
  const sentences = text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s/);
  const first = sentences.find((s, i) => i === sentences.length - 1 || !(PRODUCT_BLURB.test(s) || CREDIT_LINE.test(s) || FIX_NOTE.test(s))) ?? '';
  if (first.length <= MAX_TITLE) return first.replace(/\.$/, '');
  const cut = first.slice(0, MAX_TITLE);
  const breaks = [...cut.matchAll(CLAUSE_BREAK)].map((m) => m.index).filter((i) => i >= MIN_CLAUSE);
  if (breaks.length > 0) return cut.slice(0, breaks.at(-1)).replace(/[,;:]$/, '');
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MIN_CLAUSE)).replace(/[,;:]$/, '')}…`;
}

/**
 * A title that names a category rather than the bug: "Security flaw in X", "Input checking in X"
 * and the other CWE glosses that are not a flaw of their own (issue 23).
 */
const GENERIC_TITLE =
  /^(?:security (?:flaw|issue|problem|weakness|vulnerability)|input checking|input validation|permissions and access control|resource management|security feature|cryptography|number handling|access control|authori[sz]ation|authentication|password and key handling|injection|(?:a |an )?(?:unspecified )?(?:flaw|vulnerability|issue))(?: in\b|$)/i;

const GENERIC_LEAD =
  /^(?:(?:multiple|an?|the)\s+)?(?:unspecified\s+|unknown\s+)?(?:security\s+)?(?:vulnerabilit(?:y|ies)|flaws?|issues?|bugs?)(?:\s+exists?)?\s+in\s+(?:the\s+)?/i;

export function isGenericTitle(title: string): boolean {
  return GENERIC_TITLE.test(title.trim());
}

/** A gain as the name of a kind of flaw: "Code execution flaw in …". */
const IMPACT_NOUN: Readonly<Record<Facts['impacts'][number], string>> = {
  code_execution: 'code execution',
  privilege_escalation: 'privilege escalation',
  sql_injection: 'SQL injection',
  security_bypass: 'security bypass',
  information_disclosure: 'information disclosure',
  data_tampering: 'data tampering',
  cross_site_scripting: 'cross-site scripting',
  request_forgery: 'request forgery',
  spoofing: 'spoofing',
  denial_of_service: 'denial-of-service',
  unspecified: 'unspecified',
};

/** Gains a bug class already says: "SQL injection … lets attackers run SQL queries" says it twice. */
const SAID_BY_BUG: Readonly<Partial<Record<Facts['impacts'][number], RegExp>>> = {
  sql_injection: /sql injection/i,
  cross_site_scripting: /cross-site scripting|html injection/i,
  request_forgery: /request forgery/i,
  spoofing: /open redirect|spoofing/i,
  information_disclosure: /information disclosure/i,
  denial_of_service: /denial of service/i,
  privilege_escalation: /privilege escalation/i,
};

function withinLength(candidates: readonly string[]): string | undefined {
  return candidates.find((c) => c.length <= MAX_TITLE);
}

/** The bug, the part and the product, from the facts; undefined where they name too little. */
/** `inferred`: the gains come from the CWE or the CVSS vector, not the description, so the title says "may let". */
export function factTitle(facts: Facts, description: string, cweIds: readonly string[], inferred = false): string | undefined {
  const kind = bugKind(description, cweIds, facts.impacts);
  // "OpenType font parsing" names what was done badly: a title says "OpenType font parsing flaw in …".
  const bug = kind && !/^improper /i.test(kind) && /\b(?:parsing|handling|processing|validation|management)$/i.test(kind) ? `${kind} flaw` : kind;
  const { subject } = productSubject(facts.products, true);
  // A gain the record states only with other flaws is not what this flaw lets attackers do (`chained-impacts.ts`).
  const chained = impactsOnlyWithOtherFlaws(description);
  const main = facts.impacts.find((i) => !(bug && SAID_BY_BUG[i]?.test(bug)) && !chained.has(i));
  if (!subject) return partTitle(facts, bug, main);
  // A program that collects data behind its user's back is who reads it, not a network attacker.
  const who = serverAttacksClient(description)
    ? 'malicious servers'
    : appOnTheDevice(facts.attack, description)
      ? 'malicious apps'
      : programCollects(description)
        ? 'the program'
        : facts.attack.position === 'local' && guestAttacker(description)
          ? facts.attack.privileges === 'admin'
            ? 'guest VM administrators'
            : 'guest VM users'
          : WHO_SHORT(facts.attack);
  const lets = main && main !== 'unspecified' ? ` ${inferred ? 'may let' : 'lets'} ${who} ${impactShort(main, description)}` : '';
  const place = placeWords(facts.component, subject, shipsIt(facts.products)) ?? subject;
  // A list of places too long for a title keeps its first places and counts the rest.
  const fewer = facts.component ? fewerPlaces(facts.component).map((c) => placeWords(c, subject) ?? subject) : [];
  if (bug)
    return withinLength([
      `${capitalise(bug)} in ${place}${lets}`,
      ...fewer.map((p) => `${capitalise(bug)} in ${p}${lets}`),
      `${capitalise(bug)} in ${subject}${lets}`,
      `${capitalise(bug)} in ${place}`,
      ...fewer.map((p) => `${capitalise(bug)} in ${p}`),
      `${capitalise(bug)} in ${subject}`,
    ]);
  if (!main) return undefined;
  // "Vmware Workstation and 2 other products flaw" reads badly: several products take the gain as the kind.
  if (/ other products?$/.test(subject)) {
    const kind = main === 'unspecified' ? 'Flaw of unknown impact' : `${capitalise(IMPACT_NOUN[main])} flaw`;
    return withinLength([`${kind} in ${place}`, `${kind} in ${subject}`]);
  }
  const gain = lets || ' of unknown impact';
  const part = facts.component ? plainCode(facts.component) : undefined;
  // "RESTful module" already says its product: "RESTful flaw in RESTful module" says it twice.
  const ownName = part !== undefined && part.toLowerCase().startsWith(`${subject.toLowerCase()} `);
  if (ownName) return withinLength([`${capitalise(part)} flaw${gain}`, `${capitalise(part)} flaw`]);
  // "Apple macOS flaw in the IOKit component": a part named with its kind takes its article.
  const article = part !== undefined && KIND_ENDED.test(part) && !/^the\s/i.test(part) ? 'the ' : '';
  // Where the article would push the title past its length, the part without it beats no part.
  return withinLength([
    ...(part ? [`${subject} flaw in ${article}${part}${gain}`, `${subject} flaw in ${part}${gain}`] : []),
    `${subject} flaw${gain}`,
    `${subject} flaw`,
  ]);
}

const KIND_ENDED =
  /\s(?:component|module|subsystem|service|driver|daemon|library|feature|interface|function|method|endpoint|handler|parser|page|plugin|extension)$/i;

/**
 * A record that names no product but the part and what is wrong with it (Go's "a small number of
 * bits of secret scalars are leaked" in "the assembly implementation"): the bug or the gain and
 * the part, rather than the description's first sentence cut short.
 */
function partTitle(facts: Facts, bug: string | undefined, main: Facts['impacts'][number] | undefined): string | undefined {
  const place = placeWords(facts.component, undefined);
  if (!place) return undefined;
  const kind = bug ? capitalise(bug) : main && main !== 'unspecified' ? `${capitalise(IMPACT_NOUN[main])} flaw` : undefined;
  return kind ? withinLength([`${kind} in ${place}`]) : undefined;
}

/** " (Heartbleed)" for a short name the title does not carry yet. */
function akaSuffix(title: string, aka: readonly string[]): string {
  const name = aka.find((a) => a.split(/\s+/).length <= 3 && a.length <= 30 && !/vulnerability$/i.test(a));
  return name && !title.toLowerCase().includes(name.toLowerCase()) ? ` (${name})` : '';
}

export function deriveTitle(
  sources: Pick<CveSources, 'id' | 'kev' | 'nvd' | 'cve5' | 'cweCatalogue'>,
  context: { rejected: boolean; cweIds: readonly string[]; description: string; facts?: Facts; impactsInferred?: boolean },
): Derived<string> {
  if (context.rejected) return { value: `Rejected CVE id ${sources.id}`, provenance: 'rejected' };
  const aka = context.facts?.aka ?? [];
  const named = (value: string, provenance: string): Derived<string> => ({ value: plainCode(`${value}${akaSuffix(value, aka)}`), provenance });
  const kevName = sources.kev?.name || sources.nvd?.kev?.name;
  if (kevName && !isGenericTitle(kevName)) return named(kevName, sources.kev?.name ? 'CISA KEV vulnerabilityName' : 'NVD cisaVulnerabilityName');
  // The kernel CNA's title is its commit subject ("net/rds: fix possible cp null dereference"): read, not repeated.
  const kernel = kernelTitle(context.description);
  if (kernel) return named(kernel, 'Linux kernel commit subject (bug class and part)');
  if (sources.cve5?.title && !isGenericTitle(sources.cve5.title)) return named(sources.cve5.title, `${cnaName(sources.cve5)} title`);
  const fromFacts = context.facts ? factTitle(context.facts, context.description, context.cweIds, context.impactsInferred === true) : undefined;
  if (fromFacts) return named(fromFacts, 'facts (bug, part, product, attacker and gain)');
  if (context.description) {
    const sentence = shorten(context.description);
    // "Unspecified vulnerability in the Mac OS X kernel … allows local users to cause a denial
    // of service": without the category the sentence says what, where and in what.
    const told = isGenericTitle(sentence) ? capitalise(sentence.replace(GENERIC_LEAD, '')) : sentence;
    return named(told, 'description');
  }
  return { value: `CVE record ${sources.id}`, provenance: 'CVE id only' };
}
