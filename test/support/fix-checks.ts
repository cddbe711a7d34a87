/**
 * Checks of the fix text against the raw NVD configurations, read here without the ingest's
 * parsers: which products are vulnerable (a `vulnerable: true` match in a non-negated node) and
 * which versions of each are (the match's version with its update field, and its range bounds).
 * A record's `provenance.fix_versions` lists the (product, version) pairs its fix text names; each
 * must be a vulnerable product, lie outside all its vulnerable versions and appear in the text.
 */
import type { CatalogueRecord } from '../../shared/domain/cve.js';
import type { VersionFact } from '../../shared/domain/facts.js';
import { compareVersions } from '../../shared/domain/cpe/version-compare.js';
import { onOtherTrains } from '../../shared/domain/cpe/version-train.js';
import { isDisputedFix } from '../../shared/domain/disputed-fixes.js';
import { distributionRelease, platformName } from '../../shared/ingest/sources/nvd.js';
import { targetPlatform } from '../../shared/ingest/sources/target-platform.js';
import { deviceListNames } from '../../shared/ingest/sources/device-lists.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';

interface RawMatch {
  vulnerable?: boolean;
  criteria?: string;
  versionStartIncluding?: string;
  versionStartExcluding?: string;
  versionEndIncluding?: string;
  versionEndExcluding?: string;
}
export interface RawNvdConfigurations {
  configurations?: { operator?: string; nodes?: { negate?: boolean; cpeMatch?: RawMatch[] }[] }[];
  /** The English description: a list of hardware models is named with its spelling (`device-lists.ts`). */
  description?: string;
}

/** One vulnerable version set of a product: an exact version or bounds (all optional = every version). */
interface RawSpan {
  exact?: string;
  from?: { v: string; inclusive: boolean };
  to?: { v: string; inclusive: boolean };
  /** The platform CPE products of the AND configuration that ties it to them; empty: every platform. */
  platforms: string[];
  /** CPE `sw_edition` of a bounded range ("classic", "continuous"): Adobe's tracks overlap in numbers. */
  track?: string;
}

type RawNode = NonNullable<NonNullable<RawNvdConfigurations['configurations']>[number]['nodes']>[number];

/** The platforms of an AND configuration: the products of its node of non-vulnerable (or operating-system-only) matches. */
function platformsOf(conf: NonNullable<RawNvdConfigurations['configurations']>[number]): { platforms: string[]; node?: RawNode; devices?: string[] } {
  const nodes = conf.nodes ?? [];
  if (conf.operator !== 'AND' || nodes.length < 2) return { platforms: [] };
  const part = (m: RawMatch) => cpeFields(m.criteria ?? '')[2];
  const isPlatform = (node: RawNode) => {
    const matches = node.cpeMatch ?? [];
    if (matches.length === 0) return false;
    if (matches.every((m) => m.vulnerable !== true)) return true;
    const versionless = (m: RawMatch) => ['*', '-'].includes(cpeFields(m.criteria ?? '')[5] ?? '*') && !m.versionEndExcluding && !m.versionEndIncluding;
    return (
      matches.every((m) => part(m) === 'o' && versionless(m)) &&
      nodes.some((o) => o !== node && (o.cpeMatch ?? []).some((m) => m.vulnerable === true && part(m) === 'a'))
    );
  };
  const found = nodes.filter(isPlatform);
  if (found.length !== 1) return { platforms: [] };
  const matches = found[0]!.cpeMatch ?? [];
  // One Ubuntu or Debian release is the platform as the facts name it ("ubuntu 12.04 lts").
  const release = matches.length === 1 ? distributionRelease(matches[0]!.criteria ?? '') : undefined;
  const names = release ? [release] : [...new Set(matches.map((m) => platformName(cpeFields(m.criteria ?? '')[4] ?? '')))];
  if (names.length <= 3) return { platforms: names, node: found[0]! };
  // More hardware models than that are a family of devices, a platform where the firmware is listed elsewhere too.
  const hardware = matches.every((m) => part(m) === 'h');
  return hardware ? { platforms: [], node: found[0]!, devices: [...new Set(matches.map((m) => cpeFields(m.criteria ?? '')[4] ?? ''))] } : { platforms: [] };
}

/** The CPE fields split on unescaped colons, each unescaped. */
function cpeFields(cpe: string): string[] {
  return cpe
    .replace(/\\:/g, '\uE000')
    .split(':')
    .map((f) => f.replace(/\uE000/g, ':').replace(/\\(.)/g, '$1'));
}

/** vendor:product (lower case) → its vulnerable spans, from the raw configurations. */
export function vulnerableSpans(cve: RawNvdConfigurations): Map<string, RawSpan[]> {
  const out = new Map<string, RawSpan[]>();
  // A product's bounded ranges for two operating systems or more (CPE target_sw), each naming a
  // system the facts know, are each that platform's, as the facts read them; one unknown or `*`
  // target leaves all of the product's ranges on every platform.
  const targetPlatforms = new Map<string, Set<string | undefined>>();
  for (const conf of cve.configurations ?? [])
    for (const node of conf.nodes ?? [])
      for (const m of node.cpeMatch ?? []) {
        if (m.vulnerable !== true || node.negate || !(m.versionEndExcluding || m.versionEndIncluding)) continue;
        const f = cpeFields(m.criteria ?? '');
        const key = `${(f[3] ?? '').replace(/[\s:]+/g, '_')}:${(f[4] ?? '').replace(/[\s:]+/g, '_')}`.toLowerCase();
        targetPlatforms.set(key, (targetPlatforms.get(key) ?? new Set()).add(targetPlatform(f[10])));
      }
  const perPlatform = (key: string) => {
    const found = targetPlatforms.get(key);
    return found !== undefined && found.size >= 2 && !found.has(undefined);
  };
  const tied = (cve.configurations ?? []).map((conf) => ({ conf, ...platformsOf(conf) }));
  const deviceLists = tied.flatMap((t) => (t.devices ? [t.devices] : []));
  const deviceNames = deviceListNames(deviceLists, cve.description ?? '');
  const configurationsOf = new Map<string, number>();
  for (const conf of cve.configurations ?? []) {
    const keys = new Set(
      (conf.nodes ?? []).flatMap((node) =>
        node.negate ? [] : (node.cpeMatch ?? []).flatMap((m) => (m.vulnerable === true && m.criteria ? [cpeFields(m.criteria).slice(3, 5).join(':')] : [])),
      ),
    );
    for (const key of keys) configurationsOf.set(key, (configurationsOf.get(key) ?? 0) + 1);
  }
  for (const { conf, platforms, node: platformNode, devices } of tied) {
    const deviceName = devices ? deviceNames[deviceLists.indexOf(devices)] : undefined;
    for (const node of conf.nodes ?? []) {
      if (node.negate || node === platformNode) continue;
      for (const m of node.cpeMatch ?? []) {
        if (m.vulnerable !== true || !m.criteria) continue;
        const f = cpeFields(m.criteria);
        // As the facts key products: a colon inside a name ("xml::parser") is written "_".
        const key = `${(f[3] ?? '').replace(/[\s:]+/g, '_')}:${(f[4] ?? '').replace(/[\s:]+/g, '_')}`.toLowerCase();
        const version = f[5] ?? '*';
        const update = f[6] ?? '*';
        const target = (m.versionEndExcluding || m.versionEndIncluding) && perPlatform(key) ? targetPlatform(f[10]) : undefined;
        const onDevices = deviceName !== undefined && (configurationsOf.get(f.slice(3, 5).join(':')) ?? 0) >= 2 ? [deviceName] : platforms;
        const span: RawSpan = { platforms: target ? [target] : onDevices };
        if (version !== '*' && version !== '-') span.exact = update !== '*' && update !== '-' ? `${version} ${update}` : version;
        if (m.versionStartIncluding) span.from = { v: m.versionStartIncluding, inclusive: true };
        if (m.versionStartExcluding) span.from = { v: m.versionStartExcluding, inclusive: false };
        // A range whose CPE names an update but no version ends at that update ("through 11.0 update6").
        const end = (v: string) => (version === '*' && update !== '*' && update !== '-' ? `${v} ${update}` : v);
        if (m.versionEndIncluding) span.to = { v: end(m.versionEndIncluding), inclusive: true };
        if (m.versionEndExcluding) span.to = { v: end(m.versionEndExcluding), inclusive: false };
        const edition = f[9] ?? '*';
        // CPE's "-" edition (not applicable) is a track too: Jenkins' weekly releases, beside its `lts` ones (CVE-2025-31721).
        if (span.to && edition !== '*' && edition !== '') span.track = edition;
        // CPE "-" (not applicable) with no bound names no version at all: a vulnerable product, with nothing to fall inside.
        if (version === '-' && !span.from && !span.to) {
          out.set(key, out.get(key) ?? []);
          continue;
        }
        // A device (part "h") listed with every version: a vulnerable product, but its CPE version
        // is the hardware's revision, which holds no firmware version ("HDL-F160 firmware before 1.02").
        if (f[2] === 'h' && version === '*' && !span.from && !span.to) {
          out.set(key, out.get(key) ?? []);
          continue;
        }
        out.set(key, [...(out.get(key) ?? []), span]);
      }
    }
  }
  return out;
}

function inside(span: RawSpan, v: string): boolean {
  // One named train's span ("sps_soc-a_…") holds no version of another ("sps_e5_…").
  if ([span.exact, span.from?.v, span.to?.v].some((end) => end !== undefined && onOtherTrains(end, v))) return false;
  if (span.exact !== undefined && compareVersions(v, span.exact) !== 0) return false;
  if (span.from && compareVersions(v, span.from.v) < (span.from.inclusive ? 0 : 1)) return false;
  if (span.to && compareVersions(v, span.to.v) > (span.to.inclusive ? 0 : -1)) return false;
  return true;
}

export interface NamedFix {
  readonly vendor: string;
  readonly product: string;
  readonly versions: readonly string[];
  /** The platform the fix is stated for; absent or null: every platform. */
  readonly platform?: string | null;
  /** The release line the description states the fix for ("10" for "10 before Update 18"). */
  readonly branch?: string | null;
  /**
   * The description's fix that the facts pair with the configuration's newest affected version
   * of the same number (§9, `isDisputedFix`): it may sit on a range's end or a listed version,
   * never inside a range.
   */
  readonly disputed?: boolean;
  /** The description states the fix (§9: a `*` with no bound names no version, so it does not contradict it). */
  readonly described?: boolean;
}

/** A span with no version and no bound: NVD's `*`, every version. */
const unbounded = (span: RawSpan) => span.exact === undefined && !span.from && !span.to;

/** The span holds `v` only as its last version: listed alone, or an inclusive end at it. */
const endsAt = (span: RawSpan, v: string) =>
  span.exact !== undefined ? compareVersions(span.exact, v) === 0 : span.to?.inclusive === true && compareVersions(span.to.v, v) === 0;

const major = (version: string) => /\d+/.exec(version)?.[0];

/** A span speaks of the fix's line when one of its versions is on it; a span of another line wrote no start and says nothing of this one. */
function reachesLine(span: RawSpan, branch: string | null | undefined): boolean {
  if (!branch) return true;
  return [span.exact, span.from?.v, span.to?.v].some((v) => v !== undefined && major(v) === major(branch));
}

/** The span's end when it has no start (NVD's "through 1.4.4" with nothing below it), else undefined. */
const openEnd = (span: RawSpan) => (span.exact === undefined && !span.from ? span.to?.v : undefined);

/** `version`'s leading numbers begin with the branch's ("1.5.0 beta1" is on 1.5, not on 1.4 nor 1.50). */
const onBranchOf = (version: string, branch: string) => {
  const lead = /\d+(?:\.\d+)*/.exec(version)?.[0] ?? '';
  return lead === branch || lead.startsWith(`${branch}.`);
};

/**
 * Two spans with no start, one per line: "through 1.4.4" and "through 1.5.0 beta1" beside the
 * description's "before 1.4.5 and 1.5.x before 1.5.0-beta2". The one ending on another line is
 * that line's: were it every older version, the one ending below the 1.4 line's fix would say
 * nothing. Only for a fix the description states on its own line.
 */
function anotherLinesSpan(span: RawSpan, own: readonly RawSpan[], v: string, branch: string | null | undefined): boolean {
  const end = openEnd(span);
  // A line of three numbers or more is the description's as written (BIND's "9.9.7 before 9.9.7-P3", the twenty-third session).
  if (!branch || !/^\d+(?:\.\d+)+$/.test(branch) || end === undefined || onBranchOf(end, branch)) return false;
  return own.some((other) => {
    const otherEnd = openEnd(other);
    return otherEnd !== undefined && onBranchOf(otherEnd, branch) && compareVersions(otherEnd, v) < 0;
  });
}

export function namedFixes(record: Pick<CatalogueRecord, 'provenance'>): NamedFix[] {
  const raw = record.provenance.fix_versions;
  return raw ? (JSON.parse(raw) as NamedFix[]) : [];
}

/** Faults of a record's fix text against the raw NVD configurations of the same CVE. */
export function fixFaults(record: Pick<CatalogueRecord, 'cve_id' | 'provenance' | 'explanation'>, raw: RawNvdConfigurations | undefined): string[] {
  const faults: string[] = [];
  const spans = raw ? vulnerableSpans(raw) : new Map<string, RawSpan[]>();
  const text = record.explanation?.fix ?? '';
  for (const named of namedFixes(record)) {
    for (const v of named.versions) {
      if (!text.includes(v)) faults.push(`${v} is listed as named but the text does not name it`);
    }
    // A product-less fix (the description's, when the record lists no product) can only be checked against nothing.
    if (!named.product) continue;
    const key = `${named.vendor}:${named.product}`.toLowerCase();
    // Products from CVE 5 when NVD has no configuration, or a configuration of versionless
    // products only (chips' firmware listed with "-"), cannot be checked here.
    if ([...spans.values()].every((own) => own.length === 0)) continue;
    const own = spans.get(key);
    if (!own) {
      // An edition the description names beside a listed product ("Firefox ESR" beside `mozilla:firefox`).
      if ([...spans.keys()].some((listed) => key.startsWith(`${listed}_`))) continue;
      // Microsoft's semi-annual Server release by its own CPE (`windows_server_20h2`), which NVD's older
      // style lists in another product's version slot (`windows_server_2016` version `20h2`): the same
      // edition, listed as vulnerable. Only a release name ("2004", "20h2"), never a numbered version.
      const release = /_(\d{2}h\d|\d{4})$/.exec(key)?.[1];
      const vendor = key.split(':')[0];
      if (release && [...spans].some(([listed, own]) => listed.startsWith(`${vendor}:`) && own.some((span) => span.exact?.toLowerCase() === release))) continue;
      faults.push(`${named.vendor}:${named.product} is not a vulnerable product of the NVD record`);
      continue;
    }
    const place = named.platform ?? null;
    const relevant = own.filter(
      (s) =>
        (place === null || s.platforms.length === 0 || s.platforms.includes(place)) &&
        reachesLine(s, named.branch) &&
        !(named.described === true && own.every((o) => unbounded(o) && o.platforms.length === 0)),
    );
    // Apple's "Security Update 2018-003 High Sierra" patches its line's last release: it has no
    // place on NVD's numbered scale, so a range "before 10.14.2" says nothing of it.
    for (const v of named.versions.filter((version) => !/^Security Update \d{4}-\d{3}\b/.test(version))) {
      // A version that ends only ranges of named tracks is checked against those tracks' ranges (and untracked ones).
      const ending = own.filter((s) => s.to !== undefined && !s.to.inclusive && compareVersions(s.to.v, v) === 0);
      const tracks = ending.length > 0 && ending.every((s) => s.track !== undefined) ? new Set(ending.map((s) => s.track)) : undefined;
      const hit = relevant.find(
        (s) =>
          (tracks === undefined || s.track === undefined || tracks.has(s.track)) &&
          inside(s, v) &&
          !(named.disputed && endsAt(s, v)) &&
          !anotherLinesSpan(s, own, v, named.branch),
      );
      if (hit) faults.push(`${v} lies inside a vulnerable range of ${key}: ${JSON.stringify(hit)}`);
    }
  }
  return faults;
}

/** Does a source give a fixed version: a vulnerable match's versionEndExcluding, or the description's grammar. */
export function sourceGivesFix(raw: RawNvdConfigurations | undefined, description: string): { cpe: boolean; description: boolean } {
  let cpe = false;
  for (const conf of raw?.configurations ?? [])
    for (const node of conf.nodes ?? []) if (!node.negate) for (const m of node.cpeMatch ?? []) if (m.vulnerable === true && m.versionEndExcluding) cpe = true;
  return { cpe, description: describedVersions(description).fixed.length > 0 };
}

const yearless = (version: string) => version.trim().replace(/^20(\d{2})(?=\.\d+\.\d)/, '$1');

/** "2.4" for 2.4.1, "1.6" for "1.6.0 update 27": the first two numbers. */
function releaseLineOf(version: string): string {
  const numbers = version.match(/\d+/g) ?? [];
  return `${Number(numbers[0] ?? 0)}.${Number(numbers[1] ?? 0)}`;
}

/**
 * Named fixes that a version the description calls last affected ("FreeBSD through 10.1", "2.3 and
 * earlier") for the same product contradicts: a fix at or below it on its release line, or an
 * "update to V or later" below it. (A fix of an older line below a newer line's last affected
 * version is right: "7.0.4 fixes 7.0.x" beside "8.0.0 through 8.1.0".) The statement is taken to
 * be about the named product whose name (CPE underscores as spaces) the text just before it
 * mentions last.
 */
export function describedAffectedFaults(record: Pick<CatalogueRecord, 'description' | 'provenance' | 'explanation'>): string[] {
  const statements = describedVersions(record.description).lastAffected;
  if (statements.length === 0) return [];
  const named = namedFixes(record).filter((n) => n.product);
  const text = record.explanation?.fix ?? '';
  const faults: string[] = [];
  for (const statement of statements) {
    const context = statement.context.toLowerCase();
    // The product's name must be the last name before the statement: "MySQL before 5.6.21 and
    // MariaDB through 10.0.29" and "Acrobat Reader 2017.009.20058 and earlier" are not about
    // MySQL or Acrobat (a capitalised word after the name starts another name).
    const mentioned = named
      .map((fix) => {
        const spelled = fix.product.toLowerCase().replace(/_/g, ' ');
        const at = context.lastIndexOf(spelled);
        const after = at < 0 ? '' : statement.context.slice(at + spelled.length);
        // Nor past a semicolon: "CityLogic: from n/a through 1.1.29; i-max: from n/a through 1.6.2" is i-max's.
        return { fix, at, last: at >= 0 && !/^\w/.test(after) && !/\b[A-Z]/.test(after) && !after.includes(';') };
      })
      .filter((m) => m.last)
      .sort((a, b) => b.at - a.at)[0]?.fix;
    // Only a statement that names the product counts: "MariaDB through 10.0.29" beside a fix of
    // Oracle MySQL is about MariaDB, whichever product the record's fix text names.
    const fix = mentioned;
    if (!fix) continue;
    // Adobe writes a line's year in full ("2021.001.20155") where the configuration has "21.001.20150".
    const stated = statement.version;
    for (const v of fix.versions) {
      // At or below as written and with the year dropped from both ("21.001.20156" is above "2021.001.20155").
      if (compareVersions(v, stated) > 0 || compareVersions(yearless(v), yearless(stated)) > 0) continue;
      const sameLine = releaseLineOf(v) === releaseLineOf(stated) || releaseLineOf(yearless(v)) === releaseLineOf(yearless(stated));
      // "to version V or later" speaks of this product only when no other named product has V.
      const orLater = text.includes(`to version ${v} or later`) && !named.some((other) => other !== fix && other.versions.includes(v));
      if (sameLine || orLater) faults.push(`${fix.vendor}:${fix.product} ${v} is named as a fix, but the description calls ${statement.version} affected`);
    }
  }
  return faults;
}

/** `fixFaults` for the record's facts: every `fixed_in` entry, named in the text or not. */
export function factFaults(record: Pick<CatalogueRecord, 'cve_id' | 'provenance' | 'explanation' | 'facts'>, raw: RawNvdConfigurations | undefined): string[] {
  const entries = (record.facts?.fixed_in ?? []).filter((f) => f.source !== 'cve5');
  const named: NamedFix[] = entries.map((f) => ({
    vendor: f.product.split(':')[0]!,
    product: f.product.split(':')[1]!,
    versions: [f.version],
    platform: f.platform,
    branch: f.source === 'description' ? f.branch : null,
    disputed: isDisputedFix(f, record.facts?.last_affected ?? []),
    ...(f.source === 'description' ? { described: true } : {}),
  }));
  // Checked as if the text named them all, text check left out.
  return fixFaults(
    {
      cve_id: record.cve_id,
      provenance: { ...record.provenance, fix_versions: JSON.stringify(named) },
      explanation: { ...(record.explanation ?? { summary: '', affected: '', references: [] }), fix: named.flatMap((n) => n.versions).join(' ') },
    },
    raw,
  );
}

/** Runs of letters or digits: what a version is made of, whatever joins them ("7.0.2 Fix Pack 3" from "7.0.2 before Fix Pack 3"; "1.6.0 update 4" from CPE `1.6.0:update_4`). */
const tokensOf = (text: string) => text.toLowerCase().match(/[a-z]+|\d+/g) ?? [];

/** The tokens of `version` stand in `text` in order, within a short stretch (a version is never assembled from words far apart). */
function heldIn(version: string, text: string): boolean {
  const wanted = tokensOf(version);
  // Sonus' "6.1.x up to Build 111" is the 6.1 line's Build 111: the words that join a line to its step join nothing.
  const words =
    text
      .toLowerCase()
      .replace(/\.x\s+(?:up to|through)\s+/g, ' ')
      .match(/[a-z]+|\d+/g) ?? [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] !== wanted[0]) continue;
    let at = i;
    let found = 1;
    for (let j = i + 1; j < words.length && j <= at + 3 && found < wanted.length; j++) {
      if (words[j] === wanted[found]) {
        found++;
        at = j;
      }
    }
    if (found === wanted.length) return true;
  }
  return false;
}

/** The versions the raw configurations write: each match's version with its update field, and its bounds (an end with the update of a versionless CPE). */
function configuredVersions(raw: RawNvdConfigurations | undefined): string[] {
  const out: string[] = [];
  for (const conf of raw?.configurations ?? []) {
    for (const node of conf.nodes ?? []) {
      for (const m of node.cpeMatch ?? []) {
        const f = cpeFields(m.criteria ?? '');
        out.push(`${f[5] ?? ''} ${f[6] ?? ''}`);
        // A range whose CPE names an update but no version ends at that update ("1.6.1" with `rc2`: "1.6.1 rc2").
        const update = f[5] === '*' && f[6] && f[6] !== '*' && f[6] !== '-' ? ` ${f[6]}` : '';
        for (const bound of [m.versionStartIncluding, m.versionStartExcluding]) if (bound) out.push(bound.replace(/\\(.)/g, '$1'));
        for (const bound of [m.versionEndIncluding, m.versionEndExcluding]) if (bound) out.push(`${bound.replace(/\\(.)/g, '$1')}${update}`);
      }
    }
  }
  return out;
}

/** Versions the fix text names that its source does not hold: a description version must stand in the description, a configuration's in the configurations. */
export function unheldVersions(record: Pick<CatalogueRecord, 'description' | 'explanation' | 'facts'>, raw: RawNvdConfigurations | undefined): string[] {
  const fix = record.explanation?.fix ?? '';
  const configured = configuredVersions(raw);
  const out: string[] = [];
  for (const e of [...(record.facts?.fixed_in ?? []), ...(record.facts?.last_affected ?? [])] as VersionFact[]) {
    if (e.source === 'cve5' || !fix.includes(e.version)) continue;
    const held = e.source === 'description' ? heldIn(e.version, record.description) : configured.some((c) => heldIn(e.version, c));
    if (!held) out.push(`${e.product} ${e.version} (${e.source})`);
  }
  return out;
}
