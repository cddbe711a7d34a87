import { packageKey, type Advisory } from '../../domain/advisory.js';
import type { Caller } from '../../domain/caller.js';
import { ApiError } from '../../domain/errors.js';
import { EXPORT_LIMIT, rateHeaders } from '../../domain/limits.js';
import { compareFindings, compareVulnerabilities, type ScanFinding, type ScanReport, type ScanVulnerability } from '../../domain/scan-report.js';
import { parseScanQuery, type ScanFormat } from '../../query/scan-query.js';
import { advisoryRepository } from '../../repositories/advisory-repository.js';
import { cpeIndexRepository } from '../../repositories/cpe-index-repository.js';
import { parseComponentCpe, type ComponentCpe } from '../../domain/cpe/component-cpe.js';
import type { CpeIndexEntry } from '../../domain/cpe/cpe-index.js';
import { DEFAULT_MANIFEST_PATH, type ManifestKind, type NotChecked, type ParsedManifest, type ScanComponent } from '../manifest.js';
import { decodeManifestBody } from '../manifest-body.js';
import { parseManifest } from '../parse-manifest.js';
import { boundMatches } from '../report-bounds.js';
import type { ScanMatch } from '../../domain/scan-match.js';
import { affectingCpeFindings, toCpeVulnerability } from './cpe-vulnerabilities.js';
import { admitRequest, spendExportUnit, withExportRate, type ActiveSession } from '../../accounts/public.js';
import { affectingAdvisories, catalogueRecordsFor, vulnerabilitiesOf, type Component } from '../../catalogue/public.js';
import { platformClock } from '../../platform/clock.js';

/** What a scan found, ready to render in any of the three formats. */
export interface ScanOutcome {
  readonly format: ScanFormat;
  readonly kind: ManifestKind;
  readonly manifestPath: string;
  readonly report: ScanReport;
  /** The findings with their place in the manifest (SARIF fingerprints, VEX products). */
  readonly matches: ScanMatch[];
  readonly scannedAt: Date;
}

export interface ScanReads {
  /** Distinct packages looked up in the OSV package lists (BatchGet, 100 a call). */
  readonly packageQueries: number;
  /** CPE index Query calls (one per distinct vendor:product, more pages only for very large products). */
  readonly cpeQueries: number;
  /** Catalogue records read (one per distinct CVE found). */
  readonly catalogueRecords: number;
}

function componentKey(component: ScanComponent): string {
  return `${component.ecosystem ?? 'cpe'}:${component.locator}`;
}

/** A component to match by CPE, with its CPE read. */
interface CpeAsked {
  readonly component: ScanComponent;
  readonly cpe: ComponentCpe;
}

function cpeOf(component: ScanComponent): ComponentCpe | undefined {
  if (!component.cpe) return undefined;
  const cpe = parseComponentCpe(component.cpe);
  return 'problem' in cpe ? undefined : cpe;
}

/**
 * Matches the manifest's components against the OSV advisories (by package) and NVD's
 * configurations (by CPE, docs/scan.md), then joins each finding to the catalogue through its CVE.
 * Reads grow with the distinct packages and products, not with the catalogue: one batched lookup
 * of the package lists, one Query of the CPE index per distinct vendor:product (both at once),
 * then one BatchGet per 100 distinct CVEs found. A CVE found both ways for one component is one
 * vulnerability, the OSV advisory's (it knows the package's own fixed versions).
 */
/**
 * Every finding of a manifest, worst first, with nothing left out: the matching itself. An
 * answer lists a bounded part of it (`matchManifest`); the real-data suites check the matching
 * on all of it.
 */
export async function findAllMatches(manifest: ParsedManifest): Promise<{ matches: ScanMatch[]; notChecked: NotChecked[]; checked: number; reads: ScanReads }> {
  const notChecked: NotChecked[] = [...manifest.notChecked];
  const byPackage: ScanComponent[] = [];
  const byCpe: CpeAsked[] = [];
  let checked = 0;
  for (const component of manifest.components) {
    const cpe = cpeOf(component);
    if (component.ecosystem && component.packageName) byPackage.push(component);
    if (cpe) byCpe.push({ component, cpe });
    if ((component.ecosystem && component.packageName) || cpe) checked++;
    else
      notChecked.push({
        entry: `${component.name}@${component.version}`,
        line: component.line,
        reason: 'Not checked: it has neither a purl of an OSV ecosystem nor a CPE with a version.',
      });
  }
  const refs = byPackage.map((c) => ({ ecosystem: c.ecosystem!, name: c.packageName! }));
  const [advisories, cpeIndex] = await Promise.all([
    refs.length > 0 ? advisoryRepository.findByPackages(refs) : new Map<string, Advisory[]>(),
    byCpe.length > 0 ? cpeIndexRepository.findByProducts(byCpe.map(({ cpe }) => cpe.productKey)) : { entries: new Map<string, CpeIndexEntry[]>(), queries: 0 },
  ]);

  const affecting = byPackage.map((component) => {
    const asked: Component = { ecosystem: component.ecosystem!, name: component.packageName!, version: component.version };
    return { component, asked, found: affectingAdvisories(advisories.get(packageKey(asked.ecosystem, asked.name)) ?? [], asked) };
  });
  const cpeFound = byCpe.map(({ component, cpe }) => ({ component, cpe, found: affectingCpeFindings(cpeIndex.entries.get(cpe.productKey) ?? [], cpe) }));
  const allFound = affecting.flatMap(({ found }) => found);

  const records = await catalogueRecordsFor(
    allFound,
    cpeFound.flatMap(({ found }) => found.map((f) => f.cveId)),
  );

  const vulnerabilities = new Map<ScanComponent, ScanVulnerability[]>();
  for (const { component, asked, found } of affecting) {
    // The fix names the component as the manifest does (`Django`, not the index's `django`).
    const list = found.length > 0 ? vulnerabilitiesOf(asked, found, records, component.name) : [];
    if (list.length > 0) vulnerabilities.set(component, list);
  }
  for (const { component, cpe, found } of cpeFound) {
    const known = vulnerabilities.get(component) ?? [];
    const cves = new Set(known.flatMap((v) => (v.cve_id ? [v.cve_id] : [])));
    // A CVE the catalogue marks rejected (CVE 5 can reject what NVD still lists) is not a finding.
    const added = found
      .filter((f) => !cves.has(f.cveId) && !records.get(f.cveId)?.rejected)
      .map((f) => toCpeVulnerability(component.name, cpe, f, records.get(f.cveId)));
    if (added.length > 0) vulnerabilities.set(component, [...known, ...added]);
  }

  const matches: ScanMatch[] = [];
  for (const [component, list] of vulnerabilities) {
    const finding: ScanFinding = {
      component: { name: component.name, version: component.version, purl: component.purl, line: component.line },
      vulnerabilities: list.sort(compareVulnerabilities),
    };
    matches.push({ finding, componentKey: componentKey(component), cpe: component.cpe });
  }
  matches.sort((a, b) => compareFindings(a.finding, b.finding));
  return { matches, notChecked, checked, reads: { packageQueries: advisories.size, cpeQueries: cpeIndex.queries, catalogueRecords: records.size } };
}

/** A manifest's answer: its findings, bounded (issue 24: an answer is a few MB whatever the input). */
export async function matchManifest(manifest: ParsedManifest): Promise<{ report: ScanReport; matches: ScanMatch[]; reads: ScanReads }> {
  const { matches, notChecked, checked, reads } = await findAllMatches(manifest);
  const bounded = boundMatches(matches, notChecked);
  return {
    report: {
      components: manifest.componentCount,
      checked,
      not_checked: bounded.notChecked,
      not_checked_total: bounded.notCheckedTotal,
      findings: bounded.matches.map((m) => m.finding),
      findings_total: bounded.findingsTotal,
      vulnerabilities_total: bounded.vulnerabilitiesTotal,
    },
    matches: bounded.matches,
    reads,
  };
}

export interface ScanRequest<T> {
  readonly caller: Caller;
  /** The request body as sent (after API Gateway's base64), and its Content-Encoding (gzip or none). */
  readonly body: Buffer;
  readonly contentEncoding?: string;
  /** API Gateway's multi-value query map. */
  readonly query: Record<string, string[] | undefined> | null | undefined;
  /** Turns the outcome into the answer; its failure gives the unit back. */
  readonly render: (outcome: ScanOutcome) => T | Promise<T>;
  readonly nowMs?: number;
  readonly onUsageError?: (error: unknown) => void;
}

/**
 * POST /api/scan (product-decisions §8), with the export allowance's rules: the query and the
 * manifest are checked first (a 400 or 413 uses no unit), then one unit of the hourly export
 * allowance is taken, then the components are matched and the answer rendered; if that fails,
 * the unit is given back.
 */
export async function scanManifest<T>(request: ScanRequest<T>): Promise<{ answer: T; rate: Record<string, string> }> {
  const nowMs = request.nowMs ?? platformClock.now();
  let checked: { format: ScanFormat; manifestPath: string | undefined; manifest: ParsedManifest };
  try {
    const query = parseScanQuery(request.query);
    checked = { ...query, manifest: await parseManifest(decodeManifestBody(request.body, request.contentEncoding)) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw await withExportRate(request.caller, error, nowMs);
  }
  const { format, manifest } = checked;
  const manifestPath = checked.manifestPath ?? DEFAULT_MANIFEST_PATH[manifest.kind];
  const { value, rate } = await spendExportUnit(request.caller, nowMs, request.onUsageError, async () => {
    const { report, matches } = await matchManifest(manifest);
    return request.render({ format, kind: manifest.kind, manifestPath, report, matches, scannedAt: new Date(nowMs) });
  });
  return { answer: value, rate };
}

/**
 * The dashboard's scan (POST /account/scan, session + Origin + CSRF): the same scan, answered as
 * JSON, on the allowance of the account's current API key, so the dashboard and the API share
 * the 10 scans-and-exports an hour. An account with no key cannot scan (409).
 */
export async function scanForDashboard(
  active: ActiveSession,
  body: Buffer,
  contentEncoding: string | undefined,
  onUsageError?: (error: unknown) => void,
): Promise<{ report: ScanReport; rate: Record<string, string> }> {
  const key = active.account.current_key;
  if (!key)
    throw new ApiError(
      'CONFLICT',
      `This account has no API key: rotate the key on the API Keys tab first (a scan uses one of its ${EXPORT_LIMIT.limit} exports an hour).`,
    );
  const caller = { accountId: active.account.account_id, keyId: key.key_id };
  // The API's limits, the per-minute allowance included (issue 24: 150 dashboard scans in 1.5 s):
  // every attempt, refused manifests too, is a request of the account's 100 a minute.
  const nowMs = platformClock.now();
  const admission = await admitRequest(caller, nowMs, onUsageError ?? (() => undefined));
  if (admission.outcome === 'refused') throw new ApiError('CONFLICT', "The account's API key changed meanwhile: reload the page and scan again.");
  if (admission.outcome === 'limited') {
    throw new ApiError('RATE_LIMITED', undefined, undefined, { ...rateHeaders(admission.state), 'Retry-After': String(admission.retryAfterSeconds) });
  }
  const { answer, rate } = await scanManifest({
    caller,
    nowMs,
    onUsageError,
    body,
    contentEncoding,
    query: { format: ['json'] },
    render: (outcome) => outcome.report,
  });
  return { report: answer, rate };
}
