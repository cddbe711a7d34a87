/**
 * Advisory + catalogue record -> the vulnerability a user reads (product-decisions §8), for one
 * component. The one place both POST /api/scan and GET /api/packages build that shape.
 */
import type { Advisory, Ecosystem } from '../../domain/advisory.js';
import { affectingVersion, fixedVersionsFor } from '../../domain/advisory-matching.js';
import type { CatalogueRecord } from '../../domain/cve.js';
import { byUrgency, urgencyOf, type PackageReport, type PackageVulnerability } from '../../domain/package-vulnerability.js';
import { advisoryRepository } from '../../repositories/advisory-repository.js';
import { cveRepository } from '../../repositories/cve-repository.js';

export interface Component {
  readonly ecosystem: Ecosystem;
  readonly name: string;
  readonly version: string;
}

const SUMMARY_LIMIT = 400;

/**
 * ICU's sentence rules (Intl.Segmenter): a period inside "5.3", "Products.PythonScripts" or "e.g."
 * ends no sentence. A hand-made split on [.!?] cut there and dropped the text before the cut.
 */
const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });

/** The first sentences of an advisory's details, up to about 400 characters, without Markdown markup. */
export function firstSentences(text: string): string {
  const plain = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[`*_#>]/g, '')
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= SUMMARY_LIMIT) return plain;
  const sentences = [...SENTENCES.segment(plain)].map((s) => s.segment);
  let out = '';
  for (const sentence of sentences) {
    if ((out + sentence).length > SUMMARY_LIMIT) break;
    out += sentence;
  }
  return out.trim() || `${plain.slice(0, SUMMARY_LIMIT - 1).trimEnd()}…`;
}

/** The fix in plain English, naming the nearest version of this component that fixes it. */
export function fixAdvice(component: Pick<Component, 'name' | 'version'>, fixedVersions: readonly string[], advisoryId: string): string {
  const nearest = fixedVersions[0];
  if (nearest) {
    return `Upgrade ${component.name} from ${component.version} to ${nearest} or later: ${nearest} is the nearest release that fixes ${advisoryId}.`;
  }
  return `No fixed release of ${component.name} is published for ${advisoryId} yet: remove or replace ${component.name}, or apply the advisory's workaround, until one is.`;
}

/**
 * One advisory that affects the component, with PlainCVE's record of its CVE when the catalogue
 * has it. `displayName` is the component as the user's manifest names it (`log4j-core`, `Django`),
 * which the words use; the matching uses the package's name in OSV's spelling.
 */
export function toVulnerability(
  advisory: Advisory,
  record: CatalogueRecord | undefined,
  component: Component,
  displayName = component.name,
): PackageVulnerability {
  const fixedVersions = fixedVersionsFor(advisory, component.ecosystem, component.name, component.version);
  const details = firstSentences(advisory.details);
  const named = { name: displayName, version: component.version };
  return {
    id: advisory.id,
    cve_id: advisory.cve_id,
    severity: record?.severity ?? 'UNKNOWN',
    cvss_score: record?.cvss_score ?? null,
    ...urgencyOf(record),
    fixed_versions: fixedVersions,
    title: record?.title ?? (advisory.summary.trim() || `${advisory.id} in ${named.name}`),
    summary: record?.explanation?.summary ?? (details || advisory.summary.trim() || `${advisory.id} affects ${named.name} ${named.version}.`),
    fix: fixAdvice(named, fixedVersions, advisory.cve_id ?? advisory.id),
  };
}

/**
 * The advisories (of those given) that affect the component's version, one per vulnerability:
 * advisories naming the same CVE, or one naming the other's id among its aliases, are one
 * vulnerability (the lowest id is kept, their fixed versions are merged).
 */
export function affectingAdvisories(advisories: readonly Advisory[], component: Component): Advisory[] {
  const matching = advisories
    .filter((a) => affectingVersion(a, component.ecosystem, component.name, component.version))
    .sort((a, b) => a.id.localeCompare(b.id));
  const kept = new Map<string, Advisory>();
  const ids = new Set(matching.map((a) => a.id));
  for (const advisory of matching) {
    if (!advisory.cve_id && advisory.aliases.some((alias) => ids.has(alias) && alias < advisory.id)) continue;
    const key = advisory.cve_id ?? advisory.id;
    const first = kept.get(key);
    kept.set(key, first ? { ...first, affected: [...first.affected, ...advisory.affected] } : advisory);
  }
  return [...kept.values()];
}

/**
 * The vulnerabilities of one component, given its advisories and the catalogue records by CVE id;
 * `displayName` as in toVulnerability (the component is matched by its OSV name, never by it: a
 * Maven SBOM component named `log4j-core` is the package `org.apache.logging.log4j:log4j-core`).
 */
export function vulnerabilitiesOf(
  component: Component,
  advisories: readonly Advisory[],
  records: ReadonlyMap<string, CatalogueRecord>,
  displayName = component.name,
): PackageVulnerability[] {
  return affectingAdvisories(advisories, component)
    .map((advisory) => toVulnerability(advisory, advisory.cve_id ? records.get(advisory.cve_id) : undefined, component, displayName))
    .sort(byUrgency);
}

/** The catalogue records of the advisories' CVEs and of other CVEs found (one BatchGet per 100), keyed by CVE id. */
export async function catalogueRecordsFor(advisories: readonly Advisory[], otherCves: readonly string[] = []): Promise<Map<string, CatalogueRecord>> {
  const ids = [...new Set([...advisories.flatMap((a) => (a.cve_id ? [a.cve_id] : [])), ...otherCves])];
  const records = ids.length > 0 ? await cveRepository.getMany(ids) : [];
  return new Map(records.map((record) => [record.cve_id, record]));
}

/** GET /api/packages/{ecosystem}/{name}?version=V: one Query of the package index, one BatchGet of records. */
export async function packageVulnerabilities(component: Component): Promise<PackageReport> {
  const advisories = affectingAdvisories(await advisoryRepository.findByPackage(component.ecosystem, component.name), component);
  const records = await catalogueRecordsFor(advisories);
  return { ...component, vulnerabilities: vulnerabilitiesOf(component, advisories, records) };
}
