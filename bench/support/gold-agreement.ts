/**
 * How far what PlainCVE says of a record agrees with a person's reading of it (../shared/gold,
 * product decisions §9): plain functions over one annotation, our answer and the record's CPE
 * ranges, summed over records into figures and a list of every disagreement. The benchmark
 * (bench/facts.bench.ts) feeds them; the unit test feeds tiny hand-written examples.
 */
import type { Facts } from '../../shared/domain/facts.js';
import { isGenericTitle } from '../../shared/ingest/derive/title.js';
import { onOtherTrains } from '../../shared/domain/cpe/version-train.js';
import { compareVersions } from '../../shared/domain/cpe/version-compare.js';

export { isGenericTitle };

export interface GoldVersion {
  readonly product: string;
  readonly version: string;
  readonly branch: string | null;
  readonly platform: string | null;
}

/** One line of ../shared/gold/nvd-gold.part*.jsonl (its README describes the fields). */
export interface GoldRecord {
  readonly id: string;
  readonly products: readonly string[];
  readonly component: string | null;
  readonly impacts: readonly string[];
  readonly position: string | null;
  readonly privileges: string | null;
  readonly user_interaction: boolean | null;
  readonly fixed_in: readonly GoldVersion[];
  readonly last_affected: readonly GoldVersion[];
  readonly fix_stated: boolean;
  readonly exploited: boolean;
}

/** What the lookup answered for the record. */
export interface OurAnswer {
  readonly title: string;
  readonly summary: string;
  readonly fix: string;
  readonly facts: Facts | undefined;
}

/** A vulnerable cpeMatch of the raw record: one version, or a range (bounds as NVD gives them). */
export interface ListedVulnerable {
  readonly product: string;
  readonly version?: string;
  readonly startIncluding?: string;
  readonly startExcluding?: string;
  readonly endIncluding?: string;
  readonly endExcluding?: string;
}

export interface Disagreement {
  readonly id: string;
  readonly field: string;
  readonly gold: string;
  readonly ours: string;
}

/** A count of `hits` among `of`; the figure reads as a percentage or, with `count`, as a number. */
export interface Tally {
  hits: number;
  of: number;
}

export interface Agreement {
  readonly impactsFound: Tally;
  readonly impactsRight: Tally;
  readonly position: Tally;
  readonly privileges: Tally;
  readonly userInteraction: Tally;
  readonly fixedInFacts: Tally;
  readonly fixedInText: Tally;
  readonly contradictedFixes: Tally;
  readonly disputedFixes: Tally;
  readonly disputedUnsaid: Tally;
  readonly noFixWhereStated: Tally;
  readonly exploitPublic: Tally;
  readonly exploitMissed: Tally;
  readonly genericTitles: Tally;
  readonly onPathFromInternet: Tally;
  readonly codeExecutionSaid: Tally;
  readonly codeExecutionInvented: Tally;
  readonly disagreements: Disagreement[];
}

export function emptyAgreement(): Agreement {
  const t = (): Tally => ({ hits: 0, of: 0 });
  return {
    impactsFound: t(),
    impactsRight: t(),
    position: t(),
    privileges: t(),
    userInteraction: t(),
    fixedInFacts: t(),
    fixedInText: t(),
    contradictedFixes: t(),
    disputedFixes: t(),
    disputedUnsaid: t(),
    noFixWhereStated: t(),
    exploitPublic: t(),
    exploitMissed: t(),
    genericTitles: t(),
    onPathFromInternet: t(),
    codeExecutionSaid: t(),
    codeExecutionInvented: t(),
    disagreements: [],
  };
}

/** Text that places an attacker anywhere on the internet (what an on-path attacker is not). */
export const FROM_THE_INTERNET = /\bfrom the internet\b|\banyone on the internet\b|\bover the internet\b/i;

/**
 * Text that says the attacker runs code or commands: "run their own code", "execute arbitrary
 * commands", "code execution"; SQL and browser script are other impacts.
 */
const RUNS_CODE =
  /\b(?:run|runs|running|execute|executes|executing)\b(?:\s+(?:their|his|her|its|own|arbitrary|any|malicious|system|shell|operating-system|os|program|native|remote|of|choice|the|attacker's|attacker-chosen|chosen|\w+-supplied)){0,4}\s+(?:code|commands?|programs?)\b|\bcode execution\b/gi;

export function saysCodeExecution(text: string): boolean {
  // A name in quotes is the vendor's ("DLL Planting Remote Code Execution Vulnerability"), not what the text says.
  const unquoted = text.replace(/"[^"]*"|“[^”]*”/g, '""');
  for (const match of unquoted.matchAll(RUNS_CODE)) {
    if (!/\bsql\b|\bdatabase\b/i.test(match[0])) return true;
  }
  return false;
}

/** The fix text's sentence for a fixed version the configuration lists as affected. */
const DISPUTED = /\bThe description gives .+? as fixed, but NVD's configuration lists\b/;

/** "No fix is listed" in all its wordings: what the text must never say where a fix is stated. */
const NO_FIX =
  /\bno (?:fixed version|fix|patch|update)(?: or (?:patch|update|fixed version))? (?:is|was|has been) (?:listed|known|recorded|available|published|named|given)\b|\bthere is no (?:fix|patch)\b|\bnot (?:yet )?(?:been )?fixed\b/i;

export function saysNoFix(text: string): boolean {
  return NO_FIX.test(text);
}

/** A version written in text: the version's own characters, not part of a longer number. */
export function namesVersion(text: string, version: string): boolean {
  const escaped = version
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\s+/g, '\\s+');
  return new RegExp(`(?<![\\w.])${escaped}(?![\\w]|\\.\\d)`, 'i').test(text);
}

const sameVersion = (a: string, b: string) => a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

function inRange(version: string, listed: ListedVulnerable): boolean {
  if (listed.version !== undefined) return compareVersions(version, listed.version) === 0;
  // One named train's range ("before sps_soc-a_…") holds no version of another ("sps_e5_…").
  if ([listed.startIncluding, listed.startExcluding, listed.endIncluding, listed.endExcluding].some((v) => v !== undefined && onOtherTrains(v, version)))
    return false;
  if (listed.endIncluding === undefined && listed.endExcluding === undefined) return false;
  if (listed.startIncluding !== undefined && compareVersions(version, listed.startIncluding) < 0) return false;
  if (listed.startExcluding !== undefined && compareVersions(version, listed.startExcluding) <= 0) return false;
  if (listed.endIncluding !== undefined && compareVersions(version, listed.endIncluding) > 0) return false;
  if (listed.endExcluding !== undefined && compareVersions(version, listed.endExcluding) >= 0) return false;
  return true;
}

const major = (version: string) => /\d+/.exec(version)?.[0];

/**
 * A listed entry speaks of a release line when one of its versions is on it. A fix stated for
 * one line ("ColdFusion 10 before Update 18") is not contradicted by an entry of another line
 * that NVD wrote with no start ("through 11.0 update6" beside "through 10.0 update17"): the
 * record lists the lines apart, and the open start says nothing of line 10.
 */
function reachesLine(listed: ListedVulnerable, branch: string | null): boolean {
  if (branch === null) return true;
  return [listed.version, listed.startIncluding, listed.startExcluding, listed.endIncluding, listed.endExcluding].some(
    (v) => v !== undefined && major(v) === major(branch),
  );
}

/** The entry's end when it has no start ("through 1.4.4" with nothing below it). */
const openEnd = (entry: ListedVulnerable) =>
  entry.version === undefined && entry.startIncluding === undefined && entry.startExcluding === undefined
    ? (entry.endIncluding ?? entry.endExcluding)
    : undefined;

/** The version's leading numbers begin with the branch's ("1.5.0 beta1" is on 1.5, not on 1.4). */
const onBranch = (version: string, branch: string) => {
  const lead = /\d+(?:\.\d+)*/.exec(version)?.[0] ?? '';
  return lead === branch || lead.startsWith(`${branch}.`);
};

/**
 * Entries with no start, one per line ("through 1.4.4" and "through 1.5.0 beta1" beside "before
 * 1.4.5 and 1.5.x before 1.5.0-beta2"): the one that ends on another line is that line's, or the
 * one ending right below the 1.4 line's fix would say nothing.
 */
function anotherLinesEntry(entry: ListedVulnerable, fix: GoldVersion, listed: readonly ListedVulnerable[]): boolean {
  const end = openEnd(entry);
  if (fix.branch === null || !/^\d+\.\d+$/.test(fix.branch) || end === undefined || onBranch(end, fix.branch)) return false;
  return listed.some((other) => {
    const otherEnd = other.product === fix.product ? openEnd(other) : undefined;
    return otherEnd !== undefined && onBranch(otherEnd, fix.branch!) && compareVersions(otherEnd, fix.version) < 0;
  });
}

/** The listed entries of the fix's product and line that hold its version. */
function holdingEntries(fix: GoldVersion, listed: readonly ListedVulnerable[]): ListedVulnerable[] {
  return listed.filter(
    (entry) =>
      entry.product === fix.product &&
      fix.platform === null &&
      reachesLine(entry, fix.branch) &&
      inRange(fix.version, entry) &&
      !anotherLinesEntry(entry, fix, listed),
  );
}

/** The entry holds the version only as its last: listed alone, or an inclusive end at it. */
const endsAt = (entry: ListedVulnerable, version: string) => {
  const end = entry.version ?? entry.endIncluding;
  return end !== undefined && compareVersions(end, version) === 0;
};

/**
 * A fix the description states that the configuration lists only at its boundary ("before 2.5"
 * beside "through 2.5"): the record states both, and the annotators read it as the fix. It is
 * counted apart from a contradiction, and the fix text must name it as disputed.
 */
export function disputedBoundary(fix: GoldVersion & { readonly source?: string }, listed: readonly ListedVulnerable[]): string | undefined {
  if (fix.source !== 'description') return undefined;
  const holding = holdingEntries(fix, listed);
  return holding.length > 0 && holding.every((entry) => endsAt(entry, fix.version)) ? `listed as vulnerable at its boundary (${fix.version})` : undefined;
}

const numbered = (version: string) => /^v?\d/i.test(version.trim());

/** Why the record contradicts a fixed version we state, or undefined when it does not. */
export function contradiction(
  fix: GoldVersion & { readonly source?: string },
  lastAffected: readonly GoldVersion[],
  listed: readonly ListedVulnerable[],
  stated: readonly GoldVersion[] = [],
): string | undefined {
  // A package's fix for a release of the product ("SUSE OpenStack Cloud 7 crowbar-core versions
  // prior to 4.0+git…": line 7, version 4.0+git…) is in another numbering than the product's
  // releases: no newest affected release of the product says anything of it.
  const otherNumbering = fix.branch !== null && major(fix.branch) !== undefined && major(fix.version) !== major(fix.branch);
  // The annotator's own fix of a named track (Jenkins' LTS 2.492.3, CVE-2025-31721): their unlined newest affected
  // version ("2.503 and earlier", the weekly releases') is the other track's.
  const ownTrackStated = stated.some((s) => s.product === fix.product && sameVersion(s.version, fix.version) && /^[a-z]/i.test(s.branch ?? ''));
  for (const last of otherNumbering ? [] : lastAffected) {
    if (last.product !== fix.product) continue;
    if (last.branch === null && ownTrackStated) continue;
    if (last.branch !== null && fix.branch !== null && last.branch !== fix.branch) continue;
    if (last.platform !== null && fix.platform !== null && last.platform !== fix.platform) continue;
    // "1.23.0 through 1.32.1 … Fixed in 1.32.2, 1.31.2": an unlined newest affected version on a
    // line the record fixes apart is that line's top, nothing against another line's fix.
    const ownLineFixed = stated.some((s) => s.product === last.product && s.branch !== null && onBranch(last.version, s.branch));
    if (last.branch === null && fix.branch !== null && !onBranch(last.version, fix.branch) && ownLineFixed) continue;
    // Samsung's "SMR Mar-2022 Release 1" beside the Android 12.0 the phones run: a named release is
    // in another numbering than a numbered version, so neither is above the other.
    if (numbered(fix.version) !== numbered(last.version)) continue;
    // One train's newest affected version says nothing of another's fix (Huawei's phone models and regions, CVE-2017-17171).
    if (onOtherTrains(fix.version, last.version)) continue;
    if (compareVersions(fix.version, last.version) <= 0) return `at or below the newest affected ${last.version}`;
  }
  if (disputedBoundary(fix, listed)) return undefined;
  // Intel's "before SPS_E5_04.04.04.023.0, SPS_E5_04.04.03.228.0": an open range ending at one
  // stated fix holds no other fix the record states beside it.
  const statedFix = (version: string | undefined) => version !== undefined && stated.some((s) => s.product === fix.product && sameVersion(s.version, version));
  const entry = holdingEntries(fix, listed).filter((e) => !(openEnd(e) !== undefined && statedFix(openEnd(e)) && statedFix(fix.version)))[0];
  return entry ? `listed as vulnerable (${entry.version ?? `range to ${entry.endIncluding ?? entry.endExcluding ?? '?'}`})` : undefined;
}

/**
 * A `vendor:product` key with CPE's escapes undone: the gold copies "siemens:sicam_pas\/pqs" from
 * the CPE name, PlainCVE writes "siemens:sicam_pas/pqs"; both name one product.
 */
export const productKey = (key: string) => key.replace(/\\(.)/g, '$1');

const unescapedKeys = (gold: GoldRecord): GoldRecord => ({
  ...gold,
  products: gold.products.map(productKey),
  fixed_in: gold.fixed_in.map((v) => ({ ...v, product: productKey(v.product) })),
  last_affected: gold.last_affected.map((v) => ({ ...v, product: productKey(v.product) })),
});

const show = (value: unknown) => (value === null || value === undefined ? 'null' : Array.isArray(value) ? `[${value.join(', ')}]` : String(value));

function count(tally: Tally, hit: boolean): void {
  tally.of++;
  if (hit) tally.hits++;
}

/** Adds one record's comparison into `into`. `ours` undefined: the lookup had no such record. */
export function compareRecord(into: Agreement, written: GoldRecord, ours: OurAnswer | undefined, listed: readonly ListedVulnerable[]): void {
  const gold = unescapedKeys(written);
  const differ = (field: string, goldValue: unknown, ourValue: unknown) =>
    into.disagreements.push({ id: gold.id, field, gold: show(goldValue), ours: show(ourValue) });
  const facts = ours?.facts;
  if (!ours || !facts) differ('record', 'facts', ours ? 'no facts in the lookup' : 'not found by the lookup');

  const ourImpacts = facts?.impacts ?? [];
  const found = gold.impacts.filter((i) => ourImpacts.includes(i as never));
  into.impactsFound.hits += found.length;
  into.impactsFound.of += gold.impacts.length;
  into.impactsRight.hits += ourImpacts.filter((i) => gold.impacts.includes(i)).length;
  into.impactsRight.of += ourImpacts.length;
  if (found.length !== gold.impacts.length || ourImpacts.length !== found.length) differ('impacts', gold.impacts, ourImpacts);

  const attack = facts?.attack;
  const field = (tally: Tally, name: string, goldValue: unknown, ourValue: unknown) => {
    count(tally, goldValue === ourValue);
    if (goldValue !== ourValue) differ(name, goldValue, ourValue);
  };
  field(into.position, 'position', gold.position, attack?.position ?? null);
  field(into.privileges, 'privileges', gold.privileges, attack?.privileges ?? null);
  field(into.userInteraction, 'user_interaction', gold.user_interaction, attack?.user_interaction ?? null);

  for (const fix of gold.fixed_in) {
    const inFacts = (facts?.fixed_in ?? []).some((f) => productKey(f.product) === fix.product && sameVersion(f.version, fix.version));
    count(into.fixedInFacts, inFacts);
    if (!inFacts)
      differ(
        'fixed_in (facts)',
        `${fix.product} ${fix.version}`,
        (facts?.fixed_in ?? []).map((f) => `${f.product} ${f.version}`),
      );
    const inText = ours !== undefined && namesVersion(ours.fix, fix.version);
    count(into.fixedInText, inText);
    if (!inText) differ('fixed_in (fix text)', fix.version, ours?.fix ?? '');
  }
  for (const fix of facts?.fixed_in ?? []) {
    const why = contradiction({ ...fix, product: productKey(fix.product) }, gold.last_affected, listed, gold.fixed_in);
    count(into.contradictedFixes, why !== undefined);
    if (why) differ('fixed_in contradicted', why, `${fix.product} ${fix.version}`);
    const disputed = why === undefined ? disputedBoundary(fix, listed) : undefined;
    count(into.disputedFixes, disputed !== undefined);
    // A disputed fix is never advice to move to: the text must say the configuration lists it as affected.
    const saidDisputed = disputed !== undefined && ours !== undefined && DISPUTED.test(ours.fix) && namesVersion(ours.fix, fix.version);
    count(into.disputedUnsaid, disputed !== undefined && !saidDisputed);
    if (disputed)
      differ(
        'fixed_in disputed by the configuration',
        disputed,
        `${fix.product} ${fix.version}${saidDisputed ? ' (the text says so)' : ' (the text does not say so)'}`,
      );
  }
  if (gold.fix_stated) {
    const denied = ours !== undefined && saysNoFix(ours.fix);
    count(into.noFixWhereStated, denied);
    if (denied) differ('fix text says no fix', 'fix stated', ours.fix);
  }

  const exploit = facts?.exploit_public ?? false;
  field(into.exploitPublic, 'exploit_public', gold.exploited, exploit);
  if (gold.exploited) count(into.exploitMissed, !exploit);

  if (ours) {
    const generic = isGenericTitle(ours.title);
    count(into.genericTitles, generic);
    if (generic) differ('generic title', 'the bug, the part and the product', ours.title);
    if (gold.position === 'man_in_the_middle' || attack?.position === 'man_in_the_middle') {
      const internet = FROM_THE_INTERNET.test(ours.summary);
      count(into.onPathFromInternet, internet);
      if (internet) differ('on-path attacker "from the internet"', gold.position, ours.summary);
    }
    const said = saysCodeExecution(`${ours.title}. ${ours.summary}`);
    if (gold.impacts.includes('code_execution')) {
      count(into.codeExecutionSaid, said);
      if (!said) differ('code execution not said', 'code_execution', ours.summary);
    } else {
      count(into.codeExecutionInvented, said);
      if (said) differ('code execution said where not stated', gold.impacts, ours.summary);
    }
  }
}

const percent = (t: Tally) => (t.of === 0 ? 'n/a (none)' : `${((100 * t.hits) / t.of).toFixed(1)} % (${t.hits}/${t.of})`);
const number = (t: Tally) => `${t.hits} of ${t.of}`;

export interface Figure {
  readonly figure: string;
  readonly value: string;
  readonly goal: string;
}

/** The figures the issue's "Done means" names, in its order. */
export function figures(a: Agreement): Figure[] {
  return [
    { figure: 'impacts recall', value: percent(a.impactsFound), goal: '≥ 95 %' },
    { figure: 'impacts precision', value: percent(a.impactsRight), goal: '≥ 90 %' },
    { figure: 'attack position', value: percent(a.position), goal: '≥ 97 %' },
    { figure: 'privileges', value: percent(a.privileges), goal: '≥ 95 %' },
    { figure: 'user interaction', value: percent(a.userInteraction), goal: '≥ 90 %' },
    { figure: 'stated fixed versions in facts.fixed_in', value: percent(a.fixedInFacts), goal: '≥ 95 %' },
    { figure: 'stated fixed versions named in the fix text', value: percent(a.fixedInText), goal: '≥ 95 %' },
    { figure: 'our fixed versions the record contradicts', value: number(a.contradictedFixes), goal: '0' },
    { figure: 'our fixed versions the record disputes (description vs configuration boundary)', value: number(a.disputedFixes), goal: '' },
    { figure: 'disputed fixes the text does not name as disputed', value: number(a.disputedUnsaid), goal: '0' },
    { figure: '"no fix" texts where a fix is stated', value: number(a.noFixWhereStated), goal: '0' },
    { figure: 'exploit_public agreement', value: percent(a.exploitPublic), goal: '' },
    { figure: 'exploit_public missed where the record points at one', value: number(a.exploitMissed), goal: '0' },
    { figure: 'generic titles', value: number(a.genericTitles), goal: '0' },
    { figure: 'on-path attackers "from the internet"', value: number(a.onPathFromInternet), goal: '0' },
    { figure: 'code execution said where stated', value: percent(a.codeExecutionSaid), goal: '≥ 95 %' },
    { figure: 'code execution said where not stated', value: number(a.codeExecutionInvented), goal: '0' },
  ];
}

const cpeField = (cpe: string, i: number) =>
  cpe
    .replace(/\\:/g, '\uE000')
    .split(':')
    [i]?.replace(/\uE000/g, ':') ?? '';

/**
 * The vulnerable cpeMatch entries of a raw NVD record (`configurations[].nodes[].cpeMatch[]`),
 * as `vendor:product` with their version or range: what "listed as vulnerable" means.
 */
export function listedVulnerable(nvd: unknown): ListedVulnerable[] {
  const out: ListedVulnerable[] = [];
  const configurations = (nvd as { configurations?: { nodes?: { negate?: boolean; cpeMatch?: Record<string, unknown>[] }[] }[] }).configurations ?? [];
  for (const node of configurations.flatMap((c) => c.nodes ?? [])) {
    if (node.negate) continue;
    for (const match of node.cpeMatch ?? []) {
      if (match.vulnerable !== true || typeof match.criteria !== 'string') continue;
      const product = productKey(`${cpeField(match.criteria, 3)}:${cpeField(match.criteria, 4)}`);
      const version = cpeField(match.criteria, 5);
      const update = cpeField(match.criteria, 6);
      const qualified = update && update !== '*' && update !== '-' ? update : undefined;
      // A range whose CPE names an update but no version ends at that update of its bound
      // (`coldfusion:*:update6` through 11.0 is through 11.0 update6), as the record means it.
      const bound = (name: string) => {
        if (typeof match[name] !== 'string') return {};
        const value = qualified && version === '*' && name.startsWith('versionEnd') ? `${match[name] as string} ${qualified}` : (match[name] as string);
        return { [name.replace('version', '').replace(/^./, (c) => c.toLowerCase())]: value };
      };
      const ranged = ['versionStartIncluding', 'versionStartExcluding', 'versionEndIncluding', 'versionEndExcluding'].some((k) => typeof match[k] === 'string');
      if (ranged)
        out.push({
          product,
          ...bound('versionStartIncluding'),
          ...bound('versionStartExcluding'),
          ...bound('versionEndIncluding'),
          ...bound('versionEndExcluding'),
        });
      else if (version && version !== '*' && version !== '-') out.push({ product, version: qualified ? `${version} ${qualified}` : version });
    }
  }
  return out;
}
