/**
 * The plain-English explainer: summary, affected and fix for a non-specialist, built only from
 * what the sources say (the CWE, the CVSS v3.1 vector, the affected products and versions, the
 * fix evidence and KEV's required action). Every branch writes whole sentences, so awkward data
 * (no CPE, hundreds of products, no CWE, no score, rejected ids) still reads well.
 */
import type { CvssVersion, Patch, Severity } from '../../domain/cve.js';
import type { Facts, VersionFact } from '../../domain/facts.js';
import type { AffectedProduct, CweEntry, VersionRange } from '../../domain/nvd-record.js';
import { deriveFixAdvice, type FixAdvice } from '../derive/fix-advice.js';
import { modelsText, releaseLinesText, shippedInSentence, versionGroups, type ReleaseOf, type VersionGroup } from './affected.js';
import { distributionReleaseText } from './release-platform.js';
import { attackSentence, impactSentence, parseCvssVector, type AttackConditions } from './attack.js';
import { describedBelow, fixFactSentences, fixVersionSentences, platformText, type FixFactsText } from './fix.js';
import { PLAIN_WEAKNESSES } from './cwe-plain.js';
import { descriptionAttacker, descriptionImpactBeyond, readDescription, type DescriptionFacts } from './description.js';
import { article, displayName, listText, productName, sentence, vendorName } from './names.js';
import { coListedDistributions } from '../facts/distributions.js';
import { productKey } from '../facts/fix-products.js';
import { compareVersions, isComparableVersion } from '../../domain/cpe/version-compare.js';
import { rangeContains } from '../../domain/cpe/version-ranges.js';
import { factSummary } from './summary.js';
import { shippedComponentSentence } from './shipped-component.js';
import { isDatedBuild, upToAndIncludingText } from '../versions/dated-build.js';

export interface ExplainerInput {
  readonly rejected: boolean;
  /** The record's description: the product it names, the fixed versions it states, and the attacker and impact that fill in for a CWE or vector that says nothing. */
  readonly description?: string;
  readonly cweIds: readonly string[];
  readonly cweCatalogue: ReadonlyMap<string, CweEntry>;
  readonly products: readonly AffectedProduct[];
  readonly vector?: string;
  readonly cvssScore: number | null;
  /** The CVSS version of the score; absent or null when unscored. */
  readonly cvssVersion?: CvssVersion | null;
  readonly severity: Severity;
  readonly inKev: boolean;
  readonly kev?: { readonly requiredAction?: string; readonly dueDate?: string; readonly vendorProject?: string; readonly product?: string };
  /** Exploit sources other than KEV (public exploit code). */
  readonly exploitCode: boolean;
  /** The provenance of the facts' impacts (description, CWE or CVSS). */
  readonly impactsSource?: string;
  readonly patch: Patch;
  readonly mitigation: boolean;
  /** The checked fix advice (derived from `products` and `description` when not given). */
  readonly fixAdvice?: FixAdvice;
  /** §9's fix facts: when given, the fix text is written from them (the fix advice is not used). */
  readonly fixFacts?: FixFactsText;
  /** Product decisions §9: when given, the summary is written from these facts alone. */
  readonly facts?: Facts;
}

export interface Explanation {
  readonly summary: string;
  readonly affected: string;
  readonly fix: string;
}

const MAX_NAMED_PRODUCTS = 3;

/** Version groups named per product (newest first); the rest are counted. */
const MAX_RANGES = 2;

const REJECTED = {
  summary: 'This CVE id was rejected. It does not describe a real flaw, so there is nothing to fix.',
  affected: 'No product is affected: the CVE id was rejected or withdrawn.',
  fix: 'No action is needed: this CVE id was rejected and does not describe a real flaw.',
};

function subjectOf(products: readonly AffectedProduct[]): string | undefined {
  if (products.length === 0) return undefined;
  if (products.length === 1) return productName(products[0]!);
  const vendors = [...new Set(products.map(vendorName).filter((v) => v))];
  if (products.length <= MAX_NAMED_PRODUCTS) return listText(products.map(productName));
  return vendors.length === 1 ? `${products.length} products from ${vendors[0]}` : `${products.length} products`;
}

function weaknessSentences(cweIds: readonly string[], catalogue: ExplainerInput['cweCatalogue'], subject: string | undefined): string[] {
  const where = subject ? ` in ${subject}` : '';
  const known = cweIds.map((id) => PLAIN_WEAKNESSES[id]).find((p) => p !== undefined);
  if (known) return [`This is ${article(known.name)} ${known.name} flaw${where}.`, known.effect];
  const named = cweIds.map((id) => ({ id, entry: catalogue.get(id) })).find((c) => c.entry && !c.entry.name.startsWith('DEPRECATED'));
  if (named?.entry) return [`This is a security flaw${where}.`, `The weakness list (CWE) files it as "${named.entry.name}" (${named.id}).`];
  return [`This is a security flaw${where}.`];
}

/** The scale a score is on, said only when it is not the current v3.1 (product-decisions §6). */
const SCALE: Record<CvssVersion, string> = {
  '3.1': '',
  '3.0': ' under the older CVSS v3.0 scale',
  '4.0': ' under the newer CVSS v4.0 scale',
  '2.0': ' under the older CVSS v2 scale',
};

function severityWords(severity: Severity, score: number | null, version: CvssVersion | null | undefined): string | undefined {
  if (score === null || severity === 'UNKNOWN') return 'No CVSS score has been given yet, so its severity is unknown.';
  return `It is rated ${severity.toLowerCase()}: ${score} out of 10${version ? SCALE[version] : ''}.`;
}

/**
 * With a CVSS vector, its sentence says who can attack, so the description's impact sentence says
 * "An attacker": saying who twice repeats it ("An attacker on the network can … An attacker can
 * try this over the network") or contradicts it ("local users and possibly remote attackers",
 * CVE-2002-1850, read as "Someone who can already log in to the machine" beside a network vector
 * with no account). Only an interceptor is kept, which no vector says, and only where the vector
 * is a network one.
 */
function attackerBesideVector(facts: DescriptionFacts, attack: AttackConditions | undefined): DescriptionFacts {
  if (!attack || !facts.attacker) return facts;
  if (facts.attacker === 'mitm' && (attack.vector === 'N' || attack.vector === 'A')) return facts;
  const { attacker: _saidByTheVector, ...rest } = facts;
  return rest;
}

export function explainSummary(input: ExplainerInput): string {
  if (input.rejected) return REJECTED.summary;
  if (input.facts) {
    return factSummary({
      facts: input.facts,
      description: input.description ?? '',
      cweIds: input.cweIds,
      severity: severityWords(input.severity, input.cvssScore, input.cvssVersion) ?? '',
      inKev: input.inKev,
      exploitCode: input.exploitCode,
      cnaOnly: input.fixFacts?.cnaOnly,
      ...(input.impactsSource ? { impactsSource: input.impactsSource } : {}),
    });
  }
  const subject = subjectOf(input.products) ?? (input.kev?.product ? displayName(input.kev.product) : undefined);
  const parts = weaknessSentences(input.cweIds, input.cweCatalogue, subject);
  const plainWeakness = input.cweIds.map((id) => PLAIN_WEAKNESSES[id]).find((p) => p !== undefined);
  const attack = parseCvssVector(input.vector);
  // The description's own words where the CWE has no plain text or there is no vector (less
  // what the weakness's text already said); else the vector's impacts. Where neither applies only
  // the attacker is read (below): the impact grammar would run for nothing.
  const wantImpacts = !plainWeakness || !attack;
  const facts = input.description && wantImpacts ? readDescription(input.description) : undefined;
  const described = facts ? descriptionImpactBeyond(attackerBesideVector(facts, attack), plainWeakness?.says) : undefined;
  if (described) parts.push(described);
  else if (attack && !plainWeakness) {
    const impact = impactSentence(attack);
    if (impact) parts.push(impact);
  }
  if (attack) {
    const attacker = facts ? facts.attacker : input.description ? descriptionAttacker(input.description) : undefined;
    parts.push(attackSentence(attack, { localUsers: attacker === 'local' }));
  }
  parts.push(severityWords(input.severity, input.cvssScore, input.cvssVersion) ?? '');
  if (input.inKev) parts.push('CISA says attackers are using it in real attacks.');
  else if (input.exploitCode) parts.push('Public code to exploit it exists.');
  return parts.filter((p) => p).join(' ');
}

/** What a product's line shows: its text, and whether it names ranges, listed versions or both. */
interface ProductLine {
  readonly name: string;
  readonly text: string;
  readonly ranges: number;
  readonly listed: number;
  /** How many models (chipsets, devices) the line names in place of versions. */
  readonly models?: number;
}

/** "1 older version range", "3 older listed versions", or both joined: what the line leaves out. */
function olderText(hidden: readonly VersionGroup[]): string {
  const ranges = hidden.filter((g) => g.listed === 0).length;
  const listed = hidden.reduce((n, g) => n + g.listed, 0);
  const parts = [
    ...(ranges > 0 ? [`${ranges} older version ${ranges === 1 ? 'range' : 'ranges'}`] : []),
    ...(listed > 0 ? [`${listed} older listed ${listed === 1 ? 'version' : 'versions'}`] : []),
  ];
  return parts.join(' and ');
}

/** The release each of a product's ranges is tied to, as the facts' configuration versions give it (`ReleaseOf`). */
function releasesOf(product: AffectedProduct, facts: Facts | undefined): ReleaseOf {
  const key = productKey(product);
  const tied = [...(facts?.last_affected ?? []), ...(facts?.fixed_in ?? [])].filter((f) => f.product === key && f.source === 'configuration');
  return (range) => {
    const end = range.endIncluding ?? range.endExcluding;
    const releases = new Set(tied.filter((f) => f.version === end).map((f) => distributionReleaseText(f.platform)));
    return releases.size === 1 ? [...releases][0] : undefined;
  };
}

/** The one fixed version the description states for a product NVD lists with every version (a device's firmware, or software with no bound). */
function soleDescribedFix(product: AffectedProduct, facts: Facts | undefined): string | undefined {
  const fixes = new Set((facts?.fixed_in ?? []).filter((f) => f.product === productKey(product) && f.source === 'description').map((f) => f.version));
  return fixes.size === 1 ? [...fixes][0] : undefined;
}

/**
 * Chrome's "prior to 55.0.2883.75 for Mac, Windows and Linux, and 55.0.2883.84 for Android": the description's fixes of
 * a product, one per platform, each above `end` ("55.0.2883.75 on OS X, Windows and Linux and before 55.0.2883.84 on
 * Android"); undefined unless every fix names its platform.
 */
function describedFixesPerPlatform(product: AffectedProduct, facts: Facts | undefined, end: string): string | undefined {
  const fixes = (facts?.fixed_in ?? []).filter((f) => f.product === productKey(product) && f.source === 'description');
  if (fixes.length < 2 || fixes.some((f) => f.platform === null || !isComparableVersion(f.version) || compareVersions(f.version, end) <= 0)) return undefined;
  const platforms = new Map<string, string[]>();
  for (const f of fixes) platforms.set(f.version, [...(platforms.get(f.version) ?? []), platformText(f.platform!)]);
  return listText([...platforms].map(([version, on], i) => `${i === 0 ? '' : 'before '}${version} on ${listText(on)}`));
}

/** The description's one fix (or one per platform) above the end of the product's one range with no start, and how NVD's range reads. */
function describedAboveRange(product: AffectedProduct, facts: Facts | undefined): { fix: string; listed: string } | undefined {
  const range = product.ranges[0]!;
  const end = range.endIncluding ?? range.endExcluding;
  if (end === undefined || range.startIncluding !== undefined || range.startExcluding !== undefined || !isComparableVersion(end)) return undefined;
  const listed = range.endIncluding !== undefined ? `versions up to and including ${end}` : `versions before ${end}`;
  const fix = soleDescribedFix(product, facts);
  if (fix === undefined) {
    const perPlatform = describedFixesPerPlatform(product, facts, end);
    return perPlatform === undefined ? undefined : { fix: perPlatform, listed };
  }
  if (!isComparableVersion(fix) || compareVersions(fix, end) <= 0) return undefined;
  return { fix, listed };
}

/** The date of the one build a range ends at (listed alone or as its inclusive end, with no start) where the description says "up to" it. */
function datedUpTo(range: VersionRange, describedLast: readonly string[]): string | undefined {
  const end = range.exact ?? (range.startIncluding === undefined && range.startExcluding === undefined ? range.endIncluding : undefined);
  return end !== undefined && isDatedBuild(end) && describedLast.includes(end) ? end : undefined;
}

function productLine(product: AffectedProduct, facts?: Facts, describedLast: readonly string[] = []): ProductLine {
  const name = productName(product);
  // A device listed with every hardware version whose firmware fix the description states ("HDL-F160 firmware before 1.02").
  const firmwareFix = product.allVersions && product.part === 'h' ? soleDescribedFix(product, facts) : undefined;
  if (firmwareFix) return { name, text: `${name} (firmware before ${firmwareFix}, as the description states)`, ranges: 1, listed: 0 };
  // "PHPIDS before 20070703" beside an unbounded `phpids:*`: the fix facts take the description's fix, and so does the text.
  const describedFix = product.allVersions && product.part !== 'h' && product.ranges.length === 0 ? soleDescribedFix(product, facts) : undefined;
  if (describedFix)
    return {
      name,
      text: `${name} (versions before ${describedFix}, as the description states; NVD's configuration sets no version limit)`,
      ranges: 1,
      listed: 0,
    };
  // "Prior to version 1.3.0" beside NVD's one range up to 0.6.8: the description's higher fix wins
  // (§9), so 0.7 to 1.2 users read they are affected, and NVD's lower bound is named as its listing.
  const beyondRange = product.ranges.length === 1 && !product.allVersions ? describedAboveRange(product, facts) : undefined;
  if (beyondRange)
    return {
      name,
      text: `${name} (versions before ${beyondRange.fix}, as the description states; NVD's configuration lists ${beyondRange.listed})`,
      ranges: 1,
      listed: 0,
    };
  // VulDB's "Netgear WN604 up to 20240710": every build up to that date, not the one version the CVE record lists.
  const datedEnd = product.ranges.length === 1 && !product.allVersions ? datedUpTo(product.ranges[0]!, describedLast) : undefined;
  if (datedEnd) return { name, text: `${name} (${upToAndIncludingText(datedEnd)}, as the description states)`, ranges: 1, listed: 0 };
  // An entry that names every version outweighs any range listed beside it.
  if (product.allVersions) return { name, text: `${name} (all versions: the record sets no version limit)`, ranges: 0, listed: 0 };
  // Per-line entries are one stretch less the fixed lines: a list of ranges newest first would cut off where it starts.
  if (product.models && product.models.length > 0)
    return { name, text: `${name} (${modelsText(product.models, product.runsOn)})`, ranges: 0, listed: 0, models: product.models.length };
  if (product.releaseLines) return { name, text: `${name} (${releaseLinesText(product.releaseLines)})`, ranges: 1, listed: 0 };
  const groups = versionGroups(product, releasesOf(product, facts));
  if (groups.length === 0) return { name, text: name, ranges: 0, listed: 0 };
  const shownGroups = groups.slice(0, MAX_RANGES);
  const hidden = groups.slice(MAX_RANGES);
  const rest = hidden.length > 0 ? `, plus ${olderText(hidden)}` : '';
  return {
    name,
    text: `${name} (${listText(shownGroups.map((g) => g.text))}${rest})`,
    // Counted over every group, the ones left out included: "plus 2 older version ranges" is
    // still something to compare with (CVE-2021-37685).
    ranges: groups.filter((g) => g.listed === 0).length,
    listed: groups.reduce((n, g) => n + g.listed, 0),
  };
}

/**
 * How a reader checks the lines shown: against ranges, against the versions listed, or both. A
 * single listed version is not a range, and "compare with these ranges" after one misleads.
 * When several products are named and only one has versions, the sentence names it: "that
 * version" after three names would not say whose.
 */
function checkSentence(lines: readonly ProductLine[]): string {
  const ranges = lines.reduce((n, l) => n + l.ranges, 0);
  const listed = lines.reduce((n, l) => n + l.listed, 0);
  const versioned = lines.filter((l) => l.ranges + l.listed > 0);
  const only = lines.length > 1 && versioned.length === 1 ? versioned[0]!.name : undefined;
  const yourVersion = only ? `the version of ${only} you run` : 'the version you run';
  const of = only ? ` of ${only}` : '';
  if (ranges > 0 && listed > 0) return ` To check, compare ${yourVersion} with these versions and ranges.`;
  if (ranges > 0) return ` To check, compare ${yourVersion} with ${ranges === 1 ? 'this range' : 'these ranges'}.`;
  if (listed === 1) return ` To check, see whether you run that version${of}.`;
  if (listed > 1) return ` To check, see whether you run one of the versions${of} listed.`;
  if (lines.some((l) => (l.models ?? 0) > 0)) return " To check, see whether your device's chipset or model is among those the CVE record lists.";
  return '';
}

/**
 * "Virtual Appliance 2.2.1 generates …" beside a configuration that lists 2.1.1: the newest
 * affected version the description states outside every listed range is said too, so the text
 * never leaves the reader at the configuration's lower version.
 */
function describedBeyond(products: readonly AffectedProduct[], facts: Facts | undefined, describedLast: readonly string[]): string {
  const beyond = (facts?.last_affected ?? []).filter(
    (l) =>
      l.source === 'description' &&
      isComparableVersion(l.version) &&
      products.some((p) => productKey(p) === l.product && p.ranges.length > 0 && !p.ranges.some((r) => rangeContains(r, l.version))),
  );
  const byProduct = new Map<string, string[]>();
  for (const l of beyond) byProduct.set(l.product, [...new Set([...(byProduct.get(l.product) ?? []), l.version])]);
  return [...byProduct]
    .map(([key, versions]) => {
      const product = products.find((p) => productKey(p) === key)!;
      return ` The description names ${versions.length === 1 ? 'version' : 'versions'} ${listText(versions)} of ${productName(product)} as affected too.`;
    })
    .join('')
    .concat(describedEarlier(products, facts, describedLast));
}

/** "9.0 and earlier" below the listed 9.1 that the facts keep alone (`describedBelow`): older releases are affected too. */
function describedEarlier(products: readonly AffectedProduct[], facts: Facts | undefined, describedLast: readonly string[]): string {
  const newest = (facts?.last_affected ?? []).filter((l) => products.some((p) => productKey(p) === l.product));
  if (newest.length !== 1) return '';
  const below = describedBelow(newest[0]!, describedLast);
  const product = products.find((p) => productKey(p) === newest[0]!.product)!;
  return below === undefined ? '' : ` The description names version ${below} and earlier of ${productName(product)} as affected.`;
}

/**
 * A record that lists no product but whose description names one ("Element X Android … Prior to
 * version 25.04.2"): the product as the description names it, and the versions the facts read
 * there, if any.
 */
function describedAffected(facts: Facts | undefined): string | undefined {
  const named = facts?.products.filter((p) => p.primary) ?? [];
  if (named.length === 0) return undefined;
  // A release track's versions say their track ("LTS 2.492.1 and earlier"): "on the LTS line".
  const track = (l: VersionFact) => (l.branch !== null && /^[A-Z]+$/.test(l.branch) ? ` on the ${l.branch} line` : '');
  const spansOf = (key: string) => {
    const fixes = [...new Set(facts!.fixed_in.filter((f) => f.product === key).map((f) => f.version))];
    const last = [...new Set(facts!.last_affected.filter((l) => l.product === key).map((l) => `${upToAndIncludingText(l.version)}${track(l)}`))];
    return fixes.length > 0 ? fixes.map((v) => `versions before ${v}`) : last;
  };
  // Apple's "fixed in iPadOS 17.7.7, iOS 18.5 …" names several products, each with its own versions.
  const lines = named.map((p) => ({ name: p.name, spans: spansOf(p.product) })).filter((l) => l.spans.length > 0);
  // The products are still worth naming, every one (Qualcomm's chipset families): "read the description" alone leaves
  // the reader to find them.
  if (lines.length === 0)
    return `The description names ${listText([...new Set(named.map((p) => p.name))])} as affected, but the public record lists no affected versions in a structured form yet. Check the vendor's advisory for the versions at risk.`;
  const count = lines.reduce((n, l) => n + l.spans.length, 0);
  const uses = listText(lines.map((l) => `${l.name} (${listText(l.spans)}${lines.length === 1 ? ', as the description states' : ''})`));
  const source = lines.length === 1 ? '' : ', as the description states';
  return `You are affected if you use ${uses}${source}. To check, compare the version you run with ${count === 1 ? 'this range' : 'these ranges'}.`;
}

export function explainAffected(input: ExplainerInput): string {
  if (input.rejected) return REJECTED.affected;
  const distributions = coListedDistributions(input.products);
  const products = input.products.filter((p) => !distributions.has(productKey(p)));
  const shippedIn = shippedInSentence(
    input.products.filter((p) => distributions.has(productKey(p))),
    productName,
  );
  if (products.length === 0) {
    if (input.kev?.product) {
      const vendor = input.kev.vendorProject ? `${input.kev.vendorProject} ` : '';
      return `CISA lists the affected product as ${vendor}${input.kev.product}. The record gives no version details, so check the vendor's advisory for the versions at risk.`;
    }
    const described = describedAffected(input.facts);
    if (described) return described;
    return 'The public record does not list the affected products in a structured form. Read the description to see whether it names a product you use.';
  }
  const named = products.slice(0, MAX_NAMED_PRODUCTS).map((p) => productLine(p, input.facts, input.fixFacts?.describedLast ?? []));
  const check = `${checkSentence(named)}${describedBeyond(products, input.facts, input.fixFacts?.describedLast ?? [])}${shippedComponentSentence(input.description ?? '', products, productName)}`;
  if (products.length <= MAX_NAMED_PRODUCTS) {
    return `You are affected if you use ${listText(named.map((l) => l.text))}.${check}${shippedIn}`;
  }
  const vendors = [...new Set(products.map(vendorName).filter((v) => v))];
  const from = vendors.length === 0 ? '' : vendors.length <= 3 ? ` from ${listText(vendors)}` : ` from ${vendors.length} vendors`;
  return `${products.length} products${from} are affected, including ${listText(named.map((l) => l.text))}. The NVD entry lists them all.${check}${shippedIn}`;
}

export function explainFix(input: ExplainerInput): string {
  if (input.rejected) return REJECTED.fix;
  const parts = input.fixFacts
    ? fixFactSentences(input.fixFacts, factProductName(input.products, input.facts?.products ?? []))
    : fixVersionSentences(input.fixAdvice ?? deriveFixAdvice(input.products, input.description ?? ''), productName);
  // A fix to switch on is `partial` for that reason (`../derive/patch.ts`), not for a product left without a fixed version.
  if (parts.length > 0 && input.patch.status === 'partial' && input.fixFacts?.steps.optIn !== true)
    parts.push('Some affected products have no fixed version listed yet.');
  if (input.patch.patch_urls.length > 0) {
    const hosts = [...new Set(input.patch.patch_urls.map((u) => new URL(u).hostname.replace(/^www\./, '')))].slice(0, 3);
    parts.push(`A patch is published: see the patch ${input.patch.patch_urls.length === 1 ? 'link' : 'links'} in the references (${listText(hosts)}).`);
  }
  if (parts.length === 0 && input.mitigation) {
    parts.push('No fix is listed, but the references include a workaround. Apply it until a fix ships.');
  }
  if (input.kev?.requiredAction) {
    const due = input.kev.dueDate ? ` US federal agencies must act by ${input.kev.dueDate}.` : '';
    parts.push(`CISA's required action: ${sentence(input.kev.requiredAction)}${due}`);
  }
  if (parts.length === 0) {
    parts.push("No fixed version or patch is listed in the public record yet. Check the vendor's site and the references for updates.");
  }
  return parts.join(' ');
}

/**
 * The name of a facts product key: the affected product's (or its alias's) name; an edition the
 * description names beside it ("Firefox ESR" where NVD lists Firefox) is that product's name with
 * the edition; else the key's words.
 */
function factProductName(products: readonly AffectedProduct[], named: Facts['products']): (key: string) => string {
  return (key) => {
    const own = products.find((p) => productKey(p) === key);
    if (own) return productName(own);
    const base = products.find((p) => key.startsWith(`${productKey(p)}_`));
    if (base) return `${productName(base)} ${key.slice(productKey(base).length + 1).toUpperCase()}`;
    // A product the description names in a record that lists none: its name as the description
    // writes it, every word ("Zoom Workplace App" is `zoom:workplace_app`, not "Workplace App").
    const [vendor, product] = key.split(':');
    const words = product === undefined ? key : vendor === product ? product : `${vendor}_${product}`;
    // Microsoft's half-year releases are written "20H2", not the key's "20h2".
    return named.find((p) => p.product === key)?.name ?? displayName(words).replace(/\b(\d{2})h([12])\b/g, '$1H$2');
  };
}

export function explain(input: ExplainerInput): Explanation {
  return { summary: explainSummary(input), affected: explainAffected(input), fix: explainFix(input) };
}
