/**
 * The summary from the facts (§9): what is wrong and where, the names it is known by, who can
 * attack and every thing they gain, how severe, and whether it is exploited. The CWE's gloss is
 * said only where the record states no consequence at all: a weakness's generic "at worst run
 * code" must not stand beside a description that states a crash alone.
 */
import type { FactProduct, Facts, Impact } from '../../domain/facts.js';
import { impactsOnlyWithOtherFlaws } from '../facts/chained-impacts.js';
import { cweImpacts, impactsInference } from '../facts/fallback.js';
import { kernelBug, kernelSubject } from '../facts/kernel.js';
import { describedBugName, describedFlaw, describedMistake } from './bug-words.js';
import { disputedRecordSentence } from './disputed.js';
import { PLAIN_WEAKNESSES } from './cwe-plain.js';
import { attackerWords, impactPhrase, maliciousAppAttacks, serverAttacksClient, victimClause } from './fact-words.js';
import { article, listText } from './names.js';

/** CWE names that are categories, not bugs: "This is an input checking flaw" says nothing. */
const CATEGORY_NAMES = new Set([
  'memory safety',
  'input checking',
  'access control',
  'permissions and access control',
  'resource management',
  'security feature',
  'cryptography',
  'number handling',
  'injection',
  'authorization',
  'authentication',
  'password and key handling',
  'privilege management',
  'resource exposure',
]);

/**
 * The bug's kind: the description's own words, else a CWE name that is a bug class. A gain the
 * description merely states names the bug only where it states no other. A CWE whose
 * nature is a gain the stated consequences do not include is no name for this bug: "allows
 * modification of the siteurl setting" filed as an open redirect is not called one.
 */
/**
 * Loose permissions are a cause, whatever they let an attacker gain: a writable directory whose
 * executables are run gives code execution, yet the flaw is still its wrong file permissions.
 */
const PERMISSION_WEAKNESSES: ReadonlySet<string> = new Set(['CWE-732', 'CWE-276', 'CWE-281']);

/** The description's wording of the mistake, its identifiers ("hide_cvsroot") marked as code. */
function mistakeWords(description: string): string | undefined {
  const mistake = describedMistake(description);
  return mistake === undefined ? undefined : plainCode(mistake);
}

export function bugKind(description: string, cweIds: readonly string[], impacts: readonly Impact[] = []): string | undefined {
  // A kernel commit names its bug in the subject line; its later analysis names others it ruled out.
  const kernel = kernelSubject(description);
  const kernelName = kernel ? kernelBug(kernel) : undefined;
  const described = kernel ? (kernelName ? { name: kernelName, statedGain: false } : undefined) : describedBugName(description);
  // One stated gain of several is no name for the flaw: the title would hide the others.
  if (described && !(described.statedGain && impacts.length > 1)) return described.name;
  const flaw = kernel ? undefined : describedFlaw(description);
  if (flaw) return flaw;
  const fits = (id: string) => {
    if (PERMISSION_WEAKNESSES.has(id)) return true;
    const implied = cweImpacts([id]);
    return impacts.length === 0 || implied.length === 0 || implied.some((i) => impacts.includes(i));
  };
  return (
    cweIds
      .filter(fits)
      .map((id) => PLAIN_WEAKNESSES[id]?.name)
      .find((name) => name !== undefined && !CATEGORY_NAMES.has(name)) ?? (kernel ? undefined : mistakeWords(description))
  );
}

const DANGLING_WORD = /^(?:on|of|for|and|or|the|a|an|in|to|with|de|du|la|le|&|-|–)$/i;

/**
 * Words most names start with ("Microsoft Windows" of "Microsoft Windows XP", "Microsoft
 * Windows 7" and a dictionary title spelt "Windows 8 x64"): at least two words, shared by
 * three in five of the names.
 */
function commonName(names: readonly string[]): string | undefined {
  const split = names.map((n) => n.split(' '));
  // "Ruby on Rails" and "Ruby on rails Rails" share "Ruby on Rails": names are compared without case.
  const key = (words: readonly string[], length: number) => words.slice(0, length).join(' ').toLowerCase();
  let best: string | undefined;
  for (const words of split) {
    for (let length = 2; length <= words.length; length++) {
      const prefix = words.slice(0, length).join(' ');
      const sharing = split.filter((other) => key(other, length) === key(words, length)).length;
      if (sharing * 5 < names.length * 3 || sharing < 2) break;
      // A prefix that stops on a joining word ("Ruby on") names nothing.
      if (DANGLING_WORD.test(words[length - 1]!)) continue;
      if (!best || prefix.length > best.length) best = prefix;
    }
  }
  return best?.replace(/[\s:;,\-–]+$/, '');
}

/**
 * The common name stands for every name it covers ("Windows 8 x64" is a Microsoft Windows too);
 * where names outside it are listed as well, it would leave them out: Qualcomm's chip lists share
 * "Qualcomm SD" in most names, beside MDM and QCA chips. Those are counted under the vendor every
 * name starts with ("48 Qualcomm products"), else beside the common name.
 */
function commonSubject(common: string, names: readonly string[]): string {
  const lower = common.toLowerCase();
  const withoutVendor = lower.split(' ').slice(1).join(' ');
  const covers = (name: string) => {
    const n = name.toLowerCase();
    return n === lower || n.startsWith(`${lower} `) || (withoutVendor !== '' && (n === withoutVendor || n.startsWith(`${withoutVendor} `)));
  };
  const others = names.filter((n) => !covers(n)).length;
  if (others === 0) return common;
  const vendor = names[0]!.split(' ')[0]!;
  if (names.every((n) => n.split(' ')[0]!.toLowerCase() === vendor.toLowerCase())) return `${names.length} ${vendor} products`;
  return `${common} and ${others} other ${others === 1 ? 'product' : 'products'}`;
}

const SHORT_PAIR = 40;

/** The products a text names: those the description names, the record's others counted apart. */
export function productSubject(products: readonly FactProduct[], short = false): { subject: string | undefined; alsoIn: number } {
  const primary = products.filter((p) => p.primary);
  const shown = primary.length > 0 ? primary : products;
  const names = [...new Set(shown.map((p) => p.name.replace(/[\s:;,]+$/, '')))];
  const alsoIn = primary.length > 0 ? products.length - primary.length : 0;
  if (names.length === 0) return { subject: undefined, alsoIn };
  if (names.length === 1) return { subject: names[0], alsoIn };
  const common = commonName(names);
  if (common && (short || names.length > 3)) return { subject: commonSubject(common, names), alsoIn };
  if (!short && names.length <= 3) return { subject: listText(names), alsoIn };
  // Two short names fit a title whole: "iPadOS and iOS" says more than "iPadOS and 1 other product".
  if (names.length === 2 && listText(names).length <= SHORT_PAIR) return { subject: listText(names), alsoIn };
  return { subject: `${names[0]} and ${names.length - 1} other ${names.length === 2 ? 'product' : 'products'}`, alsoIn };
}

/**
 * The texts are plain text (CSV cells, SARIF messages, feed titles), where Markdown's backticks
 * ("`hw/display/vmware_vga.c`", as GitHub-style descriptions write code) show as stray marks.
 */
export function plainCode(text: string): string {
  return text.replace(/`/g, '');
}

const NOT_A_NAME = /^(?:microsoft|the|a|an)$/i;

/** A part whose name opens with a word of the product's name ("Windows Kernel" of Microsoft Windows 10). */
function namesItsProduct(component: string, subject: string): boolean {
  const first = component.split(/\s+/)[0] ?? '';
  if (!/^[A-Z][\w-]*$/.test(first) || NOT_A_NAME.test(first) || !/\s/.test(component.trim()) || /[./\\]/.test(component)) return false;
  return subject.split(/[\s,]+/).some((word) => word.toLowerCase() === first.toLowerCase());
}

/**
 * A program ("the "at" program") in a record whose description names none of the products it lists: the products are
 * systems that ship the program, so it is "on" them ("the at program on Caldera Openlinux Server and 8 other systems"),
 * not a flaw "in 9 products".
 */
const PROGRAM = /^[^\s()]+ (?:program|utility|daemon|binary|command)$/;

/** "bannerclick.php in ZeeLyrics", "the importTextData method of Foxit Reader", "Windows MapUrlToZone". */
export function placeWords(component: string | null, subject: string | undefined, shipped = false): string | undefined {
  if (!component) return subject;
  const named = plainCode(component);
  if (subject && shipped && PROGRAM.test(named))
    return `the ${named} on ${subject.replace(/ other products?$/, (others) => others.replace('product', 'system'))}`;
  // "Windows MapUrlToZone" already names its product: "the Windows MapUrlToZone of Microsoft Windows" says it twice.
  if (subject && namesItsProduct(component, subject)) return /\band \d+ other products?$|, | and /.test(subject) ? `${named} in ${subject}` : named;
  // One identifier ("MapUrlToZone", "getObject", "conv_lpd") is a name, like a file: no article, "in" its product. An
  // acronym ("CLI") is a common noun: "the CLI of Cisco IOS XE".
  const identifier = (/^[A-Za-z][a-z0-9]*[A-Z]\w*$/.test(component) && /[a-z]/.test(component)) || /^[a-z][a-z0-9]*_[a-z0-9_]*$/.test(component);
  const part = identifier || /[./\\:]|::|\(/.test(component) || /^the\b/i.test(component) ? named : `the ${named}`;
  if (!subject) return part;
  return identifier || /[./\\]/.test(component) ? `${part} in ${subject}` : `${part} of ${subject}`;
}

function listOr(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)!}`;
}

/** Several products listed and none of them named by the description: they are what ships the flawed part. */
export const shipsIt = (products: readonly FactProduct[]): boolean => products.length > 1 && products.every((p) => !p.primary);

export interface FactSummaryInput {
  readonly facts: Facts;
  readonly description: string;
  readonly cweIds: readonly string[];
  /** Said after the attack: severity, and KEV or public exploit. */
  readonly severity: string;
  readonly inKev: boolean;
  readonly exploitCode: boolean;
  /** A record only the CVE 5 CNA entry describes: its product list is the CVE record's, not NVD's. */
  readonly cnaOnly?: boolean;
  /** The provenance of `facts.impacts`: gains from the CWE or the CVSS vector are said as such. */
  readonly impactsSource?: string;
}

/**
 * Where the gains come from the CWE or the CVSS impact metrics (§9's fallback, the description
 * stating none), the summary says so: "can change or delete data" read off a CVSS vector is the
 * score's judgement, not the record's statement (FreeRADIUS's unchecked certificate revocation,
 * CVE-2015-4680; GitLab's CWE-269, CVE-2019-5472).
 */
function inferenceWords(impactsSource: string | undefined): string | undefined {
  const inference = impactsInference(impactsSource);
  if (!inference) return undefined;
  return inference.from === 'cwe' ? `the record's weakness type (${inference.ids})` : "the record's CVSS rating";
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** A gain the record states only with other flaws is said last, after what this flaw gives alone. */
function saidOrder(impacts: readonly Impact[], description: string): Impact[] {
  const chained = impactsOnlyWithOtherFlaws(description);
  return [...impacts.filter((i) => !chained.has(i)), ...impacts.filter((i) => chained.has(i))];
}

/**
 * The summary's phrase for each gain, in the order it says them. Gains read off the CWE or the
 * CVSS vector take no detail from the description's words: "see information … such as source
 * code" of a monitor that "downloads source code … without verifying" it (CVE-2019-13534) names
 * what the device fetches, not what an attacker sees.
 */
export function gainPhrases(facts: Facts, description: string, impactsSource?: string): string[] {
  const words = impactsInference(impactsSource) ? '' : description;
  return saidOrder(facts.impacts, description).map((impact) => impactPhrase(impact, words, facts.attack));
}

export function factSummary(input: FactSummaryInput): string {
  const { facts, description } = input;
  const bug = bugKind(description, input.cweIds, facts.impacts);
  const { subject, alsoIn } = productSubject(facts.products);
  const place = placeWords(facts.component, subject, shipsIt(facts.products));
  const parts: string[] = [];
  // "improper handling of embedded OLE objects" is a clause, not a name: "an improper handling of … flaw" reads badly.
  const clause = bug !== undefined && /^improper \w+ of /.test(bug);
  const kind = bug && !clause ? `${article(bug)} ${bug} flaw` : 'a security flaw';
  const opening = place ? `This is ${kind} in ${place}` : `This is ${kind}`;
  parts.push(clause ? `${opening.replace(/^This is a security flaw/, 'This is a flaw')}: ${bug}.` : `${opening}.`);
  if (alsoIn > 0)
    parts.push(
      `${input.cnaOnly ? 'The CVE record' : 'NVD'} also lists ${alsoIn} other ${alsoIn === 1 ? 'product' : 'products'} that ${alsoIn === 1 ? 'includes' : 'include'} the flawed code.`,
    );
  if (facts.aka.length > 0) parts.push(`It is also known as ${listText(facts.aka.map((a) => plainCode(/\s/.test(a) ? `"${a}"` : a)))}.`);
  const impacts = saidOrder(facts.impacts, description);
  if (impacts.length > 0) {
    const gains = gainPhrases(facts, description, input.impactsSource);
    // A client connecting to the attacker's server, or a user installing the attacker's app, is the victim's act,
    // said by the attacker words already.
    const victim = serverAttacksClient(description) || maliciousAppAttacks(description) ? '' : victimClause(facts.attack, impacts, description);
    const saying = `${attackerWords(facts.attack, description)} can ${listOr(gains)}${victim}.`;
    const inferredFrom = inferenceWords(input.impactsSource);
    // Said as an inference, not as a claim about the description: the grammar may miss a gain it words its own way.
    parts.push(inferredFrom ? `Going by ${inferredFrom}, ${lowerFirst(saying)}` : saying);
  } else {
    const gloss = input.cweIds.map((id) => PLAIN_WEAKNESSES[id]?.effect).find((e) => e !== undefined);
    parts.push(gloss ?? 'The public record does not say what an attacker can gain.');
  }
  parts.push(disputedRecordSentence(description) ?? '');
  parts.push(input.severity);
  if (input.inKev) parts.push('CISA says attackers are using it in real attacks.');
  else if (facts.exploit_public || input.exploitCode) parts.push('Public code to exploit it exists.');
  return parts.filter((p) => p).join(' ');
}
