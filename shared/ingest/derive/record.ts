/**
 * One catalogue record from everything the sources said about a CVE. Pure: no I/O, `now` and
 * the previously stored patch state come in as arguments. Each field group's rule is documented
 * in its own module; `provenance` records which source each group rests on.
 */
import { sapNotes } from '../facts/sap-notes.js';
import { ciscoKnownFixedReleases } from '../facts/cisco-known-releases.js';
import { samsungRelease } from '../facts/samsung-release.js';
import { oracleCriticalPatchUpdate } from '../facts/oracle-cpu.js';
import type { CatalogueRecord } from '../../domain/cve.js';
import { undisputedFixes } from '../../domain/disputed-fixes.js';
import { explain } from '../explainer/index.js';
import { deriveFacts } from '../facts/index.js';
import { impactsInferred } from '../facts/fallback.js';
import { readFixSteps } from '../facts/fix-steps.js';
import { coListedDistributions, onlyDistributions } from '../facts/distributions.js';
import {
  advisoryHosts,
  bulletins,
  commitHosts,
  fixedProductKeys,
  fixProvenance,
  modelListed,
  productsInEveryVersion,
  soleProductInEveryVersion,
} from '../facts/fix-record.js';
import { namedFixVersions } from '../explainer/fix.js';
import { deriveDescription, derivePublishedDate, deriveRejected, deriveSourceModified } from './basics.js';
import { deriveExploitIntel, deriveInKev } from './exploit-intel.js';
import type { CveSources } from './inputs.js';
import { derivePatch, type PreviousPatch } from './patch.js';
import { deniesFix } from '../facts/no-fix.js';
import { deriveFixAdvice } from './fix-advice.js';
import { orderByDescription } from './product-order.js';
import { deriveProducts } from './products.js';
import { describedVersions } from '../versions/description.js';
import { nameProducts } from '../names/display-names.js';
import { deriveReferences, mergedReferences } from './references.js';
import { deriveScore } from './score.js';
import { deriveTags } from './tags.js';
import { deriveTitle } from './title.js';
import { deriveCweIds, deriveCweNames } from './weakness.js';

/** The affected products with the names people know them by (`names/display-names.ts`). */
function namedProducts(sources: CveSources, description: string) {
  const products = deriveProducts(sources, description);
  const cnaProducts = sources.cve5?.cna.products;
  return {
    ...products,
    value: nameProducts(products.value, {
      ...(sources.cpeTitles ? { cpeTitles: sources.cpeTitles } : {}),
      ...(cnaProducts ? { cnaProducts } : {}),
      description,
    }),
  };
}

export function deriveRecord(sources: CveSources, now: Date, previous?: PreviousPatch): CatalogueRecord | undefined {
  const published = derivePublishedDate(sources);
  if (!published) return undefined;
  const description = deriveDescription(sources);
  const rejected = deriveRejected(sources);
  const score = deriveScore(sources);
  const cwe = deriveCweIds(sources);
  const derivedProducts = namedProducts(sources, description.value);
  // The product the description names leads everywhere (title, affected, fix, tags).
  const products = { ...derivedProducts, value: orderByDescription(derivedProducts.value, description.value) };
  // Discourse's "Prior to versions `3.3.4` on the `stable` branch": a CNA's code marks are no part of what the grammar reads.
  const prose = description.value.replace(/`([^`\n]{1,80})`/g, '$1');
  const { facts, provenance: factProvenance } = deriveFacts({ sources, description: prose, products: products.value, rejected: rejected.value });
  // Distributions listed beside the upstream product: named as shipping it, never given a version to move to.
  const distributions = [...coListedDistributions(products.value)];
  const primary = facts.products.filter((p) => p.primary).map((p) => p.product);
  // A fix the configuration lists as affected is named as disputed, never as a version to move to.
  const fixesToTake = undisputedFixes(facts.fixed_in, facts.last_affected);
  const editionBuilds = (sources.cve5?.cna.cpeFixes ?? []).map((f) => `${f.vendor}:${f.product}`);
  const fixAdvice = deriveFixAdvice(products.value, rejected.value ? '' : prose);
  const inKev = deriveInKev(sources);
  const intel = deriveExploitIntel(sources, score.cvss_score);
  const sourceModified = deriveSourceModified(sources);
  const fixSteps = readFixSteps(rejected.value ? '' : prose);
  // The description's stated fixes and "X and earlier" versions, read once for the fix text.
  const statedVersions = rejected.value ? undefined : describedVersions(prose);
  const { patch, provenance: patchProvenance } = derivePatch(sources, {
    rejected: rejected.value,
    products: products.value,
    // The status counts the fixes the text names (§9's facts), and a fix that must be switched on as a workaround.
    fixAdvice: { fixedProducts: fixedProductKeys(products.value, fixesToTake, sources.nvd?.platformRanges ?? []), describedOnly: fixAdvice.describedOnly },
    optIn: fixSteps.optIn,
    // A fixed version the text names is a fix to install, though no listed product's key takes it (76 records said
    // "update to 5.04.25 or later" beside `not_available`).
    describedFix: fixesToTake.length > 0,
    fixDenied: deniesFix(prose),
    publishedDate: published.value,
    ...(sourceModified ? { sourceModified } : {}),
    now,
    ...(previous ? { previous } : {}),
  });
  const title = deriveTitle(sources, {
    rejected: rejected.value,
    cweIds: cwe.value,
    description: description.value,
    facts,
    impactsInferred: impactsInferred(factProvenance['facts.impacts']),
  });
  const references = deriveReferences(sources);
  const kevAction = sources.kev?.requiredAction || sources.nvd?.kev?.requiredAction;
  const kevAdded = sources.kev?.dateAdded || sources.nvd?.kev?.dateAdded;
  const text = explain({
    rejected: rejected.value,
    description: description.value,
    cweIds: cwe.value,
    cweCatalogue: sources.cweCatalogue,
    products: products.value,
    ...(score.vector ? { vector: score.vector } : {}),
    cvssScore: score.cvss_score,
    cvssVersion: score.cvss_version,
    severity: score.severity,
    inKev,
    ...(inKev
      ? {
          kev: {
            ...(kevAction ? { requiredAction: kevAction } : {}),
            ...(sources.kev?.dueDate ? { dueDate: sources.kev.dueDate } : {}),
            ...(sources.kev?.vendorProject ? { vendorProject: sources.kev.vendorProject } : {}),
            ...(sources.kev?.product ? { product: sources.kev.product } : {}),
          },
        }
      : {}),
    exploitCode: intel.exploit_sources.some((s) => s !== 'CISA KEV'),
    ...(factProvenance['facts.impacts'] ? { impactsSource: factProvenance['facts.impacts'] } : {}),
    patch,
    mitigation: mergedReferences(sources).some((r) => r.tags.includes('mitigation')),
    fixAdvice,
    fixFacts: {
      fixed_in: fixesToTake,
      last_affected: facts.last_affected,
      fix_stated: facts.fix_stated,
      advisoryHosts: advisoryHosts(sources),
      commitHosts: commitHosts(sources),
      bulletins: bulletins(sources),
      oracleUpdate: oracleCriticalPatchUpdate(
        mergedReferences(sources).map((r) => r.url),
        products.value.map((p) => p.vendor),
      ),
      sapNotes: rejected.value ? [] : sapNotes(description.value),
      ciscoKnownFixed: rejected.value ? [] : ciscoKnownFixedReleases(description.value),
      samsungRelease: rejected.value ? undefined : samsungRelease(description.value, '')?.version,
      patchLinks: patch.patch_urls.length > 0,
      steps: fixSteps,
      distributions,
      distributionOnly: [...onlyDistributions(products.value)],
      cnaOnly: sources.nvd === undefined,
      primary,
      // A version read from a list after a fix ("1.0.x before 1.0.16 and 1.1", NuFW CVE-2005-3950, the twenty-fourth
      // reading) may be an affected one: where NVD lists it, no fix is in dispute.
      describedFixed: statedVersions?.fixed.filter((f) => !f.listed).map((f) => f.version) ?? [],
      describedLast: statedVersions?.upTo.map((l) => l.version) ?? [],
      partialFixes: statedVersions?.partial.map((f) => f.version) ?? [],
      everyVersion: soleProductInEveryVersion(products.value),
      inEveryVersion: productsInEveryVersion(products.value),
      modelListed: modelListed(products.value, sources),
      editionBuilds,
    },
    facts,
  });
  const provenance: Record<string, string> = {
    description: description.provenance,
    published_date: published.provenance,
    cvss_score: score.provenance,
    severity: score.provenance,
    cwe_ids: cwe.provenance,
    cwe_names: 'CWE 4.13 catalogue',
    title: title.provenance,
    tags: products.provenance,
    affected: products.provenance,
    exploit_intel:
      [
        inKev ? (sources.kev ? 'CISA KEV catalogue' : 'NVD cisaExploitAdd') : undefined,
        ...[...sources.exploits].filter((s) => s !== 'CISA KEV'),
        ...sources.detections,
      ]
        .filter((s): s is string => !!s)
        .join(', ') || 'no exploit or detection source lists it',
    patch: patchProvenance,
    fix: fixProvenance(facts.fixed_in, facts.last_affected),
    // The (product, version) pairs the fix text names, as JSON: each can be traced to the ranges it was checked against.
    fix_versions: JSON.stringify(
      namedFixVersions({ ...facts, fixed_in: fixesToTake, distributions, primary, editionBuilds }).map(({ product, ...named }) => ({
        vendor: product.split(':')[0],
        product: product.split(':')[1],
        ...named,
      })),
    ),
    references: sources.nvd && sources.cve5 ? 'NVD and CVE 5 references' : sources.nvd ? 'NVD references' : 'CVE 5 references',
    rejected: rejected.provenance,
    ...(intel.epss ? { epss: `FIRST EPSS (${intel.epss.date})` } : {}),
    ...factProvenance,
  };
  return {
    cve_id: sources.id,
    title: title.value,
    severity: score.severity,
    cvss_score: score.cvss_score,
    description: description.value,
    published_date: published.value,
    cwe_ids: cwe.value,
    explanation: { ...text, references: references.map(({ title: t, url, ref_type }) => ({ title: t, url, ref_type })) },
    exploit_intel: intel,
    patch,
    tags: deriveTags(products.value),
    cvss_version: score.cvss_version,
    cvss_vector: score.cvss_vector,
    facts,
    cwe_names: deriveCweNames(cwe.value, sources.cweCatalogue),
    in_kev: inKev,
    rejected: rejected.value,
    provenance,
    ...(sourceModified ? { source_modified: sourceModified } : {}),
    ...(kevAdded ? { kev_date_added: kevAdded } : {}),
    ...(kevAction ? { kev_required_action: kevAction } : {}),
  };
}
